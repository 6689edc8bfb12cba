#include "bonework/io/number_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bonework::io {

std::string shortestNumber(double v)
{
    std::string out;
    appendShortestNumber(out, v);
    return out;
}

void appendShortestNumber(std::string& out, double v)
{
    if (v == 0.0) {
        out += '0';
        return;
    }
    if (!std::isfinite(v)) {
        out += std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
        return;
    }
    // to_chars in scientific form gives the shortest round-trip digits, "-d.ddde±xx", its
    // exponent already spelled as the messages spell it: signed, at least two digits.
    char buf[32]; // at most "-d.dddddddddddddddde-308"
    const char* const end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific).ptr;
    const char* p = buf;
    if (*p == '-')
        out += *p++;
    const char* const e = std::find(p, end, 'e');
    char digits[20];
    int n = 0;
    for (; p != e; ++p) {
        if (*p != '.')
            digits[n++] = *p;
    }
    int exponent = 0;
    std::from_chars(e + 2, end, exponent);
    if (e[1] == '-')
        exponent = -exponent;
    // Plain or exponent form, whichever is shorter (plain on a tie).
    const auto scientificLength = n + (n > 1 ? 1 : 0) + (end - e);
    const int plainLength = exponent < 0 ? n + 1 - exponent : exponent + 1 >= n ? exponent + 1 : n + 1;
    if (scientificLength < plainLength) {
        out += digits[0];
        if (n > 1) {
            out += '.';
            out.append(digits + 1, static_cast<std::size_t>(n - 1));
        }
        out.append(e, static_cast<std::size_t>(end - e));
    } else if (exponent < 0) {
        out.append("0.");
        out.append(static_cast<std::size_t>(-exponent - 1), '0');
        out.append(digits, static_cast<std::size_t>(n));
    } else if (exponent + 1 >= n) {
        out.append(digits, static_cast<std::size_t>(n));
        out.append(static_cast<std::size_t>(exponent + 1 - n), '0');
    } else {
        out.append(digits, static_cast<std::size_t>(exponent + 1));
        out += '.';
        out.append(digits + exponent + 1, static_cast<std::size_t>(n - exponent - 1));
    }
}

} // namespace bonework::io
