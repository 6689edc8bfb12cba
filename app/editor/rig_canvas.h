#pragma once
// The canvas: draws the rig (tapered bones, joints, the selection, the selected joint's limits as
// a wedge, chain targets as crosshairs, pins, a grid) and turns mouse input into the document's
// edits for the current tool. Painted with QPainter so it renders in every scene graph backend.

#include "rig_painter.h"

#include "bonework/forward_kinematics.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>


#include <vector>

namespace bonework::editor {

class Document;

class RigCanvas : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(Tool tool READ tool WRITE setTool NOTIFY toolChanged)
    Q_PROPERTY(double zoom READ zoom NOTIFY viewChanged)
    Q_PROPERTY(QPointF cursorScene READ cursorScene NOTIFY cursorChanged)
    Q_PROPERTY(bool showFrameTime READ showFrameTime WRITE setShowFrameTime NOTIFY showFrameTimeChanged)
    Q_PROPERTY(double frameMilliseconds READ frameMilliseconds NOTIFY frameStatsChanged)
    Q_PROPERTY(double paintMilliseconds READ paintMilliseconds NOTIFY frameStatsChanged)

public:
    enum Tool { Select, AddBone, Pose };
    Q_ENUM(Tool)

    explicit RigCanvas(QQuickItem* parent = nullptr);

    Document* document() const { return m_document; }
    void setDocument(Document* document);
    Tool tool() const { return m_tool; }
    void setTool(Tool tool);
    double zoom() const { return m_zoom; }
    QPointF cursorScene() const { return m_cursorScene; }
    bool showFrameTime() const { return m_showFrameTime; }
    void setShowFrameTime(bool show);
    double frameMilliseconds() const { return m_frameMs; }
    double paintMilliseconds() const { return m_paintMs; }

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

signals:
    void documentChanged();
    void toolChanged();
    void viewChanged();
    void cursorChanged();
    void showFrameTimeChanged();
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

private:
    enum class Gesture { None, Pan, GrowBone, Pose, MoveRoot };

    void rigChanged();
    void zoomAround(QPointF view, double factor);
    void setCursorScene(QPointF scene);
    QPointF snappedBoneEnd(QPointF scene, bool snap) const;

    QPointer<Document> m_document;
    Tool m_tool = Select;
    double m_zoom = 1.0;
    QPointF m_offset; // view = scene * zoom + offset
    QPointF m_cursorScene;
    std::vector<WorldTransform> m_world;
    bool m_framePending = true; // fit the next rig that arrives

    Gesture m_gesture = Gesture::None;
    QPointF m_pressView;
    QPointF m_lastView;
    int m_growFrom = -1;
    QPointF m_growEnd;
    bool m_spaceDown = false;
    bool m_pannedWithSpace = false;

    bool m_showFrameTime = false;
    QElapsedTimer m_frameClock;
    double m_frameMs = 0.0;
    double m_paintMs = 0.0;
    RigPainter m_painter;
};

} // namespace bonework::editor
