#include "bonework/io/json_path.h"

#include "bonework/io/escaped_text.h"

namespace bonework::io {
namespace {

bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }

bool isIdentifier(std::string_view key)
{
    if (key.empty() || isAsciiDigit(key.front()))
        return false;
    for (char c : key)
        if (!(isAsciiDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-'))
            return false;
    return true;
}

} // namespace

void JsonPath::appendTo(std::string& out) const
{
    if (!m_parent)
        return;
    m_parent->appendTo(out);
    if (m_index >= 0) {
        out += '[' + std::to_string(m_index) + ']';
    } else if (isIdentifier(m_key)) {
        if (!out.empty())
            out += '.';
        out += m_key;
    } else {
        // Quoted so that hostile keys cannot break the error line.
        out += "[\"";
        appendEscaped(out, m_key, SurrogateStyle::EscapeUnits);
        out += "\"]";
    }
}

std::string JsonPath::toString() const
{
    std::string out;
    appendTo(out);
    return out;
}

} // namespace bonework::io
