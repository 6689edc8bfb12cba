#include "bonework/solvers/chain_workspace.h"

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver_support.h"

namespace bonework {

bool ChainWorkspace::prepare(const Rig& rig, const SolveRequest& request)
{
    const JointIndex tip = request.effectors.front().joint;
    markPinnedSubtrees(rig, m_pinnedBelow);
    freeChainBones(rig, chainBase(rig, request), tip, m_pinnedBelow, m_bones);
    if (m_bones.empty())
        return false;
    const WorldTransform start = worldTransformOf(rig, rig.parent(m_bones.front()));
    m_start = start.position;
    m_baseFrame = start.rotation;
    m_positions.resize(m_bones.size() + 1);
    updatePositions(rig);
    return true;
}

void ChainWorkspace::updatePositions(const Rig& rig)
{
    Rotation r = m_baseFrame;
    m_positions[0] = m_start;
    for (std::size_t k = 0; k < m_bones.size(); ++k) {
        r = r * rig.localRotation(m_bones[k]);
        m_positions[k + 1] = m_positions[k] + r.direction() * rig.length(m_bones[k]);
    }
}

double unmovableChainError(const Rig& rig, const SolveRequest& request)
{
    const Effector& e = request.effectors.front();
    return distance(worldTransformOf(rig, e.joint).position, e.target);
}

} // namespace bonework
