#include "bonework/solvers/chain_frame.h"

#include <algorithm>

namespace bonework::solvers {

void ChainFrameLayout::build(const Rig& rig)
{
    const auto& chains = rig.chains();
    m_first.assign(chains.size() + 1, 0);
    m_joints.clear();
    for (std::size_t i = 0; i < chains.size(); ++i) {
        // The joints below the base down to the tip (as ChainPath's joints()[1..]).
        const std::size_t from = m_joints.size();
        for (JointIndex j = chains[i].tip; j != chains[i].root && j != kNoJoint; j = rig.parent(j))
            m_joints.push_back(j);
        std::reverse(m_joints.begin() + static_cast<std::ptrdiff_t>(from), m_joints.end());
        m_first[i + 1] = m_joints.size();
    }
}

} // namespace bonework::solvers
