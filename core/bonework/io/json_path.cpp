#include "bonework/io/json_path.h"

namespace bonework::io {
namespace {

bool isIdentifier(QStringView key)
{
    if (key.isEmpty() || key.front().isDigit())
        return false;
    for (QChar c : key)
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != u'_' && c != u'-')
            return false;
    return true;
}

// A key as a quoted JSON string, with quotes, backslashes and control characters escaped so
// that hostile keys cannot break the error line.
QString quotedKey(QStringView key)
{
    constexpr qsizetype kLongest = 80; // hostile keys may be megabytes long
    QString out = QStringLiteral("[\"");
    for (QChar c : key.left(kLongest)) {
        if (c == u'"' || c == u'\\') {
            out += u'\\';
            out += c;
        } else if (c.unicode() < 0x20 || c.isSurrogate()) {
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    if (key.size() > kLongest)
        out += QStringLiteral("...");
    out += QStringLiteral("\"]");
    return out;
}

} // namespace

void JsonPath::appendTo(QString& out) const
{
    if (!m_parent)
        return;
    m_parent->appendTo(out);
    if (m_index >= 0) {
        out += u'[' + QString::number(m_index) + u']';
    } else if (isIdentifier(m_key)) {
        if (!out.isEmpty())
            out += u'.';
        out += m_key;
    } else {
        out += quotedKey(m_key);
    }
}

QString JsonPath::toString() const
{
    QString out;
    appendTo(out);
    return out;
}

} // namespace bonework::io
