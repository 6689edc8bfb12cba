#include "bonework/io/rig_animation_reader.h"

#include "bonework/animation/clip_rules.h"

#include <deque>

namespace bonework::io {
namespace {

using namespace animation;

constexpr const char* kClipFields[] = {"name", "duration", "loop", "joints", "chains", "slots"};
// Version 2 has no loop flag: its unknown-field message lists what version 2 holds.
constexpr const char* kClipFieldsV2[] = {"name", "duration", "joints", "chains", "slots"};
constexpr const char* kJointChannels[] = {"angle", "x", "y", "rotation"};
constexpr const char* kChainChannels[] = {"target", "mix"};
constexpr const char* kSlotChannels[] = {"visible", "opacity", "image"};
constexpr const char* kNumberKeyFields[] = {"time", "value", "curve"};
constexpr const char* kPointKeyFields[] = {"time", "x", "y", "curve"};
constexpr const char* kSwitchKeyFields[] = {"time", "value"};
constexpr const char* kImageKeyFields[] = {"time", "value"}; // no curve: an image holds until the next key

Curve readCurve(const Json& v, const JsonPath& path)
{
    if (v.is_string()) {
        const std::string& s = asString(v, path);
        if (s == "linear")
            return {};
        if (s == "stepped")
            return {Curve::Kind::Stepped};
        fail(path, "must be \"linear\", \"stepped\" or [x1, y1, x2, y2], not " + quotedValue(s));
    }
    if (!v.is_array() || v.size() != 4)
        fail(path, "must be \"linear\", \"stepped\" or [x1, y1, x2, y2]");
    double n[4];
    for (std::ptrdiff_t i = 0; i < 4; ++i) {
        const JsonPath at(path, i);
        n[i] = asNumber(v[static_cast<std::size_t>(i)], at);
        if (n[i] < 0.0 || n[i] > 1.0)
            fail(at, "must lie within [0, 1] (a curve never overshoots its keys), not " + number(n[i]));
    }
    return Curve::bezier(n[0], n[1], n[2], n[3]);
}

// Reads an array of key objects; `readField(key, member, path, out)` reads one field of one
// key, returning false for a field it does not know.
template <typename K, typename ReadField>
std::vector<K> readKeys(const Json& value, const JsonPath& path, std::span<const char* const> fields, std::size_t& members,
                        bool needsValue, ReadField readField)
{
    const Json::array_t& array = asArray(value, path);
    std::vector<K> keys;
    keys.reserve(array.size());
    for (std::size_t i = 0; i < array.size(); ++i) {
        const JsonPath at(path, static_cast<std::ptrdiff_t>(i));
        const Json::object_t& obj = asObject(array[i], at);
        members += obj.size();
        K key{};
        bool hasTime = false, hasValue = false;
        forEachMember(obj, at, [&](const std::string& name, const Json& v, const JsonPath& fieldAt) {
            if (name == "time") {
                key.time = asNumber(v, fieldAt);
                hasTime = true;
            } else if (readField(name, v, fieldAt, key)) {
                hasValue |= name != "curve";
            } else {
                unknownField(fieldAt, fields);
            }
        });
        requireFields(at, {{"time", hasTime}});
        if (needsValue && !hasValue)
            missing(JsonPath(at, fields[1]));
        keys.push_back(key);
    }
    return keys;
}

std::vector<Key> readNumberKeys(const Json& value, const JsonPath& path, std::size_t& members)
{
    return readKeys<Key>(value, path, kNumberKeyFields, members, true,
                         [](const std::string& name, const Json& v, const JsonPath& at, Key& key) {
                             if (name == "value")
                                 key.value = asNumber(v, at);
                             else if (name == "curve")
                                 key.curve = readCurve(v, at);
                             else
                                 return false;
                             return true;
                         });
}

std::vector<PointKey> readPointKeys(const Json& value, const JsonPath& path, std::size_t& members)
{
    const Json::array_t& array = asArray(value, path);
    std::vector<bool> hasY(array.size(), false);
    std::size_t index = 0;
    auto keys = readKeys<PointKey>(value, path, kPointKeyFields, members, true,
                                   [&](const std::string& name, const Json& v, const JsonPath& at, PointKey& key) {
                                       if (name == "x")
                                           key.point.x = asNumber(v, at);
                                       else if (name == "y")
                                           key.point.y = asNumber(v, at);
                                       else if (name == "curve")
                                           key.curve = readCurve(v, at);
                                       else
                                           return false;
                                       return true;
                                   });
    // Both coordinates are required: the generic reader checked one of them.
    for (const Json& k : array) {
        const JsonPath at(path, static_cast<std::ptrdiff_t>(index++));
        requireFields(at, {{"x", k.contains("x")}, {"y", k.contains("y")}});
    }
    return keys;
}

std::vector<SwitchKey> readSwitchKeys(const Json& value, const JsonPath& path, std::size_t& members)
{
    return readKeys<SwitchKey>(value, path, kSwitchKeyFields, members, true,
                               [](const std::string& name, const Json& v, const JsonPath& at, SwitchKey& key) {
                                   if (name != "value")
                                       return false;
                                   key.value = asBool(v, at);
                                   return true;
                               });
}

// The path's rules (imagePathProblem) are checkClip's, reported at the key's "value".
std::vector<ImageKey> readImageKeys(const Json& value, const JsonPath& path, std::size_t& members)
{
    return readKeys<ImageKey>(value, path, kImageKeyFields, members, true,
                              [](const std::string& name, const Json& v, const JsonPath& at, ImageKey& key) {
                                  if (name != "value")
                                      return false;
                                  key.image = asString(v, at);
                                  return true;
                              });
}

// Reads {"name": {"channel": [...], ...}, ...}, calling readTrack(name, object, path) per entry.
template <typename ReadTrack>
void readTrackObject(const Json& value, const JsonPath& path, std::size_t& members, ReadTrack readTrack)
{
    const Json::object_t& obj = asObject(value, path);
    members += obj.size();
    forEachMember(obj, path, [&](const std::string& name, const Json& v, const JsonPath& at) {
        const Json::object_t& channels = asObject(v, at);
        members += channels.size();
        readTrack(name, channels, at);
    });
}

Clip readClip(const Json& value, const JsonPath& path, int version, std::size_t& members)
{
    const Json::object_t& obj = asObject(value, path);
    members += obj.size();
    Clip clip;
    bool hasName = false, hasDuration = false;
    forEachMember(obj, path, [&](const std::string& key, const Json& v, const JsonPath& at) {
        if (key == "name") {
            clip.name = asName(v, at);
            hasName = true;
        } else if (key == "duration") {
            clip.duration = asNumber(v, at);
            hasDuration = true;
        } else if (key == "loop" && version >= 3) {
            clip.loop = asBool(v, at);
        } else if (key == "loop") {
            fail(at, "needs \"version\": 3 (a clip's loop flag is new in version 3; this file says version "
                         + std::to_string(version) + ")");
        } else if (key == "joints") {
            readTrackObject(v, at, members, [&](const std::string& name, const Json::object_t& channels, const JsonPath& trackAt) {
                JointTracks& t = clip.joints.emplace_back();
                t.joint = name;
                forEachMember(channels, trackAt, [&](const std::string& channel, const Json& keys, const JsonPath& keysAt) {
                    std::vector<Key>* target = channel == "angle" ? &t.angle
                                               : channel == "x"   ? &t.x
                                               : channel == "y"   ? &t.y
                                               : channel == "rotation" ? &t.rotation
                                                                       : nullptr;
                    if (!target)
                        unknownField(keysAt, kJointChannels);
                    *target = readNumberKeys(keys, keysAt, members);
                });
            });
        } else if (key == "chains") {
            readTrackObject(v, at, members, [&](const std::string& name, const Json::object_t& channels, const JsonPath& trackAt) {
                ChainTracks& t = clip.chains.emplace_back();
                t.chain = name;
                forEachMember(channels, trackAt, [&](const std::string& channel, const Json& keys, const JsonPath& keysAt) {
                    if (channel == "target")
                        t.target = readPointKeys(keys, keysAt, members);
                    else if (channel == "mix")
                        t.mix = readNumberKeys(keys, keysAt, members);
                    else
                        unknownField(keysAt, kChainChannels);
                });
            });
        } else if (key == "slots") {
            readTrackObject(v, at, members, [&](const std::string& name, const Json::object_t& channels, const JsonPath& trackAt) {
                SlotTracks& t = clip.slotTracks.emplace_back();
                t.slot = name;
                forEachMember(channels, trackAt, [&](const std::string& channel, const Json& keys, const JsonPath& keysAt) {
                    if (channel == "visible")
                        t.visible = readSwitchKeys(keys, keysAt, members);
                    else if (channel == "opacity")
                        t.opacity = readNumberKeys(keys, keysAt, members);
                    else if (channel == "image")
                        t.image = readImageKeys(keys, keysAt, members);
                    else
                        unknownField(keysAt, kSlotChannels);
                });
            });
        } else {
            unknownField(at, version >= 3 ? std::span<const char* const>(kClipFields) : kClipFieldsV2);
        }
    });
    requireFields(path, {{"name", hasName}, {"duration", hasDuration}});
    return clip;
}

// Fails at the problem's place: the clip's path followed by the problem's steps.
[[noreturn]] void failAt(const JsonPath& clipPath, const ClipProblem& problem)
{
    std::deque<JsonPath> chain; // stable addresses: each step points at the one before
    const JsonPath* at = &clipPath;
    for (const auto& step : problem.where) {
        if (const auto* key = std::get_if<std::string>(&step))
            at = &chain.emplace_back(*at, std::string_view(*key));
        else
            at = &chain.emplace_back(*at, static_cast<std::ptrdiff_t>(std::get<std::size_t>(step)));
    }
    fail(*at, problem.message);
}

} // namespace

void readAnimations(const Json& value, const JsonPath& path, int version, Rig& rig, std::size_t& members)
{
    const Json::array_t& array = asArray(value, path);
    if (array.size() > static_cast<std::size_t>(kMaxAnimations))
        fail(path, "too many animations (" + std::to_string(array.size()) + "; a rig holds at most "
                       + std::to_string(kMaxAnimations) + ")");
    for (std::size_t i = 0; i < array.size(); ++i) {
        const JsonPath at(path, static_cast<std::ptrdiff_t>(i));
        Clip clip = readClip(array[i], at, version, members);
        if (auto problem = checkClip(rig, clip))
            failAt(at, *problem);
        if (const int other = rig.findAnimation(clip.name); other >= 0)
            fail(JsonPath(at, "name"), "duplicate animation name " + quotedValue(clip.name) + " (already used by animations["
                                           + std::to_string(other) + "])");
        if (auto result = rig.addAnimation(std::move(clip)); !result)
            fail(at, result.error);
    }
}

} // namespace bonework::io
