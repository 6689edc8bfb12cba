#pragma once
// What the canvas draws on: the few shapes the rig, the ghosts and the tools need, described once
// and drawn by either of two surfaces. PainterSurface (painter_surface.h) draws with QPainter, for
// the software scene graph (the offscreen tests); MeshSurface (mesh_surface.h) turns the same
// calls into antialiased triangles, sprites and text images that the scene graph's own renderer
// draws (OpenGL, also through Mesa under Xvfb), so the canvas is neither painted on the CPU nor
// uploaded as a window-sized texture on every frame.
// Coordinates are the canvas item's (view pixels); angles are degrees, counter-clockwise on
// screen from 3 o'clock, as QPainter's.

#include <QColor>
#include <QFont>
#include <QImage>
#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QTransform>

#include <span>
#include <utility>

namespace bonework::drawing {

// An outline: colour, width and an optional dash pattern (in widths, as QPen's). A transparent
// colour draws no outline. `squareCap`: lines and dashes reach half the width past their ends.
struct Stroke {
    Stroke() = default;
    Stroke(const QColor& c, double w, QList<qreal> d = {}, bool square = true)
        : colour(c), width(w), dashes(std::move(d)), squareCap(square)
    {
    }
    QColor colour = Qt::transparent;
    double width = 1.0;
    QList<qreal> dashes; // empty: solid
    bool squareCap = true;
    bool visible() const { return colour.alpha() > 0 && width > 0; }
};

class CanvasSurface {
public:
    virtual ~CanvasSurface() = default;

    // One device pixel wide, aliased lines on pixel centres (the grid): each line must be
    // horizontal or vertical.
    virtual void gridLines(std::span<const QLineF> lines, const QColor& colour) = 0;
    virtual void line(QPointF from, QPointF to, const Stroke& stroke) = 0;
    // A polygon that is convex, or at least star-shaped around its first point (a pie).
    virtual void polygon(std::span<const QPointF> points, const Stroke& stroke, const QColor& fill) = 0;
    virtual void ellipse(QPointF centre, double rx, double ry, const Stroke& stroke, const QColor& fill) = 0;
    // A pie of the ellipse in `box`, from `startDegrees` through `spanDegrees`.
    virtual void pie(const QRectF& box, double startDegrees, double spanDegrees, const Stroke& stroke, const QColor& fill) = 0;
    virtual void roundedRect(const QRectF& box, double radius, const QColor& fill) = 0;
    // An image drawn unscaled, its top left on the nearest device pixel (the joint sprites).
    virtual void sprite(QPointF topLeft, const QImage& image) = 0;
    // An image mapped by `imageToView` (from its pixels, (0, 0) its top-left corner, to view
    // coordinates), smoothly filtered, at `opacity` (0 to 1): the slots' art.
    virtual void image(const QTransform& imageToView, const QImage& image, double opacity) = 0;
    // `flags`: Qt::Alignment flags, as QPainter::drawText takes them.
    virtual void text(const QRectF& box, int flags, const QString& text, const QFont& font, const QColor& colour) = 0;
};

} // namespace bonework::drawing
