#include "bonework/exporters/sha1.h"

#include <bit>

namespace bonework::exporters {
namespace {

struct Sha1State {
    std::uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};

    void block(const std::uint8_t* p)
    {
        std::uint32_t w[80];
        for (int i = 0; i < 16; ++i)
            w[i] = std::uint32_t(p[4 * i]) << 24 | std::uint32_t(p[4 * i + 1]) << 16 | std::uint32_t(p[4 * i + 2]) << 8
                   | std::uint32_t(p[4 * i + 3]);
        for (int i = 16; i < 80; ++i)
            w[i] = std::rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (int i = 0; i < 80; ++i) {
            std::uint32_t f, k;
            if (i < 20) {
                f = (b & c) | (~b & d);
                k = 0x5A827999u;
            } else if (i < 40) {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1u;
            } else if (i < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8F1BBCDCu;
            } else {
                f = b ^ c ^ d;
                k = 0xCA62C1D6u;
            }
            const std::uint32_t t = std::rotl(a, 5) + f + e + k + w[i];
            e = d;
            d = c;
            c = std::rotl(b, 30);
            b = a;
            a = t;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
};

} // namespace

std::array<std::uint8_t, 20> sha1(std::string_view data)
{
    Sha1State state;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(data.data());
    std::size_t whole = data.size() / 64 * 64;
    for (std::size_t i = 0; i < whole; i += 64)
        state.block(bytes + i);
    // The tail, a 1 bit, zeros, and the length in bits (big-endian) to fill the last block(s).
    std::uint8_t tail[128] = {};
    const std::size_t rest = data.size() - whole;
    for (std::size_t i = 0; i < rest; ++i)
        tail[i] = bytes[whole + i];
    tail[rest] = 0x80;
    const std::size_t tailSize = rest + 9 <= 64 ? 64 : 128;
    const std::uint64_t bits = std::uint64_t(data.size()) * 8;
    for (int i = 0; i < 8; ++i)
        tail[tailSize - 1 - i] = std::uint8_t(bits >> (8 * i));
    for (std::size_t i = 0; i < tailSize; i += 64)
        state.block(tail + i);
    std::array<std::uint8_t, 20> digest{};
    for (int i = 0; i < 5; ++i)
        for (int b = 0; b < 4; ++b)
            digest[std::size_t(4 * i + b)] = std::uint8_t(state.h[i] >> (24 - 8 * b));
    return digest;
}

std::string base64(const std::uint8_t* bytes, std::size_t size)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    for (std::size_t i = 0; i < size; i += 3) {
        const std::uint32_t n = std::uint32_t(bytes[i]) << 16 | (i + 1 < size ? std::uint32_t(bytes[i + 1]) << 8 : 0u)
                                | (i + 2 < size ? std::uint32_t(bytes[i + 2]) : 0u);
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += i + 1 < size ? alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < size ? alphabet[n & 63] : '=';
    }
    return out;
}

} // namespace bonework::exporters
