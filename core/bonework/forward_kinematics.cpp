#include "bonework/forward_kinematics.h"

#include <cassert>

namespace bonework {

namespace {
// The rig's arrays, read once per call: through the accessors the compiler would reload them
// after every store to `out` (it cannot tell they do not alias), which costs the sweep 3%.
struct Arrays {
    explicit Arrays(const Rig& rig) : rig(rig), parents(rig.parents()), lengths(rig.lengths()), local(rig.localRotations()) {}
    const Rig& rig;
    std::span<const JointIndex> parents;
    std::span<const double> lengths;
    std::span<const Rotation> local;

    // One joint from its parent's transform (already in `out`), or from the rig for a root.
    void place(JointIndex j, std::span<WorldTransform> out) const
    {
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
};
} // namespace

void forwardKinematics(const Rig& rig, std::span<WorldTransform> out)
{
    assert(out.size() >= rig.jointCount());
    const Arrays arrays(rig);
    // Parents come before children, so one forward sweep suffices. Along a run of joints that
    // each hang from the one before (every chain), the parent's transform is taken from the
    // registers rather than read back from `out` just after it was stored: the same values, the
    // same arithmetic, but the store and reload no longer lie on the sweep's critical path.
    const auto n = static_cast<JointIndex>(rig.jointCount());
    WorldTransform last;
    for (JointIndex j = 0; j < n; ++j) {
        const JointIndex p = arrays.parents[j];
        if (p != kNoJoint && p == j - 1) {
            const Rotation r = last.rotation * arrays.local[j];
            last = {last.position + r.direction() * arrays.lengths[j], r};
            out[j] = last;
        } else {
            arrays.place(j, out);
            last = out[j];
        }
    }
}

void forwardKinematics(const Rig& rig, std::span<const JointIndex> joints, std::span<WorldTransform> out)
{
    assert(out.size() >= rig.jointCount());
    const Arrays arrays(rig);
    for (const JointIndex j : joints)
        arrays.place(j, out);
}

Vec2 chainTargetPosition(const Rig& rig, const Chain& chain)
{
    return chain.target.isAttached() ? worldTransformOf(rig, chain.target.joint).position : chain.target.point;
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
