#include "bonework/exporters/dragonbones_exporter.h"

#include "bonework/exporters/exported_bones.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace bonework::exporters {

QByteArray exportDragonBones(const Rig& rig, ExportReport& report)
{
    report.format = QStringLiteral("dragonbones");
    report.clear();
    const ExportedSkeleton skeleton = exportedSkeleton(rig, report);
    const QString name = skeleton.name.isEmpty() ? QStringLiteral("armature") : skeleton.name;

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
    QJsonObject armature;
    armature.insert("type", "Armature");
    armature.insert("frameRate", 60);
    armature.insert("name", name);
    armature.insert("aabb", QJsonObject{{"x", skeleton.minX},
                                        {"y", skeleton.minY},
                                        {"width", skeleton.maxX - skeleton.minX},
                                        {"height", skeleton.maxY - skeleton.minY}});
    armature.insert("bone", bones);
    armature.insert("slot", QJsonArray());
    armature.insert("skin", QJsonArray{QJsonObject{{"name", ""}, {"slot", QJsonArray()}}});
    if (!ik.isEmpty())
        armature.insert("ik", ik);
    armature.insert("animation", QJsonArray{QJsonObject{{"name", "setup"}, {"duration", 0}, {"playTimes", 0}}});
    armature.insert("defaultActions", QJsonArray{QJsonObject{{"gotoAndPlay", "setup"}}});

    QJsonObject root;
    root.insert("frameRate", 60);
    root.insert("name", name);
    root.insert("version", QString::fromLatin1(kDragonBonesVersion));
    root.insert("compatibleVersion", QString::fromLatin1(kDragonBonesVersion));
    root.insert("armature", QJsonArray{armature});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace bonework::exporters
