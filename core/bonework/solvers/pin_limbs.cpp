#include "bonework/solvers/pin_limbs.h"

#include "bonework/solvers/law_of_cosines.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <cmath>

namespace bonework::solvers {
namespace {

bool rigid(const Rig& rig, JointIndex j) { return rig.minAngle(j) == rig.maxAngle(j); }

// Whether any child of j other than `except` has a pin in its subtree.
bool otherChildPinned(const Rig& rig, JointIndex j, JointIndex except)
{
    for (JointIndex c = rig.firstChild(j); c != kNoJoint; c = rig.nextSibling(c))
        if (c != except && rig.subtreeHasPin(c))
            return true;
    return false;
}

} // namespace

bool hasPinLimb(const Rig& rig, JointIndex pin)
{
    if (!rig.isPinned(pin) || rig.isRoot(pin))
        return false;
    const JointIndex knee = rig.parent(pin);
    if (rig.isRoot(knee) || rig.isPinned(knee) || rigid(rig, pin) || rigid(rig, knee))
        return false;
    return !otherChildPinned(rig, knee, pin) && !otherChildPinned(rig, pin, kNoJoint);
}

bool placePinLimb(Rig& rig, JointIndex pin, const WorldTransform& base, Vec2 spot)
{
    const JointIndex knee = rig.parent(pin);
    const double a = rig.length(knee);
    const double b = rig.length(pin);
    const Vec2 v = spot - base.position;
    const double d = safeDistance(base.position, spot);
    // Rounding of the positions may put a straight (or folded) limb a hair beyond its reach;
    // pinInPlace judges what clamping the distance costs.
    const double slack = 1e-12 * (a + b + std::max(std::fabs(spot.x), std::fabs(spot.y)));
    if (!(d <= a + b + slack) || d < std::fabs(a - b) - slack)
        return false;
    Rotation toSpot;
    if (!unitDirection(v, toSpot))
        toSpot = base.rotation * rig.localRotation(knee); // on the base (a folded limb): keep the thigh's direction
    const ArmAngles t = armAngles(a, b, std::clamp(d, std::fabs(a - b), a + b));
    // The bend the limb has now first, so the knee does not flip from one step to the next.
    const double current = rig.localRotation(pin).s >= 0.0 ? 1.0 : -1.0;
    for (const double sign : {current, -current}) {
        const Rotation first = renormalized(base.rotation.inverse() * toSpot * Rotation{t.cosAlpha, -sign * t.sinAlpha});
        const Rotation second = renormalized(Rotation{-t.cosGamma, sign * t.sinGamma});
        if (rig.rotationLimits(knee).contains(first) && rig.rotationLimits(pin).contains(second)) {
            rig.setRotationClamped(knee, first);
            rig.setRotationClamped(pin, second);
            return true;
        }
    }
    return false;
}

bool pinInPlace(Vec2 at, Vec2 spot, double reach)
{
    // Rounding grows with the bones' lengths, so a limb re-posed in closed form is judged on
    // their scale; but never looser than a tenth of what "a pin does not move" promises
    // (1e-9 of the coordinates): bones far longer than the coordinates (a folded 1e9 px limb
    // pinned near the origin) cannot be re-posed that closely, and their step is refused.
    const double coordinates = 1.0 + std::max(std::fabs(spot.x), std::fabs(spot.y));
    const double tolerance = std::min(1e-13 * (coordinates + reach), 1e-10 * coordinates);
    return std::fabs(at.x - spot.x) <= tolerance && std::fabs(at.y - spot.y) <= tolerance;
}

} // namespace bonework::solvers
