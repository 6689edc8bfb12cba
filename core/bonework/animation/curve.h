#pragma once
// How a key's value goes to the next key's: straight (linear), held until the next key
// (stepped), or eased along a cubic Bezier from (0, 0) to (1, 1) through (x1, y1) and (x2, y2),
// as CSS's cubic-bezier() and Spine's curves. Every control number lies in [0, 1], so x grows
// with time and y never leaves [0, 1]: an eased value never overshoots its two keys (which
// keeps every sampled angle within the joint's limits).

#include <cstdint>

namespace bonework::animation {

struct Curve {
    enum class Kind : std::uint8_t { Linear, Stepped, Bezier };
    Kind kind = Kind::Linear;
    double x1 = 0.0, y1 = 0.0, x2 = 1.0, y2 = 1.0; // Bezier only
    bool operator==(const Curve&) const = default;

    static Curve bezier(double x1, double y1, double x2, double y2) { return {Kind::Bezier, x1, y1, x2, y2}; }
};

// Whether the curve's numbers are usable: finite and within [0, 1].
bool isValidCurve(const Curve& curve);
// The eased fraction of the way from one key to the next at `fraction` (0 to 1) of the time
// between them; within [0, 1], 0 at 0 and 1 at 1 (stepped: 0 until the next key).
double ease(const Curve& curve, double fraction);

} // namespace bonework::animation
