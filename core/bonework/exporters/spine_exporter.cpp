#include "bonework/exporters/spine_exporter.h"

#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/spine_animation.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace bonework::exporters {
namespace {

// -0 reads as 0 in every runtime but looks odd in a file.
double flip(double v) { return v == 0.0 ? 0.0 : -v; }

// "ffffffAA": white (no tint) with the opacity as alpha, the way Spine writes colours.
QString slotColor(double opacity)
{
    const int alpha = std::clamp(static_cast<int>(std::lround(opacity * 255.0)), 0, 255);
    return QStringLiteral("ffffff%1").arg(alpha, 2, 16, QLatin1Char('0'));
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

QByteArray exportSpine(const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported,
                       const AnimationOptions& options)
{
    report.format = QStringLiteral("spine");
    report.clear();
    ExportedSkeleton skeleton = exportedSkeleton(rig, report);
    reportSlotsLeftOut(rig, exported, report);
    includeSlotBounds(skeleton, rig, exported);

    QJsonArray bones;
    for (const ExportedBone& b : skeleton.bones) {
        QJsonObject o = boneEntry(b);
        if (b.x != 0.0)
            o.insert("x", b.x);
        if (b.y != 0.0)
            o.insert("y", flip(b.y));
        if (b.rotation != 0.0)
            o.insert("rotation", flip(b.rotation));
        bones.append(o);
    }
    QJsonArray ik;
    int order = 0;
    for (const ExportedIk& c : skeleton.ik) {
        QJsonObject o;
        o.insert("name", c.name);
        o.insert("order", order++);
        o.insert("bones", QJsonArray::fromStringList(c.bones));
        o.insert("target", c.target);
        // Bonework's positive bend turns the second bone clockwise on screen; with y up that
        // is a negative rotation, which Spine calls bendPositive = false.
        if (c.bones.size() == 2)
            o.insert("bendPositive", !c.bendPositive);
        o.insert("mix", c.mix);
        ik.append(o);
    }
    QJsonArray slotEntries;
    QJsonObject attachments; // slot name -> {attachment name -> region attachment}
    for (const ExportedSlot& s : exported) {
        QJsonObject entry{{"name", s.name}, {"bone", s.bone}};
        if (s.slot.visible)
            entry.insert("attachment", s.region);
        if (s.slot.opacity < 1.0)
            entry.insert("color", slotColor(s.slot.opacity));
        slotEntries.append(entry);
        // One region attachment per image the slot shows (its setup image, and those its image
        // keys give it), each named by its region; each has its own centre, from its own size.
        QJsonObject ofSlot;
        for (const ExportedImage& image : imagesOf(s)) {
            const SpineRegion r = spineRegionOf(s, image);
            const QJsonObject region{{"name", image.region},   {"path", image.region},   {"x", r.x},
                                     {"y", r.y},               {"rotation", r.rotation}, {"scaleX", r.scaleX},
                                     {"scaleY", r.scaleY},     {"width", r.width},       {"height", r.height}};
            ofSlot.insert(image.region, region);
        }
        attachments.insert(s.name, ofSlot);
    }
    QByteArray body = QJsonDocument(bones).toJson(QJsonDocument::Compact);
    if (!exported.empty()) // the art changes the hash too; rigs without slots keep theirs
        body += QJsonDocument(slotEntries).toJson(QJsonDocument::Compact)
                + QJsonDocument(attachments).toJson(QJsonDocument::Compact);
    QJsonObject header;
    header.insert("hash", QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha1).toBase64().left(11)));
    header.insert("spine", QString::fromLatin1(kSpineVersion));
    header.insert("x", skeleton.minX);
    header.insert("y", flip(skeleton.maxY));
    header.insert("width", skeleton.maxX - skeleton.minX);
    header.insert("height", skeleton.maxY - skeleton.minY);
    header.insert("images", "./images/");
    header.insert("audio", "");

    QJsonObject root;
    root.insert("skeleton", header);
    root.insert("bones", bones);
    root.insert("slots", slotEntries);
    if (!ik.isEmpty())
        root.insert("ik", ik);
    root.insert("skins", QJsonArray{QJsonObject{{"name", "default"}, {"attachments", attachments}}});
    QJsonObject animations{{"setup", QJsonObject()}}; // a clip named "setup" takes its place
    for (const animation::Clip& clip : rig.animations())
        animations.insert(QString::fromStdString(clip.name),
                          spineAnimation(rig, planClip(rig, clip, options, false, report), skeleton, exported, report));
    root.insert("animations", animations);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace bonework::exporters
