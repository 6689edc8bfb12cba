#include "bonework/solvers/two_bone_solver.h"

#include "bonework/angles.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <cmath>

namespace bonework {
namespace {

bool withinLimits(const Rig& rig, JointIndex j, double degrees)
{
    if (rig.minAngle(j) <= kMinLimit && rig.maxAngle(j) >= kMaxLimit)
        return true; // degrees() is always in (-180, 180]
    return clampToLimits(degrees, rig.minAngle(j), rig.maxAngle(j)) == degrees;
}

double clampAngle(const Rig& rig, JointIndex j, double degrees)
{
    return clampToLimits(degrees, rig.minAngle(j), rig.maxAngle(j));
}

struct Arm {
    Vec2 base;
    Rotation baseRotation;
    double a = 0.0;
    double b = 0.0;

    Vec2 tip(double first, double second) const
    {
        const Rotation w1 = baseRotation * Rotation::fromDegrees(first);
        const Rotation w2 = w1 * Rotation::fromDegrees(second);
        return base + w1.direction() * a + w2.direction() * b;
    }
    // The second angle that points bone 2 as nearly at the target as its limits allow.
    double bestSecond(const Rig& rig, JointIndex j2, double first, double current, Vec2 target) const
    {
        const Rotation w1 = baseRotation * Rotation::fromDegrees(first);
        const Vec2 elbow = base + w1.direction() * a;
        Rotation turn;
        if (!rotationBetween(w1.direction(), target - elbow, turn))
            return current; // the target is on the elbow: every angle is as good
        return clampAngle(rig, j2, turn.degrees());
    }
    // The first angle that swings the (rigid) arm as nearly onto the target as limits allow.
    double bestFirst(const Rig& rig, JointIndex j1, double second, double current, Vec2 target) const
    {
        const Vec2 reach = Vec2{a, 0.0} + Rotation::fromDegrees(second).direction() * b; // in bone-1 frame
        Rotation toTarget;
        Rotation armDirection;
        if (!unitDirection(target - base, toTarget) || !unitDirection(reach, armDirection))
            return current;
        const Rotation local = baseRotation.inverse() * toTarget * armDirection.inverse();
        return clampAngle(rig, j1, local.degrees());
    }
};

} // namespace

std::string TwoBoneSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request, 2);
}

TwoBoneSolver::Angles TwoBoneSolver::closedForm(Vec2 base, Rotation baseRotation, double a, double b, Vec2 target,
                                                BendDirection bend, Rotation fallback)
{
    Rotation toTarget;
    if (!unitDirection(target - base, toTarget))
        toTarget = fallback;
    const double d = std::clamp(safeDistance(base, target), std::fabs(a - b), a + b);
    // Triangle base-elbow-tip with sides a, b, d: alpha at the base, gamma at the elbow.
    const double area2 = triangleTwiceArea(a, b, d);
    double cosAlpha = d > 0.0 ? (a * a + d * d - b * b) / (2.0 * a * d) : (a >= b ? 1.0 : -1.0);
    cosAlpha = std::clamp(cosAlpha, -1.0, 1.0);
    const double sinAlpha = d > 0.0 ? std::min(1.0, area2 / (a * d)) : 0.0;
    const double cosGamma = std::clamp((a * a + b * b - d * d) / (2.0 * a * b), -1.0, 1.0);
    const double sinGamma = std::min(1.0, area2 / (a * b));
    const double sign = bend == BendDirection::Positive ? 1.0 : -1.0;
    // Positive bend: bone 1 turns counter-clockwise off the target line by alpha, bone 2 turns
    // clockwise by 180 - gamma relative to bone 1.
    const Rotation first = baseRotation.inverse() * toTarget * Rotation{cosAlpha, -sign * sinAlpha};
    const Rotation second{-cosGamma, sign * sinGamma};
    return {first.degrees(), second.degrees()};
}

void TwoBoneSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    m_path.build(rig, request.root, effector.joint);
    const std::span<const JointIndex> joints = m_path.joints();
    const JointIndex j1 = joints[1];
    const JointIndex j2 = joints[2];
    result.iterations = 0;
    if (m_path.movableBoneCount() == 0) {
        reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
        return;
    }
    result.iterations = 1;
    const WorldTransform baseFrame = worldTransformOf(rig, joints[0]);
    const Vec2 target = boundedTarget(baseFrame.position, effector.target);
    const Arm arm{baseFrame.position, baseFrame.rotation, rig.length(j1), rig.length(j2)};

    if (m_path.movableBoneCount() == 1) {
        // Bone 1 is held (a pin on the elbow or below it on a side branch): only bone 2 turns.
        rig.setAngleClamped(j2, arm.bestSecond(rig, j2, rig.angle(j1), rig.angle(j2), target));
        reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
        return;
    }

    // When the target sits on the base, fold along the arm's current first bone.
    const Rotation fallback = baseFrame.rotation * rig.localRotation(j1);
    const BendDirection other = request.bend == BendDirection::Positive ? BendDirection::Negative : BendDirection::Positive;
    Angles best{};
    bool found = false;
    for (BendDirection bend : {request.bend, other}) {
        const Angles exact = closedForm(arm.base, arm.baseRotation, arm.a, arm.b, target, bend, fallback);
        if (withinLimits(rig, j1, exact.first) && withinLimits(rig, j2, exact.second)) {
            best = exact;
            found = true;
            break;
        }
    }
    if (!found) {
        // The nearest legal pose lies on an edge of the rectangle of legal angle pairs.
        const double min1 = rig.minAngle(j1), max1 = rig.maxAngle(j1);
        const double min2 = rig.minAngle(j2), max2 = rig.maxAngle(j2);
        const double current1 = rig.angle(j1), current2 = rig.angle(j2);
        const Angles candidates[] = {
            {min1, arm.bestSecond(rig, j2, min1, current2, target)},
            {max1, arm.bestSecond(rig, j2, max1, current2, target)},
            {arm.bestFirst(rig, j1, min2, current1, target), min2},
            {arm.bestFirst(rig, j1, max2, current1, target), max2},
        };
        double bestDistance = 0.0;
        for (const Angles& c : candidates) {
            const double dist = safeDistance(arm.tip(c.first, c.second), target);
            if (!found || dist < bestDistance) {
                best = c;
                bestDistance = dist;
                found = true;
            }
        }
    }
    rig.setAngleClamped(j1, best.first);
    rig.setAngleClamped(j2, best.second);
    // The tip from the angles as the rig now holds them (no second walk up the tree).
    const Rotation w1 = arm.baseRotation * rig.localRotation(j1);
    const Rotation w2 = w1 * rig.localRotation(j2);
    const Vec2 tip = arm.base + w1.direction() * arm.a + w2.direction() * arm.b;
    reportWithTip(rig, m_path, tip, effector.target, request.tolerance, result);
}

} // namespace bonework
