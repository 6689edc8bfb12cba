#include "bonework/io/json_scan.h"

#include "bonework/io/json_path.h"

#include "bonework/io/json_parser.h"
#include "bonework/io/utf8.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace bonework::io {
namespace {

// One open container while scanning.
struct Frame {
    bool array = false;
    std::ptrdiff_t index = 0;      // arrays: the current element
    std::string key;               // objects: the current member's key (UTF-8)
    bool inValue = false;          // objects: past the ':' of the current member
    std::vector<std::string> keys; // objects: keys seen so far (findDuplicateKey only)
};

// A string's text without its quotes, with JSON escapes decoded; empty when the escapes do
// not decode (a string cut short at a syntax error).
std::string decodeString(std::string_view json, std::size_t begin, std::size_t end)
{
    const std::string_view raw = json.substr(begin, end - begin);
    if (raw.find('\\') == std::string_view::npos)
        return toValidUtf8(raw);
    const JsonDocument doc = parseJsonDocument("[\"" + std::string(raw) + "\"]");
    return doc.error == JsonSyntaxError::None ? doc.root[0].get<std::string>() : std::string();
}

// Skips the string whose opening quote is at i; returns the index of its closing quote (or
// `end` when it does not close before `end`).
std::size_t skipString(std::string_view json, std::size_t i, std::size_t end)
{
    for (++i; i < end && json[i] != '"'; ++i)
        if (json[i] == '\\')
            ++i;
    return std::min(i, end);
}

// "joints[1].length" for the open containers (plus `lastKey` inside the innermost object).
std::string render(const std::vector<Frame>& frames, bool includeUnfinishedKey)
{
    std::vector<JsonPath> paths;
    paths.reserve(frames.size() + 1); // never reallocates: each path points at the one before
    paths.emplace_back();
    for (const Frame& f : frames) {
        if (f.array)
            paths.emplace_back(paths.back(), f.index);
        else if (f.inValue || (includeUnfinishedKey && !f.key.empty()))
            paths.emplace_back(paths.back(), std::string_view(f.key));
        else
            break; // before the first key of an object: the object itself
    }
    return paths.back().toString();
}

// Follows the nesting of json[0, end): keeps `frames` as the open containers and calls
// onKey(frames.back()) with each object key once it is decoded into the frame. Returns false
// when it stopped early: nesting deeper than `deepest`, or onKey returned true.
template <typename OnKey>
bool walkStructure(std::string_view json, std::size_t end, std::size_t deepest, std::vector<Frame>& frames,
                   OnKey&& onKey)
{
    for (std::size_t i = 0; i < end; ++i) {
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
            const std::size_t close = skipString(json, i, end);
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

std::string jsonPathAtOffset(std::string_view json, std::size_t offset)
{
    constexpr std::size_t kDeepest = 32;
    std::vector<Frame> frames;
    // Qt's offsets point just past the character that failed (the stray ',' of "[,]"), so that
    // character is left out: the path is where the parser was, not where it was going.
    const std::size_t end = std::min(offset == 0 ? 0 : offset - 1, json.size());
    if (!walkStructure(json, end, kDeepest, frames, [](const Frame&) { return false; })) {
        // Too deep for a useful path ("x[0][0]...", a thousand levels of a nesting error): the
        // last member named within the first kDeepest levels, which holds the error.
        while (!frames.empty() && frames.back().array)
            frames.pop_back();
    }
    return render(frames, true);
}

std::size_t countMembers(std::string_view json)
{
    std::size_t members = 0;
    const char* p = json.data();
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

std::optional<std::string> findDuplicateKey(std::string_view json)
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
