#include "bonework/solvers/two_bone_solver.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <cmath>

namespace bonework {
namespace {

Vec2 unit(double degrees)
{
    const Rotation r = Rotation::fromDegrees(degrees);
    return {r.c, r.s};
}

double directionDegrees(Vec2 v) { return std::atan2(v.y, v.x) * kDegreesPerRadian; }

// The arm in its base's frame: upper bone of length a from the base, lower of length b.
struct Arm {
    Vec2 base;
    double frame = 0.0; // world direction the upper bone's angle is measured from
    double a = 0.0, b = 0.0;
    double min1 = -180, max1 = 180, min2 = -180, max2 = 180;
    Vec2 target;

    Vec2 tip(double a1, double a2) const
    {
        const double w1 = frame + a1;
        return base + unit(w1) * a + unit(w1 + a2) * b;
    }
    double error(double a1, double a2) const { return distance(tip(a1, a2), target); }

    // For a fixed elbow angle the tip circles the base; the best upper angle points it at the
    // target, nearest the limits when it cannot (distance along an arc is unimodal in angle).
    double bestUpper(double a2, double current) const
    {
        const Vec2 toTarget = target - base;
        if (toTarget.x == 0.0 && toTarget.y == 0.0)
            return current;
        const double seen = std::atan2(b * std::sin(a2 * kRadiansPerDegree), a + b * std::cos(a2 * kRadiansPerDegree))
                            * kDegreesPerRadian;
        return clampToLimits(directionDegrees(toTarget) - frame - seen, min1, max1);
    }

    // For a fixed upper bone the elbow is fixed; the best lower angle points at the target.
    double bestLower(double a1, double current) const
    {
        const double w1 = frame + a1;
        const Vec2 toTarget = target - (base + unit(w1) * a);
        if (toTarget.x == 0.0 && toTarget.y == 0.0)
            return current;
        return clampToLimits(directionDegrees(toTarget) - w1, min2, max2);
    }
};

bool within(double v, double min, double max) { return v >= min && v <= max; }

} // namespace

std::string TwoBoneSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    if (auto why = checkChainRequest(rig, request); !why.empty())
        return why;
    const JointIndex tip = request.effectors.front().joint;
    const JointIndex base = chainBase(rig, request);
    if (rig.parent(tip) == base || rig.parent(rig.parent(tip)) != base)
        return "a two-bone chain must be exactly two bones long (\"" + rig.jointName(base) + "\" to \""
               + rig.jointName(tip) + "\" is not)";
    return {};
}

void TwoBoneSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    const JointIndex lower = effector.joint;
    const JointIndex upper = rig.parent(lower);
    const JointIndex base = rig.parent(upper);

    const WorldTransform baseWorld = worldTransformOf(rig, base);
    Arm arm;
    arm.base = baseWorld.position;
    arm.frame = baseWorld.rotation.degrees();
    arm.a = rig.length(upper);
    arm.b = rig.length(lower);
    arm.min1 = rig.minAngle(upper);
    arm.max1 = rig.maxAngle(upper);
    arm.min2 = rig.minAngle(lower);
    arm.max2 = rig.maxAngle(lower);
    arm.target = effector.target;

    // A bone whose subtree holds a pin cannot turn.
    markPinnedSubtrees(rig, m_pinnedBelow);
    const bool lowerFree = !m_pinnedBelow[lower];
    const bool upperFree = lowerFree && !m_pinnedBelow[upper];

    double a1 = rig.angle(upper);
    double a2 = rig.angle(lower);
    if (upperFree) {
        // The law of cosines on the clamped distance.
        const Vec2 toTarget = arm.target - arm.base;
        const double reach = norm(toTarget);
        const double d = std::clamp(reach, std::fabs(arm.a - arm.b), arm.a + arm.b);
        const double cosElbow = std::clamp((arm.a * arm.a + arm.b * arm.b - d * d) / (2 * arm.a * arm.b), -1.0, 1.0);
        const double bend = 180.0 - std::acos(cosElbow) * kDegreesPerRadian; // 0 straight .. 180 folded
        const double cosShoulder =
            d > 0.0 ? std::clamp((arm.a * arm.a + d * d - arm.b * arm.b) / (2 * arm.a * d), -1.0, 1.0) : 0.0;
        const double shoulder = std::acos(cosShoulder) * kDegreesPerRadian;
        const double aim = reach > 0.0 ? directionDegrees(toTarget) - arm.frame : a1 + shoulder;
        const double sign = request.bend == BendDirection::Positive ? 1.0 : -1.0;

        // Candidates, best first on ties: the exact pose with the requested bend, then the other
        // bend, then the best pose on each edge of the limits box. If the exact pose is illegal,
        // the nearest legal pose lies on an edge, where the other angle is closed-form.
        struct Candidate { double a1, a2; };
        Candidate candidates[6];
        int count = 0;
        for (double s : {sign, -sign}) {
            const double c1 = wrapDegrees(aim - s * shoulder);
            const double c2 = wrapDegrees(s * bend);
            if (within(c1, arm.min1, arm.max1) && within(c2, arm.min2, arm.max2))
                candidates[count++] = {c1, c2};
        }
        if (count == 0) {
            for (double edge : {arm.min2, arm.max2})
                candidates[count++] = {arm.bestUpper(edge, a1), edge};
            for (double edge : {arm.min1, arm.max1})
                candidates[count++] = {edge, arm.bestLower(edge, a2)};
        }
        double bestError = arm.error(candidates[0].a1, candidates[0].a2);
        Candidate best = candidates[0];
        for (int i = 1; i < count; ++i) {
            const double e = arm.error(candidates[i].a1, candidates[i].a2);
            if (e < bestError) {
                bestError = e;
                best = candidates[i];
            }
        }
        a1 = best.a1;
        a2 = best.a2;
    } else if (lowerFree) {
        a2 = arm.bestLower(a1, a2);
    }
    rig.setAngleClamped(upper, a1);
    rig.setAngleClamped(lower, a2);

    result.iterations = 1;
    result.error = arm.error(rig.angle(upper), rig.angle(lower));
    result.reached = result.error <= request.tolerance;
    m_touched.clear();
    m_touched.push_back(upper);
    m_touched.push_back(lower);
    collectLimited(rig, m_touched, result);
}

} // namespace bonework
