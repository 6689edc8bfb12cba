#include "bonework/io/json_path.h"

#include <algorithm>
#include <vector>

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

QString jsonPathAtOffset(const QByteArray& json, qsizetype offset)
{
    // A light scan of the text before the error, tracking where each open container is.
    struct Frame {
        bool array = false;
        qsizetype index = 0;  // arrays: the current element
        QString key;          // objects: the current member's key
        bool inValue = false; // objects: past the ':' of the current member
    };
    constexpr std::size_t kDeepest = 32;
    std::vector<Frame> frames;
    // Qt's offsets point just past the character that failed (the stray ',' of "[,]"), so that
    // character is left out: the path is where the parser was, not where it was going.
    const qsizetype end = std::clamp<qsizetype>(offset - 1, 0, json.size());
    for (qsizetype i = 0; i < end; ++i) {
        const char c = json[i];
        switch (c) {
        case '{':
        case '[':
            if (frames.size() > kDeepest)
                return {};
            frames.push_back(Frame{c == '[', 0, {}, false});
            break;
        case '}':
        case ']':
            if (!frames.empty())
                frames.pop_back();
            break;
        case ':':
            if (!frames.empty())
                frames.back().inValue = true;
            break;
        case ',':
            if (!frames.empty()) {
                ++frames.back().index;
                frames.back().inValue = false;
                frames.back().key.clear();
            }
            break;
        case '"': {
            const qsizetype start = i + 1;
            for (++i; i < end && json[i] != '"'; ++i)
                if (json[i] == '\\')
                    ++i;
            if (!frames.empty() && !frames.back().array && !frames.back().inValue)
                frames.back().key = QString::fromUtf8(json.mid(start, std::min(i, end) - start));
            break;
        }
        default:
            break;
        }
    }
    // Render with the same rules as JsonPath: keys chained through stack-held paths.
    std::vector<JsonPath> paths;
    paths.reserve(frames.size() + 1); // never reallocates: each path points at the one before
    paths.emplace_back();
    for (const Frame& f : frames) {
        if (f.array)
            paths.emplace_back(paths.back(), f.index);
        else if (f.inValue || !f.key.isEmpty())
            paths.emplace_back(paths.back(), QStringView(f.key));
        else
            break; // before the first key of an object: the object itself
    }
    return paths.back().toString();
}

QString JsonPath::toString() const
{
    QString out;
    appendTo(out);
    return out;
}

} // namespace bonework::io
