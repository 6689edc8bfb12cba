#include "bonework/exporters/spine_exporter.h"

#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/finite_json.h"
#include "bonework/exporters/message_text.h"
#include "bonework/exporters/spine_animation.h"
#include "bonework/exporters/sha1.h"
#include "bonework/io/json_text.h"

#include <algorithm>
#include <cmath>

namespace bonework::exporters {
namespace {

using Json = nlohmann::json;
using io::jsonText;
using io::JsonLayout;

// -0 reads as 0 in every runtime but looks odd in a file.
double flip(double v) { return v == 0.0 ? 0.0 : -v; }

// "ffffffAA": white (no tint) with the opacity as alpha, the way Spine writes colours.
std::string slotColor(double opacity)
{
    const int alpha = std::clamp(static_cast<int>(std::lround(opacity * 255.0)), 0, 255);
    static const char hex[] = "0123456789abcdef";
    return std::string("ffffff") + hex[alpha >> 4] + hex[alpha & 15];
}

// Spine's "hash": the first 11 characters of the Base64 SHA-1 of what identifies the skeleton.
std::string skeletonHash(const std::string& body)
{
    const auto digest = sha1(body);
    return base64(digest.data(), digest.size()).substr(0, 11);
}

} // namespace

SpineRegion spineRegionOf(const ExportedSlot& s)
{
    return spineRegionOf(s, ExportedImage{s.slot.image, s.region, s.width, s.height});
}

SpineRegion spineRegionOf(const ExportedSlot& s, const ExportedImage& image)
{
    // Bonework places the pivot; Spine places the centre. Move from one to the other along the
    // image's own (scaled, turned) axes, in Bonework's y-down frame, then flip y and the angle.
    const Slot& slot = s.slot;
    const Rotation turn = Rotation::fromDegrees(slot.rotation);
    const Vec2 toCentre = turn.apply({(0.5 - slot.pivotX) * image.width * slot.scaleX, (0.5 - slot.pivotY) * image.height * slot.scaleY});
    SpineRegion r;
    r.x = slot.x + toCentre.x;
    r.y = flip(slot.y + toCentre.y);
    r.rotation = flip(slot.rotation);
    r.scaleX = slot.scaleX;
    r.scaleY = slot.scaleY;
    r.width = image.width;
    r.height = image.height;
    return r;
}

std::string exportSpine(const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported,
                        const AnimationOptions& options, const std::string& imagesFolder)
{
    report.format = "spine";
    report.clear();
    ExportedSkeleton skeleton = exportedSkeleton(rig, report);
    reportSlotsLeftOut(rig, exported, report);
    includeSlotBounds(skeleton, rig, exported);

    Json bones = Json::array();
    for (const ExportedBone& b : skeleton.bones) {
        Json o = boneEntry(b);
        if (b.x != 0.0)
            o["x"] = b.x;
        if (b.y != 0.0)
            o["y"] = flip(b.y);
        if (b.rotation != 0.0)
            o["rotation"] = flip(b.rotation);
        bones.push_back(std::move(o));
    }
    Json ik = Json::array();
    int order = 0;
    for (const ExportedIk& c : skeleton.ik) {
        Json o = Json::object();
        o["name"] = c.name;
        o["order"] = order++;
        o["bones"] = c.bones;
        o["target"] = c.target;
        // Bonework's positive bend turns the second bone clockwise on screen; with y up that
        // is a negative rotation, which Spine calls bendPositive = false.
        if (c.bones.size() == 2)
            o["bendPositive"] = !c.bendPositive;
        o["mix"] = c.mix;
        ik.push_back(std::move(o));
    }
    Json slotEntries = Json::array();
    Json attachments = Json::object(); // slot name -> {attachment name -> region attachment}
    for (const ExportedSlot& s : exported) {
        Json entry = {{"name", s.name}, {"bone", s.bone}};
        if (s.slot.visible)
            entry["attachment"] = s.region;
        if (s.slot.opacity < 1.0)
            entry["color"] = slotColor(s.slot.opacity);
        slotEntries.push_back(std::move(entry));
        // One region attachment per image the slot shows (its setup image, and those its image
        // keys give it), each named by its region; each has its own centre, from its own size.
        Json ofSlot = Json::object();
        for (const ExportedImage& image : imagesOf(s)) {
            const SpineRegion r = spineRegionOf(s, image);
            ofSlot[image.region] = {{"name", image.region},   {"path", image.region},   {"x", r.x},
                                    {"y", r.y},               {"rotation", r.rotation}, {"scaleX", r.scaleX},
                                    {"scaleY", r.scaleY},     {"width", r.width},       {"height", r.height}};
        }
        attachments[s.name] = std::move(ofSlot);
    }
    std::string body = jsonText(bones, JsonLayout::Compact);
    if (!exported.empty()) // the art changes the hash too; rigs without slots keep theirs
        body += jsonText(slotEntries, JsonLayout::Compact) + jsonText(attachments, JsonLayout::Compact);
    Json header = Json::object();
    header["hash"] = skeletonHash(body);
    header["spine"] = kSpineVersion;
    header["x"] = skeleton.minX;
    header["y"] = flip(skeleton.maxY);
    header["width"] = skeleton.maxX - skeleton.minX;
    header["height"] = skeleton.maxY - skeleton.minY;
    header["images"] = imagesFolder;
    header["audio"] = "";

    Json root = Json::object();
    root["skeleton"] = std::move(header);
    root["bones"] = std::move(bones);
    root["slots"] = std::move(slotEntries);
    if (!ik.empty())
        root["ik"] = std::move(ik);
    root["skins"] = Json::array({Json{{"name", "default"}, {"attachments", std::move(attachments)}}});
    Json animations = {{"setup", Json::object()}}; // a clip named "setup" takes its place
    for (const animation::Clip& clip : rig.animations()) {
        const ClipPlan plan = planClip(rig, clip, options, false, report);
        Json written = spineAnimation(rig, plan, skeleton, exported, report);
        // How many keys the bones got, so a bake that wrote more than an animator expects shows.
        std::size_t keys = 0, bones = 0, most = 0;
        if (written.contains("bones"))
            for (const auto& [bone, timelines] : written["bones"].items()) {
                ++bones;
                for (const auto& [kind, timeline] : timelines.items()) {
                    keys += timeline.size();
                    most = std::max(most, timeline.size());
                }
            }
        if (const std::string line = boneKeysText(clip.name, keys, bones, most, plan.frames, options.fps); !line.empty())
            report.decide(line);
        animations[clip.name] = std::move(written);
    }
    root["animations"] = std::move(animations);
    keepNumbersFinite(root, report);
    return jsonText(root, JsonLayout::Indented);
}

} // namespace bonework::exporters
