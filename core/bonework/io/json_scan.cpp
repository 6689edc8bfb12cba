#include "bonework/io/json_scan.h"

#include "bonework/io/json_path.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <limits>
#include <vector>

namespace bonework::io {
namespace {

// One open container while scanning.
struct Frame {
    bool array = false;
    qsizetype index = 0;       // arrays: the current element
    QString key;               // objects: the current member's key
    bool inValue = false;      // objects: past the ':' of the current member
    std::vector<QString> keys; // objects: keys seen so far (findDuplicateKey only)
};

// A string's text without its quotes, with JSON escapes decoded.
QString decodeString(const QByteArray& json, qsizetype begin, qsizetype end)
{
    const QByteArray raw = json.mid(begin, end - begin);
    if (!raw.contains('\\'))
        return QString::fromUtf8(raw);
    return QJsonDocument::fromJson("[\"" + raw + "\"]").array().at(0).toString();
}

// Skips the string whose opening quote is at i; returns the index of its closing quote (or
// `end` when it does not close before `end`).
qsizetype skipString(const QByteArray& json, qsizetype i, qsizetype end)
{
    for (++i; i < end && json[i] != '"'; ++i)
        if (json[i] == '\\')
            ++i;
    return std::min(i, end);
}

// "joints[1].length" for the open containers (plus `lastKey` inside the innermost object).
QString render(const std::vector<Frame>& frames, bool includeUnfinishedKey)
{
    std::vector<JsonPath> paths;
    paths.reserve(frames.size() + 1); // never reallocates: each path points at the one before
    paths.emplace_back();
    for (const Frame& f : frames) {
        if (f.array)
            paths.emplace_back(paths.back(), f.index);
        else if (f.inValue || (includeUnfinishedKey && !f.key.isEmpty()))
            paths.emplace_back(paths.back(), QStringView(f.key));
        else
            break; // before the first key of an object: the object itself
    }
    return paths.back().toString();
}

// Follows the nesting of json[0, end): keeps `frames` as the open containers and calls
// onKey(frames.back()) with each object key once it is decoded into the frame. Returns false
// when it stopped early: nesting deeper than `deepest`, or onKey returned true.
template <typename OnKey>
bool walkStructure(const QByteArray& json, qsizetype end, std::size_t deepest, std::vector<Frame>& frames,
                   OnKey&& onKey)
{
    for (qsizetype i = 0; i < end; ++i) {
        switch (json[i]) {
        case '{':
        case '[':
            if (frames.size() >= deepest)
                return false;
            frames.push_back(Frame{json[i] == '[', 0, {}, false, {}});
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
            const qsizetype close = skipString(json, i, end);
            if (!frames.empty() && !frames.back().array && !frames.back().inValue) {
                frames.back().key = decodeString(json, i + 1, close);
                if (onKey(frames.back()))
                    return false;
            }
            i = close;
            break;
        }
        default:
            break;
        }
    }
    return true;
}

} // namespace

QString jsonPathAtOffset(const QByteArray& json, qsizetype offset)
{
    constexpr std::size_t kDeepest = 32;
    std::vector<Frame> frames;
    // Qt's offsets point just past the character that failed (the stray ',' of "[,]"), so that
    // character is left out: the path is where the parser was, not where it was going.
    const qsizetype end = std::clamp<qsizetype>(offset - 1, 0, json.size());
    if (!walkStructure(json, end, kDeepest, frames, [](const Frame&) { return false; }))
        return {};
    return render(frames, true);
}

qsizetype countMembers(const QByteArray& json)
{
    qsizetype members = 0;
    const char* p = json.constData();
    const char* const end = p + json.size();
    while (p < end) {
        const char c = *p++;
        if (c == ':') {
            ++members;
        } else if (c == '"') {
            while (p < end) {
                const char d = *p++;
                if (d == '\\')
                    ++p;
                else if (d == '"')
                    break;
            }
        }
    }
    return members;
}

std::optional<QString> findDuplicateKey(const QByteArray& json)
{
    std::vector<Frame> frames;
    const auto repeated = [](Frame& object) {
        if (std::find(object.keys.begin(), object.keys.end(), object.key) != object.keys.end()) {
            object.inValue = true; // the path names the repeated member itself
            return true;
        }
        object.keys.push_back(object.key);
        return false;
    };
    if (walkStructure(json, json.size(), std::numeric_limits<std::size_t>::max(), frames, repeated))
        return std::nullopt;
    return render(frames, true);
}

} // namespace bonework::io
