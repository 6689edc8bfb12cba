#include "mesh_tessellator.h"

#include "shape_outline.h"

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

// Mitres longer than this many times the offset are cut short (sharp bone tips).
constexpr double kMitreLimit = 4.0;

struct Premultiplied {
    unsigned char r = 0, g = 0, b = 0, a = 0;
};

Premultiplied premultiplied(const QColor& colour, double alphaScale = 1.0)
{
    const double a = std::clamp(colour.alphaF() * alphaScale, 0.0, 1.0);
    const auto channel = [a](double c) { return static_cast<unsigned char>(std::lround(c * a * 255.0)); };
    return {channel(colour.redF()), channel(colour.greenF()), channel(colour.blueF()),
            static_cast<unsigned char>(std::lround(a * 255.0))};
}

void push(ColourMesh& mesh, QPointF p, Premultiplied c)
{
    QSGGeometry::ColoredPoint2D v;
    v.set(static_cast<float>(p.x()), static_cast<float>(p.y()), c.r, c.g, c.b, c.a);
    mesh.vertices.push_back(v);
}

void triangle(ColourMesh& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c)
{
    mesh.indices.push_back(static_cast<std::uint16_t>(a));
    mesh.indices.push_back(static_cast<std::uint16_t>(b));
    mesh.indices.push_back(static_cast<std::uint16_t>(c));
}

// Quads between two rings of `count` vertices each, starting at `inner` and `outer`.
void band(ColourMesh& mesh, std::uint32_t inner, std::uint32_t outer, std::uint32_t count)
{
    for (std::uint32_t j = 0; j < count; ++j) {
        const std::uint32_t k = j + 1 == count ? 0 : j + 1;
        triangle(mesh, inner + j, inner + k, outer + k);
        triangle(mesh, inner + j, outer + k, outer + j);
    }
}

double cross(QPointF a, QPointF b) { return a.x() * b.y() - a.y() * b.x(); }

} // namespace

bool MeshTessellator::prepare(std::span<const QPointF> points)
{
    const std::size_t n = points.size();
    if (n < 3)
        return false;
    double area = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        area += cross(points[i], points[(i + 1) % n]);
    if (std::abs(area) < 1e-9)
        return false;
    const double side = area > 0 ? 1.0 : -1.0;
    m_normals.resize(n);
    m_lengths.resize(n);
    m_convex.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF e = points[(i + 1) % n] - points[i];
        const double length = drawing::vectorLength(e);
        m_lengths[i] = length;
        // A repeated point has no direction of its own: it borrows the edge before it.
        m_normals[i] = length > 1e-12 ? QPointF(e.y(), -e.x()) * (side / length) : (i > 0 ? m_normals[i - 1] : QPointF());
    }
    if (m_lengths[0] <= 1e-12) // the first edge borrows from the last
        m_normals[0] = m_normals[n - 1];
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF before = points[i] - points[(i + n - 1) % n];
        const QPointF after = points[(i + 1) % n] - points[i];
        m_convex[i] = cross(before, after) * side >= 0.0;
    }
    return true;
}

QPointF MeshTessellator::mitred(std::span<const QPointF> points, std::size_t i, double distance) const
{
    const std::size_t n = points.size();
    const QPointF before = m_normals[(i + n - 1) % n];
    const QPointF after = m_normals[i];
    const double denominator = 1.0 + QPointF::dotProduct(before, after);
    if (denominator < 1e-6) // the outline turns right back
        return points[i] + after * distance;
    QPointF mitre = (before + after) / denominator;
    const double length = drawing::vectorLength(mitre);
    if (length > kMitreLimit)
        mitre *= kMitreLimit / length;
    return points[i] + mitre * distance;
}

void MeshTessellator::fill(ColourMesh& mesh, std::span<const QPointF> points, const QColor& colour, bool antialiased)
{
    const auto n = static_cast<std::uint32_t>(points.size());
    if (n < 3 || colour.alpha() == 0)
        return;
    if (antialiased) {
        fadedFill(mesh, points, colour, -m_pixel / 2, m_pixel / 2);
        return;
    }
    const Premultiplied solid = premultiplied(colour);
    const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
    for (QPointF p : points)
        push(mesh, p, solid);
    for (std::uint32_t i = 1; i + 1 < n; ++i) // a fan from the first point
        triangle(mesh, first, first + i, first + i + 1);
}

void MeshTessellator::silhouette(ColourMesh& mesh, std::span<const QPointF> points, double grow, const QColor& colour)
{
    if (colour.alpha() > 0)
        fadedFill(mesh, points, colour, grow - m_pixel / 2, grow + m_pixel / 2);
}

void MeshTessellator::fadedFill(ColourMesh& mesh, std::span<const QPointF> points, const QColor& colour, double inner,
                                double outer)
{
    if (!prepare(points))
        return;
    const auto n = static_cast<std::uint32_t>(points.size());
    const Premultiplied solid = premultiplied(colour);
    const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
    for (std::uint32_t i = 0; i < n; ++i)
        push(mesh, mitred(points, i, inner), solid);
    for (std::uint32_t i = 0; i < n; ++i)
        push(mesh, mitred(points, i, outer), Premultiplied{});
    band(mesh, first, first + n, n);
    for (std::uint32_t i = 1; i + 1 < n; ++i) // a fan from the first point
        triangle(mesh, first, first + i, first + i + 1);
}

void MeshTessellator::strokeClosed(ColourMesh& mesh, std::span<const QPointF> points, double width, const QColor& colour)
{
    if (colour.alpha() == 0 || !prepare(points))
        return;
    // Thinner than a pixel: a pixel wide, fainter (as coverage would have it).
    const double w = std::max(width, m_pixel);
    const Premultiplied solid = premultiplied(colour, std::min(1.0, width / m_pixel));
    const double h = w / 2, f = m_pixel / 2;
    const double offsets[4] = {-h - f, -h + f, h - f, h + f};
    const auto n = static_cast<std::uint32_t>(points.size());
    const std::uint32_t ring = 2 * n; // each corner twice: where its two edges' bands end
    const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
    for (int k = 0; k < 4; ++k) {
        const double d = offsets[k];
        const Premultiplied c = k == 1 || k == 2 ? solid : Premultiplied{};
        for (std::uint32_t i = 0; i < n; ++i) {
            const bool outer = d != 0.0 && (d > 0.0) == m_convex[i];
            if (outer) { // bevelled: each edge's offset ends square at the corner
                push(mesh, points[i] + m_normals[(i + n - 1) % n] * d, c);
                push(mesh, points[i] + m_normals[i] * d, c);
            } else {
                const QPointF p = mitred(points, i, d);
                push(mesh, p, c);
                push(mesh, p, c);
            }
        }
    }
    for (std::uint32_t k = 0; k < 3; ++k)
        band(mesh, first + k * ring, first + (k + 1) * ring, ring);
}

void MeshTessellator::strokeSegment(ColourMesh& mesh, QPointF from, QPointF to, double width, double extension,
                                    const QColor& colour)
{
    const QPointF d = to - from;
    const double length = drawing::vectorLength(d);
    if (length < 1e-9 || colour.alpha() == 0)
        return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double w = std::max(width, m_pixel);
    QColor c = colour;
    c.setAlphaF(colour.alphaF() * std::min(1.0, width / m_pixel));
    const QPointF a = from - u * extension, b = to + u * extension;
    const QPointF corners[4] = {a + n * (w / 2), b + n * (w / 2), b - n * (w / 2), a - n * (w / 2)};
    fill(mesh, corners, c, true);
}

void MeshTessellator::rect(ColourMesh& mesh, double left, double top, double right, double bottom, const QColor& colour)
{
    const Premultiplied c = premultiplied(colour);
    const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
    push(mesh, {left, top}, c);
    push(mesh, {right, top}, c);
    push(mesh, {right, bottom}, c);
    push(mesh, {left, bottom}, c);
    triangle(mesh, first, first + 1, first + 2);
    triangle(mesh, first, first + 2, first + 3);
}

} // namespace bonework::editor
