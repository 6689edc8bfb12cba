#include "mesh_surface.h"

#include "shape_outline.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bonework::editor {
namespace {

// Segments for a full turn of radius `r`: the chords stay within about 0.08 px of the curve.
int segmentsFor(double r) { return std::clamp(static_cast<int>(std::ceil(std::sqrt(std::max(r, 0.0)) * 8.0)), 12, 160); }

// Dashes past this many on one line are not drawn (a dashed line zoomed far in).
constexpr int kMaxDashes = 4096;
// A batch takes no more calls once this full, so that one call's vertices (an outlined
// ellipse: at most 8 x 160 + 160) still fit under ColourMesh::kMaxVertices; likewise sprites.
constexpr std::size_t kBatchVertexLimit = ColourMesh::kMaxVertices - 2048;
constexpr std::size_t kBatchSpriteLimit = ColourMesh::kMaxVertices / 4;

} // namespace

void MeshSurface::begin(double devicePixelRatio)
{
    if (devicePixelRatio != m_ratio)
        m_images.clear();
    m_ratio = devicePixelRatio;
    m_tessellator.setPixel(1.0 / devicePixelRatio);
    m_used = 0;
}

MeshSurface::Batch& MeshSurface::batch(Kind kind)
{
    if (m_used > 0 && m_batches[m_used - 1].kind == kind) {
        Batch& last = m_batches[m_used - 1];
        if ((kind == Kind::Colour && last.mesh.vertices.size() < kBatchVertexLimit)
            || (kind == Kind::Sprites && last.sprites.size() < kBatchSpriteLimit))
            return last;
    }
    if (m_used == m_batches.size())
        m_batches.emplace_back();
    Batch& b = m_batches[m_used++];
    b.kind = kind;
    b.mesh.clear();
    b.sprites.clear();
    return b;
}

void MeshSurface::gridLines(std::span<const QLineF> lines, const QColor& colour)
{
    ColourMesh& mesh = batch(Kind::Colour).mesh;
    const double half = 0.5; // a line one unit wide, centred on its pixel centre, as QPainter's
    for (const QLineF& l : lines) {
        if (l.x1() == l.x2())
            m_tessellator.rect(mesh, l.x1() - half, std::min(l.y1(), l.y2()), l.x1() + half, std::max(l.y1(), l.y2()), colour);
        else
            m_tessellator.rect(mesh, std::min(l.x1(), l.x2()), l.y1() - half, std::max(l.x1(), l.x2()), l.y1() + half, colour);
    }
}

void MeshSurface::line(QPointF from, QPointF to, const drawing::Stroke& stroke)
{
    if (!stroke.visible())
        return;
    ColourMesh& mesh = batch(Kind::Colour).mesh;
    const double w = stroke.width;
    const double cap = stroke.squareCap ? w / 2 : 0.0;
    if (stroke.dashes.isEmpty()) {
        m_tessellator.strokeSegment(mesh, from, to, w, cap, stroke.colour);
        return;
    }
    // Dashes as QPen lays them: lengths in widths from the start, each dash capped.
    const QPointF d = to - from;
    const double length = drawing::vectorLength(d);
    if (length < 1e-9)
        return;
    const QPointF u = d / length;
    double at = 0.0;
    for (int i = 0, dash = 0; at < length && dash < kMaxDashes; i = (i + 1) % static_cast<int>(stroke.dashes.size())) {
        const double step = std::max(stroke.dashes[i] * w, 1e-3);
        if (i % 2 == 0) {
            m_tessellator.strokeSegment(mesh, from + u * at, from + u * std::min(at + step, length), w, cap, stroke.colour);
            ++dash;
        }
        at += step;
    }
}

void MeshSurface::shape(std::span<const QPointF> points, const drawing::Stroke& stroke, const QColor& fill)
{
    ColourMesh& mesh = batch(Kind::Colour).mesh;
    const bool outlined = stroke.visible();
    // Where the outline covers the whole inside, only the outline's outer edge shows.
    if (outlined && fill.alpha() > 0 && stroke.colour.alpha() == 255
        && drawing::outlineCoversInside(points, stroke.width, m_tessellator.pixel())) {
        m_tessellator.silhouette(mesh, points, stroke.width / 2, stroke.colour);
        return;
    }
    if (fill.alpha() > 0)
        m_tessellator.fill(mesh, points, fill, !outlined);
    if (outlined)
        m_tessellator.strokeClosed(mesh, points, stroke.width, stroke.colour);
}

void MeshSurface::polygon(std::span<const QPointF> points, const drawing::Stroke& stroke, const QColor& fill)
{
    shape(points, stroke, fill);
}

void MeshSurface::arc(QPointF centre, double rx, double ry, double startDegrees, double spanDegrees, int segments)
{
    const double start = startDegrees * std::numbers::pi / 180.0;
    const double span = spanDegrees * std::numbers::pi / 180.0;
    for (int i = 0; i <= segments; ++i) {
        const double a = start + span * i / segments;
        m_points.emplace_back(centre.x() + rx * std::cos(a), centre.y() - ry * std::sin(a)); // y grows downwards
    }
}

void MeshSurface::ellipse(QPointF centre, double rx, double ry, const drawing::Stroke& stroke, const QColor& fill)
{
    m_points.clear();
    const int segments = segmentsFor(std::max(rx, ry));
    arc(centre, rx, ry, 0.0, 360.0, segments);
    m_points.pop_back(); // the last point is the first again
    shape(m_points, stroke, fill);
}

void MeshSurface::pie(const QRectF& box, double startDegrees, double spanDegrees, const drawing::Stroke& stroke, const QColor& fill)
{
    m_points.clear();
    const QPointF centre = box.center();
    m_points.push_back(centre); // first: the polygon is star-shaped around it
    const int segments = std::max(2, static_cast<int>(std::ceil(segmentsFor(std::max(box.width(), box.height()) / 2) * std::abs(spanDegrees) / 360.0)));
    arc(centre, box.width() / 2, box.height() / 2, startDegrees, spanDegrees, segments);
    shape(m_points, stroke, fill);
}

void MeshSurface::roundedRect(const QRectF& box, double radius, const QColor& fill)
{
    m_points.clear();
    const double r = std::clamp(radius, 0.0, std::min(box.width(), box.height()) / 2);
    const int segments = std::max(2, segmentsFor(r) / 4);
    // Corners anticlockwise on screen from the top right, as the arcs run.
    arc(QPointF(box.right() - r, box.top() + r), r, r, 0.0, 90.0, segments);
    arc(QPointF(box.left() + r, box.top() + r), r, r, 90.0, 90.0, segments);
    arc(QPointF(box.left() + r, box.bottom() - r), r, r, 180.0, 90.0, segments);
    arc(QPointF(box.right() - r, box.bottom() - r), r, r, 270.0, 90.0, segments);
    shape(m_points, drawing::Stroke{}, fill);
}

void MeshSurface::sprite(QPointF topLeft, const QImage& image)
{
    const qint64 key = image.cacheKey();
    m_images.try_emplace(key, image);
    // QPainter puts an unscaled image on whole device pixels too.
    const QPointF snapped(std::round(topLeft.x() * m_ratio) / m_ratio, std::round(topLeft.y() * m_ratio) / m_ratio);
    batch(Kind::Sprites).sprites.push_back({snapped, image.deviceIndependentSize(), key});
}

void MeshSurface::image(const QTransform& imageToView, const QImage& image, double opacity)
{
    const QSizeF size = image.size();
    const QPointF corners[4] = {imageToView.map(QPointF(0, 0)), imageToView.map(QPointF(size.width(), 0)),
                                imageToView.map(QPointF(size.width(), size.height())), imageToView.map(QPointF(0, size.height()))};
    QColor line(0x9d, 0xb4, 0xc8);
    line.setAlphaF(static_cast<float>(0.4 + 0.6 * opacity));
    polygon(corners, drawing::Stroke{line, 1.0}, Qt::transparent);
}

void MeshSurface::text(const QRectF& box, int flags, const QString& text, const QFont& font, const QColor& colour)
{
    batch(Kind::Text).text = {box, flags, text, font, colour};
}

} // namespace bonework::editor
