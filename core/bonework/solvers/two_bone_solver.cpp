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
    Rotation toTarget;         // world direction from the base to the target
    double reach = 0.0;        // distance from the base to the target
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
    if (m2 > 1e-290 && m2 < 1e290) { // the usual case: one square root serves both
        t.reach = std::sqrt(m2);
        const double inv = 1.0 / t.reach;
        t.toTarget = {v.x * inv, v.y * inv};
    } else {
        t.reach = safeDistance(base, target);
        t.targetOnBase = !unitDirection(v, t.toTarget);
        if (t.targetOnBase)
            t.toTarget = fallback;
    }
    static_cast<ArmAngles&>(t) = armAngles(a, b, std::clamp(t.reach, std::fabs(a - b), a + b));
    return t;
}

// Whether the rotation u * |u| (u need not be of unit length; m2 = |u|^2) lies within the
// limits, as RotationLimits::clamp decides it for the unit rotation, with no square root: the
// sine test |s| <= sinHalfWidth * |u| compared squared. Rounding may decide a rotation within a
// few ulp of a limit the other way, which moves the answer by as much.
BONEWORK_FORCE_INLINE bool containsScaled(const RotationLimits& limits, Rotation u, double m2)
{
    if (limits.free)
        return true;
    const double c = limits.centre.c * u.c + limits.centre.s * u.s;
    const double s = limits.centre.c * u.s - limits.centre.s * u.c;
    const double bound = limits.sinHalfWidth * limits.sinHalfWidth * m2;
    return limits.narrow ? (c > 0.0 && s * s <= bound) : (c >= 0.0 || s * s >= bound);
}
// The limit that RotationLimits::clamp puts a rotation outside the limits on (u as above).
BONEWORK_FORCE_INLINE Rotation nearerLimit(const RotationLimits& limits, Rotation u)
{
    return limits.centre.c * u.s - limits.centre.s * u.c > 0.0 ? limits.atMax : limits.atMin;
}

// The distance of a candidate pose from the target, or its square where nothing can overflow:
// candidates are only ranked, and the square needs no root.
template <bool Careful>
BONEWORK_FORCE_INLINE double measure(Vec2 from, Vec2 to)
{
    if constexpr (Careful)
        return safeDistance(from, to);
    const Vec2 d = to - from;
    return d.x * d.x + d.y * d.y;
}
template <bool Careful>
BONEWORK_FORCE_INLINE double measureLength(double length)
{
    return Careful ? std::fabs(length) : length * length;
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

    // How near the target the arm comes on one edge of the rectangle of legal angle pairs: bone
    // 1 held at `first` and bone 2 as nearly at the target as its limits allow. Works the
    // distance out without normalising bone 2's rotation (bestSecond does that for the winner).
    template <bool Careful>
    double nearestWithFirst(const RotationLimits& limits2, Rotation first, Rotation current2, Vec2 target) const
    {
        const Rotation w1 = baseRotation * first;
        const Vec2 elbow = base + w1.direction() * a;
        const Vec2 v = target - elbow;
        const Rotation turn{dot(w1.direction(), v), cross(w1.direction(), v)}; // |turn| = |v|
        const double m2 = turn.c * turn.c + turn.s * turn.s;
        if (!(m2 > 1e-290 && m2 < 1e290))
            return measure<Careful>(tip({first, bestSecond(limits2, first, current2, target)}), target);
        if (containsScaled(limits2, turn, m2))
            return measureLength<Careful>(std::sqrt(m2) - b); // bone 2 straight at the target
        const Rotation second = nearerLimit(limits2, turn);
        return measure<Careful>(elbow + (w1 * second).direction() * b, target);
    }
    // The same with bone 2 held at `second` and bone 1 swinging the arm toward the target.
    template <bool Careful>
    double nearestWithSecond(const RotationLimits& limits1, Rotation second, const Triangle& triangle, Rotation current1,
                             Vec2 target) const
    {
        const Vec2 reach = Vec2{a, 0.0} + second.direction() * b; // in bone 1's frame
        const double m2 = reach.x * reach.x + reach.y * reach.y;
        if (triangle.targetOnBase || !(m2 > 1e-290 && m2 < 1e290)) {
            const Rotation first = triangle.targetOnBase ? current1 : bestFirst(limits1, second, current1, triangle.toTarget);
            return measure<Careful>(tip({first, second}), target);
        }
        // Bone 1 turning the arm onto the target, scaled by the arm's length.
        const Rotation swing = baseRotation.inverse() * triangle.toTarget * Rotation{reach.x, -reach.y};
        if (containsScaled(limits1, swing, m2))
            return measureLength<Careful>(triangle.reach - std::sqrt(m2)); // the arm points at the target
        const Rotation first = nearerLimit(limits1, swing);
        return measure<Careful>(base + (baseRotation * first).apply(reach), target);
    }

    // The legal pose nearest the target, which lies on an edge of the rectangle of legal angle
    // pairs: the four edges' candidates compared in a fixed order, then only the winner's free
    // rotation normalised.
    template <bool Careful>
    Pose nearestLegal(const RotationLimits& limits1, const RotationLimits& limits2, const Triangle& triangle,
                      Rotation current1, Rotation current2, Vec2 target) const
    {
        const double distances[] = {
            nearestWithFirst<Careful>(limits2, limits1.atMin, current2, target),
            nearestWithFirst<Careful>(limits2, limits1.atMax, current2, target),
            nearestWithSecond<Careful>(limits1, limits2.atMin, triangle, current1, target),
            nearestWithSecond<Careful>(limits1, limits2.atMax, triangle, current1, target),
        };
        int best = 0;
        for (int k = 1; k < 4; ++k)
            if (distances[k] < distances[best])
                best = k;
        switch (best) {
        case 0: return {limits1.atMin, bestSecond(limits2, limits1.atMin, current2, target)};
        case 1: return {limits1.atMax, bestSecond(limits2, limits1.atMax, current2, target)};
        case 2: return {triangle.targetOnBase ? current1 : bestFirst(limits1, limits2.atMin, current1, triangle.toTarget), limits2.atMin};
        default: return {triangle.targetOnBase ? current1 : bestFirst(limits1, limits2.atMax, current1, triangle.toTarget), limits2.atMax};
        }
    }
};

// Out of line, and handed its inputs by value: a call that takes the arm and the triangle by
// reference (or as `this`) makes run() keep them in memory on every solve, even those that never
// get here, which cost solves without limits a third of their time (71 -> 49 ns interleaved).
#if defined(_MSC_VER)
__declspec(noinline)
#else
__attribute__((noinline))
#endif
Pose nearestLegalPose(Arm arm, Triangle triangle, const RotationLimits& limits1, const RotationLimits& limits2,
                      Rotation current1, Rotation current2, Vec2 target)
{
    if (arm.a + arm.b <= 1e100) // squared distances cannot overflow
        return arm.nearestLegal<false>(limits1, limits2, triangle, current1, current2, target);
    return arm.nearestLegal<true>(limits1, limits2, triangle, current1, current2, target);
}

// The target read as two 8-byte loads. Callers often store x and y one at a time (a Vec2
// handed over in two registers is stored so), and a 16-byte load of two 8-byte stores cannot be
// forwarded from the store buffer: it waits until they reach the cache. GCC fuses the two reads
// into one such load unless kept apart (the empty asm does that, nothing else).
BONEWORK_FORCE_INLINE Vec2 targetOf(const Effector& effector)
{
    double x = effector.target.x;
    double y = effector.target.y;
#if defined(__GNUC__) && defined(__x86_64__)
    asm("" : "+x"(x));
    asm("" : "+x"(y));
#endif
    return {x, y};
}

// The world frame of the limb's base: a root's own (the usual case) without the general walk.
BONEWORK_FORCE_INLINE WorldTransform baseFrameOf(const Rig& rig, JointIndex base)
{
    if (rig.isRoot(base))
        return {rig.rootPosition(base) + Vec2{}, rig.localRotation(base)}; // as worldTransformOf gives it
    return worldTransformOf(rig, base);
}

// safeDistance, with its usual case inline and one branch that is all but never taken: a solve
// that reaches its target leaves an error of exactly 0 or of rounding, at random, and branching
// on which (as safeDistance's `d2 > 1e-300 || d2 == 0` does) mispredicts half the time, which
// cost a solve 12-16 ns.
BONEWORK_FORCE_INLINE double distanceBetween(Vec2 a, Vec2 b)
{
    const Vec2 d = b - a;
    const double d2 = d.x * d.x + d.y * d.y;
    const bool careful = (!(d2 < 1e300)) | ((d2 <= 1e-300) & (d2 != 0.0));
    if (careful) [[unlikely]]
        return safeDistance(a, b);
    return std::sqrt(d2);
}

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
    // A validated request is exactly two bones from the base down, so the limb's joints are
    // the tip, its parent and theirs: no chain path to build. A pin at or under a joint holds it.
    const JointIndex j2 = effector.joint;
    const JointIndex j1 = rig.parent(j2);
    if (rig.subtreeHasPin(j1)) {
        solveHeld(rig, request, result);
        return;
    }
    result.iterations = 1;
    const RotationLimits& limits1 = rig.rotationLimits(j1);
    const RotationLimits& limits2 = rig.rotationLimits(j2);
    const WorldTransform baseFrame = baseFrameOf(rig, rig.parent(j1));
    const Vec2 goal = targetOf(effector);
    const Vec2 target = boundedTarget(baseFrame.position, goal);
    const Arm arm{baseFrame.position, baseFrame.rotation, rig.length(j1), rig.length(j2)};
    const Rotation current1 = rig.localRotation(j1);
    const Rotation current2 = rig.localRotation(j2);

    // When the target sits on the base, fold along the arm's current first bone.
    const Rotation fallback = baseFrame.rotation * current1;
    const BendDirection other = request.bend == BendDirection::Positive ? BendDirection::Negative : BendDirection::Positive;
    const Triangle triangle = lawOfCosines(arm.base, arm.a, arm.b, target, fallback);
    Pose best = triangle.pose(arm.baseRotation, request.bend);
    if (!limits1.contains(best.first) || !limits2.contains(best.second)) {
        const Pose mirrored = triangle.pose(arm.baseRotation, other);
        if (limits1.contains(mirrored.first) && limits2.contains(mirrored.second))
            best = mirrored;
        else
            best = nearestLegalPose(arm, triangle, limits1, limits2, current1, current2, target);
    }
    rig.setRotationClamped(j1, best.first);
    rig.setRotationClamped(j2, best.second);
    // The tip from the angles as the rig now holds them (no second walk up the tree).
    const Vec2 tip = arm.tip({rig.localRotation(j1), rig.localRotation(j2)});
    result.error = distanceBetween(tip, goal);
    result.reached = result.error <= request.tolerance;
    result.limited.clear();
    if (rig.isOnLimit(j1))
        result.limited.push_back(j1);
    if (rig.isOnLimit(j2))
        result.limited.push_back(j2);
}

void TwoBoneSolver::solveHeld(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    m_path.build(rig, request.root, effector.joint);
    const std::span<const JointIndex> joints = m_path.joints();
    result.iterations = 0;
    if (m_path.movableBoneCount() == 1) {
        // Bone 1 is held (a pin on the elbow or below it on a side branch): only bone 2 turns.
        result.iterations = 1;
        const WorldTransform baseFrame = worldTransformOf(rig, joints[0]);
        const Arm arm{baseFrame.position, baseFrame.rotation, rig.length(joints[1]), rig.length(joints[2])};
        const Vec2 target = boundedTarget(baseFrame.position, effector.target);
        rig.setRotationClamped(joints[2], arm.bestSecond(rig.rotationLimits(joints[2]), rig.localRotation(joints[1]),
                                                         rig.localRotation(joints[2]), target));
    }
    reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
}

} // namespace bonework::solvers
