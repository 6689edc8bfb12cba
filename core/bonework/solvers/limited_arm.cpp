#include "bonework/solvers/limited_arm.h"

#include "bonework/angles.h"
#include "bonework/solvers/solver_support.h"

#include <cmath>

namespace bonework::solvers {
namespace {

// Far above the rounding of the cosine worked out from m2 (about 1e-15 here), far below
// anything a limit's width means: a cosine this far outside a range is outside its angles.
constexpr double kMargin = 1e-9;

// The cosines of the angles in [lo, hi] (degrees within [0, 180]; empty when lo > hi), widened
// by the margin; an empty range is one no cosine falls in.
void cosineRange(double lo, double hi, double range[2])
{
    if (lo > hi) {
        range[0] = 3.0;
        range[1] = -3.0;
        return;
    }
    range[0] = std::cos(hi * kRadiansPerDegree) - kMargin; // cos falls from 0 to 180 degrees
    range[1] = std::cos(lo * kRadiansPerDegree) + kMargin;
}

} // namespace

void LimitedArm::refresh(double a, double b, const RotationLimits& limits2)
{
    m_a = a;
    m_b = b;
    m_min = limits2.min;
    m_max = limits2.max;
    const Rotation held[2] = {limits2.atMin, limits2.atMax};
    for (int k = 0; k < 2; ++k) {
        const Vec2 tip = Vec2{a, 0.0} + held[k].direction() * b;
        RigidArm& arm = m_arms[k];
        arm.length = std::hypot(tip.x, tip.y); // no overflow, whatever the lengths
        arm.folded = !unitDirection(tip, arm.direction);
        if (arm.folded)
            arm.direction = Rotation{};
    }
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
    cosineRange(std::max(limits2.min, 0.0), std::min(limits2.max, 180.0), m_positive);
    cosineRange(std::max(-limits2.max, 0.0), std::min(-limits2.min, 180.0), m_negative);
}

} // namespace bonework::solvers
