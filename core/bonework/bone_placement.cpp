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
    return BonePlacement{length, (from.rotation.inverse() * direction).degrees()};
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
