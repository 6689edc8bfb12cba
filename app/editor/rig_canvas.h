#pragma once
// The canvas item: it keeps the view transform (canvas_view.h) and the rig's world transforms,
// pans and zooms, routes presses, moves and releases to the current tool (canvas_tool.h: Select,
// Add Bone, Pose, a class each) and draws with RigPainter on a CanvasSurface: as scene-graph
// geometry on a GPU (mesh_surface.h, canvas_node.h), else with QPainter into the painted item's
// image (the software renderer, and OpenGL on a CPU rasteriser: canvas_backend.h).

#include "canvas_backend.h"
#include "canvas_tool.h"
#include "frame_stats.h"
#include "mesh_surface.h"
#include "ghost_painter.h"
#include "onion_skin_painter.h"
#include "rig_painter.h"

#include "bonework/forward_kinematics.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>


#include <array>
#include <memory>
#include <optional>
#include <atomic>
#include <vector>

namespace bonework::editor {

class Document;

class RigCanvas : public QQuickPaintedItem, private CanvasToolHost {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(Tool tool READ tool WRITE setTool NOTIFY toolChanged)
    Q_PROPERTY(double zoom READ zoom NOTIFY viewChanged)
    Q_PROPERTY(QPointF cursorScene READ cursorScene NOTIFY cursorChanged)
    Q_PROPERTY(bool showFrameTime READ showFrameTime WRITE setShowFrameTime NOTIFY showFrameTimeChanged)
    // View > Show Bones: bones and joints over the art (kept in the settings).
    Q_PROPERTY(bool showBones READ showBones WRITE setShowBones NOTIFY showBonesChanged)
    Q_PROPERTY(double frameMilliseconds READ frameMilliseconds NOTIFY frameStatsChanged)
    Q_PROPERTY(double paintMilliseconds READ paintMilliseconds NOTIFY frameStatsChanged)

public:
    enum Tool { Select, AddBone, Pose };
    Q_ENUM(Tool)

    explicit RigCanvas(QQuickItem* parent = nullptr);
    ~RigCanvas() override;

    Document* document() const { return m_document; }
    void setDocument(Document* document);
    Tool tool() const { return m_tool; }
    void setTool(Tool tool);
    double zoom() const { return m_view.zoom; }
    QPointF cursorScene() const { return m_cursorScene; }
    bool showFrameTime() const { return m_showFrameTime; }
    void setShowFrameTime(bool show);
    bool showBones() const { return m_showBones; }
    void setShowBones(bool show);
    // Medians over the last frames (frame_stats.h).
    double frameMilliseconds() const { return m_frameStats.medianIntervalMs(); }
    double paintMilliseconds() const { return m_frameStats.medianPaintMs(); }
    const FrameStats& frameStats() const { return m_frameStats; }
    // The surface the canvas draws on, once its first frame has chosen it (canvas_backend.h).
    std::optional<CanvasBackend> backend() const
    {
        const int backend = m_backend.load();
        return backend < 0 ? std::nullopt : std::optional(CanvasBackend(backend));
    }

    Q_INVOKABLE void fitToView();
    Q_INVOKABLE void zoomIn();
    Q_INVOKABLE void zoomOut();
    // Canvas (item) coordinates to rig coordinates and back.
    Q_INVOKABLE QPointF mapToRig(QPointF view) const;
    Q_INVOKABLE QPointF mapFromRig(QPointF rigPoint) const;
    // The joint under a view point (joints win over bones; a bone picks the joint it ends at).
    Q_INVOKABLE int jointAt(QPointF view) const;
    Q_INVOKABLE int chainTargetAt(QPointF view) const;

    void paint(QPainter* painter) override;
    // The canvas as geometry, or QQuickPaintedItem's image (paint()): see canvas_backend.h.
    QSGNode* updatePaintNode(QSGNode* oldNode, UpdatePaintNodeData* data) override;

protected:
    // Draws the next frame on the GUI thread, before the frame's synchronisation, while the render
    // thread is still drawing the frame before; paint() and updatePaintNode() then only hand the
    // result over. Without this a big rig's paint held both threads.
    void updatePolish() override;

signals:
    void documentChanged();
    void toolChanged();
    void viewChanged();
    void cursorChanged();
    void showFrameTimeChanged();
    void showBonesChanged();
    void frameStatsChanged();
    // Space pressed and released without panning: the window toggles Play with it.
    void spaceTapped();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void hoverMoveEvent(QHoverEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;

    void mouseUngrabEvent() override;

private:
    // CanvasToolHost
    Document& editedDocument() const override { return *m_document; }
    const drawing::CanvasView& view() const override { return m_view; }
    std::span<const WorldTransform> world() const override { return m_world; }
    void refreshWorld() override;
    void requestUpdate() override { redraw(); }
    bool bonesShown() const override { return m_showBones; }

    CanvasTool& currentTool() { return *m_tools[static_cast<std::size_t>(m_tool)]; }
    ToolEvent toolEvent(const QMouseEvent* event) const;
    void rigChanged();
    // The canvas changed: draw it again in the next frame (updatePolish, then the scene graph).
    void redraw();
    void zoomAround(QPointF view, double factor);
    void setCursorScene(QPointF scene);
    // Everything on the canvas but its background, on either surface.
    void draw(drawing::CanvasSurface& surface);
    // One frame drawn: its interval since the last and the time it took to draw.
    void recordFrame(double drawMs);

    QPointer<Document> m_document;
    Tool m_tool = Select;
    std::array<std::unique_ptr<CanvasTool>, 3> m_tools; // by Tool
    drawing::CanvasView m_view;
    QPointF m_cursorScene;
    std::vector<WorldTransform> m_world; // resized when the joint count changes, else reused
    bool m_framePending = true; // fit the next rig that arrives
    bool m_viewIsFit = false;   // the view is as fitToView left it: a resize frames the rig again

    bool m_toolGesture = false; // the left button went to the current tool
    bool m_panning = false;
    QPointF m_lastView;
    // A tool's gesture starts moving only once the pointer is this far from the press (view
    // pixels), as Blender's and Inkscape's drag thresholds: a click is not a drag. Smaller than
    // Qt's startDragDistance (10 px, meant for drag and drop), so fine posing keeps its reach.
    static constexpr double kDragThresholdPixels = 3.0;
    QPointF m_pressView;
    bool m_pastDragThreshold = false;
    bool m_spaceDown = false;
    bool m_pannedWithSpace = false;

    bool m_showFrameTime = false;
    bool m_showBones = true;
    QElapsedTimer m_frameClock;
    FrameStats m_frameStats;
    drawing::RigPainter m_painter;
    GhostPainter m_ghosts; // Compare Solvers
    OnionSkinPainter m_onionSkin; // animate mode's frames before and after
    MeshSurface m_mesh;    // the scene-graph path's, kept between frames
    bool m_meshDrawn = false; // m_mesh holds the next frame (drawn in updatePolish)
    QImage m_prepainted;   // the QPainter path's next frame, drawn in updatePolish
    QSize m_targetPixels;  // the painted item's image, as paint() last saw it
    // The backend, chosen on the render thread at the first frame; -1 until then.
    std::atomic<int> m_backend{-1};
};

} // namespace bonework::editor
