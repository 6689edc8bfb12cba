#include "bonework/solvers/limited_arm.h"

#include "bonework/solvers/solver_support.h"

#include <cmath>

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
    m_armsCurrent = false;
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

} // namespace bonework::solvers
