#include "bonework/angles.h"
#include "bonework/vec2.h"

#include <cmath>
#include <cstdio>

namespace bonework {

double wrapDegrees(double degrees)
{
    // Most angles are in range already; fmod costs more than the rest of a solver step.
    if (degrees > -180.0 && degrees <= 180.0)
        return degrees;
    if (!std::isfinite(degrees))
        return 0.0;
    double wrapped = std::fmod(degrees, 360.0); // exact, in (-360, 360)
    if (wrapped > 180.0)
        wrapped -= 360.0;
    else if (wrapped <= -180.0)
        wrapped += 360.0;
    return wrapped;
}

double angleDifference(double a, double b) { return wrapDegrees(b - a); }

double angleBetween(double from, double to, double share, bool free)
{
    return free ? wrapDegrees(from + share * angleDifference(from, to)) : from + share * (to - from);
}

double clampToLimits(double degrees, double min, double max)
{
    const double a = wrapDegrees(degrees);
    if (a >= min && a <= max)
        return a;
    if (min <= -180.0 && a == 180.0 && max >= 180.0)
        return a;
    const double toMin = std::fabs(angleDifference(a, min));
    const double toMax = std::fabs(angleDifference(a, max));
    return toMin <= toMax ? min : max;
}

Rotation Rotation::fromDegrees(double degrees)
{
    // Exact values at the quarter turns keep straight rigs free of rounding noise.
    const double a = wrapDegrees(degrees);
    if (a == 0.0) return {1.0, 0.0};
    if (a == 90.0) return {0.0, 1.0};
    if (a == 180.0) return {-1.0, 0.0};
    if (a == -90.0) return {0.0, -1.0};
    const double r = a * kRadiansPerDegree;
    return {std::cos(r), std::sin(r)};
}

double Rotation::degrees() const
{
    const double d = std::atan2(s, c) * kDegreesPerRadian;
    return d == -180.0 ? 180.0 : d;
}

std::string degreesText(double degrees)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", degrees);
    return text;
}

} // namespace bonework
