#pragma once
// The angles of the triangle that an arm of two bones (lengths a and b) makes with the line from
// its base to its tip, when that line is d long: alpha at the base (between the line and the
// first bone), gamma at the elbow (between the bones), as cos/sin, so that no trigonometry runs.
// Shared by the two-bone solver and the chain solvers' exact two-bone finish.

#include "bonework/force_inline.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>
#include <cmath>

namespace bonework::solvers {

struct ArmAngles {
    double cosAlpha = 1.0;
    double sinAlpha = 0.0;
    double cosGamma = 1.0;
    double sinGamma = 0.0;
};

// triangleTwiceArea (Kahan's stable Heron) with the sides sorted by min and max instead of
// swaps: the same sorted sides, so the same bits, without the branches on where d falls.
BONEWORK_FORCE_INLINE double sortedTriangleTwiceArea(double a, double b, double d)
{
    const double longer = std::max(a, b);
    const double shorter = std::min(a, b);
    const double x = std::max(longer, d);
    const double y = std::max(shorter, std::min(longer, d));
    const double z = std::min(shorter, d);
    const double p = (x + (y + z)) * (z - (x - y)) * (z + (x - y)) * (x + (y - z));
    return p > 0.0 ? 0.5 * std::sqrt(p) : 0.0;
}

// d must lie in [|a - b|, a + b] (callers clamp it or check it). Forced inline: both callers
// sit on hot paths, and GCC at -O2 leaves it out of line (two-bone measured 0.84-0.91x inlined).
BONEWORK_FORCE_INLINE ArmAngles armAngles(double a, double b, double d)
{
    ArmAngles t;
    const double area2 = sortedTriangleTwiceArea(a, b, d);
    const double perAB = 1.0 / (a * b);
    t.cosAlpha = a >= b ? 1.0 : -1.0; // d = 0 (a = b, folded): the first bone along the line
    if (d > 0.0) {
        const double perAD = 1.0 / (a * d);
        t.cosAlpha = std::clamp(0.5 * (a * a + d * d - b * b) * perAD, -1.0, 1.0);
        t.sinAlpha = std::min(1.0, area2 * perAD);
    }
    t.cosGamma = std::clamp(0.5 * (a * a + b * b - d * d) * perAB, -1.0, 1.0);
    t.sinGamma = std::min(1.0, area2 * perAB);
    return t;
}

} // namespace bonework::solvers
