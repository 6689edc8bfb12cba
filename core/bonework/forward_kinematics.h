#pragma once
// Forward kinematics: the world position and bone direction of every joint.

#include "bonework/rig.h"

#include <span>
#include <vector>

namespace bonework {

struct WorldTransform {
    Vec2 position;
    // World direction of the bone that ends at this joint (for a root: its rotation).
    Rotation rotation;
};

// Fills `out` (one entry per joint, sized by the caller) and allocates nothing.
void forwardKinematics(const Rig& rig, std::span<WorldTransform> out);

// Fills out[j] for the listed joints only, the same values as the sweep over the whole rig, so
// a solver that reads a few joints' positions pays for those, not for the rest of the rig.
// `joints` must hold every ancestor of each joint it holds (as the joints on the way up from
// some effectors, or a whole tree, do), each parent before its children (increasing index
// order does). The other entries of `out` are left alone.
void forwardKinematics(const Rig& rig, std::span<const JointIndex> joints, std::span<WorldTransform> out);

// The world transform of one joint, walking only its ancestors: O(depth), no allocation.
// Matches forwardKinematics to rounding.
WorldTransform worldTransformOf(const Rig& rig, JointIndex joint);

// Where a chain reaches for now: its target point, or its target joint's world position
// (worldTransformOf: O(depth)).
Vec2 chainTargetPosition(const Rig& rig, const Chain& chain);

// Convenience for callers that do not keep a buffer.
std::vector<WorldTransform> forwardKinematics(const Rig& rig);

} // namespace bonework
