#pragma once
// A joint's angle limits in rotation (cos, sin) form, so that clamping a rotation needs no
// trigonometry. The rig keeps one per joint to hold the poses solvers write; solvers keep
// their own copies next to the chain they iterate on.

#include "bonework/vec2.h"

#include <cmath>

namespace bonework {

struct RotationLimits {
    bool free = true;       // the limits cover the whole circle
    bool narrow = false;    // half the width is at most 90 degrees
    double min = -180.0;    // degrees, as in the rig (to tell whether a copy is current)
    double max = 180.0;
    Rotation centre;        // the middle of [min, max]
    double sinHalfWidth = 0.0;
    Rotation atMin;
    Rotation atMax;

    void set(double minDegrees, double maxDegrees);
    bool operator==(const RotationLimits&) const = default;
    // The rotation nearest `r` on the circle whose angle lies within the limits (ties go to
    // the minimum, as clampToLimits does).
    Rotation clamp(Rotation r) const
    {
        if (free)
            return r;
        // r relative to the centre of the range: inside when within half the width of it,
        // tested on the sine (well resolved near the edges, unlike the cosine of small angles).
        const double c = centre.c * r.c + centre.s * r.s;
        const double s = centre.c * r.s - centre.s * r.c;
        const bool inside = narrow ? (c > 0.0 && std::fabs(s) <= sinHalfWidth) : (c >= 0.0 || std::fabs(s) >= sinHalfWidth);
        if (inside)
            return r;
        return s > 0.0 ? atMax : atMin;
    }
    // Whether r's angle lies within the limits (clamping leaves it as it is).
    bool contains(Rotation r) const { return clamp(r) == r; }
};

} // namespace bonework
