#include "bonework/bone_aim.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"

#include <cmath>

namespace bonework {
namespace {

// The first pinned joint strictly under `joint` (depth first), or kNoJoint.
JointIndex pinUnder(const Rig& rig, JointIndex joint)
{
    for (JointIndex c = rig.firstChild(joint); c != kNoJoint; c = rig.nextSibling(c)) {
        if (!rig.subtreeHasPin(c))
            continue;
        if (rig.isPinned(c))
            return c;
        const JointIndex below = pinUnder(rig, c);
        if (below != kNoJoint)
            return below;
    }
    return kNoJoint;
}

} // namespace

BoneAim aimBoneAt(Rig& rig, JointIndex joint, Vec2 point)
{
    BoneAim aim;
    if (!rig.isValidJoint(joint))
        return aim;
    if (rig.isRoot(joint)) {
        aim.outcome = BoneAimOutcome::IsRoot;
        return aim;
    }
    if (rig.isPinned(joint)) {
        aim.outcome = BoneAimOutcome::Pinned;
        return aim;
    }
    if (rig.subtreeHasPin(joint)) {
        aim.outcome = BoneAimOutcome::CarriesPin;
        return aim;
    }
    const WorldTransform start = worldTransformOf(rig, rig.parent(joint));
    const Vec2 toward = point - start.position;
    const double distance = norm(toward);
    // No direction from the bone's start (or none that is a number): nothing to aim at.
    if (!(distance > 0.0) || !std::isfinite(distance))
        return aim;
    // The direction in the parent's frame: the world direction less the parent bone's.
    const Rotation world{toward.x / distance, toward.y / distance};
    aim.wanted = (start.rotation.inverse() * world).degrees();
    if (rig.minAngle(joint) == rig.maxAngle(joint)) {
        aim.outcome = BoneAimOutcome::Rigid;
        aim.limited = std::fabs(angleDifference(rig.minAngle(joint), aim.wanted)) > 1e-9;
        return aim;
    }
    const double before = rig.angle(joint);
    rig.setAngleClamped(joint, aim.wanted);
    aim.limited = std::fabs(angleDifference(rig.angle(joint), aim.wanted)) > 1e-9;
    aim.outcome = rig.angle(joint) == before ? BoneAimOutcome::Unchanged : BoneAimOutcome::Turned;
    return aim;
}

std::string explainBoneAim(const Rig& rig, JointIndex joint, const BoneAim& aim)
{
    if (!rig.isValidJoint(joint))
        return {};
    const std::string& name = rig.jointName(joint);
    switch (aim.outcome) {
    case BoneAimOutcome::Turned:
        return {};
    case BoneAimOutcome::Unchanged:
        if (!aim.limited)
            return {};
        return name + " is held by its angle limits [" + degreesText(rig.minAngle(joint)) + ", "
               + degreesText(rig.maxAngle(joint)) + "]";
    case BoneAimOutcome::IsRoot:
        return name + " is a root: it has no bone to rotate";
    case BoneAimOutcome::Pinned:
        return name + " is pinned: unpin it (P) to rotate its bone";
    case BoneAimOutcome::CarriesPin: {
        const JointIndex pin = pinUnder(rig, joint);
        return "rotating " + name + "'s bone would move the pinned "
               + (pin == kNoJoint ? std::string("joint under it") : rig.jointName(pin))
               + ": unpin it, or drag with follow or relax";
    }
    case BoneAimOutcome::Rigid:
        return name + "'s bone is rigid (its limits are one angle, " + degreesText(rig.minAngle(joint)) + ")";
    }
    return {};
}

} // namespace bonework
