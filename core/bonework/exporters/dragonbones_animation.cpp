#include "bonework/exporters/dragonbones_animation.h"

#include "bonework/exporters/message_text.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace bonework::exporters {
namespace {

using animation::Curve;
using Json = nlohmann::json;

// A key reduced to what a frame needs: its frame, its curve and the frame's own fields.
struct FrameKey {
    int frame = 0;
    Curve curve;
    Json fields;
};

// Frames from keys on the grid: a held setup frame first when the first key is after 0, then
// one frame a key, each lasting until the next (the last until the clip's end).
Json framesOf(const std::vector<FrameKey>& keys, const Json& setupFields, int clipFrames, bool tweens)
{
    Json frames = Json::array();
    if (keys.empty())
        return frames;
    if (keys.front().frame > 0) {
        Json setup = setupFields;
        setup["duration"] = keys.front().frame;
        frames.push_back(std::move(setup));
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        // Two slot keys moved onto one frame: the later one wins (frames last at least one).
        if (i + 1 < keys.size() && keys[i + 1].frame == keys[i].frame)
            continue;
        Json f = keys[i].fields;
        const bool last = i + 1 == keys.size();
        f["duration"] = (last ? clipFrames : keys[i + 1].frame) - keys[i].frame;
        if (tweens && !last) {
            const Curve& c = keys[i].curve;
            if (c.kind == Curve::Kind::Linear)
                f["tweenEasing"] = 0;
            else if (c.kind == Curve::Kind::Bezier)
                f["curve"] = Json::array({c.x1, c.y1, c.x2, c.y2});
            // Stepped: no tween, the runtime holds the frame.
        }
        frames.push_back(std::move(f));
    }
    return frames;
}

int frameOf(double t, int fps)
{
    int f = 0;
    onFrameGrid(t, fps, &f);
    return f;
}

Json boneTimeline(const Rig& rig, const JointChannels& ch, int fps, int clipFrames)
{
    Json timeline = {{"name", rig.jointName(ch.joint)}};
    if (!ch.translation.empty()) {
        const Vec2 setup = rig.rootPosition(ch.joint);
        std::vector<FrameKey> keys;
        for (const animation::PointKey& k : ch.translation)
            keys.push_back({frameOf(k.time, fps), k.curve, Json{{"x", k.point.x - setup.x}, {"y", k.point.y - setup.y}}});
        timeline["translateFrame"] = framesOf(keys, Json{{"x", 0}, {"y", 0}}, clipFrames, true);
    }
    if (!ch.rotation.empty()) {
        const double setup = rig.angle(ch.joint);
        std::vector<FrameKey> keys;
        for (std::size_t i = 0; i < ch.rotation.size(); ++i) {
            const animation::Key& k = ch.rotation[i];
            Json fields = {{"rotate", k.value - setup}};
            // Raw values for a long turn: clockwise 1 (or -1) makes the runtime turn up (down).
            if (i + 1 < ch.rotation.size() && std::fabs(ch.rotation[i + 1].value - k.value) >= 179.0)
                fields["clockwise"] = ch.rotation[i + 1].value > k.value ? 1 : -1;
            keys.push_back({frameOf(k.time, fps), k.curve, fields});
        }
        // The setup frame before a long first turn needs the same care.
        Json setupFields = {{"rotate", 0}};
        if (std::fabs(ch.rotation.front().value - setup) >= 179.0)
            setupFields["clockwise"] = ch.rotation.front().value > setup ? 1 : -1;
        timeline["rotateFrame"] = framesOf(keys, setupFields, clipFrames, true);
    }
    return timeline;
}

// The animation as written from the plan.
Json written(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton, const std::vector<ExportedSlot>& exported,
             const AnimationOptions& options, ExportReport& report)
{
    const animation::Clip& clip = *plan.clip;
    const std::string inClip = "animation " + inQuotes(clip.name) + ": ";
    const int fps = options.fps;
    // A looping clip plays over and over (0: forever), as a game's play(name) then does; one
    // played once stops on its last frame.
    Json out = {{"name", clip.name}, {"duration", plan.frames}, {"playTimes", clip.loop ? 0 : 1}};

    Json bones = Json::array();
    for (const JointChannels& ch : plan.joints)
        bones.push_back(boneTimeline(rig, ch, fps, plan.frames));
    // Chains kept as IK: their target bones move with the target keys (offsets from the setup
    // target; target bones hang from the top bone at the origin).
    for (const KeptChain& k : plan.kept) {
        const Chain& chain = rig.chains()[static_cast<std::size_t>(k.chain)];
        const ExportedIk* e = findIk(skeleton, chain.name);
        if (!e || k.target.empty())
            continue;
        std::vector<FrameKey> keys;
        for (const animation::PointKey& p : k.target)
            keys.push_back({frameOf(p.time, fps), p.curve,
                            Json{{"x", p.point.x - chain.target.point.x}, {"y", p.point.y - chain.target.point.y}}});
        bones.push_back(Json{{"name", e->target}, {"translateFrame", framesOf(keys, Json{{"x", 0}, {"y", 0}}, plan.frames, true)}});
    }
    if (!bones.empty())
        out["bone"] = std::move(bones);

    Json slotTimelines = Json::array();
    bool rounded = false;
    const auto frameNear = [&](double t) {
        int f = 0;
        rounded = !onFrameGrid(t, fps, &f) || rounded;
        return f;
    };
    std::string imageKeysMoved; // "\"slot\" at T s to frame F (T' s)", comma-separated
    std::string merged;         // slots whose visible and image keys became one display timeline, quoted
    int mergedSlots = 0;
    for (const animation::SlotTracks& t : clip.slotTracks) {
        const auto s = std::find_if(exported.begin(), exported.end(), [&](const ExportedSlot& e) { return e.name == t.slot; });
        if (s == exported.end())
            continue; // left out of the export (reported with the slots)
        Json timeline = {{"name", s->name}};
        if (!t.visible.empty() || !t.image.empty()) {
            // Visibility and image in one display timeline: -1 while hidden, else the index of
            // the keyed image in the slot's display list (the setup image is 0).
            std::vector<std::string> missing;
            std::vector<FrameKey> keys;
            for (const ShownKey& k : shownKeys(*s, t, &missing))
                keys.push_back({frameNear(k.time), Curve{Curve::Kind::Stepped}, Json{{"value", k.image}}});
            timeline["displayFrame"] = framesOf(keys, Json{{"value", s->slot.visible ? 0 : -1}}, plan.frames, false);
            if (!t.visible.empty() && !t.image.empty()) {
                merged += merged.empty() ? "" : ", ";
                merged += inQuotes(s->name);
                ++mergedSlots;
            }
            for (const animation::ImageKey& k : t.image)
                if (int f = 0; !onFrameGrid(k.time, fps, &f)) {
                    imageKeysMoved += imageKeysMoved.empty() ? "" : ", ";
                    imageKeysMoved += inQuotes(s->name) + " at " + numberText(k.time) + " s to frame " + std::to_string(f) + " ("
                                      + numberText(static_cast<double>(f) / fps) + " s)";
                }
            for (const std::string& path : missing)
                report.add("image keys", path,
                           inClip + "slot " + inQuotes(s->name) + ": image " + inQuotes(path)
                               + " was not given to the exporter, its keys hold the image before");
        }
        if (!t.opacity.empty()) {
            // A Bezier key longer than the runtime's curve sample count holds goes in two.
            std::vector<animation::Key> opacity = t.opacity;
            splitLongCurves(opacity, static_cast<double>(kMostDragonBonesCurveFrames) / fps);
            std::vector<FrameKey> keys;
            for (const animation::Key& k : t.opacity)
                if (k.value > 0.0 && dragonBonesAlphaPercent(k.value) == 0) {
                    reportHiddenOpacity(k.value, clip.name + ' ' + s->name,
                                        inClip + "slot " + inQuotes(s->name) + " at " + numberText(k.time) + " s", report);
                    break; // one line a slot and clip
                }
            for (const animation::Key& k : opacity)
                keys.push_back({frameNear(k.time), k.curve, Json{{"value", Json{{"aM", dragonBonesAlphaPercent(k.value)}}}}});
            timeline["colorFrame"] = framesOf(keys, Json{{"value", Json{{"aM", dragonBonesAlphaPercent(s->slot.opacity)}}}}, plan.frames, true);
        }
        slotTimelines.push_back(std::move(timeline));
    }
    if (rounded)
        report.decide(inClip + "slot keys off the " + std::to_string(fps) + " fps frame grid moved to the nearest frame");
    if (mergedSlots > 0)
        report.decide(inClip + "the visible and image keys of " + (mergedSlots == 1 ? "slot " : "slots ") + merged
                      + " merged into one displayFrame timeline (-1 while hidden, else the keyed image's display)");
    if (!imageKeysMoved.empty())
        report.decide(inClip + "image keys moved onto the " + std::to_string(fps) + " fps frame grid: " + imageKeysMoved);
    if (!slotTimelines.empty())
        out["slot"] = std::move(slotTimelines);

    Json ik = Json::array();
    for (const IkKey& k : ikKeys(rig, plan, skeleton))
        // bendPositive is read per frame (default true): repeat the constraint's own.
        ik.push_back(Json{{"name", k.ik->name},
                          {"frame", Json::array({Json{{"duration", plan.frames}, {"weight", k.mix}, {"bendPositive", k.ik->bendPositive}}})}});
    if (!ik.empty())
        out["ik"] = std::move(ik);
    return out;
}

// How the runtime lays out the animation's keyframes in its frame array, timeline by timeline
// in the order it parses them (ObjectDataParser._parseAnimation: bone timelines, translateFrame
// then rotateFrame; slot timelines, displayFrame then colorFrame; ik timelines): a keyframe
// takes its position and tween type (_parseFrame, _parseTweenFrame), a Bezier key's curve also
// its sample count and one sample a frame and one more (frames + 1); a display keyframe its
// position and value. A timeline of one keyframe is parsed as lasting 0 frames, a timeline's
// last keyframe as lasting until the clip's end.
struct FrameArrayUse {
    long long entries = 0;    // taken by the animation's keyframes
    long long lastStart = -1; // where its last keyframe starts (-1: none)
    long long keyframes = 0;
};

FrameArrayUse frameArrayUse(const Json& animation)
{
    FrameArrayUse use;
    const long long clipFrames = animation.value("duration", 0);
    const auto timeline = [&](const Json& frames, bool tweens) {
        long long position = 0;
        for (std::size_t i = 0; i < frames.size(); ++i) {
            const Json& f = frames[i];
            const bool last = i + 1 == frames.size();
            const long long length = frames.size() == 1 ? 0 : last ? clipFrames - position : f.value("duration", 1LL);
            long long size = 2; // position, and the tween type (or a display's value)
            if (tweens && length > 0 && f.contains("curve"))
                size += 1 + (length + 1); // the sample count, the samples
            else if (tweens && length > 0 && f.contains("tweenEasing") && f["tweenEasing"] != 0)
                size += 1; // the easing
            use.lastStart = use.entries;
            use.entries += size;
            ++use.keyframes;
            position += f.value("duration", 1LL);
        }
    };
    if (animation.contains("bone"))
        for (const Json& t : animation["bone"])
            for (const char* kind : {"translateFrame", "rotateFrame"})
                if (t.contains(kind))
                    timeline(t[kind], true);
    if (animation.contains("slot"))
        for (const Json& t : animation["slot"]) {
            if (t.contains("displayFrame"))
                timeline(t["displayFrame"], false);
            if (t.contains("colorFrame"))
                timeline(t["colorFrame"], true);
        }
    if (animation.contains("ik"))
        for (const Json& t : animation["ik"])
            if (t.contains("frame"))
                timeline(t["frame"], true);
    return use;
}

bool fitsFrameArray(const Json& animation) { return frameArrayUse(animation).lastStart <= kMostDragonBonesFrameOffset; }

} // namespace

int dragonBonesAlphaPercent(double opacity)
{
    return static_cast<int>(std::lround(std::clamp(opacity, 0.0, 1.0) * 100.0));
}

void reportHiddenOpacity(double opacity, const std::string& subject, const std::string& where, ExportReport& report)
{
    report.add("opacities under 0.5%", subject,
               where + ": opacity " + numberText(opacity) + " is 0% in DragonBones (whole percents): the image does not show");
}

Json dragonBonesAnimation(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton,
                          const std::vector<ExportedSlot>& exported, const AnimationOptions& options, ExportReport& report)
{
    ExportReport withWhole = report; // what writing the whole clip reports, if it fits
    Json out = written(rig, plan, skeleton, exported, options, withWhole);
    if (fitsFrameArray(out)) {
        report = std::move(withWhole);
        return out;
    }
    // Too many keyframes for the runtime's 16-bit offsets: cut at the last frame up to which
    // everything fits (the keys there and before, a key at the cut where a track goes on).
    const FrameArrayUse whole = frameArrayUse(out);
    const auto fits = [&](int frames) {
        ExportReport ignored;
        return fitsFrameArray(written(rig, cutPlan(plan, frames, options.fps), skeleton, exported, options, ignored));
    };
    int lo = 0, hi = plan.frames; // fits(lo) (or lo is 0), !fits(hi)
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    const std::string inClip = "animation " + inQuotes(plan.clip->name) + ": ";
    if (lo == 0) {
        // Not even its first frame fits (tens of thousands of timelines): written whole, said.
        report = std::move(withWhole);
        report.add("animations the runtime misreads", plan.clip->name,
                   inClip + "its keyframes take " + countText(whole.entries)
                       + " entries of the DragonBones runtime's frame array, more than it addresses in one animation ("
                       + countText(kMostDragonBonesFrameOffset + 1) + ") even within its first frame: the runtime will play its later timelines wrong");
        return out;
    }
    const int frames = lo;
    const ClipPlan cut = cutPlan(plan, frames, options.fps);
    out = written(rig, cut, skeleton, exported, options, report);
    const double end = static_cast<double>(frames) / options.fps;
    report.add("clips cut short", plan.clip->name,
               inClip + countText(whole.keyframes) + " keyframes, more than the DragonBones runtime reads in one animation: cut at "
                   + numberText(end) + " s, the keys after it left out");
    report.decide(inClip + "cut at " + numberText(end) + " s (frame " + countText(frames) + " at " + std::to_string(options.fps)
                  + " fps), the last key up to which the animation fits the runtime: its keyframes took "
                  + countText(whole.entries) + " entries of the runtime's frame array, which it finds by offsets from the "
                    "animation's first entry kept as 16-bit numbers (at most "
                  + countText(kMostDragonBonesFrameOffset) + "); a track that goes on past the cut gets a key there");
    return out;
}

} // namespace bonework::exporters
