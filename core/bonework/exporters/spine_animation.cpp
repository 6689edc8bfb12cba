#include "bonework/exporters/spine_animation.h"

#include <QJsonArray>

#include <algorithm>

namespace bonework::exporters {
namespace {

using animation::Curve;

// -0 reads as 0 in every runtime but looks odd in a file.
double flip(double v) { return v == 0.0 ? 0.0 : -v; }

// A key's "time", left out at 0 as Spine writes it.
QJsonObject timed(double t)
{
    QJsonObject o;
    if (t != 0.0)
        o.insert("time", t);
    return o;
}

// The Bezier handles of one value from (t0, v0) to (t1, v1), in absolute units.
void appendHandles(QJsonArray& out, const Curve& c, double t0, double v0, double t1, double v1)
{
    out << t0 + c.x1 * (t1 - t0) << v0 + c.y1 * (v1 - v0) << t0 + c.x2 * (t1 - t0) << v0 + c.y2 * (v1 - v0);
}

} // namespace

QJsonObject spineAnimation(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton,
                           const std::vector<ExportedSlot>& exported, ExportReport& report)
{
    const animation::Clip& clip = *plan.clip;
    QJsonObject out;

    QJsonObject bones;
    for (const JointChannels& ch : plan.joints) {
        QJsonObject timelines;
        if (!ch.rotation.empty()) {
            const double setup = rig.angle(ch.joint);
            QJsonArray keys;
            for (std::size_t i = 0; i < ch.rotation.size(); ++i) {
                const animation::Key& k = ch.rotation[i];
                QJsonObject o = timed(k.time);
                o.insert("value", flip(k.value - setup));
                if (i + 1 < ch.rotation.size()) {
                    if (k.curve.kind == Curve::Kind::Stepped)
                        o.insert("curve", "stepped");
                    else if (k.curve.kind == Curve::Kind::Bezier) {
                        QJsonArray handles;
                        const animation::Key& next = ch.rotation[i + 1];
                        appendHandles(handles, k.curve, k.time, flip(k.value - setup), next.time, flip(next.value - setup));
                        o.insert("curve", handles);
                    }
                }
                keys.append(o);
            }
            timelines.insert("rotate", keys);
        }
        if (!ch.translation.empty()) {
            const Vec2 setup = rig.rootPosition(ch.joint);
            QJsonArray keys;
            for (std::size_t i = 0; i < ch.translation.size(); ++i) {
                const animation::PointKey& k = ch.translation[i];
                QJsonObject o = timed(k.time);
                o.insert("x", k.point.x - setup.x);
                o.insert("y", flip(k.point.y - setup.y));
                if (i + 1 < ch.translation.size()) {
                    if (k.curve.kind == Curve::Kind::Stepped)
                        o.insert("curve", "stepped");
                    else if (k.curve.kind == Curve::Kind::Bezier) {
                        QJsonArray handles;
                        const animation::PointKey& next = ch.translation[i + 1];
                        appendHandles(handles, k.curve, k.time, k.point.x - setup.x, next.time, next.point.x - setup.x);
                        appendHandles(handles, k.curve, k.time, flip(k.point.y - setup.y), next.time, flip(next.point.y - setup.y));
                        o.insert("curve", handles);
                    }
                }
                keys.append(o);
            }
            timelines.insert("translate", keys);
        }
        bones.insert(QString::fromStdString(rig.jointName(ch.joint)), timelines);
    }
    if (!bones.isEmpty())
        out.insert("bones", bones);

    QJsonObject slotTimelines;
    QStringList merged; // slots whose visible and image keys became one attachment timeline
    for (const animation::SlotTracks& t : clip.slotTracks) {
        const auto s = std::find_if(exported.begin(), exported.end(), [&](const ExportedSlot& e) { return e.name.toStdString() == t.slot; });
        if (s == exported.end())
            continue; // left out of the export (reported with the slots)
        QJsonObject timelines;
        if (!t.visible.empty() || !t.image.empty()) {
            // Visibility and image in one attachment timeline: null while hidden, else the
            // keyed image's attachment (each image is an attachment of the slot in the skin).
            std::vector<std::string> missing;
            const std::vector<ShownKey> shown = shownKeys(*s, t, &missing);
            const std::vector<ExportedImage> images = imagesOf(*s);
            QJsonArray keys;
            for (const ShownKey& k : shown) {
                QJsonObject o = timed(k.time);
                o.insert("name", k.image >= 0 ? QJsonValue(images[std::size_t(k.image)].region) : QJsonValue(QJsonValue::Null));
                keys.append(o);
            }
            timelines.insert("attachment", keys);
            if (!t.visible.empty() && !t.image.empty())
                merged << QStringLiteral("\"%1\"").arg(s->name);
            for (const std::string& path : missing)
                report.add(QStringLiteral("image keys"), QString::fromStdString(path),
                           QStringLiteral("animation \"%1\": slot \"%2\": image \"%3\" was not given to the exporter, its keys hold the image before")
                               .arg(QString::fromStdString(clip.name), s->name, QString::fromStdString(path)));
        }
        if (!t.opacity.empty()) {
            QJsonArray keys;
            for (std::size_t i = 0; i < t.opacity.size(); ++i) {
                const animation::Key& k = t.opacity[i];
                QJsonObject o = timed(k.time);
                o.insert("value", k.value);
                if (i + 1 < t.opacity.size()) {
                    if (k.curve.kind == Curve::Kind::Stepped)
                        o.insert("curve", "stepped");
                    else if (k.curve.kind == Curve::Kind::Bezier) {
                        QJsonArray handles;
                        appendHandles(handles, k.curve, k.time, k.value, t.opacity[i + 1].time, t.opacity[i + 1].value);
                        o.insert("curve", handles);
                    }
                }
                keys.append(o);
            }
            timelines.insert("alpha", keys);
        }
        slotTimelines.insert(s->name, timelines);
    }
    if (!merged.isEmpty())
        report.decide(QStringLiteral("animation \"%1\": the visible and image keys of %2 merged into one attachment timeline (null while hidden, else the keyed image's attachment)")
                          .arg(QString::fromStdString(clip.name), (merged.size() == 1 ? QStringLiteral("slot ") : QStringLiteral("slots ")) + merged.join(QStringLiteral(", "))));
    if (!slotTimelines.isEmpty())
        out.insert("slots", slotTimelines);

    QJsonObject ik;
    for (int c : plan.switchedOff) {
        const QString name = QString::fromStdString(rig.chains()[static_cast<std::size_t>(c)].name);
        const auto e = std::find_if(skeleton.ik.begin(), skeleton.ik.end(), [&](const ExportedIk& k) { return k.name == name; });
        if (e == skeleton.ik.end())
            continue; // exported without IK: nothing to switch off
        // The constraint's own bend (y up flips it, as in the setup pose): keys set it too.
        ik.insert(name, QJsonArray{QJsonObject{{"mix", 0}, {"bendPositive", !e->bendPositive}}});
    }
    if (!ik.isEmpty())
        out.insert("ik", ik);
    return out;
}

} // namespace bonework::exporters
