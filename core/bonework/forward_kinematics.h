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

// The world transform of one joint, walking only its ancestors: O(depth), no allocation.
// Matches forwardKinematics to rounding.
WorldTransform worldTransformOf(const Rig& rig, JointIndex joint);

// Convenience for callers that do not keep a buffer.
std::vector<WorldTransform> forwardKinematics(const Rig& rig);

} // namespace bonework
