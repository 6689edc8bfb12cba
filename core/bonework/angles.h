#pragma once
// Angle helpers shared by the model and the solvers. All angles are in degrees.

#include <string>

namespace bonework {

// Spelled out rather than std::numbers::pi: Qt 6.4's moc cannot parse <numbers>.
inline constexpr double kPi = 3.141592653589793238462643383279502884;
inline constexpr double kDegreesPerRadian = 180.0 / kPi;
inline constexpr double kRadiansPerDegree = kPi / 180.0;
inline constexpr double kMinLimit = -180.0;
inline constexpr double kMaxLimit = 180.0;

// Wraps any finite angle into (-180, 180]. Non-finite input gives 0 so no NaN spreads.
double wrapDegrees(double degrees);

// The angle within [min, max] nearest to `degrees` on the circle (which limit is nearer
// is decided by angular distance, so -179 is near a limit of 180).
double clampToLimits(double degrees, double min, double max);

// The signed smallest difference b - a, in (-180, 180].
double angleDifference(double a, double b);

// The angle `share` (0 to 1) of the way from `from` to `to`: for a free joint the short way
// round, wrapped into (-180, 180]; for a limited one along the numbers, so that between two
// angles within the limits it stays within them (up to rounding).
double angleBetween(double from, double to, double share, bool free);

// Degrees as a person reads them in a message: -30, 42.5, not std::to_string's -30.000000.
std::string degreesText(double degrees);

} // namespace bonework
