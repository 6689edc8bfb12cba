#include "bonework/exporters/dragonbones_exporter.h"

#include "bonework/exporters/dragonbones_animation.h"
#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/finite_json.h"
#include "bonework/exporters/message_text.h"
#include "bonework/io/json_text.h"

#include <algorithm>
#include <cmath>

namespace bonework::exporters {

using Json = nlohmann::json;

std::string dragonBonesDataName(const Rig& rig)
{
    return rig.name().empty() ? std::string("armature") : rig.name();
}

std::string exportDragonBones(const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported,
                              const AnimationOptions& options)
{
    report.format = "dragonbones";
    report.clear();
    ExportedSkeleton skeleton = exportedSkeleton(rig, report);
    reportSlotsLeftOut(rig, exported, report);
    includeSlotBounds(skeleton, rig, exported);
    const std::string name = dragonBonesDataName(rig);

    Json bones = Json::array();
    for (const ExportedBone& b : skeleton.bones) {
        Json o = boneEntry(b);
        Json transform = Json::object();
        if (b.x != 0.0)
            transform["x"] = b.x;
        if (b.y != 0.0)
            transform["y"] = b.y;
        if (b.rotation != 0.0) { // a pure rotation: both skews equal the angle
            transform["skX"] = b.rotation;
            transform["skY"] = b.rotation;
        }
        if (!transform.empty())
            o["transform"] = std::move(transform);
        bones.push_back(std::move(o));
    }
    Json ik = Json::array();
    for (const ExportedIk& c : skeleton.ik) {
        Json o = Json::object();
        o["name"] = c.name;
        o["bone"] = c.bones.back();
        o["target"] = c.target;
        o["chain"] = static_cast<int>(c.bones.size()) - 1;
        // DragonBones is y-down like Bonework: positive means the same bend.
        o["bendPositive"] = c.bendPositive;
        o["weight"] = c.mix;
        ik.push_back(std::move(o));
    }
    Json slotEntries = Json::array();
    Json skinSlots = Json::array();
    for (const ExportedSlot& s : exported) {
        Json entry = {{"name", s.name}, {"parent", s.bone}, {"displayIndex", s.slot.visible ? 0 : -1}};
        if (s.slot.opacity < 1.0) { // the format's multipliers are whole percents
            entry["color"] = Json{{"aM", dragonBonesAlphaPercent(s.slot.opacity)}};
            if (s.slot.opacity > 0.0 && dragonBonesAlphaPercent(s.slot.opacity) == 0)
                reportHiddenOpacity(s.slot.opacity, s.name, "slot " + inQuotes(s.name), report);
        }
        slotEntries.push_back(std::move(entry));
        const Json transform = {{"x", s.slot.x},
                                {"y", s.slot.y},
                                {"skX", s.slot.rotation},
                                {"skY", s.slot.rotation},
                                {"scX", s.slot.scaleX},
                                {"scY", s.slot.scaleY}};
        // One display per image the slot shows: its setup image first (display 0), then those
        // its image keys give it, in the order of exported_slots.h (displayFrame values index them).
        Json displays = Json::array();
        for (const ExportedImage& image : imagesOf(s))
            displays.push_back(Json{{"type", "image"},
                                    {"name", image.region},
                                    {"path", image.region},
                                    {"transform", transform},
                                    {"pivot", Json{{"x", s.slot.pivotX}, {"y", s.slot.pivotY}}}});
        skinSlots.push_back(Json{{"name", s.name}, {"display", std::move(displays)}});
    }
    Json armature = Json::object();
    armature["type"] = "Armature";
    const int frameRate = rig.animations().empty() ? 60 : options.fps;
    armature["frameRate"] = frameRate;
    armature["name"] = name;
    armature["aabb"] = Json{{"x", skeleton.minX},
                            {"y", skeleton.minY},
                            {"width", skeleton.maxX - skeleton.minX},
                            {"height", skeleton.maxY - skeleton.minY}};
    armature["bone"] = std::move(bones);
    armature["slot"] = std::move(slotEntries);
    armature["skin"] = Json::array({Json{{"name", ""}, {"slot", std::move(skinSlots)}}});
    if (!ik.empty())
        armature["ik"] = std::move(ik);
    Json animations = Json::array();
    const bool clipNamedSetup = std::any_of(rig.animations().begin(), rig.animations().end(),
                                            [](const animation::Clip& c) { return c.name == "setup"; });
    if (!clipNamedSetup)
        animations.push_back(Json{{"name", "setup"}, {"duration", 0}, {"playTimes", 0}});
    for (const animation::Clip& clip : rig.animations()) {
        const ClipPlan plan = planClip(rig, clip, options, true, report);
        Json written = dragonBonesAnimation(rig, plan, skeleton, exported, options, report);
        // How many keyframes the bones got, as the Spine export says.
        std::size_t keys = 0, bones = 0, most = 0;
        if (written.contains("bone"))
            for (const Json& timeline : written["bone"]) {
                ++bones;
                for (const char* kind : {"translateFrame", "rotateFrame"})
                    if (timeline.contains(kind)) {
                        keys += timeline[kind].size();
                        most = std::max(most, timeline[kind].size());
                    }
            }
        if (const std::string line = boneKeysText(clip.name, keys, bones, most, plan.frames, options.fps); !line.empty())
            report.decide(line);
        animations.push_back(std::move(written));
    }
    armature["animation"] = std::move(animations);
    // The setup pose first: the empty animation, or the clip named "setup" in its place.
    armature["defaultActions"] = Json::array({Json{{"gotoAndPlay", "setup"}}});

    Json root = Json::object();
    root["frameRate"] = frameRate;
    root["name"] = name;
    root["version"] = kDragonBonesVersion;
    root["compatibleVersion"] = kDragonBonesVersion;
    root["armature"] = Json::array({std::move(armature)});
    keepNumbersFinite(root, report);
    return io::jsonText(root, io::JsonLayout::Indented);
}

} // namespace bonework::exporters
