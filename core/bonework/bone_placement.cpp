#include "bonework/bone_placement.h"

#include <cmath>

namespace bonework {

std::optional<BonePlacement> boneTo(const WorldTransform& from, Vec2 end)
{
    const Vec2 offset = end - from.position;
    const double length = norm(offset);
    if (!(length >= kMinimumDrawnBoneLength) || !std::isfinite(length))
        return std::nullopt;
    const Rotation direction{offset.x / length, offset.y / length};
    // A bone drawn by hand means nothing finer than a billionth of a degree or of a unit: kept
    // to that, a bone snapped to 30 degrees is saved as 30, not 29.999999999999986 (the snapped
    // end point carries the rounding of its cos and sin back into the angle).
    const auto tidy = [](double v) { return std::round(v * 1e9) / 1e9; };
    return BonePlacement{tidy(length), tidy((from.rotation.inverse() * direction).degrees())};
}

Vec2 snapBoneEnd(const WorldTransform& from, Vec2 end, double stepDegrees)
{
    const Vec2 offset = end - from.position;
    const double length = norm(offset);
    if (!(length > 0.0) || !std::isfinite(length) || !(stepDegrees > 0.0))
        return end;
    const double local = (from.rotation.inverse() * Rotation{offset.x / length, offset.y / length}).degrees();
    const double snapped = std::round(local / stepDegrees) * stepDegrees;
    return from.position + (from.rotation * Rotation::fromDegrees(snapped)).direction() * length;
}

} // namespace bonework
