#pragma once
// The canvas in the scene graph (when it renders through the RHI: OpenGL, also Mesa's under
// Xvfb): a background rectangle, then one node per MeshSurface batch in drawing order: coloured
// triangles (vertex colours), the joint sprites (one atlas texture of every sprite image, nearest
// filtering, so they land pixel for pixel as QPainter puts them) and texts (each rendered once
// with QPainter into a small texture, again only when it changes) and the slots' images (a
// textured quad each under an opacity node; each image uploaded once as a mipmapped texture and
// kept while it is drawn). Nodes, their geometry and the textures are kept from frame to frame;
// only what changed is rebuilt.

#include "mesh_surface.h"

#include <QtQuick/qsgnode.h>

#include <memory>
#include <vector>

class QQuickWindow;
class QSGRectangleNode;
class QSGTexture;

namespace bonework::editor {

class CanvasNode : public QSGNode {
public:
    explicit CanvasNode(QQuickWindow* window);
    ~CanvasNode() override;

    // On the render thread, while the GUI thread waits (QQuickItem::updatePaintNode).
    void update(const QRectF& bounds, const QColor& background, const MeshSurface& surface);

private:
    struct Child {
        MeshSurface::Kind kind = MeshSurface::Kind::Colour;
        QSGNode* node = nullptr;
        std::unique_ptr<QSGTexture> texture; // a text's
        QString textKey;                     // what the text's texture shows
    };

    Child makeChild(MeshSurface::Kind kind);
    void updateColour(Child& child, const ColourMesh& mesh);
    void updateSprites(Child& child, const std::vector<MeshSurface::SpriteQuad>& sprites);
    void updateText(Child& child, const MeshSurface::TextItem& text, double devicePixelRatio);
    void updateImage(Child& child, const MeshSurface::ImageItem& image);
    // Packs every sprite image into one texture when one is not in it yet.
    void updateAtlas(const MeshSurface& surface);

    QQuickWindow* m_window;
    QSGRectangleNode* m_background;
    std::vector<Child> m_children;
    std::unique_ptr<QSGTexture> m_atlas;
    std::map<qint64, QRectF> m_atlasRects; // normalised texture coordinates by image key
    struct ImageTexture {
        std::unique_ptr<QSGTexture> texture;
        bool used = false; // drawn this frame
    };
    std::map<qint64, ImageTexture> m_imageTextures; // the slots' images by QImage::cacheKey
};

} // namespace bonework::editor
