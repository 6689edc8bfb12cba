#include "bonework/exporters/dragonbones_animation.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <functional>

namespace bonework::exporters {
namespace {

using animation::Curve;

// A key reduced to what a frame needs: its frame, its curve and the frame's own fields.
struct FrameKey {
    int frame = 0;
    Curve curve;
    QJsonObject fields;
};

// Frames from keys on the grid: a held setup frame first when the first key is after 0, then
// one frame a key, each lasting until the next (the last until the clip's end).
QJsonArray framesOf(const std::vector<FrameKey>& keys, const QJsonObject& setupFields, int clipFrames, bool tweens)
{
    QJsonArray frames;
    if (keys.empty())
        return frames;
    if (keys.front().frame > 0) {
        QJsonObject setup = setupFields;
        setup.insert("duration", keys.front().frame);
        frames.append(setup);
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        // Two slot keys moved onto one frame: the later one wins (frames last at least one).
        if (i + 1 < keys.size() && keys[i + 1].frame == keys[i].frame)
            continue;
        QJsonObject f = keys[i].fields;
        const bool last = i + 1 == keys.size();
        f.insert("duration", (last ? clipFrames : keys[i + 1].frame) - keys[i].frame);
        if (tweens && !last) {
            const Curve& c = keys[i].curve;
            if (c.kind == Curve::Kind::Linear)
                f.insert("tweenEasing", 0);
            else if (c.kind == Curve::Kind::Bezier)
                f.insert("curve", QJsonArray{c.x1, c.y1, c.x2, c.y2});
            // Stepped: no tween, the runtime holds the frame.
        }
        frames.append(f);
    }
    return frames;
}

int frameOf(double t, int fps)
{
    int f = 0;
    onFrameGrid(t, fps, &f);
    return f;
}

QJsonObject boneTimeline(const Rig& rig, const JointChannels& ch, int fps, int clipFrames)
{
    QJsonObject timeline{{"name", QString::fromStdString(rig.jointName(ch.joint))}};
    if (!ch.translation.empty()) {
        const Vec2 setup = rig.rootPosition(ch.joint);
        std::vector<FrameKey> keys;
        for (const animation::PointKey& k : ch.translation)
            keys.push_back({frameOf(k.time, fps), k.curve, QJsonObject{{"x", k.point.x - setup.x}, {"y", k.point.y - setup.y}}});
        timeline.insert("translateFrame", framesOf(keys, QJsonObject{{"x", 0}, {"y", 0}}, clipFrames, true));
    }
    if (!ch.rotation.empty()) {
        const double setup = rig.angle(ch.joint);
        std::vector<FrameKey> keys;
        for (std::size_t i = 0; i < ch.rotation.size(); ++i) {
            const animation::Key& k = ch.rotation[i];
            QJsonObject fields{{"rotate", k.value - setup}};
            // Raw values for a long turn: clockwise 1 (or -1) makes the runtime turn up (down).
            if (i + 1 < ch.rotation.size() && std::fabs(ch.rotation[i + 1].value - k.value) >= 179.0)
                fields.insert("clockwise", ch.rotation[i + 1].value > k.value ? 1 : -1);
            keys.push_back({frameOf(k.time, fps), k.curve, fields});
        }
        // The setup frame before a long first turn needs the same care.
        QJsonObject setupFields{{"rotate", 0}};
        if (std::fabs(ch.rotation.front().value - setup) >= 179.0)
            setupFields.insert("clockwise", ch.rotation.front().value > setup ? 1 : -1);
        timeline.insert("rotateFrame", framesOf(keys, setupFields, clipFrames, true));
    }
    return timeline;
}

int percent(double opacity) { return static_cast<int>(std::lround(std::clamp(opacity, 0.0, 1.0) * 100.0)); }

} // namespace

QJsonObject dragonBonesAnimation(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton,
                                 const std::vector<ExportedSlot>& exported, const AnimationOptions& options,
                                 ExportReport& report)
{
    const animation::Clip& clip = *plan.clip;
    const QString clipName = QString::fromStdString(clip.name);
    const int fps = options.fps;
    QJsonObject out{{"name", clipName}, {"duration", plan.frames}, {"playTimes", 1}};

    QJsonArray bones;
    for (const JointChannels& ch : plan.joints)
        bones.append(boneTimeline(rig, ch, fps, plan.frames));
    // Chains kept as IK: their target bones move with the target keys (offsets from the setup
    // target; target bones hang from the top bone at the origin).
    for (const KeptChain& k : plan.kept) {
        const Chain& chain = rig.chains()[static_cast<std::size_t>(k.chain)];
        const QString name = QString::fromStdString(chain.name);
        const auto e = std::find_if(skeleton.ik.begin(), skeleton.ik.end(), [&](const ExportedIk& i) { return i.name == name; });
        if (e == skeleton.ik.end() || k.target.empty())
            continue;
        std::vector<FrameKey> keys;
        for (const animation::PointKey& p : k.target)
            keys.push_back({frameOf(p.time, fps), p.curve,
                            QJsonObject{{"x", p.point.x - chain.target.point.x}, {"y", p.point.y - chain.target.point.y}}});
        bones.append(QJsonObject{{"name", e->target}, {"translateFrame", framesOf(keys, QJsonObject{{"x", 0}, {"y", 0}}, plan.frames, true)}});
    }
    if (!bones.isEmpty())
        out.insert("bone", bones);

    QJsonArray slotTimelines;
    bool rounded = false;
    const auto frameNear = [&](double t) {
        int f = 0;
        rounded = !onFrameGrid(t, fps, &f) || rounded;
        return f;
    };
    QStringList imageKeysMoved;
    QStringList merged; // slots whose visible and image keys became one display timeline
    for (const animation::SlotTracks& t : clip.slotTracks) {
        const auto s = std::find_if(exported.begin(), exported.end(), [&](const ExportedSlot& e) { return e.name.toStdString() == t.slot; });
        if (s == exported.end())
            continue; // left out of the export (reported with the slots)
        QJsonObject timeline{{"name", s->name}};
        if (!t.visible.empty() || !t.image.empty()) {
            // Visibility and image in one display timeline: -1 while hidden, else the index of
            // the keyed image in the slot's display list (the setup image is 0).
            std::vector<std::string> missing;
            std::vector<FrameKey> keys;
            for (const ShownKey& k : shownKeys(*s, t, &missing))
                keys.push_back({frameNear(k.time), Curve{Curve::Kind::Stepped}, QJsonObject{{"value", k.image}}});
            timeline.insert("displayFrame", framesOf(keys, QJsonObject{{"value", s->slot.visible ? 0 : -1}}, plan.frames, false));
            if (!t.visible.empty() && !t.image.empty())
                merged << QStringLiteral("\"%1\"").arg(s->name);
            for (const animation::ImageKey& k : t.image)
                if (int f = 0; !onFrameGrid(k.time, fps, &f))
                    imageKeysMoved << QStringLiteral("\"%1\" at %2 s to frame %3 (%4 s)")
                                          .arg(s->name).arg(k.time).arg(f).arg(static_cast<double>(f) / fps);
            for (const std::string& path : missing)
                report.add(QStringLiteral("image keys"), QString::fromStdString(path),
                           QStringLiteral("animation \"%1\": slot \"%2\": image \"%3\" was not given to the exporter, its keys hold the image before")
                               .arg(clipName, s->name, QString::fromStdString(path)));
        }
        if (!t.opacity.empty()) {
            std::vector<FrameKey> keys;
            for (const animation::Key& k : t.opacity)
                keys.push_back({frameNear(k.time), k.curve, QJsonObject{{"value", QJsonObject{{"aM", percent(k.value)}}}}});
            timeline.insert("colorFrame", framesOf(keys, QJsonObject{{"value", QJsonObject{{"aM", percent(s->slot.opacity)}}}},
                                                   plan.frames, true));
        }
        slotTimelines.append(timeline);
    }
    if (rounded)
        report.decide(QStringLiteral("animation \"%1\": slot keys off the %2 fps frame grid moved to the nearest frame")
                          .arg(clipName).arg(fps));
    if (!merged.isEmpty())
        report.decide(QStringLiteral("animation \"%1\": the visible and image keys of %2 merged into one displayFrame timeline (-1 while hidden, else the keyed image's display)")
                          .arg(clipName, (merged.size() == 1 ? QStringLiteral("slot ") : QStringLiteral("slots ")) + merged.join(QStringLiteral(", "))));
    if (!imageKeysMoved.isEmpty())
        report.decide(QStringLiteral("animation \"%1\": image keys moved onto the %2 fps frame grid: %3")
                          .arg(clipName).arg(fps).arg(imageKeysMoved.join(QStringLiteral(", "))));
    if (!slotTimelines.isEmpty())
        out.insert("slot", slotTimelines);

    QJsonArray ik;
    for (int c : plan.switchedOff) {
        const QString name = QString::fromStdString(rig.chains()[static_cast<std::size_t>(c)].name);
        const auto e = std::find_if(skeleton.ik.begin(), skeleton.ik.end(), [&](const ExportedIk& k) { return k.name == name; });
        if (e == skeleton.ik.end())
            continue; // exported without IK: nothing to switch off
        // bendPositive is read per frame (default true): repeat the constraint's own.
        ik.append(QJsonObject{{"name", name},
                              {"frame", QJsonArray{QJsonObject{{"duration", plan.frames}, {"weight", 0}, {"bendPositive", e->bendPositive}}}}});
    }
    if (!ik.isEmpty())
        out.insert("ik", ik);
    return out;
}

} // namespace bonework::exporters
