#pragma once
// The two rigid arms that two-bone's search for the nearest legal pose swings about the base:
// the arm with bone 2 held on its minimum, and on its maximum. Each is a fixed vector in bone 1's
// frame (a + b * the limit's rotation), so its length and direction depend on the bones' lengths
// and bone 2's limits only. Worked out when those change and kept in the solver from solve to
// solve: they cost a square root and a division each, which every search paid before.

#include "bonework/rotation_limits.h"
#include "bonework/vec2.h"

#include <limits>

namespace bonework::solvers {

struct RigidArm {
    double length = 0.0; // from the base to the tip
    Rotation direction;  // of the tip from the base, in bone 1's frame
    bool folded = true;  // the tip sits on the base: no direction
};

class RigidArms {
public:
    // The arms of bones of lengths a and b, bone 2 held on either of `limits2`'s limits; worked
    // out again only when these differ from the last call's.
    const RigidArm* of(double a, double b, const RotationLimits& limits2)
    {
        if ((a != m_a) | (b != m_b) | (limits2.min != m_min) | (limits2.max != m_max)) [[unlikely]]
            refresh(a, b, limits2);
        return m_arms;
    }

private:
    void refresh(double a, double b, const RotationLimits& limits2);

    static constexpr double kUnset = std::numeric_limits<double>::quiet_NaN(); // equal to nothing
    double m_a = kUnset;
    double m_b = kUnset;
    double m_min = kUnset;
    double m_max = kUnset;
    RigidArm m_arms[2]; // bone 2 on its minimum, on its maximum
};

} // namespace bonework::solvers
