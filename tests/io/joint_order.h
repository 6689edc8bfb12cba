#pragma once
// Joint order in rig files: the same file with its joints shuffled, and checks that a loaded rig
// lists parents first and holds the same joints, chains and slots whatever the order.

#include "bonework/rig.h"

#include "random_rigs.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <string>
#include <vector>

namespace bonework::testing {

// The same file with its joints shuffled (through Qt's own JSON writer).
inline QByteArray shuffledJoints(const QByteArray& json, Engine& rng)
{
    QJsonObject top = QJsonDocument::fromJson(json).object();
    QJsonArray joints = top.value(QStringLiteral("joints")).toArray();
    std::vector<QJsonValue> list(joints.begin(), joints.end());
    std::shuffle(list.begin(), list.end(), rng);
    QJsonArray shuffled;
    for (const QJsonValue& v : list)
        shuffled.append(v);
    top.insert(QStringLiteral("joints"), shuffled);
    return QJsonDocument(top).toJson(QJsonDocument::Compact);
}

// Same joints (by name, parents by name), chains and slots (joints by name), whatever the order.
inline QString sameRigAnyOrder(const Rig& a, const Rig& b)
{
    if (a.jointCount() != b.jointCount() || a.chains().size() != b.chains().size() || a.name() != b.name())
        return QStringLiteral("sizes or names differ");
    auto parentName = [](const Rig& r, JointIndex j) { return r.isRoot(j) ? std::string() : r.jointName(r.parent(j)); };
    for (std::size_t i = 0; i < a.jointCount(); ++i) {
        const auto ja = static_cast<JointIndex>(i);
        const JointIndex jb = b.findJoint(a.jointName(ja));
        if (jb == kNoJoint)
            return QStringLiteral("joint %1 missing").arg(QString::fromStdString(a.jointName(ja)));
        JointDesc da = a.joint(ja), db = b.joint(jb);
        if (parentName(a, ja) != parentName(b, jb))
            return QStringLiteral("parent of %1 differs").arg(i);
        da.parent = db.parent = kNoJoint;
        if (!(da == db))
            return QStringLiteral("joint %1 differs").arg(i);
    }
    for (std::size_t c = 0; c < a.chains().size(); ++c) {
        const Chain& ca = a.chains()[c];
        const Chain& cb = b.chains()[c];
        if (ca.name != cb.name || a.jointName(ca.root) != b.jointName(cb.root) || a.jointName(ca.tip) != b.jointName(cb.tip)
            || ca.solver != cb.solver || ca.iterations != cb.iterations || ca.tolerance != cb.tolerance || ca.bend != cb.bend
            || ca.target.isAttached() != cb.target.isAttached()
            || (ca.target.isAttached() ? a.jointName(ca.target.joint) != b.jointName(cb.target.joint)
                                       : !(ca.target.point == cb.target.point)))
            return QStringLiteral("chain %1 differs").arg(c);
    }
    if (a.slotList().size() != b.slotList().size())
        return QStringLiteral("slot counts differ");
    for (std::size_t k = 0; k < a.slotList().size(); ++k) {
        Slot sa = a.slotList()[k];
        Slot sb = b.slotList()[k];
        if (a.jointName(sa.joint) != b.jointName(sb.joint))
            return QStringLiteral("slot %1's joint differs").arg(k);
        sa.joint = sb.joint = kNoJoint;
        if (!(sa == sb))
            return QStringLiteral("slot %1 differs").arg(k);
    }
    return {};
}

inline bool parentsFirst(const Rig& rig)
{
    for (std::size_t i = 0; i < rig.jointCount(); ++i)
        if (rig.parent(static_cast<JointIndex>(i)) >= static_cast<JointIndex>(i))
            return false;
    return true;
}

} // namespace bonework::testing
