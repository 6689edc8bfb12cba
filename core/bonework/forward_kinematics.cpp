#include "bonework/forward_kinematics.h"

#include <cassert>

namespace bonework {

void forwardKinematics(const Rig& rig, std::span<WorldTransform> out)
{
    assert(out.size() >= rig.jointCount());
    const std::span<const JointIndex> parents = rig.parents();
    const std::span<const double> lengths = rig.lengths();
    const std::span<const Rotation> local = rig.localRotations();
    const std::size_t n = parents.size();
    // Parents come before children, so one forward sweep suffices.
    for (std::size_t i = 0; i < n; ++i) {
        const JointIndex p = parents[i];
        if (p == kNoJoint) {
            out[i].position = rig.rootPosition(static_cast<JointIndex>(i));
            out[i].rotation = local[i];
        } else {
            const Rotation r = out[p].rotation * local[i];
            out[i].rotation = r;
            out[i].position = out[p].position + r.direction() * lengths[i];
        }
    }
}

std::vector<WorldTransform> forwardKinematics(const Rig& rig)
{
    std::vector<WorldTransform> out(rig.jointCount());
    forwardKinematics(rig, out);
    return out;
}

} // namespace bonework
