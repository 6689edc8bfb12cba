#pragma once
// What two-bone keeps of a limited arm from solve to solve: what depends on the bones' lengths
// and bone 2's limits only, worked out again when those change.
//  - Which of bone 2's exact angles keep its limits, as ranges of their cosine: the law of
//    cosines gives that cosine from the squared distance to the target alone, so a target whose
//    exact poses both break bone 2's limits is told before the triangle is worked out.
//  - The two rigid arms that the search for the nearest legal pose swings about the base: bone 2
//    held on its minimum, and on its maximum. Each is a fixed vector in bone 1's frame
//    (a + b * the limit's rotation); its length and direction cost a square root and a division,
//    which every search paid before. Worked out when a search first asks for them.
// No trigonometry, and a division or three when the arm changes: the searching solvers hand
// every two-bone limb of a figure to one two-bone solver in turn, so the arm changes from call
// to call there.

#include "bonework/rotation_limits.h"
#include "bonework/vec2.h"

#include <algorithm>
#include <limits>

namespace bonework::solvers {

struct RigidArm {
    double length = 0.0; // from the base to the tip
    Rotation direction;  // of the tip from the base, in bone 1's frame
    bool folded = true;  // the tip sits on the base: no direction
};

// Where the target must lie (its direction from the base, in the base's frame) for the nearest
// legal pose to hold bone 1 on its minimum, or on its maximum, whatever bone 2's angle: see
// LimitedArm::sides().
struct LimitSides {
    bool usable = false; // false: no direction is told (the test below never passes)
    Rotation towardMin;  // the middle of the directions that put bone 1 on its minimum
    Rotation towardMax;  // ... on its maximum
    double cosine = 2.0; // a direction within acos(cosine) of either middle belongs to it
    // Where the whole arc of bone 1's best angles lies outside its limits, on either side:
    // bone 1 then ends on one of its limits (the swings of edges 2 and 3 are stopped).
    Rotation towardOutside;     // the middle of those directions
    double outsideCosine = 2.0; // as `cosine`
    // Where the whole arc lies inside bone 1's limits: bone 1 then ends off its limits, and
    // bone 2 on one of its own (edges 2 and 3 alone are weighed).
    Rotation towardInside;     // the middle of those directions
    double insideCosine = 2.0; // as `cosine`
};

class LimitedArm {
public:
    // Brings the kept values up to bones of lengths a and b, bone 2 within `limits2`: worked out
    // again only when these differ from the last call's.
    void update(double a, double b, const RotationLimits& limits2)
    {
        if ((a != m_a) | (b != m_b) | (limits2.min != m_min) | (limits2.max != m_max)) [[unlikely]]
            refresh(a, b, limits2);
    }

    // Bone 2 held on its minimum, on its maximum (for the arm of the last update()).
    const RigidArm* rigidArms()
    {
        if (!m_armsCurrent) [[unlikely]]
            refreshRigidArms();
        return m_arms;
    }

    // For bone 1 within `limits1` (for the arm of the last update()): where the target's
    // direction tells the nearest legal pose's side outright. For each angle of bone 2 the arm
    // is rigid, and the best angle of bone 1 turns it onto the target's line; as bone 2 runs
    // over its limits, that angle runs over an arc (the target's direction less the rigid arm's,
    // whose directions cover an arc too). When that whole arc lies outside bone 1's limits and
    // nearer its minimum than its maximum, every legal pose is bettered by the same pose with
    // bone 1 on its minimum (the distance grows with the angle between the arm and the line to
    // the target), so the nearest legal pose has bone 1 on its minimum; the same for the
    // maximum. When instead the whole arc lies inside bone 1's limits, every legal pose is
    // bettered by the same bone 2 angle with bone 1 on its best angle, which is legal: the
    // nearest legal pose is then the nearer of the two rigid arms (bone 2 on a limit) swung onto
    // the target's line. Worked out when a search first asks (no trigonometry: rotations and
    // square roots), kept until the arm or bone 1's limits change.
    const LimitSides& sides(const RotationLimits& limits1)
    {
        if (!m_sidesCurrent | (limits1.min != m_min1) | (limits1.max != m_max1)) [[unlikely]]
            refreshSides(limits1);
        return m_sides;
    }

    // Whether, for a target m2 (squared) from the base, bone 2's exact angle breaks its limits
    // in both bends by far more than rounding, so that neither exact pose can be legal. Near a
    // limit it answers no and leaves the decision to the exact poses' own tests.
    bool bothBendsBreakLimits(double m2) const
    {
        // cos of bone 2's angle, the same in both bends; the distance clamped to the reach.
        const double cosine = std::clamp((m2 - m_sumOfSquares) * m_perTwoAB, -1.0, 1.0);
        const bool positive = (cosine >= m_positive[0]) & (cosine <= m_positive[1]);
        const bool negative = (cosine >= m_negative[0]) & (cosine <= m_negative[1]);
        return !(positive | negative);
    }

private:
    void refresh(double a, double b, const RotationLimits& limits2);
    void refreshRigidArms();
    void refreshSides(const RotationLimits& limits1);

    static constexpr double kUnset = std::numeric_limits<double>::quiet_NaN(); // equal to nothing
    double m_a = kUnset;
    double m_b = kUnset;
    double m_min = kUnset;
    double m_max = kUnset;
    Rotation m_held[2]; // bone 2's limits: its minimum, its maximum
    RotationLimits m_limits2;
    RigidArm m_arms[2];
    bool m_armsCurrent = false;
    double m_min1 = kUnset; // bone 1's limits that m_sides is for
    double m_max1 = kUnset;
    LimitSides m_sides;
    bool m_sidesCurrent = false;
    double m_sumOfSquares = 0.0; // a^2 + b^2
    double m_perTwoAB = 0.0;     // 1 / (2ab)
    // The cosines of bone 2's angle that may keep its limits, widened by far more than rounding:
    // [lowest, highest] for the positive bend (angles in [0, 180]), for the negative one.
    double m_positive[2] = {-2.0, 2.0};
    double m_negative[2] = {-2.0, 2.0};
};

} // namespace bonework::solvers
