#pragma once
// Where a bone goes when a user draws it from a joint to a point: its length and its angle in the
// joint's frame, and the snapped direction (Shift in the editor's Add Bone tool). One rule for
// every front end, so the editor's preview, the bone it adds and any other tool agree.

#include "bonework/forward_kinematics.h"

#include <optional>

namespace bonework {

// Bones shorter than this are refused when drawn: a click is not a bone.
inline constexpr double kMinimumDrawnBoneLength = 1.0;
// The step the angle of a drawn bone snaps to.
inline constexpr double kBoneSnapDegrees = 15.0;

struct BonePlacement {
    double length = 0.0;
    double angle = 0.0; // degrees, relative to the joint's frame (the rig's convention)
};

// The bone from the joint whose world transform is `from` to the point `end`; nullopt when the
// point is closer than kMinimumDrawnBoneLength (or not finite).
std::optional<BonePlacement> boneTo(const WorldTransform& from, Vec2 end);

// `end` turned about the joint onto the nearest direction at a multiple of `stepDegrees` in the
// joint's frame, at the same distance; `end` itself when it sits on the joint.
Vec2 snapBoneEnd(const WorldTransform& from, Vec2 end, double stepDegrees = kBoneSnapDegrees);

} // namespace bonework
