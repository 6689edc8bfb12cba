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

void forwardKinematics(const Rig& rig, std::span<const JointIndex> joints, std::span<WorldTransform> out)
{
    assert(out.size() >= rig.jointCount());
    const std::span<const JointIndex> parents = rig.parents();
    const std::span<const double> lengths = rig.lengths();
    const std::span<const Rotation> local = rig.localRotations();
    for (const JointIndex j : joints) {
        const JointIndex p = parents[j];
        if (p == kNoJoint) {
            out[j].position = rig.rootPosition(j);
            out[j].rotation = local[j];
        } else {
            const Rotation r = out[p].rotation * local[j];
            out[j].rotation = r;
            out[j].position = out[p].position + r.direction() * lengths[j];
        }
    }
}

WorldTransform worldTransformOf(const Rig& rig, JointIndex joint)
{
    // 2D rotations commute, so the world rotation is the product of the local ones in any order.
    Rotation total = rig.localRotation(joint);
    JointIndex j = joint;
    while (!rig.isRoot(j)) {
        j = rig.parent(j);
        total = rig.localRotation(j) * total;
    }
    // Walk up again, peeling off one local rotation per bone to get each bone's direction.
    Vec2 offset;
    Rotation r = total;
    for (j = joint; !rig.isRoot(j); j = rig.parent(j)) {
        offset += r.direction() * rig.length(j);
        r = r * rig.localRotation(j).inverse();
    }
    return {rig.rootPosition(j) + offset, total};
}

std::vector<WorldTransform> forwardKinematics(const Rig& rig)
{
    std::vector<WorldTransform> out(rig.jointCount());
    forwardKinematics(rig, out);
    return out;
}

} // namespace bonework
