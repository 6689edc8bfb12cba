#include "shape_outline.h"

#include <cmath>

namespace bonework::drawing {
namespace {

double cross(QPointF a, QPointF b) { return a.x() * b.y() - a.y() * b.x(); }

} // namespace

double shapeThickness(std::span<const QPointF> points)
{
    const std::size_t n = points.size();
    double area = 0.0, perimeter = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF a = points[i], b = points[(i + 1) % n];
        area += cross(a, b);
        perimeter += vectorLength(b - a);
    }
    return perimeter > 0.0 ? std::abs(area) / perimeter : 0.0; // |2 * (area / 2)| / perimeter
}

void growShape(std::span<const QPointF> points, double distance, std::vector<QPointF>& out)
{
    const std::size_t n = points.size();
    out.assign(points.begin(), points.end());
    double area = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        area += cross(points[i], points[(i + 1) % n]);
    if (n < 3 || area == 0.0)
        return;
    const double side = area > 0 ? 1.0 : -1.0;
    const auto normal = [&](std::size_t i) { // outward, of the edge from point i to i + 1
        const QPointF e = points[(i + 1) % n] - points[i];
        const double length = vectorLength(e);
        return length > 1e-12 ? QPointF(e.y(), -e.x()) * (side / length) : QPointF();
    };
    QPointF before = normal(n - 1);
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF after = normal(i);
        const double denominator = 1.0 + QPointF::dotProduct(before, after);
        QPointF mitre = denominator > 1e-6 ? (before + after) / denominator : after;
        const double length = vectorLength(mitre);
        if (length > 4.0)
            mitre *= 4.0 / length;
        out[i] = points[i] + mitre * distance;
        before = after;
    }
}

} // namespace bonework::drawing
