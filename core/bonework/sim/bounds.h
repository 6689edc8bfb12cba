#pragma once
// The rectangle the preview plays in (the canvas, in scene coordinates: x right, y down).

#include "bonework/vec2.h"

#include <algorithm>
#include <cmath>

namespace bonework::sim {

struct Bounds {
    double left = 0.0;
    double top = 0.0;
    double right = 1200.0;
    double bottom = 800.0;

    double width() const { return right - left; }
    double height() const { return bottom - top; }
    bool isValid() const { return std::isfinite(left) && std::isfinite(top) && std::isfinite(right)
                                  && std::isfinite(bottom) && left < right && top < bottom; }
    // The nearest point inside (edges included).
    Vec2 clamp(Vec2 p) const { return {std::clamp(p.x, left, right), std::clamp(p.y, top, bottom)}; }
    bool contains(Vec2 p) const { return p.x >= left && p.x <= right && p.y >= top && p.y <= bottom; }
    bool operator==(const Bounds&) const = default;
};

} // namespace bonework::sim
