#include "bonework/animation/curve.h"

#include <algorithm>
#include <cmath>

namespace bonework::animation {
namespace {

// One coordinate of the Bezier from 0 to 1 with control values a and b, at parameter s.
double bezierAt(double a, double b, double s)
{
    const double r = 1.0 - s;
    return 3.0 * r * r * s * a + 3.0 * r * s * s * b + s * s * s;
}

double bezierSlope(double a, double b, double s)
{
    const double r = 1.0 - s;
    return 3.0 * r * r * a + 6.0 * r * s * (b - a) + 3.0 * s * s * (1.0 - b);
}

bool unit(double v) { return std::isfinite(v) && v >= 0.0 && v <= 1.0; }

} // namespace

bool isValidCurve(const Curve& curve)
{
    return curve.kind != Curve::Kind::Bezier || (unit(curve.x1) && unit(curve.y1) && unit(curve.x2) && unit(curve.y2));
}

double ease(const Curve& curve, double fraction)
{
    const double f = std::clamp(fraction, 0.0, 1.0);
    switch (curve.kind) {
    case Curve::Kind::Linear:
        return f;
    case Curve::Kind::Stepped:
        return f >= 1.0 ? 1.0 : 0.0;
    case Curve::Kind::Bezier:
        break;
    }
    if (f <= 0.0 || f >= 1.0)
        return f;
    // x(s) grows with s (x1, x2 in [0, 1]), so s with x(s) = f is unique: Newton's steps from
    // a linear guess, kept inside a bisection bracket so a flat spot cannot throw them out.
    double lo = 0.0, hi = 1.0, s = f;
    for (int i = 0; i < 32; ++i) {
        const double x = bezierAt(curve.x1, curve.x2, s) - f;
        if (std::fabs(x) < 1e-14)
            break;
        (x < 0.0 ? lo : hi) = s;
        const double slope = bezierSlope(curve.x1, curve.x2, s);
        double next = slope > 1e-12 ? s - x / slope : 0.5 * (lo + hi);
        if (!(next > lo && next < hi))
            next = 0.5 * (lo + hi);
        s = next;
    }
    return std::clamp(bezierAt(curve.y1, curve.y2, s), 0.0, 1.0);
}

} // namespace bonework::animation
