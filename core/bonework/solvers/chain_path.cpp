#include "bonework/solvers/chain_path.h"

#include <algorithm>

namespace bonework::solvers {

void ChainPath::build(const Rig& rig, JointIndex root, JointIndex tip)
{
    m_joints.clear();
    JointIndex j = tip;
    if (root == kNoJoint) { // up to the tree's root, found on the same walk
        for (; !rig.isRoot(j); j = rig.parent(j))
            m_joints.push_back(j);
        root = j;
    } else {
        for (; j != root; j = rig.parent(j))
            m_joints.push_back(j);
    }
    m_joints.push_back(root);
    std::reverse(m_joints.begin(), m_joints.end());

    // The deepest chain joint with a pin at or under it (the tip's own subtree, or a side
    // branch leaving the chain there) must stay put, and with it everything above. The rig
    // keeps that record per joint, so this costs the chain's length, not the rig's size.
    m_lastFixed = 0;
    for (std::size_t k = m_joints.size() - 1; k >= 1; --k) {
        if (rig.subtreeHasPin(m_joints[k])) {
            m_lastFixed = static_cast<int>(k);
            break;
        }
    }
}

} // namespace bonework::solvers
