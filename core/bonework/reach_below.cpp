#include "bonework/reach_below.h"

#include <algorithm>

namespace bonework {

std::vector<double> reachBelow(const Rig& rig)
{
    std::vector<double> reach(rig.jointCount(), 0.0);
    for (std::size_t i = rig.jointCount(); i-- > 0;) { // children after parents: walk backwards
        const auto j = static_cast<JointIndex>(i);
        if (const JointIndex p = rig.parent(j); p != kNoJoint)
            reach[static_cast<std::size_t>(p)] = std::max(reach[static_cast<std::size_t>(p)], reach[i] + rig.length(j));
    }
    return reach;
}

} // namespace bonework
