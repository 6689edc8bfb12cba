#include "bonework/exporters/spine_exporter.h"

#include "bonework/exporters/exported_bones.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace bonework::exporters {
namespace {

// -0 reads as 0 in every runtime but looks odd in a file.
double flip(double v) { return v == 0.0 ? 0.0 : -v; }

} // namespace

QByteArray exportSpine(const Rig& rig, ExportReport& report)
{
    report.format = QStringLiteral("spine");
    report.clear();
    const ExportedSkeleton skeleton = exportedSkeleton(rig, report);

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
    const QByteArray body = QJsonDocument(bones).toJson(QJsonDocument::Compact);
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
    root.insert("slots", QJsonArray());
    if (!ik.isEmpty())
        root.insert("ik", ik);
    root.insert("skins", QJsonArray{QJsonObject{{"name", "default"}, {"attachments", QJsonObject()}}});
    root.insert("animations", QJsonObject{{"setup", QJsonObject()}});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace bonework::exporters
