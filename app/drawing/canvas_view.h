#pragma once
// The canvas's view transform: view = rig * zoom + offset, in an area of `size` view pixels.
// Zooming keeps the point under the cursor in place; framing fits a box with a margin.

#include "bonework/vec2.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace bonework::drawing {

inline QPointF toPoint(Vec2 v) { return {v.x, v.y}; }

struct CanvasView {
    static constexpr double kMinZoom = 0.02;
    static constexpr double kMaxZoom = 50.0;

    double zoom = 1.0;
    QPointF offset;
    QSizeF size;
    double devicePixelRatio = 1.0;

    QPointF fromRig(QPointF rig) const { return rig * zoom + offset; }
    QPointF toRig(QPointF view) const { return (view - offset) / zoom; }
    QPointF centre() const { return {size.width() / 2, size.height() / 2}; }

    // Scales by `factor` around the view point `anchor`, which stays over the same rig point.
    void zoomAround(QPointF anchor, double factor);
    // Shows `box` (rig coordinates) whole and centred, with a margin of 60 rig units.
    void frame(QRectF box);
};

} // namespace bonework::drawing
