#include "bonework/exporters/message_text.h"

#include <cstdio>

namespace bonework::exporters {

std::string numberText(double v)
{
    if (v == 0.0)
        return "0";
    char buffer[32];
    const int n = std::snprintf(buffer, sizeof buffer, "%g", v);
    return std::string(buffer, n > 0 ? std::size_t(n) : 0);
}

std::string countText(long long n)
{
    const unsigned long long magnitude = n < 0 ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
    const std::string digits = std::to_string(magnitude);
    std::string out = n < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string inQuotes(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    out += text;
    out += '"';
    return out;
}

std::string boneKeysText(std::string_view clip, std::size_t keys, std::size_t bones, std::size_t most, int frames, int fps)
{
    if (keys == 0)
        return {};
    return "animation " + inQuotes(clip) + ": " + countText(static_cast<long long>(keys)) + (keys == 1 ? " bone key on " : " bone keys on ")
           + countText(static_cast<long long>(bones)) + (bones == 1 ? " bone" : " bones") + " (at most "
           + countText(static_cast<long long>(most)) + " on one timeline; the clip is " + countText(frames) + (frames == 1 ? " frame at " : " frames at ")
           + std::to_string(fps) + " fps)";
}

} // namespace bonework::exporters
