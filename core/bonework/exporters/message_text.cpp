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

} // namespace bonework::exporters
