#pragma once
// Antialiased shapes as coloured triangles for the scene graph (MeshSurface's geometry): every
// edge fades out over one device pixel, the way Qt Quick smooths its own rectangles, so the
// shapes look as QPainter's antialiased ones without multisampling.
//
//   fill:    the shape shrunk by half a pixel, solid, then a one-pixel band fading outwards
//   stroke:  four outlines, at -w/2 - p/2, -w/2 + p/2, w/2 - p/2 and w/2 + p/2 from the edge
//            (p: a device pixel), transparent, solid, solid, transparent, joined by bands;
//            corners are mitred on their inner side and bevelled on the outer (QPen's default)
//
// No allocation once its scratch buffers and the mesh have grown.

#include <QColor>
#include <QPointF>
#include <QtQuick/qsggeometry.h>

#include <cstdint>
#include <span>
#include <vector>

namespace bonework::editor {

// Triangles with a premultiplied colour per vertex (QSGVertexColorMaterial's input). 16-bit
// indices, which every OpenGL (ES) has: a mesh holds at most kMaxVertices (MeshSurface starts
// another before that).
struct ColourMesh {
    static constexpr std::size_t kMaxVertices = 65536;
    std::vector<QSGGeometry::ColoredPoint2D> vertices;
    std::vector<std::uint16_t> indices;
    void clear()
    {
        vertices.clear();
        indices.clear();
    }
    bool empty() const { return indices.empty(); }
};

class MeshTessellator {
public:
    // `pixel`: one device pixel in item coordinates (1 / device pixel ratio).
    void setPixel(double pixel) { m_pixel = pixel; }
    double pixel() const { return m_pixel; }

    // A closed shape (convex, or star-shaped around its first point): filled with `fill`, with
    // its edges faded when `antialiased` (leave that off under an outline, which covers them).
    void fill(ColourMesh& mesh, std::span<const QPointF> points, const QColor& fill, bool antialiased);
    // The shape grown by `grow` (mitred), filled with faded edges: an outlined shape too thin to
    // show its inside (a bone a few pixels long) in ten triangles instead of fifty.
    void silhouette(ColourMesh& mesh, std::span<const QPointF> points, double grow, const QColor& colour);
    // The outline of a closed shape.
    void strokeClosed(ColourMesh& mesh, std::span<const QPointF> points, double width, const QColor& colour);
    // A straight line `width` wide, reaching `extension` past both ends (square caps: width / 2).
    void strokeSegment(ColourMesh& mesh, QPointF from, QPointF to, double width, double extension, const QColor& colour);
    // An axis-aligned rectangle, solid, not antialiased (grid lines on pixel boundaries).
    void rect(ColourMesh& mesh, double left, double top, double right, double bottom, const QColor& colour);

private:
    // Outward unit normals of each edge (from point i to point i + 1) and each edge's length;
    // false for a shape without area.
    bool prepare(std::span<const QPointF> points);
    // Point i of `points` moved `distance` outwards along its mitre (clamped at sharp corners).
    QPointF mitred(std::span<const QPointF> points, std::size_t i, double distance) const;
    // The shape between its outlines at `inner` (solid) and `outer` (transparent), filled inside.
    void fadedFill(ColourMesh& mesh, std::span<const QPointF> points, const QColor& colour, double inner, double outer);

    double m_pixel = 1.0;
    std::vector<QPointF> m_normals; // scratch, per edge
    std::vector<double> m_lengths;  // scratch, per edge
    std::vector<bool> m_convex;     // scratch, per corner: turns the way the shape winds
};

} // namespace bonework::editor
