#include "bonework/io/number_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace bonework::io {
namespace {

// "e+05", "e-324": the exponent as the messages spell it.
std::string exponentText(int exponent)
{
    std::string magnitude = std::to_string(std::abs(exponent));
    if (magnitude.size() < 2)
        magnitude.insert(0, "0");
    return (exponent < 0 ? "e-" : "e+") + magnitude;
}

} // namespace

std::string shortestNumber(double v)
{
    if (v == 0.0)
        return "0";
    if (!std::isfinite(v))
        return std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
    // to_chars in scientific form gives the shortest round-trip digits: "d.ddde±x".
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, std::fabs(v), std::chars_format::scientific).ptr;
    const std::string_view text(buf, static_cast<std::size_t>(end - buf));
    const std::size_t e = text.find('e');
    std::string digits(text.substr(0, e));
    if (digits.size() > 1)
        digits.erase(1, 1); // the '.'
    const int exponent = std::atoi(std::string(text.substr(e + 1)).c_str());
    const auto n = static_cast<int>(digits.size());

    std::string scientific = digits.substr(0, 1);
    if (n > 1)
        scientific += '.' + digits.substr(1);
    scientific += exponentText(exponent);

    std::string plain;
    if (exponent < 0) {
        plain = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else if (exponent + 1 >= n) {
        plain = digits + std::string(static_cast<std::size_t>(exponent + 1 - n), '0');
    } else {
        plain = digits.substr(0, static_cast<std::size_t>(exponent + 1)) + '.'
                + digits.substr(static_cast<std::size_t>(exponent + 1));
    }
    const std::string& shorter = scientific.size() < plain.size() ? scientific : plain;
    return v < 0 ? '-' + shorter : shorter;
}

} // namespace bonework::io
