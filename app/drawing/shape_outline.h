#pragma once
// A level of detail both canvas surfaces share: an outlined shape so thin that its outline
// covers all of its inside (a bone a few pixels long on a dense rig) shows only the outline's
// outer edge, so it is drawn as that silhouette, the shape grown by half the outline's width and
// filled with the outline's colour. Far cheaper to draw (no stroker in QPainter, ten triangles
// instead of fifty in the scene graph) and, at that size, the same picture.

#include <QPointF>

#include <cmath>
#include <span>
#include <vector>

namespace bonework::drawing {

// A vector's length. Not std::hypot: that one is correctly rounded and several times slower,
// and a big rig's frame takes tens of thousands of these.
inline double vectorLength(QPointF v) { return std::sqrt(v.x() * v.x() + v.y() * v.y()); }

// How thick a closed shape is: twice its area over its perimeter (a circle's radius, about half
// a thin shape's width).
double shapeThickness(std::span<const QPointF> points);

// Whether an outline `strokeWidth` wide covers all of the shape's inside, to within `pixel`.
inline bool outlineCoversInside(std::span<const QPointF> points, double strokeWidth, double pixel)
{
    return shapeThickness(points) < (strokeWidth + pixel) / 2;
}

// A convex shape grown outwards by `distance`, its corners mitred (a mitre at most four times
// `distance` long); into `out`.
void growShape(std::span<const QPointF> points, double distance, std::vector<QPointF>& out);

} // namespace bonework::drawing
