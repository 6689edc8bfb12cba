#include "canvas_node.h"

#include <QPainter>
#include <QQuickWindow>
#include <QtQuick/qsgflatcolormaterial.h>
#include <QtQuick/qsgimagenode.h>
#include <QtQuick/qsgnode.h>
#include <QtQuick/qsgrectanglenode.h>
#include <QtQuick/qsgtexture.h>
#include <QtQuick/qsgtexturematerial.h>
#include <QtQuick/qsgvertexcolormaterial.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace bonework::editor {
namespace {

QSGGeometryNode* geometryNode(const QSGGeometry::AttributeSet& attributes, QSGMaterial* material)
{
    auto* geometry = new QSGGeometry(attributes, 0, 0, QSGGeometry::UnsignedShortType);
    geometry->setDrawingMode(QSGGeometry::DrawTriangles);
    geometry->setVertexDataPattern(QSGGeometry::StreamPattern); // rewritten every frame
    geometry->setIndexDataPattern(QSGGeometry::StreamPattern);
    auto* node = new QSGGeometryNode;
    node->setGeometry(geometry);
    node->setMaterial(material);
    node->setFlags(QSGNode::OwnsGeometry | QSGNode::OwnsMaterial);
    return node;
}

QString textKey(const MeshSurface::TextItem& t, double ratio)
{
    return QStringLiteral("%1\x1f%2\x1f%3\x1f%4x%5\x1f%6\x1f%7")
        .arg(t.text, t.font.key(), t.colour.name(QColor::HexArgb))
        .arg(t.box.width())
        .arg(t.box.height())
        .arg(t.flags)
        .arg(ratio);
}

} // namespace

CanvasNode::CanvasNode(QQuickWindow* window) : m_window(window), m_background(window->createRectangleNode())
{
    appendChildNode(m_background);
}

CanvasNode::~CanvasNode()
{
    // The children go with the node (QSGNode deletes them); their textures go with m_children.
    // Detach first so no child outlives a texture it draws with.
    removeAllChildNodes();
    delete m_background;
    for (Child& c : m_children)
        delete c.node;
}

CanvasNode::Child CanvasNode::makeChild(MeshSurface::Kind kind)
{
    Child child;
    child.kind = kind;
    switch (kind) {
    case MeshSurface::Kind::Colour:
        child.node = geometryNode(QSGGeometry::defaultAttributes_ColoredPoint2D(), new QSGVertexColorMaterial);
        break;
    case MeshSurface::Kind::Sprites: {
        auto* material = new QSGTextureMaterial;
        material->setFiltering(QSGTexture::Nearest);
        material->setFlag(QSGMaterial::Blending, true);
        child.node = geometryNode(QSGGeometry::defaultAttributes_TexturedPoint2D(), material);
        break;
    }
    case MeshSurface::Kind::Text: {
        QSGImageNode* image = m_window->createImageNode();
        image->setFiltering(QSGTexture::Nearest);
        child.node = image;
        break;
    }
    case MeshSurface::Kind::Image: {
        // An opacity node over one textured quad (two triangles), smoothly filtered.
        auto* material = new QSGTextureMaterial;
        material->setFiltering(QSGTexture::Linear);
        material->setMipmapFiltering(QSGTexture::Linear);
        material->setFlag(QSGMaterial::Blending, true);
        auto* opacity = new QSGOpacityNode;
        opacity->appendChildNode(geometryNode(QSGGeometry::defaultAttributes_TexturedPoint2D(), material));
        child.node = opacity;
        break;
    }
    }
    return child;
}

void CanvasNode::update(const QRectF& bounds, const QColor& background, const MeshSurface& surface)
{
    m_background->setRect(bounds);
    m_background->setColor(background);
    updateAtlas(surface);
    for (auto& [key, texture] : m_imageTextures)
        texture.used = false;
    const auto batches = surface.batches();
    // Keep the children up to the first whose kind no longer matches; rebuild from there.
    std::size_t keep = 0;
    while (keep < m_children.size() && keep < batches.size() && m_children[keep].kind == batches[keep].kind)
        ++keep;
    for (std::size_t i = keep; i < m_children.size(); ++i) {
        removeChildNode(m_children[i].node);
        delete m_children[i].node;
    }
    m_children.resize(keep);
    for (std::size_t i = keep; i < batches.size(); ++i) {
        m_children.push_back(makeChild(batches[i].kind));
        appendChildNode(m_children.back().node);
    }
    for (std::size_t i = 0; i < batches.size(); ++i) {
        switch (batches[i].kind) {
        case MeshSurface::Kind::Colour: updateColour(m_children[i], batches[i].mesh); break;
        case MeshSurface::Kind::Sprites: updateSprites(m_children[i], batches[i].sprites); break;
        case MeshSurface::Kind::Text: updateText(m_children[i], batches[i].text, surface.devicePixelRatio()); break;
        case MeshSurface::Kind::Image: updateImage(m_children[i], batches[i].image); break;
        }
    }
    // Textures of images no longer drawn go (no node uses them any more: each was set above).
    std::erase_if(m_imageTextures, [](const auto& entry) { return !entry.second.used; });
}

void CanvasNode::updateImage(Child& child, const MeshSurface::ImageItem& item)
{
    auto* opacity = static_cast<QSGOpacityNode*>(child.node);
    opacity->setOpacity(item.opacity);
    auto* node = static_cast<QSGGeometryNode*>(opacity->firstChild());
    auto* material = static_cast<QSGTextureMaterial*>(node->material());
    // Uploaded once per image (its cache key stays while the decoded image is unchanged).
    ImageTexture& entry = m_imageTextures[item.image.cacheKey()];
    if (!entry.texture)
        entry.texture.reset(m_window->createTextureFromImage(item.image, QQuickWindow::TextureHasMipmaps));
    entry.used = true;
    if (material->texture() != entry.texture.get()) {
        material->setTexture(entry.texture.get());
        node->markDirty(QSGNode::DirtyMaterial);
    }
    const QRectF t = entry.texture->normalizedTextureSubRect();
    const double w = item.image.width(), h = item.image.height();
    const QPointF corners[4] = {item.toView.map(QPointF(0, 0)), item.toView.map(QPointF(w, 0)),
                                item.toView.map(QPointF(w, h)), item.toView.map(QPointF(0, h))};
    QSGGeometry* g = node->geometry();
    g->allocate(4, 6);
    auto* v = g->vertexDataAsTexturedPoint2D();
    v[0].set(float(corners[0].x()), float(corners[0].y()), float(t.left()), float(t.top()));
    v[1].set(float(corners[1].x()), float(corners[1].y()), float(t.right()), float(t.top()));
    v[2].set(float(corners[2].x()), float(corners[2].y()), float(t.right()), float(t.bottom()));
    v[3].set(float(corners[3].x()), float(corners[3].y()), float(t.left()), float(t.bottom()));
    const std::uint16_t quad[6] = {0, 1, 2, 0, 2, 3};
    std::memcpy(g->indexDataAsUShort(), quad, sizeof quad);
    node->markDirty(QSGNode::DirtyGeometry);
}

void CanvasNode::updateColour(Child& child, const ColourMesh& mesh)
{
    auto* node = static_cast<QSGGeometryNode*>(child.node);
    QSGGeometry* g = node->geometry();
    g->allocate(static_cast<int>(mesh.vertices.size()), static_cast<int>(mesh.indices.size()));
    std::memcpy(g->vertexData(), mesh.vertices.data(), mesh.vertices.size() * sizeof(QSGGeometry::ColoredPoint2D));
    std::memcpy(g->indexData(), mesh.indices.data(), mesh.indices.size() * sizeof(std::uint16_t));
    node->markDirty(QSGNode::DirtyGeometry);
}

void CanvasNode::updateAtlas(const MeshSurface& surface)
{
    const auto& images = surface.images();
    bool complete = m_atlas && images.size() == m_atlasRects.size();
    for (auto it = images.begin(); complete && it != images.end(); ++it)
        complete = m_atlasRects.count(it->first) > 0;
    if (complete || images.empty())
        return;
    // One row, a pixel apart (nearest filtering never reads a neighbour, the gap is for safety).
    int width = 0, height = 1;
    for (const auto& [key, image] : images) {
        width += image.width() + 1;
        height = std::max(height, image.height());
    }
    QImage atlas(std::max(width, 1), height, QImage::Format_ARGB32_Premultiplied);
    atlas.fill(Qt::transparent);
    m_atlasRects.clear();
    QPainter p(&atlas);
    p.setCompositionMode(QPainter::CompositionMode_Source);
    int x = 0;
    for (const auto& [key, image] : images) {
        QImage unscaled = image;
        unscaled.setDevicePixelRatio(1.0);
        p.drawImage(x, 0, unscaled);
        m_atlasRects[key] = QRectF(double(x) / atlas.width(), 0.0, double(image.width()) / atlas.width(),
                                   double(image.height()) / atlas.height());
        x += image.width() + 1;
    }
    p.end();
    std::unique_ptr<QSGTexture> texture(m_window->createTextureFromImage(atlas));
    for (Child& c : m_children)
        if (c.kind == MeshSurface::Kind::Sprites) {
            static_cast<QSGTextureMaterial*>(static_cast<QSGGeometryNode*>(c.node)->material())->setTexture(texture.get());
            c.node->markDirty(QSGNode::DirtyMaterial);
        }
    m_atlas = std::move(texture);
}

void CanvasNode::updateSprites(Child& child, const std::vector<MeshSurface::SpriteQuad>& sprites)
{
    auto* node = static_cast<QSGGeometryNode*>(child.node);
    auto* material = static_cast<QSGTextureMaterial*>(node->material());
    if (material->texture() != m_atlas.get()) {
        material->setTexture(m_atlas.get());
        node->markDirty(QSGNode::DirtyMaterial);
    }
    QSGGeometry* g = node->geometry();
    g->allocate(static_cast<int>(sprites.size() * 4), static_cast<int>(sprites.size() * 6));
    auto* v = g->vertexDataAsTexturedPoint2D();
    auto* index = g->indexDataAsUShort();
    for (std::size_t i = 0; i < sprites.size(); ++i) {
        const MeshSurface::SpriteQuad& s = sprites[i];
        const QRectF t = m_atlasRects.count(s.image) ? m_atlasRects.at(s.image) : QRectF();
        const auto x0 = float(s.topLeft.x()), y0 = float(s.topLeft.y());
        const auto x1 = float(s.topLeft.x() + s.size.width()), y1 = float(s.topLeft.y() + s.size.height());
        v[4 * i + 0].set(x0, y0, float(t.left()), float(t.top()));
        v[4 * i + 1].set(x1, y0, float(t.right()), float(t.top()));
        v[4 * i + 2].set(x1, y1, float(t.right()), float(t.bottom()));
        v[4 * i + 3].set(x0, y1, float(t.left()), float(t.bottom()));
        const auto q = static_cast<std::uint16_t>(4 * i);
        const std::uint16_t quad[6] = {q, std::uint16_t(q + 1), std::uint16_t(q + 2), q, std::uint16_t(q + 2), std::uint16_t(q + 3)};
        std::memcpy(index + 6 * i, quad, sizeof quad);
    }
    node->markDirty(QSGNode::DirtyGeometry);
}

void CanvasNode::updateText(Child& child, const MeshSurface::TextItem& text, double ratio)
{
    auto* node = static_cast<QSGImageNode*>(child.node);
    // The image starts on a device pixel; the text keeps its place inside it.
    const QPointF origin(std::floor(text.box.left() * ratio) / ratio, std::floor(text.box.top() * ratio) / ratio);
    const QString key = textKey(text, ratio) + QStringLiteral("\x1f%1,%2").arg(text.box.left() - origin.x()).arg(text.box.top() - origin.y());
    const QSize pixels(std::max(1, static_cast<int>(std::ceil((text.box.right() - origin.x()) * ratio))),
                       std::max(1, static_cast<int>(std::ceil((text.box.bottom() - origin.y()) * ratio))));
    if (key != child.textKey) {
        QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(ratio);
        image.fill(Qt::transparent);
        QPainter p(&image);
        p.setFont(text.font);
        p.setPen(text.colour);
        p.drawText(text.box.translated(-origin), text.flags, text.text);
        p.end();
        std::unique_ptr<QSGTexture> texture(m_window->createTextureFromImage(image));
        node->setTexture(texture.get());
        child.texture = std::move(texture);
        child.textKey = key;
    }
    node->setRect(QRectF(origin, QSizeF(pixels) / ratio));
}

} // namespace bonework::editor
