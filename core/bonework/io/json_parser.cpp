#include "bonework/io/json_parser.h"

#include "bonework/io/utf8.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace bonework::io {
namespace {

constexpr int kDeepestNesting = 1024;

class Parser {
public:
    explicit Parser(std::string_view text) : m_begin(text.data()), m_at(text.data()), m_end(text.data() + text.size()) {}

    JsonDocument parse()
    {
        JsonDocument doc;
        skipByteOrderMark();
        const char token = nextToken();
        bool ok = false;
        if (token == '[')
            ok = parseArray(doc.root);
        else if (token == '{')
            ok = parseObject(doc.root);
        else
            m_error = JsonSyntaxError::IllegalValue;
        if (ok) {
            skipSpace();
            if (m_at < m_end) {
                m_error = JsonSyntaxError::GarbageAtEnd;
                ok = false;
            }
        }
        if (!ok) {
            releaseJson(doc.root);
            doc.root = nullptr;
            doc.error = m_error;
            doc.offset = static_cast<std::size_t>(m_at - m_begin);
        }
        return doc;
    }

private:
    void skipByteOrderMark()
    {
        if (m_end - m_at > 3 && std::string_view(m_at, 3) == "\xEF\xBB\xBF")
            m_at += 3;
    }

    // Skips JSON white space; false at the end of the text.
    bool skipSpace()
    {
        while (m_at < m_end && (*m_at == ' ' || *m_at == '\t' || *m_at == '\n' || *m_at == '\r'))
            ++m_at;
        return m_at < m_end;
    }

    // The next structural character or quote (consumed), or 0 for anything else.
    char nextToken()
    {
        if (!skipSpace())
            return 0;
        const char c = *m_at++;
        return std::string_view("[{:,]}\"").find(c) != std::string_view::npos ? c : 0;
    }

    bool failWith(JsonSyntaxError error)
    {
        m_error = error;
        return false;
    }

    bool parseObject(nlohmann::json& out)
    {
        if (++m_nesting > kDeepestNesting)
            return failWith(JsonSyntaxError::DeepNesting);
        out = nlohmann::json::object();
        char token = nextToken();
        while (token == '"') {
            std::string key;
            if (!parseString(key))
                return false;
            if (nextToken() != ':')
                return failWith(JsonSyntaxError::MissingNameSeparator);
            if (!skipSpace())
                return failWith(JsonSyntaxError::UnterminatedObject);
            // Parsed in place (as arrays' items are): a value under construction always hangs
            // in the document, which frees it without allocating (releaseJson) if memory runs
            // out, where a local tree's own destructor would allocate.
            nlohmann::json& value = out[std::move(key)];
            releaseJson(value); // the last of repeated keys wins
            value = nullptr;
            if (!parseValue(value))
                return false;
            token = nextToken();
            if (token != ',')
                break;
            token = nextToken();
            if (token == '}')
                return failWith(JsonSyntaxError::MissingObject);
        }
        if (token != '}')
            return failWith(JsonSyntaxError::UnterminatedObject);
        --m_nesting;
        return true;
    }

    bool parseArray(nlohmann::json& out)
    {
        if (++m_nesting > kDeepestNesting)
            return failWith(JsonSyntaxError::DeepNesting);
        out = nlohmann::json::array();
        if (!skipSpace())
            return failWith(JsonSyntaxError::UnterminatedArray);
        if (*m_at == ']') {
            nextToken();
        } else {
            for (;;) {
                if (!skipSpace())
                    return failWith(JsonSyntaxError::UnterminatedArray);
                out.push_back(nullptr);
                if (!parseValue(out.back()))
                    return false;
                const char token = nextToken();
                if (token == ']')
                    break;
                if (token != ',')
                    return failWith(skipSpace() ? JsonSyntaxError::MissingValueSeparator
                                                : JsonSyntaxError::UnterminatedArray);
            }
        }
        --m_nesting;
        return true;
    }

    // A literal whose first letter was just read: `rest` must follow, with room for a closing
    // character after it.
    bool parseLiteral(std::string_view rest, nlohmann::json value, nlohmann::json& out)
    {
        if (static_cast<std::size_t>(m_end - m_at) < rest.size() + 1)
            return failWith(JsonSyntaxError::IllegalValue);
        for (char c : rest)
            if (*m_at++ != c)
                return failWith(JsonSyntaxError::IllegalValue);
        out = std::move(value);
        return true;
    }

    bool parseValue(nlohmann::json& out)
    {
        switch (*m_at++) {
        case 'n': return parseLiteral("ull", nullptr, out);
        case 't': return parseLiteral("rue", true, out);
        case 'f': return parseLiteral("alse", false, out);
        case '"': {
            std::string s;
            if (!parseString(s))
                return false;
            out = std::move(s);
            return true;
        }
        case '[': return parseArray(out);
        case '{': return parseObject(out);
        case ',': return failWith(JsonSyntaxError::IllegalValue);
        case ']':
        case '}': return failWith(JsonSyntaxError::MissingObject);
        default:
            --m_at;
            return parseNumber(out);
        }
    }

    bool isDigit() const { return m_at < m_end && *m_at >= '0' && *m_at <= '9'; }

    // Skips a run of digits; false when there is none.
    bool skipDigits()
    {
        const char* const first = m_at;
        while (isDigit())
            ++m_at;
        return m_at != first;
    }

    // The number breaks JSON's grammar at m_at, where a digit must be: the error is that
    // character, or the end of the text when the text ends there (QJsonDocument's error).
    bool failMalformedNumber()
    {
        return failWith(m_at < m_end ? JsonSyntaxError::MalformedNumber : JsonSyntaxError::TerminationByNumber);
    }

    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? exactly (RFC 8259): no ".5", "1.", "1.e5",
    // "01", "+1" or "-", which QJsonDocument took (or refused at the same byte as here).
    bool parseNumber(nlohmann::json& out)
    {
        const char* start = m_at;
        if (m_at < m_end && *m_at == '-')
            ++m_at;
        if (m_at < m_end && *m_at == '0') {
            ++m_at;
            if (isDigit())
                return failWith(JsonSyntaxError::MalformedNumber); // a leading zero: "01", "-00"
        } else if (!skipDigits()) {
            return failMalformedNumber();
        }
        if (m_at < m_end && *m_at == '.') {
            ++m_at;
            if (!skipDigits())
                return failMalformedNumber();
        }
        if (m_at < m_end && (*m_at == 'e' || *m_at == 'E')) {
            ++m_at;
            if (m_at < m_end && (*m_at == '-' || *m_at == '+'))
                ++m_at;
            if (!skipDigits())
                return failMalformedNumber();
        }
        if (m_at >= m_end)
            return failWith(JsonSyntaxError::TerminationByNumber);
        double value = 0;
        if (!toDouble(std::string(start, m_at), value))
            return failWith(JsonSyntaxError::IllegalNumber);
        out = value == 0 ? 0.0 : value; // whole numbers were integers to the old parser: no -0
        return true;
    }

    // The number text (in JSON's grammar) as a finite double; overflow and underflow to zero are
    // refused.
    static bool toDouble(const std::string& text, double& value)
    {
        char* end = nullptr;
        value = std::strtod(text.c_str(), &end);
        if (end != text.c_str() + text.size() || !std::isfinite(value))
            return false;
        if (value == 0 && text.find_first_of("123456789") < text.find_first_of("eE"))
            return false; // underflow
        return true;
    }

    bool parseString(std::string& out)
    {
        bool pendingHigh = false; // the last code point appended was a high surrogate escape
        bool escaped = false;
        while (m_at < m_end && *m_at != '"') {
            char32_t c = 0;
            if (*m_at == '\\') {
                // The text ends inside the string's first escape (a later one is an invalid
                // escape: the old parser read escaped strings in a second pass).
                if (m_end - m_at == 1 && !escaped) {
                    ++m_at;
                    return failWith(JsonSyntaxError::UnterminatedString);
                }
                if (!readEscape(c))
                    return failWith(JsonSyntaxError::IllegalEscapeSequence);
                escaped = true;
            } else if (static_cast<unsigned char>(*m_at) < 0x20) {
                return failWith(JsonSyntaxError::ControlCharacterInString); // at the character
            } else if (!readUtf8(c)) {
                return failWith(JsonSyntaxError::IllegalUtf8String);
            }
            pendingHigh = append(out, c, pendingHigh);
        }
        ++m_at;
        if (m_at >= m_end)
            return failWith(JsonSyntaxError::UnterminatedString);
        return true;
    }

    bool readEscape(char32_t& c)
    {
        if (++m_at >= m_end)
            return false;
        const char e = *m_at++;
        switch (e) {
        case '"':
        case '\\':
        case '/': c = static_cast<unsigned char>(e); return true;
        case 'b': c = 0x8; return true;
        case 'f': c = 0xC; return true;
        case 'n': c = 0xA; return true;
        case 'r': c = 0xD; return true;
        case 't': c = 0x9; return true;
        case 'u': {
            if (m_end - m_at < 4)
                return false;
            // The error offset is the first character that is not a hex digit.
            unsigned value = 0;
            for (int i = 0; i < 4; ++i, ++m_at) {
                const char h = *m_at;
                const int digit = h >= '0' && h <= '9' ? h - '0'
                                : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                if (digit < 0)
                    return false;
                value = value * 16 + static_cast<unsigned>(digit);
            }
            c = value;
            return true;
        }
        default:
            --m_at; // no such escape: the error offset is the character after the backslash
            return false;
        }
    }

    bool readUtf8(char32_t& c)
    {
        const std::size_t length = decodeUtf8Char(std::string_view(m_at, static_cast<std::size_t>(m_end - m_at)), 0, c);
        m_at += length;
        return length > 0;
    }

    // Appends `c` as UTF-8 (a surrogate as WTF-8; a low surrogate right after a high one joins it
    // into one character). Returns whether `c` is a high surrogate left waiting for its pair.
    static bool append(std::string& out, char32_t c, bool pendingHigh)
    {
        if (pendingHigh && c >= 0xDC00 && c <= 0xDFFF) {
            const auto b = reinterpret_cast<const unsigned char*>(out.data() + out.size() - 3);
            const char32_t high = ((b[0] & 0x0F) << 12) | ((b[1] & 0x3F) << 6) | (b[2] & 0x3F);
            out.resize(out.size() - 3);
            c = 0x10000 + ((high - 0xD800) << 10) + (c - 0xDC00);
        }
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
        return c >= 0xD800 && c <= 0xDBFF;
    }

    const char* m_begin;
    const char* m_at;
    const char* m_end;
    int m_nesting = 0;
    JsonSyntaxError m_error = JsonSyntaxError::None;
};

} // namespace

std::string_view describe(JsonSyntaxError error)
{
    switch (error) {
    case JsonSyntaxError::None: return "no error occurred";
    case JsonSyntaxError::UnterminatedObject: return "unterminated object";
    case JsonSyntaxError::MissingNameSeparator: return "missing name separator";
    case JsonSyntaxError::UnterminatedArray: return "unterminated array";
    case JsonSyntaxError::MissingValueSeparator: return "missing value separator";
    case JsonSyntaxError::IllegalValue: return "illegal value";
    case JsonSyntaxError::TerminationByNumber: return "invalid termination by number";
    case JsonSyntaxError::IllegalNumber: return "illegal number";
    case JsonSyntaxError::MalformedNumber: return "illegal number";
    case JsonSyntaxError::IllegalEscapeSequence: return "invalid escape sequence";
    case JsonSyntaxError::ControlCharacterInString: return "unescaped control character in string";
    case JsonSyntaxError::IllegalUtf8String: return "invalid UTF8 string";
    case JsonSyntaxError::UnterminatedString: return "unterminated string";
    case JsonSyntaxError::MissingObject: return "object is missing after a comma";
    case JsonSyntaxError::DeepNesting: return "too deeply nested document";
    case JsonSyntaxError::GarbageAtEnd: return "garbage at the end of the document";
    }
    return "illegal value";
}

void releaseJson(nlohmann::json& value) noexcept
{
    if (value.is_array()) {
        auto& items = value.get_ref<nlohmann::json::array_t&>();
        for (nlohmann::json& item : items)
            releaseJson(item);
        items.clear();
    } else if (value.is_object()) {
        auto& members = value.get_ref<nlohmann::json::object_t&>();
        for (auto& member : members)
            releaseJson(member.second);
        members.clear();
    }
}

JsonDocument parseJsonDocument(std::string_view text)
{
    return Parser(text).parse();
}

bool isLoneSurrogateFree(std::string_view s)
{
    // Valid UTF-8 never holds ED A0..BF (U+D800..U+DFFF); only kept lone surrogates do.
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        if (static_cast<unsigned char>(s[i]) == 0xED && (static_cast<unsigned char>(s[i + 1]) & 0xE0) == 0xA0)
            return false;
    return true;
}

} // namespace bonework::io
