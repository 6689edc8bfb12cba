#include "bonework/io/rig_slot_reader.h"

#include "bonework/io/rig_file.h"

#include <algorithm>
#include <unordered_map>

namespace bonework::io {
namespace {

// The fields a slot may hold; anything else is an error.
constexpr const char* kSlotFields[] = {"name",   "bone",   "image",  "x",       "y",       "rotation",
                                       "scaleX", "scaleY", "pivotX", "pivotY", "opacity", "visible"};

Slot readSlot(const Json& value, const JsonPath& path, int version, const JointNames& joints, std::size_t& members)
{
    const Json::object_t& obj = asObject(value, path);
    members += obj.size();
    Slot s;
    bool hasName = false, hasBone = false, hasImage = false;
    // The number fields and where each goes; which ones must not be 0 or lie in [0, 1] is
    // checked as they are read, so the error names the field.
    const struct {
        std::string_view key;
        double* value;
    } numberFields[] = {{"x", &s.x},           {"y", &s.y},           {"rotation", &s.rotation},
                        {"scaleX", &s.scaleX}, {"scaleY", &s.scaleY}, {"pivotX", &s.pivotX},
                        {"pivotY", &s.pivotY}, {"opacity", &s.opacity}};

    forEachMember(obj, path, [&](const std::string& key, const Json& v, const JsonPath& at) {
        if (key == "name") {
            s.name = asName(v, at);
            hasName = true;
        } else if (key == "bone") {
            s.joint = joints.find(asName(v, at), at);
            hasBone = true;
        } else if (key == "image") {
            s.image = asString(v, at);
            if (auto why = imagePathProblem(s.image); !why.empty())
                fail(at, why);
            hasImage = true;
        } else if (key == "visible") {
            s.visible = asBool(v, at);
        } else {
            const auto field = std::find_if(std::begin(numberFields), std::end(numberFields),
                                            [&](const auto& f) { return key == f.key; });
            if (field == std::end(numberFields))
                unknownField(at, kSlotFields);
            const double d = asNumber(v, at);
            const bool scale = key == "scaleX" || key == "scaleY";
            if (scale && d == 0.0)
                fail(at, "must not be 0 (below 0 mirrors the image; 0 would flatten it)");
            if (scale && d < 0.0 && version < 4)
                fail(at, "needs \"version\": 4 (a mirrored image, a negative scale, is new in version 4; this file says "
                         "version " + std::to_string(version) + ")");
            // Bounds that keep the image's corners far inside the doubles (rig.h).
            if (scale)
                requireWithin(at, d, kMostSlotScale);
            if (key == "x" || key == "y")
                requireWithin(at, d, kMostSlotOffset);
            if (key == "pivotX" || key == "pivotY")
                requireWithin(at, d, kMostSlotPivot);
            if (key == "opacity" && !(d >= 0.0 && d <= 1.0))
                fail(at, "must be between 0 and 1, not " + number(d));
            *field->value = d;
        }
    });
    requireFields(path, {{"name", hasName}, {"bone", hasBone}, {"image", hasImage}});
    return s;
}

} // namespace

void readSlots(const Json& value, const JsonPath& path, int version, Rig& rig, const JointNames& joints,
               std::size_t& members)
{
    const Json::array_t& array = asArray(value, path);
    // Each added slot's name is checked against every earlier one by the rig, so their number
    // is capped to keep hostile files fast; real rigs have tens to hundreds.
    if (array.size() > static_cast<std::size_t>(kMaxSlots))
        fail(path, "too many slots (" + std::to_string(array.size()) + "; a rig holds at most "
                       + std::to_string(kMaxSlots) + ")");
    std::unordered_map<std::string, std::size_t> byName;
    byName.reserve(array.size());
    for (std::size_t i = 0; i < array.size(); ++i) {
        const JsonPath at(path, static_cast<std::ptrdiff_t>(i));
        const Slot slot = readSlot(array[i], at, version, joints, members);
        const auto [earlier, added] = byName.emplace(slot.name, i);
        if (!added)
            fail(JsonPath(at, "name"), "duplicate slot name " + quotedValue(slot.name) + " (already used by slots["
                                           + std::to_string(earlier->second) + "])");
        // Everything was checked above; the rig's own rules run once more as the final word.
        if (auto result = rig.addSlot(slot); !result)
            fail(at, result.error);
    }
}

} // namespace bonework::io
