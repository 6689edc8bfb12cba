#include "bonework/solvers/two_bone_solver.h"

#include "bonework/force_inline.h"
#include "bonework/solvers/law_of_cosines.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <cmath>

namespace bonework::solvers {
namespace {

// One pose of the arm in rotation form: bone 1 relative to the base, bone 2 relative to bone 1.
struct Pose {
    Rotation first;
    Rotation second;
};

// The law-of-cosines triangle base-elbow-tip for an arm and a target: the direction to the
// target and the triangle's angles (see law_of_cosines.h). Both bends are read off the same
// triangle, mirrored.
struct Triangle : ArmAngles {
    Rotation toTarget;        // world direction from the base to the target
    bool targetOnBase = false; // then toTarget is the fallback direction

    // The exact pose for one bend (see TwoBoneSolver::closedForm), in rotation form: no
    // trigonometry. The rotations may be off unit length by rounding; Rig::setRotationClamped
    // renormalises them.
    Pose pose(Rotation baseRotation, BendDirection bend) const
    {
        const double sign = bend == BendDirection::Positive ? 1.0 : -1.0;
        // Positive bend: bone 1 turns counter-clockwise off the target line by alpha, bone 2
        // turns clockwise by 180 - gamma relative to bone 1.
        return {baseRotation.inverse() * toTarget * Rotation{cosAlpha, -sign * sinAlpha}, Rotation{-cosGamma, sign * sinGamma}};
    }
};

// The triangle with the base-to-target distance clamped to the arm's reach [|a - b|, a + b].
// Forced inline: GCC at -O2 leaves it out of line; inlined (as -O3 does), a solve takes
// 0.84-0.91x the time without limits and 0.87-0.96x with (interleaved runs).
BONEWORK_FORCE_INLINE Triangle lawOfCosines(Vec2 base, double a, double b, Vec2 target, Rotation fallback)
{
    Triangle t;
    const Vec2 v = target - base;
    const double m2 = v.x * v.x + v.y * v.y;
    double reach = 0.0;
    if (m2 > 1e-290 && m2 < 1e290) { // the usual case: one square root serves both
        reach = std::sqrt(m2);
        const double inv = 1.0 / reach;
        t.toTarget = {v.x * inv, v.y * inv};
    } else {
        reach = safeDistance(base, target);
        t.targetOnBase = !unitDirection(v, t.toTarget);
        if (t.targetOnBase)
            t.toTarget = fallback;
    }
    static_cast<ArmAngles&>(t) = armAngles(a, b, std::clamp(reach, std::fabs(a - b), a + b));
    return t;
}

struct Arm {
    Vec2 base;
    Rotation baseRotation;
    double a = 0.0;
    double b = 0.0;

    Vec2 tip(Pose p) const
    {
        const Rotation w1 = baseRotation * p.first;
        const Rotation w2 = w1 * p.second;
        return base + w1.direction() * a + w2.direction() * b;
    }
    // Bone 2's rotation pointing it as nearly at the target as its limits allow.
    Rotation bestSecond(const RotationLimits& limits, Rotation first, Rotation current, Vec2 target) const
    {
        const Rotation w1 = baseRotation * first;
        const Vec2 elbow = base + w1.direction() * a;
        Rotation turn;
        if (!rotationBetween(w1.direction(), target - elbow, turn))
            return current; // the target is on the elbow: every angle is as good
        return limits.clamp(turn);
    }
    // Bone 1's rotation swinging the (rigid) arm as nearly onto the target as its limits allow.
    // `toTarget`: the world direction from the base to the target, which must not sit on it.
    Rotation bestFirst(const RotationLimits& limits, Rotation second, Rotation current, Rotation toTarget) const
    {
        const Vec2 reach = Vec2{a, 0.0} + second.direction() * b; // in bone 1's frame
        Rotation armDirection;
        if (!unitDirection(reach, armDirection))
            return current; // the arm folds onto its base: every angle is as good
        return limits.clamp(renormalized(baseRotation.inverse() * toTarget * armDirection.inverse()));
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
    const Pose pose = lawOfCosines(base, a, b, target, fallback).pose(baseRotation, bend);
    return {pose.first.degrees(), pose.second.degrees()};
}

void TwoBoneSolver::runOnLimb(Rig& rig, const Effector& effector, double tolerance, SolveResult& result)
{
    SolveRequest limb;
    limb.effectors = std::span<const Effector>(&effector, 1);
    limb.root = rig.parent(rig.parent(effector.joint));
    limb.tolerance = tolerance;
    limb.bend = rig.localRotation(effector.joint).s >= 0.0 ? BendDirection::Positive : BendDirection::Negative;
    run(rig, limb, result);
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
    const RotationLimits& limits1 = rig.rotationLimits(j1);
    const RotationLimits& limits2 = rig.rotationLimits(j2);
    const WorldTransform baseFrame = worldTransformOf(rig, joints[0]);
    const Vec2 target = boundedTarget(baseFrame.position, effector.target);
    const Arm arm{baseFrame.position, baseFrame.rotation, rig.length(j1), rig.length(j2)};
    const Rotation current1 = rig.localRotation(j1);
    const Rotation current2 = rig.localRotation(j2);

    if (m_path.movableBoneCount() == 1) {
        // Bone 1 is held (a pin on the elbow or below it on a side branch): only bone 2 turns.
        rig.setRotationClamped(j2, arm.bestSecond(limits2, current1, current2, target));
        reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
        return;
    }

    // When the target sits on the base, fold along the arm's current first bone.
    const Rotation fallback = baseFrame.rotation * current1;
    const BendDirection other = request.bend == BendDirection::Positive ? BendDirection::Negative : BendDirection::Positive;
    Pose best{};
    bool found = false;
    const Triangle triangle = lawOfCosines(arm.base, arm.a, arm.b, target, fallback);
    for (BendDirection bend : {request.bend, other}) {
        const Pose exact = triangle.pose(arm.baseRotation, bend);
        if (limits1.contains(exact.first) && limits2.contains(exact.second)) {
            best = exact;
            found = true;
            break;
        }
    }
    if (!found) {
        // The nearest legal pose lies on an edge of the rectangle of legal angle pairs.
        const Pose candidates[] = {
            {limits1.atMin, arm.bestSecond(limits2, limits1.atMin, current2, target)},
            {limits1.atMax, arm.bestSecond(limits2, limits1.atMax, current2, target)},
            {triangle.targetOnBase ? current1 : arm.bestFirst(limits1, limits2.atMin, current1, triangle.toTarget), limits2.atMin},
            {triangle.targetOnBase ? current1 : arm.bestFirst(limits1, limits2.atMax, current1, triangle.toTarget), limits2.atMax},
        };
        double bestDistance = 0.0;
        for (const Pose& c : candidates) {
            const double dist = safeDistance(arm.tip(c), target);
            if (!found || dist < bestDistance) {
                best = c;
                bestDistance = dist;
                found = true;
            }
        }
    }
    rig.setRotationClamped(j1, best.first);
    rig.setRotationClamped(j2, best.second);
    // The tip from the angles as the rig now holds them (no second walk up the tree).
    const Vec2 tip = arm.tip({rig.localRotation(j1), rig.localRotation(j2)});
    reportWithTip(rig, m_path, tip, effector.target, request.tolerance, result);
}

} // namespace bonework::solvers
