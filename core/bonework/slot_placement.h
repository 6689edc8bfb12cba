#pragma once
// Where a slot's image goes on screen, from forward kinematics: what the editor's painter and
// the exporters use, so all of them put an image in the same place.
//
// A slot lives in its joint's bone frame: origin at the bone's start (the parent joint), x axis
// along the bone toward the joint; for a root joint, origin at the root and x along its
// rotation. Screen conventions: y down, rotations clockwise. In that frame the image's pivot
// sits at (slot.x, slot.y), and the image is turned by slot.rotation about its pivot and scaled
// by (scaleX, scaleY) along its own axes. The point (u, v) of an image `width` by `height`
// pixels (from its top-left corner) lands on screen at
//     pivot + rotation.apply({(u - pivotX * width) * scaleX, (v - pivotY * height) * scaleY})
// which, as a QTransform, is translate(pivot) . rotate(degrees) . scale(scaleX, scaleY) .
// translate(-pivotX * width, -pivotY * height).

#include "bonework/forward_kinematics.h"
#include "bonework/slot.h"

#include <span>

namespace bonework {

struct SlotPlacement {
    Vec2 pivot;        // the image's pivot, in world coordinates
    Rotation rotation; // the world direction of the image's x axis
    double scaleX = 1.0; // the slot's own: bones carry no scale
    double scaleY = 1.0;
    double pivotX = 0.5; // the slot's pivot as fractions of the image's size
    double pivotY = 0.5;
};

// The frame `joint`'s slots live in, from the forward-kinematics array of the whole rig.
WorldTransform slotFrame(const Rig& rig, std::span<const WorldTransform> world, JointIndex joint);
// The same, walking only the joint's ancestors (O(depth), no allocation).
WorldTransform slotFrameOf(const Rig& rig, JointIndex joint);

// Where the slot's image goes when its joint's frame is `frame`.
SlotPlacement placeSlot(const Slot& slot, const WorldTransform& frame);
// The slot placed on the rig, from the forward-kinematics array of the whole rig.
SlotPlacement slotPlacement(const Rig& rig, std::span<const WorldTransform> world, const Slot& slot);

// Where the point `imagePoint` (pixels from the top-left corner) of an image `width` by
// `height` pixels lands on screen.
Vec2 imagePointOnScreen(const SlotPlacement& placement, double width, double height, Vec2 imagePoint);

// The slot with x, y and rotation (in (-180, 180]) changed so that in `frame` its image goes
// to `placement` (scale and pivot as they were): placeSlot's inverse, to rounding. Reparenting
// a joint keeps its images where they are on screen through this.
Slot slotAt(const Slot& slot, const SlotPlacement& placement, const WorldTransform& frame);

} // namespace bonework
