#include "bonework/exporters/dragonbones_exporter.h"

#include "bonework/exporters/dragonbones_animation.h"
#include "bonework/exporters/exported_bones.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace bonework::exporters {

QString dragonBonesDataName(const Rig& rig)
{
    return rig.name().empty() ? QStringLiteral("armature") : QString::fromStdString(rig.name());
}

QByteArray exportDragonBones(const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported,
                             const AnimationOptions& options)
{
    report.format = QStringLiteral("dragonbones");
    report.clear();
    ExportedSkeleton skeleton = exportedSkeleton(rig, report);
    reportSlotsLeftOut(rig, exported, report);
    includeSlotBounds(skeleton, rig, exported);
    const QString name = dragonBonesDataName(rig);

    QJsonArray bones;
    for (const ExportedBone& b : skeleton.bones) {
        QJsonObject o = boneEntry(b);
        QJsonObject transform;
        if (b.x != 0.0)
            transform.insert("x", b.x);
        if (b.y != 0.0)
            transform.insert("y", b.y);
        if (b.rotation != 0.0) { // a pure rotation: both skews equal the angle
            transform.insert("skX", b.rotation);
            transform.insert("skY", b.rotation);
        }
        if (!transform.isEmpty())
            o.insert("transform", transform);
        bones.append(o);
    }
    QJsonArray ik;
    for (const ExportedIk& c : skeleton.ik) {
        QJsonObject o;
        o.insert("name", c.name);
        o.insert("bone", c.bones.last());
        o.insert("target", c.target);
        o.insert("chain", static_cast<int>(c.bones.size()) - 1);
        // DragonBones is y-down like Bonework: positive means the same bend.
        o.insert("bendPositive", c.bendPositive);
        o.insert("weight", c.mix);
        ik.append(o);
    }
    QJsonArray slotEntries;
    QJsonArray skinSlots;
    for (const ExportedSlot& s : exported) {
        QJsonObject entry{{"name", s.name}, {"parent", s.bone}, {"displayIndex", s.slot.visible ? 0 : -1}};
        if (s.slot.opacity < 1.0) // the format's multipliers are whole percents
            entry.insert("color", QJsonObject{{"aM", static_cast<int>(std::lround(s.slot.opacity * 100.0))}});
        slotEntries.append(entry);
        const QJsonObject transform{{"x", s.slot.x},
                                    {"y", s.slot.y},
                                    {"skX", s.slot.rotation},
                                    {"skY", s.slot.rotation},
                                    {"scX", s.slot.scaleX},
                                    {"scY", s.slot.scaleY}};
        // One display per image the slot shows: its setup image first (display 0), then those
        // its image keys give it, in the order of exported_slots.h (displayFrame values index them).
        QJsonArray displays;
        for (const ExportedImage& image : imagesOf(s))
            displays.append(QJsonObject{{"type", "image"},
                                        {"name", image.region},
                                        {"path", image.region},
                                        {"transform", transform},
                                        {"pivot", QJsonObject{{"x", s.slot.pivotX}, {"y", s.slot.pivotY}}}});
        skinSlots.append(QJsonObject{{"name", s.name}, {"display", displays}});
    }
    QJsonObject armature;
    armature.insert("type", "Armature");
    const int frameRate = rig.animations().empty() ? 60 : options.fps;
    armature.insert("frameRate", frameRate);
    armature.insert("name", name);
    armature.insert("aabb", QJsonObject{{"x", skeleton.minX},
                                        {"y", skeleton.minY},
                                        {"width", skeleton.maxX - skeleton.minX},
                                        {"height", skeleton.maxY - skeleton.minY}});
    armature.insert("bone", bones);
    armature.insert("slot", slotEntries);
    armature.insert("skin", QJsonArray{QJsonObject{{"name", ""}, {"slot", skinSlots}}});
    if (!ik.isEmpty())
        armature.insert("ik", ik);
    QJsonArray animations;
    const bool clipNamedSetup = std::any_of(rig.animations().begin(), rig.animations().end(),
                                            [](const animation::Clip& c) { return c.name == "setup"; });
    if (!clipNamedSetup)
        animations.append(QJsonObject{{"name", "setup"}, {"duration", 0}, {"playTimes", 0}});
    for (const animation::Clip& clip : rig.animations())
        animations.append(dragonBonesAnimation(rig, planClip(rig, clip, options, true, report), skeleton, exported, options, report));
    armature.insert("animation", animations);
    armature.insert("defaultActions", QJsonArray{QJsonObject{{"gotoAndPlay", clipNamedSetup ? QString::fromStdString(rig.animations().front().name) : QStringLiteral("setup")}}});

    QJsonObject root;
    root.insert("frameRate", frameRate);
    root.insert("name", name);
    root.insert("version", QString::fromLatin1(kDragonBonesVersion));
    root.insert("compatibleVersion", QString::fromLatin1(kDragonBonesVersion));
    root.insert("armature", QJsonArray{armature});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace bonework::exporters
