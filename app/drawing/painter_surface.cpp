#include "painter_surface.h"

#include "shape_outline.h"

#include <QPainter>

#include <cmath>

namespace bonework::drawing {

void PainterSurface::use(const Stroke& stroke, const QColor& fill)
{
    if (stroke.visible()) {
        QPen pen(stroke.colour, stroke.width, stroke.dashes.isEmpty() ? Qt::SolidLine : Qt::CustomDashLine,
                 stroke.squareCap ? Qt::SquareCap : Qt::FlatCap, Qt::BevelJoin);
        if (!stroke.dashes.isEmpty())
            pen.setDashPattern(stroke.dashes);
        m_painter->setPen(pen);
    } else {
        m_painter->setPen(Qt::NoPen);
    }
    m_painter->setBrush(fill.alpha() > 0 ? QBrush(fill) : QBrush(Qt::NoBrush));
}

void PainterSurface::gridLines(std::span<const QLineF> lines, const QColor& colour)
{
    m_painter->save();
    m_painter->setRenderHint(QPainter::Antialiasing, false);
    m_painter->setPen(QPen(colour, 1));
    m_painter->drawLines(lines.data(), static_cast<int>(lines.size()));
    m_painter->restore();
}

void PainterSurface::line(QPointF from, QPointF to, const Stroke& stroke)
{
    if (!stroke.visible())
        return;
    use(stroke, Qt::transparent);
    m_painter->drawLine(from, to);
}

void PainterSurface::polygon(std::span<const QPointF> points, const Stroke& stroke, const QColor& fill)
{
    const double pixel = 1.0 / m_painter->device()->devicePixelRatio();
    if (stroke.visible() && fill.alpha() > 0 && stroke.colour.alpha() == 255 && outlineCoversInside(points, stroke.width, pixel)) {
        growShape(points, stroke.width / 2, m_grown); // the outline's outer edge, filled
        use(Stroke{}, stroke.colour);
        m_painter->drawConvexPolygon(m_grown.data(), static_cast<int>(m_grown.size()));
        return;
    }
    use(stroke, fill);
    m_painter->drawConvexPolygon(points.data(), static_cast<int>(points.size())); // the raster fast path
}

void PainterSurface::ellipse(QPointF centre, double rx, double ry, const Stroke& stroke, const QColor& fill)
{
    use(stroke, fill);
    m_painter->drawEllipse(centre, rx, ry);
}

void PainterSurface::pie(const QRectF& box, double startDegrees, double spanDegrees, const Stroke& stroke, const QColor& fill)
{
    use(stroke, fill);
    m_painter->drawPie(box, static_cast<int>(std::lround(startDegrees * 16)), static_cast<int>(std::lround(spanDegrees * 16)));
}

void PainterSurface::roundedRect(const QRectF& box, double radius, const QColor& fill)
{
    use(Stroke{}, fill);
    m_painter->drawRoundedRect(box, radius, radius);
}

void PainterSurface::sprite(QPointF topLeft, const QImage& image) { m_painter->drawImage(topLeft, image); }

void PainterSurface::image(const QTransform& imageToView, const QImage& image, double opacity)
{
    m_painter->save();
    m_painter->setRenderHint(QPainter::SmoothPixmapTransform, true);
    // No antialiased edges: they are only the image's rectangle (art fades out inside it, and
    // the GPU canvas's textured quads have none either), and QPainter's antialiased transformed
    // drawImage costs 2.4-2.8x the plain one (110-130 us against 47 for a 180 x 90 image at half
    // size, rotated: most of a 100-image rig's frame on the software canvas).
    m_painter->setRenderHint(QPainter::Antialiasing, false);
    m_painter->setOpacity(m_painter->opacity() * opacity);
    QTransform full = imageToView * m_painter->transform();
    // At scale 1, unturned, QPainter puts an image on whole pixels (its translation is rounded):
    // sharp. Mirrored at scale 1 it filtered it across a half-pixel offset instead (every column
    // half grey, found by QA), and even on whole pixels its filter turned 255 into 254; so a
    // mirror at scale 1 goes on whole pixels, unfiltered, each pixel copied as it is.
    const bool pixelForPixel = full.m12() == 0.0 && full.m21() == 0.0 && std::fabs(full.m11()) == 1.0
                               && std::fabs(full.m22()) == 1.0 && full.m13() == 0.0 && full.m23() == 0.0;
    if (pixelForPixel && (full.m11() < 0.0 || full.m22() < 0.0)) {
        full = QTransform(full.m11(), 0.0, 0.0, full.m22(), std::round(full.dx()), std::round(full.dy()));
        m_painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    }
    m_painter->setTransform(full);
    m_painter->drawImage(QPointF(0, 0), image);
    m_painter->restore();
}

void PainterSurface::text(const QRectF& box, int flags, const QString& text, const QFont& font, const QColor& colour)
{
    m_painter->setFont(font);
    m_painter->setPen(colour);
    m_painter->drawText(box, flags, text);
}

} // namespace bonework::drawing
