#include "bonework/rotation_limits.h"

#include "bonework/angles.h"

namespace bonework {

void RotationLimits::set(double minDegrees, double maxDegrees)
{
    min = minDegrees;
    max = maxDegrees;
    free = minDegrees <= kMinLimit && maxDegrees >= kMaxLimit;
    const double half = 0.5 * (maxDegrees - minDegrees);
    centre = Rotation::fromDegrees(minDegrees + half);
    narrow = half <= 90.0;
    sinHalfWidth = std::sin(half * kRadiansPerDegree);
    atMin = Rotation::fromDegrees(minDegrees);
    atMax = Rotation::fromDegrees(maxDegrees);
}

} // namespace bonework
