#include "bonework/io/utf8.h"

namespace bonework::io {

std::size_t decodeUtf8Char(std::string_view s, std::size_t i, char32_t& c)
{
    const auto lead = static_cast<unsigned char>(s[i]);
    const std::size_t length = lead < 0x80 ? 1
                             : (lead & 0xE0) == 0xC0 ? 2
                             : (lead & 0xF0) == 0xE0 ? 3
                             : (lead & 0xF8) == 0xF0 ? 4 : 0;
    if (length == 0 || s.size() - i < length)
        return 0;
    c = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(s[i + k]);
        if ((next & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (next & 0x3F);
    }
    constexpr char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    return length;
}

bool isValidUtf8(std::string_view s)
{
    char32_t c = 0;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t length = decodeUtf8Char(s, i, c);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

std::size_t decodeWtf8Char(std::string_view s, std::size_t i, char32_t& c)
{
    if (const std::size_t length = decodeUtf8Char(s, i, c))
        return length;
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    if (s.size() - i >= 3 && at(0) == 0xED && (at(1) & 0xE0) == 0xA0 && (at(2) & 0xC0) == 0x80) {
        c = 0xD000 | ((at(1) & 0x3Fu) << 6) | (at(2) & 0x3Fu);
        return 3;
    }
    c = 0xFFFD;
    return 1;
}

std::string toValidUtf8(std::string_view s)
{
    if (isValidUtf8(s))
        return std::string(s);
    std::string out;
    out.reserve(s.size() + 8);
    char32_t c = 0;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t length = decodeUtf8Char(s, i, c);
        if (length == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
        } else {
            out.append(s.substr(i, length));
            i += length;
        }
    }
    return out;
}

} // namespace bonework::io
