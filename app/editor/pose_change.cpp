#include "pose_change.h"

namespace bonework::editor {

void PoseChange::apply(Rig& rig, bool after) const
{
    for (const Joint& j : joints)
        rig.setPose(j.joint, after ? j.after : j.before);
    for (const Target& t : targets) {
        Chain chain = rig.chains()[t.chain];
        chain.target.point = after ? t.after : t.before;
        rig.setChain(t.chain, chain);
    }
}

PoseChange PoseChange::shown(const Rig& rig) const
{
    PoseChange change;
    for (const Joint& j : joints)
        if (!rig.readsSame(j.joint, j.before, j.after))
            change.joints.push_back(j);
    change.targets = targets;
    return change;
}

bool PoseChange::shows(const Rig& rig) const
{
    if (!targets.empty())
        return true;
    for (const Joint& j : joints)
        if (!rig.readsSame(j.joint, j.before, j.after))
            return true;
    return false;
}

void PoseSnapshot::take(const Rig& rig, std::span<const JointIndex> joints)
{
    m_joints.assign(joints.begin(), joints.end());
    m_poses.resize(m_joints.size());
    for (std::size_t i = 0; i < m_joints.size(); ++i)
        m_poses[i] = rig.pose(m_joints[i]);
    takeTargets(rig);
}

void PoseSnapshot::takeAll(const Rig& rig)
{
    m_joints.resize(rig.jointCount());
    m_poses.resize(rig.jointCount());
    for (std::size_t i = 0; i < m_joints.size(); ++i) {
        m_joints[i] = static_cast<JointIndex>(i);
        m_poses[i] = rig.pose(m_joints[i]);
    }
    takeTargets(rig);
}

void PoseSnapshot::takeTargets(const Rig& rig)
{
    m_targets.clear();
    for (const Chain& c : rig.chains())
        m_targets.push_back(c.target.point);
}

PoseChange PoseSnapshot::changesIn(const Rig& rig) const
{
    PoseChange change;
    change.joints.reserve(m_joints.size() < 64 ? m_joints.size() : 64);
    for (std::size_t i = 0; i < m_joints.size(); ++i) {
        const Rig::JointPose now = rig.pose(m_joints[i]);
        if (!(now == m_poses[i]))
            change.joints.push_back({m_joints[i], m_poses[i], now});
    }
    for (std::size_t c = 0; c < m_targets.size() && c < rig.chains().size(); ++c) {
        const Vec2 now = rig.chains()[c].target.point;
        if (now.x != m_targets[c].x || now.y != m_targets[c].y)
            change.targets.push_back({static_cast<int>(c), m_targets[c], now});
    }
    return change;
}

} // namespace bonework::editor
