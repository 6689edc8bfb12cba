#include "bonework/io/escaped_text.h"

#include "bonework/io/utf8.h"

namespace bonework::io {
namespace {

constexpr std::size_t kLongestUnits = 80; // hostile values may be megabytes long

void appendUnitEscape(std::string& out, unsigned unit)
{
    static const char hex[] = "0123456789abcdef";
    const char escape[] = {'\\', 'u', hex[(unit >> 12) & 15], hex[(unit >> 8) & 15], hex[(unit >> 4) & 15],
                           hex[unit & 15]};
    out.append(escape, sizeof escape);
}

} // namespace

void appendEscaped(std::string& out, std::string_view s, SurrogateStyle style)
{
    std::size_t units = 0;
    char32_t c = 0;
    std::size_t i = 0;
    for (; i < s.size() && units < kLongestUnits;) {
        const std::size_t length = decodeWtf8Char(s, i, c);
        if (c > 0xFFFF) {
            if (style == SurrogateStyle::KeepCharacters) {
                if (units + 2 > kLongestUnits)
                    break; // never cut a character in half
                out.append(s.substr(i, length));
            } else {
                appendUnitEscape(out, 0xD7C0 + (c >> 10));
                if (units + 1 < kLongestUnits)
                    appendUnitEscape(out, 0xDC00 | (c & 0x3FF));
            }
        } else if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) {
            appendUnitEscape(out, c);
        } else {
            out.append(s.substr(i, length));
        }
        units += utf16Length(c);
        i += length;
    }
    // Text left over, or the last character's second unit written past the limit.
    if (i < s.size() || units > kLongestUnits)
        out += "...";
}

} // namespace bonework::io
