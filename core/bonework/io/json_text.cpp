// jsonText: QJsonDocument::toJson's text for an nlohmann::json tree (json_text.h). The layout is
// Qt 6.4's qjsonwriter.cpp: an element starts on its own line at 4 spaces a level, elements are
// separated by ",\n", the last one is followed by "\n" and then the closing bracket at the
// container's own indentation, so an empty container still takes two lines.

#include "bonework/io/json_text.h"

#include "bonework/io/number_text.h"
#include "bonework/io/utf8.h"
#include "bonework/utf16_order.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace bonework::io {
namespace {

using Json = nlohmann::json;
using Member = Json::object_t::value_type;

// A rough size of the text (numbers guessed), so the output is allocated about once.
std::size_t estimatedSize(const Json& v, std::size_t depth, bool compact)
{
    const std::size_t perElement = compact ? 1 : 4 * (depth + 1) + 2; // indentation, ",\n"
    switch (v.type()) {
    case Json::value_t::object: {
        std::size_t n = 2 + perElement;
        for (const auto& [key, member] : v.get_ref<const Json::object_t&>())
            n += perElement + key.size() + 4 + estimatedSize(member, depth + 1, compact);
        return n;
    }
    case Json::value_t::array: {
        std::size_t n = 2 + perElement;
        for (const Json& element : v.get_ref<const Json::array_t&>())
            n += perElement + estimatedSize(element, depth + 1, compact);
        return n;
    }
    case Json::value_t::string: return v.get_ref<const std::string&>().size() + 2;
    default: return 8;
    }
}

// std::map keeps keys in UTF-8 byte order, which is UTF-16 order except between characters
// above U+FFFF (lead bytes F0..F4) and those in U+E000..U+FFFF (EE, EF): only an object with
// keys holding both needs sorting again. Bytes UTF-8 never holds (F5..FF) keep byte order, as
// lessInUtf16 ranks FE and FF like EE and EF and would not be a strict order on them.
bool needsUtf16Sort(const Json::object_t& o)
{
    bool above = false;
    bool upper = false;
    for (const auto& [key, member] : o) {
        for (const char ch : key) {
            const auto c = static_cast<unsigned char>(ch);
            if (c < 0xEE)
                continue;
            if (c > 0xF4)
                return false;
            (c >= 0xF0 ? above : upper) = true;
        }
    }
    return above && upper;
}

class TextWriter {
public:
    TextWriter(std::string& out, bool compact) : m_out(out), m_compact(compact) {}

    void value(const Json& v, std::size_t depth)
    {
        switch (v.type()) {
        case Json::value_t::object: object(v.get_ref<const Json::object_t&>(), depth); break;
        case Json::value_t::array: array(v.get_ref<const Json::array_t&>(), depth); break;
        case Json::value_t::string: string(v.get_ref<const std::string&>()); break;
        case Json::value_t::boolean: m_out.append(v.get<bool>() ? "true" : "false"); break;
        case Json::value_t::number_integer: integer(v.get<std::int64_t>()); break;
        case Json::value_t::number_unsigned: {
            // Qt has no unsigned 64-bit value: one above INT64_MAX could only be given as a double.
            const auto u = v.get<std::uint64_t>();
            if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                integer(static_cast<std::int64_t>(u));
            else
                number(static_cast<double>(u));
            break;
        }
        case Json::value_t::number_float: number(v.get<double>()); break;
        default: m_out.append("null"); break; // null, and binary or discarded values JSON has not
        }
    }

private:
    void object(const Json::object_t& o, std::size_t depth)
    {
        open('{');
        if (needsUtf16Sort(o)) {
            // The members in order on top of one scratch stack shared by all objects, read by
            // index: the members' own objects push onto it too.
            const std::size_t base = m_sorted.size();
            for (const Member& m : o)
                m_sorted.push_back(&m);
            std::sort(m_sorted.begin() + static_cast<std::ptrdiff_t>(base), m_sorted.end(),
                      [](const Member* a, const Member* b) { return lessInUtf16(a->first, b->first); });
            for (std::size_t k = base; k < base + o.size(); ++k)
                member(*m_sorted[k], k == base, depth + 1);
            m_sorted.resize(base);
        } else {
            bool first = true;
            for (const Member& m : o) {
                member(m, first, depth + 1);
                first = false;
            }
        }
        close('}', o.empty(), depth);
    }

    void array(const Json::array_t& a, std::size_t depth)
    {
        open('[');
        for (std::size_t k = 0; k < a.size(); ++k) {
            elementStart(k == 0, depth + 1);
            value(a[k], depth + 1);
        }
        close(']', a.empty(), depth);
    }

    void member(const Member& m, bool first, std::size_t depth)
    {
        elementStart(first, depth);
        string(m.first);
        m_out.append(m_compact ? ":" : ": ");
        value(m.second, depth);
    }

    void open(char bracket)
    {
        m_out += bracket;
        if (!m_compact)
            m_out += '\n';
    }

    void elementStart(bool first, std::size_t depth)
    {
        if (!first)
            m_out.append(m_compact ? "," : ",\n");
        indent(depth);
    }

    void close(char bracket, bool empty, std::size_t depth)
    {
        if (!m_compact && !empty)
            m_out += '\n';
        indent(depth);
        m_out += bracket;
    }

    void indent(std::size_t depth)
    {
        if (!m_compact)
            m_out.append(4 * depth, ' ');
    }

    void integer(std::int64_t v)
    {
        char buf[24];
        const auto result = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, static_cast<std::size_t>(result.ptr - buf));
    }

    void number(double d)
    {
        if (!std::isfinite(d)) {
            m_out.append("null"); // JSON has no NaN or infinity
            return;
        }
        // QJsonValue(double) stores an integral double as an integer when that claims no more
        // digits than a double has (at most 2^53 in magnitude), and writes integers in full:
        // 1e15 is "1000000000000000" (not "1e+15"), -0.0 is "0", and 1e16 stays "1e+16".
        constexpr double kLargestExact = 9007199254740992.0; // 2^53
        if (std::fabs(d) <= kLargestExact && std::trunc(d) == d) {
            integer(static_cast<std::int64_t>(d));
            return;
        }
        appendShortestNumber(m_out, d); // Qt's 'g' with FloatingPointShortest
    }

    void string(std::string_view s)
    {
        m_out += '"';
        std::size_t plain = 0; // where the bytes not yet copied start; they need no escape
        for (std::size_t i = 0; i < s.size();) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                ++i;
                continue;
            }
            char32_t ch = 0;
            if (c >= 0x80) {
                if (const std::size_t length = decodeUtf8Char(s, i, ch)) {
                    i += length; // UTF-8 is written as it is
                    continue;
                }
            }
            m_out.append(s.data() + plain, i - plain);
            if (c < 0x80) {
                escapeAscii(c);
                ++i;
            } else if (decodeWtf8Char(s, i, ch) == 3) {
                // A lone surrogate, which Qt could not write as UTF-8; but a high one followed
                // by a low one is, in a QString, simply a character above U+FFFF.
                char32_t low = 0;
                if (ch < 0xDC00 && s.size() - i >= 6 && decodeWtf8Char(s, i + 3, low) == 3 && low >= 0xDC00
                    && low <= 0xDFFF) {
                    appendUtf8(0x10000 + ((ch - 0xD800) << 10) + (low - 0xDC00));
                    i += 6;
                } else {
                    appendUnitEscape(ch);
                    i += 3;
                }
            } else {
                m_out.append("\xEF\xBF\xBD"); // U+FFFD for each stray byte, as QString::fromUtf8 read it
                ++i;
            }
            plain = i;
        }
        m_out.append(s.data() + plain, s.size() - plain);
        m_out += '"';
    }

    // Qt's short escapes: quote, backslash and five control characters; \u00XX for the others.
    void escapeAscii(unsigned char c)
    {
        char letter = 0;
        switch (c) {
        case '"': letter = '"'; break;
        case '\\': letter = '\\'; break;
        case '\b': letter = 'b'; break;
        case '\f': letter = 'f'; break;
        case '\n': letter = 'n'; break;
        case '\r': letter = 'r'; break;
        case '\t': letter = 't'; break;
        default: appendUnitEscape(c); return;
        }
        const char escape[] = {'\\', letter};
        m_out.append(escape, sizeof escape);
    }

    void appendUnitEscape(char32_t unit)
    {
        static const char hex[] = "0123456789abcdef";
        const char escape[] = {'\\', 'u', hex[(unit >> 12) & 15], hex[(unit >> 8) & 15], hex[(unit >> 4) & 15],
                               hex[unit & 15]};
        m_out.append(escape, sizeof escape);
    }

    void appendUtf8(char32_t c) // above U+FFFF: four bytes
    {
        const char bytes[] = {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
                              static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
        m_out.append(bytes, sizeof bytes);
    }

    std::string& m_out;
    const bool m_compact;
    std::vector<const Member*> m_sorted; // used only by objects whose byte order is not UTF-16's
};

} // namespace

std::string jsonText(const nlohmann::json& value, JsonLayout layout)
{
    const bool compact = layout == JsonLayout::Compact;
    std::string out;
    out.reserve(estimatedSize(value, 0, compact));
    TextWriter(out, compact).value(value, 0);
    if (!compact && value.is_structured())
        out += '\n'; // Qt ends an indented document with a newline, a compact one without
    return out;
}

} // namespace bonework::io
