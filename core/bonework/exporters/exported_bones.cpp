#include "bonework/exporters/exported_bones.h"

#include "bonework/forward_kinematics.h"

#include <QSet>

#include <algorithm>

namespace bonework::exporters {
namespace {

QString uniqueName(const QString& wanted, QSet<QString>& taken)
{
    QString name = wanted;
    for (int n = 2; taken.contains(name); ++n)
        name = wanted + QLatin1Char('_') + QString::number(n);
    taken.insert(name);
    return name;
}

} // namespace

QString topBoneName(const Rig& rig)
{
    QString name = QStringLiteral("root");
    for (int n = 2; rig.findJoint(name.toStdString()) != kNoJoint; ++n)
        name = QStringLiteral("root_") + QString::number(n);
    return name;
}

ExportedSkeleton exportedSkeleton(const Rig& rig, ExportReport& report)
{
    ExportedSkeleton out;
    out.name = QString::fromStdString(rig.name());
    QSet<QString> taken;
    for (std::size_t i = 0; i < rig.jointCount(); ++i)
        taken.insert(QString::fromStdString(rig.jointName(static_cast<JointIndex>(i))));
    const QString top = topBoneName(rig);
    taken.insert(top);
    out.bones.push_back({top, {}, 0, 0, 0, 0});

    const auto world = forwardKinematics(rig);
    bool first = true;
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        ExportedBone b;
        b.name = QString::fromStdString(rig.jointName(j));
        if (rig.isRoot(j)) {
            b.parent = top;
            b.x = rig.rootPosition(j).x;
            b.y = rig.rootPosition(j).y;
            b.rotation = rig.angle(j);
        } else {
            const JointIndex p = rig.parent(j);
            b.parent = QString::fromStdString(rig.jointName(p));
            b.length = rig.length(j);
            b.x = rig.isRoot(p) ? 0.0 : rig.length(p); // starts where the parent bone ends
            b.rotation = rig.angle(j);
            const bool limited = rig.minAngle(j) > -180.0 || rig.maxAngle(j) < 180.0;
            if (limited) {
                const QString range = QStringLiteral("[%1, %2]").arg(rig.minAngle(j)).arg(rig.maxAngle(j));
                report.add(QStringLiteral("angle limits"), QStringLiteral("%1 %2").arg(b.name, range),
                           QStringLiteral("angle limits %1 of \"%2\"").arg(range, b.name));
            }
        }
        if (rig.isPinned(j))
            report.add(QStringLiteral("pins"), b.name, QStringLiteral("pin on \"%1\"").arg(b.name));
        out.bones.push_back(b);
        const Vec2 p = world[i].position;
        if (first) {
            out.minX = out.maxX = p.x;
            out.minY = out.maxY = p.y;
            first = false;
        }
        out.minX = std::min(out.minX, p.x);
        out.maxX = std::max(out.maxX, p.x);
        out.minY = std::min(out.minY, p.y);
        out.maxY = std::max(out.maxY, p.y);
    }

    // The setup pose only, for now: the clips' timelines are the animation issue's export step.
    for (const animation::Clip& clip : rig.animations()) {
        const QString name = QString::fromStdString(clip.name);
        report.add(QStringLiteral("animations, not exported yet"), name,
                   QStringLiteral("animation \"%1\" (not exported yet: the setup pose is)").arg(name));
    }

    for (const Chain& c : rig.chains()) {
        const QString chainName = QString::fromStdString(c.name);
        int bones = 0;
        for (JointIndex j = c.tip; j != c.root && j != kNoJoint; j = rig.parent(j))
            ++bones;
        if (bones < 1 || bones > 2) {
            report.add(QStringLiteral("chains longer than two bones, exported without IK"), chainName,
                       QStringLiteral("chain \"%1\" (%2 bones: the runtime's IK takes one or two; its bones are exported without IK)")
                           .arg(chainName)
                           .arg(bones));
            continue;
        }
        if (c.solver != SolverKind::TwoBone && bones == 2)
            report.add(QStringLiteral("solvers exported as the runtime's two-bone IK"), chainName,
                       QStringLiteral("solver \"%1\" of chain \"%2\" (exported as the runtime's two-bone IK)")
                           .arg(QString::fromLatin1(solverName(c.solver)), chainName));
        ExportedIk ik;
        ik.name = chainName;
        if (bones == 2)
            ik.bones << QString::fromStdString(rig.jointName(rig.parent(c.tip)));
        ik.bones << QString::fromStdString(rig.jointName(c.tip));
        ik.bendPositive = c.bend == BendDirection::Positive;
        ik.mix = c.mix;
        ExportedBone target;
        target.name = uniqueName(chainName + QStringLiteral("_target"), taken);
        target.parent = top;
        Vec2 at = c.target.point;
        if (c.target.isAttached()) {
            at = world[c.target.joint].position;
            report.add(QStringLiteral("attached targets, exported at their current positions"), chainName,
                       QStringLiteral("target of chain \"%1\" attached to \"%2\" (exported at its current position)")
                           .arg(chainName, QString::fromStdString(rig.jointName(c.target.joint))));
        }
        target.x = at.x;
        target.y = at.y;
        out.bones.push_back(target);
        ik.target = target.name;
        out.ik.push_back(ik);
    }
    return out;
}

QJsonObject boneEntry(const ExportedBone& bone)
{
    QJsonObject o;
    o.insert("name", bone.name);
    if (!bone.parent.isEmpty())
        o.insert("parent", bone.parent);
    if (bone.length != 0.0)
        o.insert("length", bone.length);
    return o;
}

} // namespace bonework::exporters
