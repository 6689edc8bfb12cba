#pragma once
// Small value types for 2D geometry in screen coordinates: x to the right, y down,
// angles in degrees with clockwise on screen positive.

#include <cmath>

namespace bonework {

struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
    constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
    constexpr Vec2 operator*(double k) const { return {x * k, y * k}; }
    constexpr Vec2& operator+=(Vec2 o) { x += o.x; y += o.y; return *this; }
    constexpr Vec2& operator-=(Vec2 o) { x -= o.x; y -= o.y; return *this; }
    constexpr bool operator==(const Vec2&) const = default;
};

constexpr double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
// z of the 3D cross product; positive when b is clockwise of a on screen (y down).
constexpr double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
inline double norm(Vec2 v) { return std::hypot(v.x, v.y); }
inline double distance(Vec2 a, Vec2 b) { return norm(b - a); }

// A rotation kept as a unit complex number (cos, sin): composing two is four multiplies,
// which is why forward kinematics needs no trigonometry.
struct Rotation {
    double c = 1.0;
    double s = 0.0;

    static Rotation fromDegrees(double degrees);
    double degrees() const; // in (-180, 180]

    constexpr Rotation operator*(Rotation o) const { return {c * o.c - s * o.s, s * o.c + c * o.s}; }
    constexpr Rotation inverse() const { return {c, -s}; }
    constexpr Vec2 apply(Vec2 v) const { return {c * v.x - s * v.y, s * v.x + c * v.y}; }
    constexpr Vec2 direction() const { return {c, s}; }
    constexpr bool operator==(const Rotation&) const = default;
};

} // namespace bonework
