#pragma once
// The canvas drawn with QPainter (the software scene graph's path, see canvas_surface.h).

#include "canvas_surface.h"

#include <vector>

class QPainter;

namespace bonework::drawing {

class PainterSurface : public CanvasSurface {
public:
    explicit PainterSurface(QPainter* painter) : m_painter(painter) {}

    void gridLines(std::span<const QLineF> lines, const QColor& colour) override;
    void line(QPointF from, QPointF to, const Stroke& stroke) override;
    void polygon(std::span<const QPointF> points, const Stroke& stroke, const QColor& fill) override;
    void ellipse(QPointF centre, double rx, double ry, const Stroke& stroke, const QColor& fill) override;
    void pie(const QRectF& box, double startDegrees, double spanDegrees, const Stroke& stroke, const QColor& fill) override;
    void roundedRect(const QRectF& box, double radius, const QColor& fill) override;
    void sprite(QPointF topLeft, const QImage& image) override;
    void image(const QTransform& imageToView, const QImage& image, double opacity) override;
    void text(const QRectF& box, int flags, const QString& text, const QFont& font, const QColor& colour) override;

private:
    void use(const Stroke& stroke, const QColor& fill);

    QPainter* m_painter;
    std::vector<QPointF> m_grown; // scratch: a thin shape's silhouette
};

} // namespace bonework::drawing
