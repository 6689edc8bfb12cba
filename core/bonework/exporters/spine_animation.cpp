#include "bonework/exporters/spine_animation.h"

#include "bonework/exporters/message_text.h"

#include <algorithm>

namespace bonework::exporters {
namespace {

using animation::Curve;
using Json = nlohmann::json;

// -0 reads as 0 in every runtime but looks odd in a file.
double flip(double v) { return v == 0.0 ? 0.0 : -v; }

// A key's "time", left out at 0 as Spine writes it.
Json timed(double t)
{
    Json o = Json::object();
    if (t != 0.0)
        o["time"] = t;
    return o;
}

// The Bezier handles of one value from (t0, v0) to (t1, v1), in absolute units.
void appendHandles(Json& out, const Curve& c, double t0, double v0, double t1, double v1)
{
    out.push_back(t0 + c.x1 * (t1 - t0));
    out.push_back(v0 + c.y1 * (v1 - v0));
    out.push_back(t0 + c.x2 * (t1 - t0));
    out.push_back(v0 + c.y2 * (v1 - v0));
}

// A translate timeline: the keys as offsets from `setup` (y up), their curves converted.
Json translateKeys(const std::vector<animation::PointKey>& points, Vec2 setup)
{
    Json keys = Json::array();
    for (std::size_t i = 0; i < points.size(); ++i) {
        const animation::PointKey& k = points[i];
        Json o = timed(k.time);
        o["x"] = k.point.x - setup.x;
        o["y"] = flip(k.point.y - setup.y);
        if (i + 1 < points.size()) {
            if (k.curve.kind == Curve::Kind::Stepped)
                o["curve"] = "stepped";
            else if (k.curve.kind == Curve::Kind::Bezier) {
                Json handles = Json::array();
                const animation::PointKey& next = points[i + 1];
                appendHandles(handles, k.curve, k.time, k.point.x - setup.x, next.time, next.point.x - setup.x);
                appendHandles(handles, k.curve, k.time, flip(k.point.y - setup.y), next.time, flip(next.point.y - setup.y));
                o["curve"] = std::move(handles);
            }
        }
        keys.push_back(std::move(o));
    }
    return keys;
}

} // namespace

Json spineAnimation(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton,
                    const std::vector<ExportedSlot>& exported, ExportReport& report)
{
    const animation::Clip& clip = *plan.clip;
    Json out = Json::object();
    // The latest key written (-1: none yet): Spine's reader takes an animation's length from it.
    double lastKey = -1.0;

    Json bones = Json::object();
    for (const JointChannels& ch : plan.joints) {
        Json timelines = Json::object();
        if (!ch.rotation.empty()) {
            const double setup = rig.angle(ch.joint);
            Json keys = Json::array();
            for (std::size_t i = 0; i < ch.rotation.size(); ++i) {
                const animation::Key& k = ch.rotation[i];
                Json o = timed(k.time);
                o["value"] = flip(k.value - setup);
                if (i + 1 < ch.rotation.size()) {
                    if (k.curve.kind == Curve::Kind::Stepped)
                        o["curve"] = "stepped";
                    else if (k.curve.kind == Curve::Kind::Bezier) {
                        Json handles = Json::array();
                        const animation::Key& next = ch.rotation[i + 1];
                        appendHandles(handles, k.curve, k.time, flip(k.value - setup), next.time, flip(next.value - setup));
                        o["curve"] = std::move(handles);
                    }
                }
                keys.push_back(std::move(o));
            }
            lastKey = std::max(lastKey, ch.rotation.back().time);
            timelines["rotate"] = std::move(keys);
        }
        if (!ch.translation.empty()) {
            timelines["translate"] = translateKeys(ch.translation, rig.rootPosition(ch.joint));
            lastKey = std::max(lastKey, ch.translation.back().time);
        }
        bones[rig.jointName(ch.joint)] = std::move(timelines);
    }
    // Chains kept as IK: their target bones move with the target keys (offsets from the setup
    // target; target bones hang from the top bone at the origin). The constraint stays on.
    for (const KeptChain& k : plan.kept) {
        const Chain& chain = rig.chains()[static_cast<std::size_t>(k.chain)];
        const ExportedIk* e = findIk(skeleton, chain.name);
        if (!e || k.target.empty())
            continue;
        bones[e->target] = Json{{"translate", translateKeys(k.target, chain.target.point)}};
        lastKey = std::max(lastKey, k.target.back().time);
    }
    if (!bones.empty())
        out["bones"] = bones;

    Json slotTimelines = Json::object();
    std::string merged; // slots whose visible and image keys became one attachment timeline, quoted
    int mergedSlots = 0;
    for (const animation::SlotTracks& t : clip.slotTracks) {
        const auto s = std::find_if(exported.begin(), exported.end(), [&](const ExportedSlot& e) { return e.name == t.slot; });
        if (s == exported.end())
            continue; // left out of the export (reported with the slots)
        Json timelines = Json::object();
        if (!t.visible.empty() || !t.image.empty()) {
            // Visibility and image in one attachment timeline: null while hidden, else the
            // keyed image's attachment (each image is an attachment of the slot in the skin).
            std::vector<std::string> missing;
            const std::vector<ShownKey> shown = shownKeys(*s, t, &missing);
            const std::vector<ExportedImage> images = imagesOf(*s);
            Json keys = Json::array();
            for (const ShownKey& k : shown) {
                Json o = timed(k.time);
                o["name"] = k.image >= 0 ? Json(images[std::size_t(k.image)].region) : Json(nullptr);
                keys.push_back(std::move(o));
                lastKey = std::max(lastKey, k.time);
            }
            timelines["attachment"] = std::move(keys);
            if (!t.visible.empty() && !t.image.empty()) {
                merged += merged.empty() ? "" : ", ";
                merged += inQuotes(s->name);
                ++mergedSlots;
            }
            for (const std::string& path : missing)
                report.add("image keys", path,
                           "animation " + inQuotes(clip.name) + ": slot " + inQuotes(s->name) + ": image " + inQuotes(path)
                               + " was not given to the exporter, its keys hold the image before");
        }
        if (!t.opacity.empty()) {
            Json keys = Json::array();
            for (std::size_t i = 0; i < t.opacity.size(); ++i) {
                const animation::Key& k = t.opacity[i];
                Json o = timed(k.time);
                o["value"] = k.value;
                if (i + 1 < t.opacity.size()) {
                    if (k.curve.kind == Curve::Kind::Stepped)
                        o["curve"] = "stepped";
                    else if (k.curve.kind == Curve::Kind::Bezier) {
                        Json handles = Json::array();
                        appendHandles(handles, k.curve, k.time, k.value, t.opacity[i + 1].time, t.opacity[i + 1].value);
                        o["curve"] = std::move(handles);
                    }
                }
                keys.push_back(std::move(o));
            }
            lastKey = std::max(lastKey, t.opacity.back().time);
            timelines["alpha"] = std::move(keys);
        }
        slotTimelines[s->name] = std::move(timelines);
    }
    if (mergedSlots > 0)
        report.decide("animation " + inQuotes(clip.name) + ": the visible and image keys of " + (mergedSlots == 1 ? "slot " : "slots ")
                      + merged + " merged into one attachment timeline (null while hidden, else the keyed image's attachment)");
    if (!slotTimelines.empty())
        out["slots"] = slotTimelines;

    Json ik = Json::object();
    for (const IkKey& k : ikKeys(rig, plan, skeleton))
        // The constraint's own bend (y up flips it, as in the setup pose): keys set it too.
        ik[k.ik->name] = Json::array({Json{{"mix", k.mix}, {"bendPositive", !k.ik->bendPositive}}});
    if (!ik.empty()) {
        out["ik"] = ik;
        lastKey = std::max(lastKey, 0.0);
    }

    // Spine JSON has no duration: the reader (SkeletonJson.readAnimation) takes the latest key
    // time of any timeline. A clip whose keys end before its end gets a key that changes
    // nothing at its end: a drawOrder key without offsets, the setup draw order, which no
    // exported animation changes.
    if (lastKey < clip.duration) {
        out["drawOrder"] = Json::array({timed(clip.duration)});
        report.decide("animation " + inQuotes(clip.name) + ": a drawOrder key at " + numberText(clip.duration)
                      + " s (the setup draw order: it changes nothing) keeps the clip's length, since Spine ends an animation at "
                        "its last key ("
                      + (lastKey >= 0.0 ? "the clip's last is at " + numberText(lastKey) + " s" : std::string("the clip has none")) + ")");
    }
    // Spine's data has no loop flag: the game asks for a loop when it plays an animation.
    if (clip.loop)
        report.decide("animation " + inQuotes(clip.name) + " loops: Spine's data keeps no loop flag, so a game plays it with loop "
                      "true (AnimationState.setAnimation(track, " + inQuotes(clip.name) + ", true))");
    return out;
}

} // namespace bonework::exporters
