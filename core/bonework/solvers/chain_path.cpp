#include "bonework/solvers/chain_path.h"

#include <algorithm>

namespace bonework {

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

    // Which chain joint each pinned joint hangs from. Children come after their parents, so
    // one sweep from the base onward finds, for every joint under the base, the deepest path
    // joint above it (joints before the base cannot be under it).
    m_lastFixed = 0;
    const std::span<const JointIndex> parents = rig.parents();
    const std::size_t n = rig.jointCount();
    const auto first = static_cast<std::size_t>(root);
    bool anyPin = false;
    for (std::size_t i = first + 1; i < n && !anyPin; ++i)
        anyPin = rig.isPinned(static_cast<JointIndex>(i));
    if (!anyPin)
        return;
    if (m_pathAncestor.size() < n)
        m_pathAncestor.resize(n);
    std::fill(m_pathAncestor.begin() + static_cast<std::ptrdiff_t>(first), m_pathAncestor.begin() + static_cast<std::ptrdiff_t>(n), -1);
    for (std::size_t k = 0; k < m_joints.size(); ++k)
        m_pathAncestor[static_cast<std::size_t>(m_joints[k])] = static_cast<int>(k);
    for (std::size_t i = first + 1; i < n; ++i) {
        int& here = m_pathAncestor[i];
        if (here < 0) {
            const JointIndex p = parents[i];
            here = p >= root ? m_pathAncestor[static_cast<std::size_t>(p)] : -1;
        }
        if (here > m_lastFixed && rig.isPinned(static_cast<JointIndex>(i)))
            m_lastFixed = here;
    }
}

} // namespace bonework
