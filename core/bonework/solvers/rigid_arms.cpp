#include "bonework/solvers/rigid_arms.h"

#include "bonework/solvers/solver_support.h"

#include <cmath>

namespace bonework::solvers {

void RigidArms::refresh(double a, double b, const RotationLimits& limits2)
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
}

} // namespace bonework::solvers
