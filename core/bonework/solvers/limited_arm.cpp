#include "bonework/solvers/limited_arm.h"

#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace bonework::solvers {
namespace {

// Far above the rounding of the cosine worked out from m2 (about 1e-15 here), far below
// anything a limit's width means: a cosine this far outside a range is outside its angles.
constexpr double kMargin = 1e-9;

// The cosines of the angles from `nearer` to `farther` (their cosines: angles within [0, 180],
// where the cosine falls), widened by the margin; `empty` when the angles leave no range.
void cosineRange(bool empty, double cosNearer, double cosFarther, double range[2])
{
    range[0] = empty ? 3.0 : cosFarther - kMargin; // no cosine falls in [3, -3]
    range[1] = empty ? -3.0 : cosNearer + kMargin;
}

} // namespace

void LimitedArm::refresh(double a, double b, const RotationLimits& limits2)
{
    m_a = a;
    m_b = b;
    m_min = limits2.min;
    m_max = limits2.max;
    m_held[0] = limits2.atMin;
    m_held[1] = limits2.atMax;
    m_limits2 = limits2;
    m_armsCurrent = false;
    m_sidesCurrent = false;
    // Bone 2's exact angle: 180 - gamma in the positive bend, gamma - 180 in the negative, with
    // cos(180 - gamma) = (d^2 - a^2 - b^2) / 2ab.
    m_sumOfSquares = a * a + b * b;
    m_perTwoAB = 0.5 / (a * b);
    const bool usable = !limits2.free && std::isfinite(m_sumOfSquares) && std::isfinite(m_perTwoAB) && m_perTwoAB > 0.0;
    if (!usable) { // every cosine may keep the limits: the exact poses' tests decide
        m_positive[0] = m_negative[0] = -3.0;
        m_positive[1] = m_negative[1] = 3.0;
        return;
    }
    // The positive bend's angles: [max(min, 0), min(max, 180)]; the negative bend's, as
    // magnitudes: [max(-max, 0), min(-min, 180)]. Cosines from the limits' own rotations
    // (cos is even): 1 at 0 degrees, -1 at 180.
    const double cosMin = limits2.atMin.c, cosMax = limits2.atMax.c;
    cosineRange(limits2.max < 0.0, limits2.min > 0.0 ? cosMin : 1.0, cosMax, m_positive);
    cosineRange(limits2.min > 0.0, limits2.max < 0.0 ? cosMax : 1.0, cosMin, m_negative);
}

void LimitedArm::refreshRigidArms()
{
    for (int k = 0; k < 2; ++k) {
        const Vec2 tip = Vec2{m_a, 0.0} + m_held[k].direction() * m_b;
        RigidArm& arm = m_arms[k];
        arm.length = std::hypot(tip.x, tip.y); // no overflow, whatever the lengths
        arm.folded = !unitDirection(tip, arm.direction);
        if (arm.folded)
            arm.direction = Rotation{};
    }
    m_armsCurrent = true;
}

void LimitedArm::refreshSides(const RotationLimits& limits1)
{
    m_min1 = limits1.min;
    m_max1 = limits1.max;
    m_sidesCurrent = true;
    m_sides = LimitSides{};
    const RigidArm* arms = rigidArms();
    // Bone 2 free and a <= b: the arm's direction runs round the whole circle.
    if (limits1.free || (m_limits2.free && !(m_a > m_b)) || arms[0].folded || arms[1].folded || !(m_a > 0.0) || !(m_b > 0.0) || !std::isfinite(m_a + m_b))
        return;
    // The arc of the rigid arm's directions (in bone 1's frame) as bone 2 runs from its minimum
    // to its maximum: [low, high]. When a > b the direction turns back where cos(bone 2) = -b/a
    // (there it is furthest off bone 1, asin(b/a) < 90 degrees), so the arc's ends are the
    // extremes of the sine (the cosine stays positive) among the ends and those turning points
    // that bone 2's limits hold. Otherwise it turns one way only, from end to end.
    Rotation low = arms[0].direction, high = arms[1].direction;
    if (m_a > m_b) {
        const double sa = m_b / m_a, ca = std::sqrt(std::max(0.0, 1.0 - sa * sa));
        if (high.s < low.s)
            std::swap(low, high);
        const Rotation turnUp{-sa, ca}, turnDown{-sa, -ca}; // bone 2's angles at the turning points
        if (m_limits2.clamp(turnUp) == turnUp)
            high = {ca, sa};
        if (m_limits2.clamp(turnDown) == turnDown)
            low = {ca, -sa};
    } else if (cross(low.direction(), high.direction()) < 0.0) {
        return; // an arc wider than half the circle: no side is ever told
    }
    Rotation middle;
    if (!unitDirection(low.direction() + high.direction(), middle))
        return;
    const double cosArc = std::clamp(dot(middle.direction(), low.direction()), 0.0, 1.0); // half the arc
    const double sinArc = std::sqrt(1.0 - cosArc * cosArc);
    // Bone 1's half-width h and its half: the maximum relative to the limits' centre.
    const Rotation width = limits1.centre.inverse() * limits1.atMax;
    Rotation half;
    if (!(width.c > -0.999) || !unitDirection(Vec2{1.0 + width.c, width.s}, half))
        return;
    // The directions of bone 1 nearer its maximum than its minimum, outside its limits: the arc
    // (h, 180) from the centre, whose middle is 90 + h/2 and half-width 90 - h/2. Those of the
    // target that keep the whole arc of best angles (the target's direction less the rigid
    // arm's) in it: the arc shifted by the middle of the arm's and narrowed by its half-width.
    // Outside bone 1's limits: the arc (h, 360 - h) from the centre, whose middle is 180 and
    // half-width 180 - h; the target's directions keeping the arc of best angles in it lie
    // within 180 - h - (the arc's half-width) of 180 + the arc's middle.
    const double wholeCos = width.c * cosArc - width.s * sinArc; // cos(h + arc half-width)
    if (width.s * cosArc + width.c * sinArc > 1e-6 || wholeCos > 0.5) { // h + half-width < 180
        m_sides.usable = true;
        m_sides.towardOutside = limits1.centre * Rotation{-1.0, 0.0} * middle;
        m_sides.outsideCosine = -wholeCos + 1e-9; // cos(180 - h - half-width), and a margin
    }
    // Inside bone 1's limits: the arc (-h, h) from the centre; the target's directions keeping
    // the arc of best angles in it lie within h - (the arc's half-width) of the centre plus the
    // arc's middle.
    if (width.s * cosArc - width.c * sinArc > 1e-6) { // sin(h - half-width) > 0: room left
        m_sides.usable = true;
        m_sides.towardInside = limits1.centre * middle;
        m_sides.insideCosine = width.c * cosArc + width.s * sinArc + 1e-9; // cos(h - half-width), and a margin
    }
    const double sumCos = half.c * cosArc - half.s * sinArc; // cos(h/2 + arc half-width)
    const double sumSin = half.s * cosArc + half.c * sinArc;
    if (!(sumCos > 1e-6))
        return; // no room left
    const Rotation up{-half.s, half.c}, down{-half.s, -half.c}; // 90 + h/2, -(90 + h/2)
    m_sides.usable = true;
    m_sides.towardMax = limits1.centre * up * middle;
    m_sides.towardMin = limits1.centre * down * middle;
    m_sides.cosine = sumSin + 1e-9; // cos(90 - h/2 - half-width), and a margin for rounding
}

} // namespace bonework::solvers
