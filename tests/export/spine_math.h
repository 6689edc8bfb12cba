#pragma once
// Spine's documented math for the export checks, written from the 4.2 runtimes' published
// behaviour without the runtime (its licence): bone world transforms (rotation only) and a
// region attachment's corners (RegionAttachment's offsets and computeWorldVertices).

#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/vec2.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <array>
#include <cmath>
#include <map>

namespace bonework::testing {

inline constexpr double kDegRad = M_PI / 180.0;

// Spine's bone world transform (y up): a, b, c, d and the world origin.
struct SpineBone {
    double a = 1, b = 0, c = 0, d = 1, worldX = 0, worldY = 0;
};

// Bone::updateWorldTransform for bones with rotation only (no scale, no shear, inherit all):
// the root's matrix is its own rotation at (x, y); a child's origin is parent.(a b; c d).(x, y)
// + parent's origin, and its matrix the parent's times its own rotation.
inline std::map<QString, SpineBone> spineBones(const QJsonArray& bones)
{
    std::map<QString, SpineBone> world;
    for (const QJsonValue& v : bones) {
        const QJsonObject o = v.toObject();
        const double x = o.value("x").toDouble(), y = o.value("y").toDouble();
        const double r = o.value("rotation").toDouble() * kDegRad;
        const double la = std::cos(r), lb = -std::sin(r), lc = std::sin(r), ld = std::cos(r);
        SpineBone b;
        if (!o.contains("parent")) {
            b = {la, lb, lc, ld, x, y};
        } else {
            const SpineBone& p = world.at(o.value("parent").toString());
            b.worldX = p.a * x + p.b * y + p.worldX;
            b.worldY = p.c * x + p.d * y + p.worldY;
            b.a = p.a * la + p.b * lc;
            b.b = p.a * lb + p.b * ld;
            b.c = p.c * la + p.d * lc;
            b.d = p.c * lb + p.d * ld;
        }
        world[o.value("name").toString()] = b;
    }
    return world;
}

// RegionAttachment: the trimmed region's corners in the bone's frame, from the attachment's
// width and height (the original size), scale, rotation and centre (x, y), and the region's
// packed size and offsets (left, bottom) within its original size. Then computeWorldVertices
// through the bone. Corners in Spine's order: bottom-left, top-left, top-right, bottom-right.
inline std::array<Vec2, 4> spineCorners(const QJsonObject& att, const atlas::SpineAtlasRegion& region, const SpineBone& bone)
{
    const double width = att.value("width").toDouble(), height = att.value("height").toDouble();
    const double scaleX = att.value("scaleX").toDouble(1), scaleY = att.value("scaleY").toDouble(1);
    const double regionScaleX = width / region.originalWidth * scaleX;
    const double regionScaleY = height / region.originalHeight * scaleY;
    const double localX = -width / 2 * scaleX + region.offsetX * regionScaleX;
    const double localY = -height / 2 * scaleY + region.offsetY * regionScaleY;
    const double localX2 = localX + region.width * regionScaleX;
    const double localY2 = localY + region.height * regionScaleY;
    const double r = att.value("rotation").toDouble() * kDegRad, cos = std::cos(r), sin = std::sin(r);
    const double x = att.value("x").toDouble(), y = att.value("y").toDouble();
    auto local = [&](double lx, double ly) { return Vec2{lx * cos - ly * sin + x, lx * sin + ly * cos + y}; };
    std::array<Vec2, 4> out;
    const Vec2 corners[4] = {local(localX, localY), local(localX, localY2), local(localX2, localY2), local(localX2, localY)};
    for (int i = 0; i < 4; ++i)
        out[std::size_t(i)] = {bone.a * corners[i].x + bone.b * corners[i].y + bone.worldX,
                               bone.c * corners[i].x + bone.d * corners[i].y + bone.worldY};
    return out;
}

} // namespace bonework::testing
