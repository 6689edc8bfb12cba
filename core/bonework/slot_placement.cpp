#include "bonework/slot_placement.h"

namespace bonework {

WorldTransform slotFrame(const Rig& rig, std::span<const WorldTransform> world, JointIndex joint)
{
    // A bone starts at its parent joint and points along the bone's world direction.
    const JointIndex p = rig.parent(joint);
    return {p == kNoJoint ? world[joint].position : world[p].position, world[joint].rotation};
}

WorldTransform slotFrameOf(const Rig& rig, JointIndex joint)
{
    const WorldTransform end = worldTransformOf(rig, joint);
    if (rig.isRoot(joint))
        return end;
    return {end.position - end.rotation.direction() * rig.length(joint), end.rotation};
}

SlotPlacement placeSlot(const Slot& slot, const WorldTransform& frame)
{
    SlotPlacement p;
    p.pivot = frame.position + frame.rotation.apply({slot.x, slot.y});
    p.rotation = frame.rotation * Rotation::fromDegrees(slot.rotation);
    p.scaleX = slot.scaleX;
    p.scaleY = slot.scaleY;
    p.pivotX = slot.pivotX;
    p.pivotY = slot.pivotY;
    return p;
}

SlotPlacement slotPlacement(const Rig& rig, std::span<const WorldTransform> world, const Slot& slot)
{
    return placeSlot(slot, slotFrame(rig, world, slot.joint));
}

Vec2 imagePointOnScreen(const SlotPlacement& placement, double width, double height, Vec2 imagePoint)
{
    const Vec2 fromPivot{(imagePoint.x - placement.pivotX * width) * placement.scaleX,
                         (imagePoint.y - placement.pivotY * height) * placement.scaleY};
    return placement.pivot + placement.rotation.apply(fromPivot);
}

Slot slotAt(const Slot& slot, const SlotPlacement& placement, const WorldTransform& frame)
{
    const Rotation back = frame.rotation.inverse();
    const Vec2 offset = back.apply(placement.pivot - frame.position);
    Slot moved = slot;
    moved.x = offset.x;
    moved.y = offset.y;
    moved.rotation = (back * placement.rotation).degrees();
    return moved;
}

} // namespace bonework
