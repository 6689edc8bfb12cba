#pragma once
// The canvas as geometry for the scene graph (see canvas_surface.h): the calls become, in order,
// batches of antialiased coloured triangles, of sprite quads and single texts, which CanvasNode
// (canvas_node.h) hands to the scene graph. A batch ends where the next call needs another kind,
// so what is drawn later stays on top. Batches and their buffers are kept from frame to frame.

#include "canvas_surface.h"
#include "mesh_tessellator.h"

#include <map>
#include <vector>

namespace bonework::editor {

class MeshSurface : public drawing::CanvasSurface {
public:
    enum class Kind { Colour, Sprites, Text };
    struct SpriteQuad {
        QPointF topLeft; // on a device pixel
        QSizeF size;
        qint64 image = 0; // QImage::cacheKey, see images()
    };
    struct TextItem {
        QRectF box;
        int flags = 0;
        QString text;
        QFont font;
        QColor colour;
    };
    struct Batch {
        Kind kind = Kind::Colour;
        ColourMesh mesh;
        std::vector<SpriteQuad> sprites;
        TextItem text;
    };

    // Starts a frame: no batches yet (their buffers are kept).
    void begin(double devicePixelRatio);
    std::span<const Batch> batches() const { return {m_batches.data(), m_used}; }
    // Every sprite image drawn since the device pixel ratio last changed, by cache key.
    const std::map<qint64, QImage>& images() const { return m_images; }
    double devicePixelRatio() const { return m_ratio; }

    void gridLines(std::span<const QLineF> lines, const QColor& colour) override;
    void line(QPointF from, QPointF to, const drawing::Stroke& stroke) override;
    void polygon(std::span<const QPointF> points, const drawing::Stroke& stroke, const QColor& fill) override;
    void ellipse(QPointF centre, double rx, double ry, const drawing::Stroke& stroke, const QColor& fill) override;
    void pie(const QRectF& box, double startDegrees, double spanDegrees, const drawing::Stroke& stroke, const QColor& fill) override;
    void roundedRect(const QRectF& box, double radius, const QColor& fill) override;
    void sprite(QPointF topLeft, const QImage& image) override;
    // For now the image's outline only: textured drawing on the GPU is the art-editor work.
    void image(const QTransform& imageToView, const QImage& image, double opacity) override;
    void text(const QRectF& box, int flags, const QString& text, const QFont& font, const QColor& colour) override;

private:
    Batch& batch(Kind kind);
    // A closed outline: filled (edges faded unless an outline covers them), then outlined.
    void shape(std::span<const QPointF> points, const drawing::Stroke& stroke, const QColor& fill);
    void arc(QPointF centre, double rx, double ry, double startDegrees, double spanDegrees, int segments);

    std::vector<Batch> m_batches;
    std::size_t m_used = 0;
    MeshTessellator m_tessellator;
    std::vector<QPointF> m_points; // scratch for ellipses, pies and rounded rectangles
    std::map<qint64, QImage> m_images;
    double m_ratio = 1.0;
};

} // namespace bonework::editor
