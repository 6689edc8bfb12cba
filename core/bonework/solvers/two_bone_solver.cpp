#include "bonework/solvers/two_bone_solver.h"

#include "bonework/force_inline.h"
#include "bonework/solvers/law_of_cosines.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

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
struct Triangle {
    Rotation toTarget;         // world direction from the base to the target
    double reach = 0.0;        // distance from the base to the target
    bool targetOnBase = false; // then toTarget is the fallback direction
    bool straight = false;     // the target lies beyond reach: both bends are the same pose
    ArmAngles angles;

    // The exact pose for one bend (see TwoBoneSolver::closedForm), in rotation form: no
    // trigonometry. The rotations may be off unit length by rounding; Rig::setRotationClamped
    // renormalises them.
    Pose pose(Rotation baseRotation, BendDirection bend) const
    {
        return pose(baseRotation, bend == BendDirection::Positive ? 1.0 : -1.0);
    }
    // The same with the bend as a sign: 1 positive, -1 negative.
    Pose pose(Rotation baseRotation, double sign) const
    {
        // Positive bend: bone 1 turns counter-clockwise off the target line by alpha, bone 2
        // turns clockwise by 180 - gamma relative to bone 1.
        return {baseRotation.inverse() * toTarget * Rotation{angles.cosAlpha, -sign * angles.sinAlpha},
                Rotation{-angles.cosGamma, sign * angles.sinGamma}};
    }
};

// The triangle with the base-to-target distance clamped to the arm's reach [|a - b|, a + b].
// Forced inline: GCC at -O2 leaves it out of line; inlined (as -O3 does), a solve takes
// 0.84-0.91x the time without limits and 0.87-0.96x with (interleaved runs). Built from
// locals and returned whole, so that it lives in registers.
// Without `withAngles` only the line to the target (the triangle's angles left as they are
// by default): all that the search for the nearest legal pose needs.
BONEWORK_FORCE_INLINE Triangle lawOfCosines(Vec2 base, double a, double b, Vec2 target, Rotation fallback, bool withAngles = true)
{
    const Vec2 v = target - base;
    const double m2 = v.x * v.x + v.y * v.y;
    // Scalars, not a Rotation, where the two branches meet: GCC keeps a struct assigned on both
    // sides in memory.
    double c, s, reach;
    bool targetOnBase = false;
    if (m2 > 1e-290 && m2 < 1e290) [[likely]] { // the usual case: one square root serves both
        reach = std::sqrt(m2);
        // Beyond reach the arm lies straight along the line: no triangle to work out (a square
        // root and two divisions fewer, and exactly straight where rounding left the triangle's
        // angles a few ulp off). The direction then is all that the pose waits for, so its
        // division runs beside the root (reach / m2, as unitDirection does) rather than after
        // it. Inside the reach the triangle's second root is the longer wait, and the same
        // there measured slower (1.03x without limits).
        if (reach >= a + b) {
            const double inv = reach * (1.0 / m2);
            return {{v.x * inv, v.y * inv}, reach, false, true, ArmAngles{1.0, 0.0, -1.0, 0.0}};
        }
        const double inv = 1.0 / reach;
        c = v.x * inv;
        s = v.y * inv;
        if (!withAngles)
            return {{c, s}, reach, false, false, ArmAngles{}};
    } else {
        reach = safeDistance(base, target);
        Rotation direction;
        targetOnBase = !unitDirection(v, direction);
        c = targetOnBase ? fallback.c : direction.c;
        s = targetOnBase ? fallback.s : direction.s;
    }
    if (reach >= a + b) // straight, as above
        return {{c, s}, reach, targetOnBase, true, ArmAngles{1.0, 0.0, -1.0, 0.0}};
    if (!withAngles)
        return {{c, s}, reach, targetOnBase, false, ArmAngles{}};
    return {{c, s}, reach, targetOnBase, false, armAngles(a, b, std::max(reach, std::fabs(a - b)))};
}

// RotationLimits::contains, the same decision bit for bit, as one chain of comparisons: r lies
// inside narrow limits (half the width at most 90 degrees) when c > 0 and |s| <= w, outside
// wide ones when -c > 0 and |s| < w, i.e. |s| <= the double below w (c, s: r relative to the
// limits' centre), or (put outside by rounding) is exactly the limit that clamp puts it on.
// Without branches on narrow or wide and on each comparison: exact poses break limits at random.
struct LimitTest {
    Rotation centre;
    double flip = 1.0;  // 1 narrow, -1 wide
    double bound = 0.0; // w narrow, the double below w wide
    bool wide = false;
    bool free = true;

    bool contains(const RotationLimits& limits, Rotation r) const
    {
        const double c = centre.c * r.c + centre.s * r.s;
        const double s = centre.c * r.s - centre.s * r.c;
        const Rotation& limit = s > 0.0 ? limits.atMax : limits.atMin;
        return free | (((flip * c > 0.0) & (std::fabs(s) <= bound)) != wide) | ((limit.c == r.c) & (limit.s == r.s));
    }
};
BONEWORK_FORCE_INLINE LimitTest limitTestOf(const RotationLimits& limits)
{
    const double w = limits.sinHalfWidth; // > 0 when wide (half the width in (90, 180))
    const double below = std::bit_cast<double>(std::bit_cast<std::uint64_t>(w) - 1);
    return {limits.centre, limits.narrow ? 1.0 : -1.0, limits.narrow || !(w > 0.0) ? w : below, !limits.narrow, limits.free};
}

// Whether the rotation u * |u| (u need not be of unit length; m2 = |u|^2) lies within the
// limits, as RotationLimits::clamp decides it for the unit rotation, with no square root: the
// sine test |s| <= sinHalfWidth * |u| compared squared. Rounding may decide a rotation within a
// few ulp of a limit the other way, which moves the answer by as much.
BONEWORK_FORCE_INLINE bool containsScaled(const RotationLimits& limits, Rotation u, double m2)
{
    const double c = limits.centre.c * u.c + limits.centre.s * u.s;
    const double s = limits.centre.c * u.s - limits.centre.s * u.c;
    const double bound = limits.sinHalfWidth * limits.sinHalfWidth * m2;
    return limits.free | (limits.narrow ? (c > 0.0) & (s * s <= bound) : (c >= 0.0) | (s * s >= bound));
}
// Whether RotationLimits::clamp puts a rotation outside the limits on the maximum (u as above).
BONEWORK_FORCE_INLINE bool nearerLimitIsMax(const RotationLimits& limits, Rotation u)
{
    return limits.centre.c * u.s - limits.centre.s * u.c > 0.0;
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
};

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

// The limb as run() reads it from the rig: the arm, the target kept within a safe distance of
// its base, bone 1's current rotation.
struct Limb {
    Arm arm;
    Vec2 target;
    Rotation current1;
};
BONEWORK_FORCE_INLINE Limb limbOf(const Rig& rig, JointIndex j1, JointIndex j2, Vec2 goal)
{
    // The base's frame: a root's own (the usual case) without the general walk. Scalars where
    // the branches meet, so that they stay in registers.
    const JointIndex base = rig.parent(j1);
    double x, y, c, s;
    if (rig.isRoot(base)) [[likely]] {
        const Vec2 position = rig.rootPosition(base) + Vec2{}; // as worldTransformOf gives it
        x = position.x;
        y = position.y;
        c = rig.localRotation(base).c;
        s = rig.localRotation(base).s;
    } else {
        const WorldTransform frame = worldTransformOf(rig, base);
        x = frame.position.x;
        y = frame.position.y;
        c = frame.rotation.c;
        s = frame.rotation.s;
    }
    double tx = goal.x; // boundedTarget, with the same scalars
    double ty = goal.y;
    if (!(std::fabs(tx - x) <= 1e100 && std::fabs(ty - y) <= 1e100)) [[unlikely]] {
        const Vec2 bounded = boundedTargetCareful({x, y}, goal);
        tx = bounded.x;
        ty = bounded.y;
    }
    return {{{x, y}, {c, s}, rig.length(j1), rig.length(j2)}, {tx, ty}, rig.localRotation(j1)};
}
// When the target sits on the base, fold along the arm's current first bone.
BONEWORK_FORCE_INLINE Triangle triangleOf(const Limb& limb, bool withAngles = true)
{
    return lawOfCosines(limb.arm.base, limb.arm.a, limb.arm.b, limb.target, limb.arm.baseRotation * limb.current1, withAngles);
}

// A pose the search found, and its distance from the target: squared, or (Careful, see
// measure) as it is.
struct Edge {
    Pose pose;
    double distance;
};

// What the search for the nearest legal pose needs, written only when it runs.
struct Problem {
    Arm arm;
    Triangle triangle;
    Vec2 target;
    Rotation current1;
    Rotation current2;
};

// The legal pose nearest the target, which lies on an edge of the rectangle of legal angle
// pairs. Edges 0 and 1: bone 1 held on its minimum, its maximum, bone 2 as nearly at the target
// as its limits allow. Edges 2 and 3: bone 2 held on its minimum, its maximum, bone 1 swinging
// the arm (then rigid, see limited_arm.h) toward the target. Each edge's distance is worked out
// with at most one square root (none for edges 2 and 3, whose arms are kept); the four are
// compared in a fixed order. (Working out both cases of each edge and picking one without a
// branch measured slower, on targets moving as a drag moves them by 7%, and on random ones too.)
template <bool Careful>
BONEWORK_FORCE_INLINE Edge nearestLegal(const Problem& p, const RotationLimits& limits1, const RotationLimits& limits2,
                                        const RigidArm rigid[2])
{
    const Arm& arm = p.arm;
    const double bx = arm.base.x, by = arm.base.y, rc = arm.baseRotation.c, rs = arm.baseRotation.s;
    const double a = arm.a, b = arm.b, tx = p.target.x, ty = p.target.y;
    const Rotation held1[2] = {limits1.atMin, limits1.atMax};
    const Rotation held2[2] = {limits2.atMin, limits2.atMax};
    constexpr double kNever = std::numeric_limits<double>::infinity();
    double distance[4];
    // Each edge's pose, bone 2's rotation still to be multiplied by `unit` (1 but where it turns
    // onto the target: one over its turn's length, worked out beside the root as unitDirection
    // does, so that it waits for no division after the winner is known). The winner is picked
    // by index, without branches on which kind of edge won, which changes from target to target.
    Rotation first[4], second[4];
    double unit[4] = {1.0, 1.0, 1.0, 1.0};
    for (int k = 0; k < 2; ++k) { // bone 1 held, bone 2 toward the target
        const double wc = rc * held1[k].c - rs * held1[k].s, ws = rs * held1[k].c + rc * held1[k].s; // bone 1, world
        const double ex = bx + wc * a, ey = by + ws * a; // the elbow
        const double vx = tx - ex, vy = ty - ey;
        const double uc = wc * vx + ws * vy, us = wc * vy - ws * vx; // bone 2's turn, scaled
        first[k] = held1[k];
        const double m2 = uc * uc + us * us;
        if (!(m2 > 1e-290 && m2 < 1e290)) [[unlikely]] {
            second[k] = arm.bestSecond(limits2, held1[k], p.current2, p.target);
            distance[k] = measure<Careful>(arm.tip({held1[k], second[k]}), p.target);
            continue;
        }
        if (containsScaled(limits2, {uc, us}, m2)) {
            const double root = std::sqrt(m2);
            second[k] = {uc, us};
            unit[k] = root * (1.0 / m2);
            distance[k] = measureLength<Careful>(root - b); // bone 2 at the target
            continue;
        }
        const Rotation h = held2[nearerLimitIsMax(limits2, {uc, us})];
        second[k] = h;
        const double w2c = wc * h.c - ws * h.s, w2s = ws * h.c + wc * h.s;
        distance[k] = measure<Careful>({ex + w2c * b, ey + w2s * b}, p.target);
    }
    const Triangle& t = p.triangle;
    const Rotation toward = arm.baseRotation.inverse() * t.toTarget;
    for (int k = 0; k < 2; ++k) { // bone 2 held, bone 1 swinging the arm toward the target
        second[2 + k] = held2[k];
        if (t.targetOnBase | rigid[k].folded) [[unlikely]] { // every rotation of bone 1 is as good
            first[2 + k] = p.current1;
            distance[2 + k] = measure<Careful>(arm.tip({p.current1, held2[k]}), p.target);
            continue;
        }
        // Where bone 1's limits stop the swing, the edge's nearest pose is a corner (both bones
        // on a limit), which edge 0 or 1 holds too and weighs already: this edge then needs no
        // distance of its own.
        first[2 + k] = toward * rigid[k].direction.inverse();
        distance[2 + k] = containsScaled(limits1, first[2 + k], 1.0) ? measureLength<Careful>(t.reach - rigid[k].length) : kNever;
    }
    int best = 0;
    double nearest = distance[0];
    for (int k = 1; k < 4; ++k) {
        const bool nearer = distance[k] < nearest;
        best = nearer ? k : best;
        nearest = nearer ? distance[k] : nearest;
    }
    return {{first[best], {second[best].c * unit[best], second[best].s * unit[best]}}, nearest};
}

// Edge k of nearestLegal (bone 1 held on its minimum, k = 0, or its maximum, bone 2 as nearly
// at the target as its limits allow) alone, worked out as there.
BONEWORK_FORCE_INLINE Edge onBoneOneLimit(const Problem& p, const RotationLimits& limits1, const RotationLimits& limits2, int k)
{
    const Arm& arm = p.arm;
    const Rotation held = k ? limits1.atMax : limits1.atMin;
    const double rc = arm.baseRotation.c, rs = arm.baseRotation.s;
    const double wc = rc * held.c - rs * held.s, ws = rs * held.c + rc * held.s; // bone 1, world
    const double ex = arm.base.x + wc * arm.a, ey = arm.base.y + ws * arm.a; // the elbow
    const double vx = p.target.x - ex, vy = p.target.y - ey;
    const double uc = wc * vx + ws * vy, us = wc * vy - ws * vx; // bone 2's turn, scaled
    const double m2 = uc * uc + us * us;
    if (!(m2 > 1e-290 && m2 < 1e290)) [[unlikely]] {
        const Rotation second = arm.bestSecond(limits2, held, p.current2, p.target);
        return {{held, second}, measure<false>(arm.tip({held, second}), p.target)};
    }
    if (containsScaled(limits2, {uc, us}, m2)) {
        const double root = std::sqrt(m2);
        const double unit = root * (1.0 / m2);
        return {{held, {uc * unit, us * unit}}, measureLength<false>(root - arm.b)};
    }
    const Rotation h = nearerLimitIsMax(limits2, {uc, us}) ? limits2.atMax : limits2.atMin;
    const double w2c = wc * h.c - ws * h.s, w2s = ws * h.c + wc * h.s;
    return {{held, h}, measure<false>({ex + w2c * arm.b, ey + w2s * arm.b}, p.target)};
}

// Inline: only the limited copy of the solve (solveLimb<true>) reaches it, so solves without
// limits no longer pay for it (out of line, it kept them from holding the arm in registers);
// inlined, the limited solve spares the call's spills and reloads, and takes 0.89-0.92x the time.
// The search on arms so long that squared distances could overflow: out of line, so that the
// solve's code stays small.
#if defined(_MSC_VER)
__declspec(noinline)
#else
__attribute__((noinline))
#endif
Edge nearestLegalPoseCareful(const Problem& p, const RotationLimits& limits1, const RotationLimits& limits2, const RigidArm rigid[2])
{
    return nearestLegal<true>(p, limits1, limits2, rigid);
}

BONEWORK_FORCE_INLINE Edge nearestLegalPose(const Problem& p, const RotationLimits& limits1, const RotationLimits& limits2,
                                            const RigidArm rigid[2])
{
    if (p.arm.a + p.arm.b <= 1e100) [[likely]] // squared distances cannot overflow
        return nearestLegal<false>(p, limits1, limits2, rigid);
    return nearestLegalPoseCareful(p, limits1, limits2, rigid);
}

// The solve of an arm no pin holds (see run()). `Limited`: whether either joint has limits.
template <bool Limited>
BONEWORK_FORCE_INLINE void solveLimb(Rig& rig, JointIndex j1, JointIndex j2, const SolveRequest& request, SolveResult& result,
                                     LimitedArm& limitedArm)
{
    const Vec2 goal = targetOf(request.effectors.front());
    const Limb limb = limbOf(rig, j1, j2, goal);
    const Arm arm = limb.arm;
    // Whether bone 2's exact angle breaks its limits in both bends, told from the distance to
    // the target alone: then neither exact pose can be legal, and the triangle's angles and the
    // exact poses' tests are skipped for the search.
    bool exactBreaks = false;
    double searched = -1.0; // the squared distance of the pose the search found, where it tells it
    if constexpr (Limited) {
        limitedArm.update(arm.a, arm.b, rig.rotationLimits(j2));
        const double dx = limb.target.x - arm.base.x, dy = limb.target.y - arm.base.y;
        exactBreaks = limitedArm.bothBendsBreakLimits(dx * dx + dy * dy);
    }
    const Triangle triangle = triangleOf(limb, !exactBreaks);
    const double sign = request.bend == BendDirection::Positive ? 1.0 : -1.0;
    Pose best = triangle.pose(arm.baseRotation, sign);
    if constexpr (Limited) {
        // The requested bend if it keeps the limits, else the mirrored one if that does, else
        // the nearest legal pose. (Testing both bends whole and picking one without a branch
        // measured slower, on targets moving as a drag moves them by 7%.)
        const RotationLimits& limits1 = rig.rotationLimits(j1);
        const RotationLimits& limits2 = rig.rotationLimits(j2);
        const LimitTest test1 = limitTestOf(limits1);
        const LimitTest test2 = limitTestOf(limits2);
        const Pose mirrored = triangle.pose(arm.baseRotation, -sign);
        const bool asked = !exactBreaks && test1.contains(limits1, best.first) && test2.contains(limits2, best.second);
        if (asked || (!exactBreaks && !triangle.straight && test1.contains(limits1, mirrored.first) && test2.contains(limits2, mirrored.second))) {
            if (!asked)
                best = mirrored;
            best = {rig.setRotationWithinLimits(j1, best.first), rig.setRotationWithinLimits(j2, best.second)};
        } else {
            const Problem problem{arm, triangle, limb.target, limb.current1, rig.localRotation(j2)};
            // When the target's direction tells that bone 1 ends on one limit whatever bone 2's
            // angle (see LimitedArm::sides), that limit's edge is the nearest legal pose.
            // When it tells only that bone 1 ends on a limit, edges 0 and 1 are weighed alone
            // (edges 2 and 3, whose swings bone 1's limits stop, weigh nothing in the search).
            const LimitSides& sides = limitedArm.sides(limits1);
            const Rotation toward = arm.baseRotation.inverse() * triangle.toTarget;
            const bool told = !triangle.targetOnBase & (arm.a + arm.b <= 1e100);
            const bool outside = (sides.towardOutside.c * toward.c + sides.towardOutside.s * toward.s > sides.outsideCosine) & told;
            const bool inside = (sides.towardInside.c * toward.c + sides.towardInside.s * toward.s > sides.insideCosine) & told;
            Edge found;
            if (inside) {
                // Bone 1 ends off its limits, so bone 2 ends on one of its own: the nearer rigid
                // arm, swung onto the target's line (nearestLegal's edges 2 and 3, without the
                // other two). Squared differences of lengths: no square root.
                const RigidArm* rigid = limitedArm.rigidArms();
                const double off0 = triangle.reach - rigid[0].length, off1 = triangle.reach - rigid[1].length;
                const int k = off1 * off1 < off0 * off0 ? 1 : 0;
                found = {{toward * rigid[k].direction.inverse(), k ? limits2.atMax : limits2.atMin}, k ? off1 * off1 : off0 * off0};
            } else if (outside) {
                const bool onMin = sides.towardMin.c * toward.c + sides.towardMin.s * toward.s > sides.cosine;
                const bool onMax = sides.towardMax.c * toward.c + sides.towardMax.s * toward.s > sides.cosine;
                if (onMin | onMax) {
                    found = onBoneOneLimit(problem, limits1, limits2, onMax ? 1 : 0);
                } else {
                    const Edge atMin = onBoneOneLimit(problem, limits1, limits2, 0);
                    const Edge atMax = onBoneOneLimit(problem, limits1, limits2, 1);
                    found = atMax.distance < atMin.distance ? atMax : atMin;
                }
            } else {
                found = nearestLegalPose(problem, limits1, limits2, limitedArm.rigidArms());
            }
            best = {rig.setRotationClamped(j1, found.pose.first), rig.setRotationClamped(j2, found.pose.second)};
            // The search weighed the pose's distance already, squared where nothing overflows
            // (and from the goal itself where it was not bounded): its root is the error, with
            // no tip to work out first. It differs from the tip's distance by rounding only.
            const double d2 = found.distance;
            if ((arm.a + arm.b <= 1e100) & (limb.target.x == goal.x) & (limb.target.y == goal.y) & (d2 < 1e300) & (d2 > 1e-300)) [[likely]]
                searched = d2;
        }
    } else { // every rotation lies within the whole circle
        best = {rig.setRotationWithinLimits(j1, best.first), rig.setRotationWithinLimits(j2, best.second)};
    }
    // Else the tip from the rotations as the rig now holds them (no second walk up the tree,
    // and no reading them back).
    result.error = searched >= 0.0 ? std::sqrt(searched) : distanceBetween(arm.tip(best), goal);
    result.reached = result.error <= request.tolerance;
    result.limited.clear();
    if constexpr (Limited) { // a joint without limits is never on one
        if (rig.isOnLimit(j1))
            result.limited.push_back(j1);
        if (rig.isOnLimit(j2))
            result.limited.push_back(j2);
    }
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
    // Two copies of the solve: GCC works the limited arm's tests out ahead of a branch on the
    // limits, so that arms without limits paid for them too.
    if (int(rig.rotationLimits(j1).free) & int(rig.rotationLimits(j2).free))
        solveLimb<false>(rig, j1, j2, request, result, m_limitedArm);
    else
        solveLimb<true>(rig, j1, j2, request, result, m_limitedArm);
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

void TwoBoneSolver::reserve(const Rig& rig, std::size_t)
{
    m_path.reserve(rig.deepestJointDepth()); // solveHeld builds the path from the root given
}

} // namespace bonework::solvers
