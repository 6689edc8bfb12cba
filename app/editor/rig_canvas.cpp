#include "rig_canvas.h"

#include "renderer_choice.h"

#include "document.h"
#include "follow_document.h"
#include "add_bone_tool.h"
#include "canvas_backend.h"
#include "canvas_node.h"
#include "painter_surface.h"
#include "canvas_hit_test.h"
#include "pose_tool.h"
#include "rig_painter.h"
#include "select_tool.h"
#include "slot_handles.h"


#include <QCursor>
#include <QLineF>
#include <QPainter>
#include <QQuickWindow>
#include <QPainterPath>
#include <QSettings>

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace bonework::editor {

RigCanvas::RigCanvas(QQuickItem* parent) : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::MiddleButton | Qt::RightButton);
    setAcceptHoverEvents(true);
    setFlag(ItemAcceptsInputMethod, false);
    setActiveFocusOnTab(true);
    setAntialiasing(true);
    setFillColor(drawing::RigPainter::kBackground);
    setOpaquePainting(true);
    setClip(true); // the scene-graph path's bones and targets reach past the canvas
    CanvasToolHost& host = *this;
    m_tools[Select] = std::make_unique<SelectTool>(host);
    m_tools[AddBone] = std::make_unique<AddBoneTool>(host);
    m_tools[Pose] = std::make_unique<PoseTool>(host);
    m_frameClock.start();
    m_showBones = QSettings().value(QStringLiteral("view/showBones"), true).toBool();
}

RigCanvas::~RigCanvas() = default;

void RigCanvas::setDocument(Document* document)
{
    if (m_document && m_document != document) { // its comparison and onion skin are no longer drawn here
        disconnect(m_document->comparison(), nullptr, this, nullptr);
        disconnect(m_document->animation(), nullptr, this, nullptr);
    }
    if (!switchDocument(this, m_document, document))
        return;
    if (m_document) {
        connect(m_document, &Document::rigChanged, this, &RigCanvas::rigChanged);
        connect(m_document, &Document::nodeShapeChanged, this, [this] { redraw(); });
        connect(m_document, &Document::selectionChanged, this, [this] { redraw(); });
        connect(m_document, &Document::slotImagesChanged, this, [this] { redraw(); });
        // Another rig is framed whole; saving (a new file name) keeps the view as it is.
        connect(m_document, &Document::opened, this, [this] { m_framePending = true; rigChanged(); });
        // The whole rig moved (its origin did): the view moves along, so nothing moves on screen.
        connect(m_document, &Document::rigShifted, this, [this](QPointF by) {
            m_view.offset -= by * m_view.zoom;
            redraw();
            emit viewChanged();
        });
        connect(m_document->comparison(), &SolverComparisonModel::changed, this, [this] { redraw(); });
        connect(m_document->animation(), &AnimationPlayer::ghostsChanged, this, [this] { redraw(); });
    }
    m_framePending = true;
    rigChanged();
    emit documentChanged();
}

void RigCanvas::setTool(Tool tool)
{
    if (m_tool == tool)
        return;
    if (m_toolGesture)
        currentTool().cancel();
    m_toolGesture = false;
    m_tool = tool;
    emit toolChanged();
    redraw();
}

void RigCanvas::setShowFrameTime(bool show)
{
    if (m_showFrameTime == show)
        return;
    m_showFrameTime = show;
    emit showFrameTimeChanged();
    redraw();
}

void RigCanvas::setShowBones(bool show)
{
    if (m_showBones == show)
        return;
    m_showBones = show;
    QSettings().setValue(QStringLiteral("view/showBones"), show);
    emit showBonesChanged();
    redraw();
}

void RigCanvas::redraw()
{
    polish();
    update();
}

void RigCanvas::rigChanged()
{
    if (!m_document)
        return;
    refreshWorld();
    if (m_framePending && width() > 0 && height() > 0) {
        m_framePending = false;
        fitToView();
    }
    redraw();
}

void RigCanvas::refreshWorld()
{
    // Sized once per joint count: posing the rig reuses the same array every frame.
    m_world.resize(m_document->rig().jointCount());
    forwardKinematics(m_document->rig(), m_world);
}

void RigCanvas::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    redraw();
    // The rig is framed for the canvas as it is: when the window opens at its remembered size
    // (or is resized) before the user zoomed or panned, it is framed again for the new size.
    const bool refit = m_viewIsFit && newGeometry.size() != oldGeometry.size();
    if ((m_framePending || refit) && newGeometry.width() > 0 && newGeometry.height() > 0 && m_document) {
        m_framePending = false;
        fitToView();
    }
}

QPointF RigCanvas::mapToRig(QPointF view) const { return m_view.toRig(view); }

QPointF RigCanvas::mapFromRig(QPointF scene) const { return m_view.fromRig(scene); }

void RigCanvas::fitToView()
{
    if (width() <= 0 || height() <= 0)
        return;
    QRectF box;
    for (const WorldTransform& w : m_world)
        box |= QRectF(drawing::toPoint(w.position), QSizeF(0.001, 0.001));
    if (m_document) {
        for (int c = 0; c < m_document->chainCount(); ++c)
            box |= QRectF(m_document->chainTarget(c), QSizeF(0.001, 0.001));
        // The art too: each shown image's corners.
        if (m_world.size() == m_document->rig().jointCount())
            for (int i = 0; i < m_document->slotCount(); ++i) {
                const Slot& slot = m_document->rig().slotList()[static_cast<std::size_t>(i)];
                if (slot.visible)
                    box |= slotImageTransform(*m_document, m_world, i)
                               .mapRect(QRectF(QPointF(0, 0), m_document->slotImages().size(slot.image)));
            }
    }
    // Examples are laid out on a 1200 x 800 stage (the area their motion preview plays in).
    if (box.isNull() || (m_document && !m_document->playHint().isEmpty()))
        box |= QRectF(0, 0, 1200, 800);
    m_view.size = size();
    m_view.frame(box);
    m_viewIsFit = true;
    emit viewChanged();
    redraw();
}

void RigCanvas::zoomAround(QPointF view, double factor)
{
    m_view.size = size();
    m_view.zoomAround(view, factor);
    m_viewIsFit = false;
    emit viewChanged();
    redraw();
}

void RigCanvas::zoomIn() { zoomAround(QPointF(width() / 2, height() / 2), 1.25); }

void RigCanvas::zoomOut() { zoomAround(QPointF(width() / 2, height() / 2), 1 / 1.25); }

void RigCanvas::setCursorScene(QPointF scene)
{
    m_cursorScene = scene;
    emit cursorChanged();
}

int RigCanvas::jointAt(QPointF view) const
{
    return m_document ? editor::jointAt(m_document->rig(), m_world, m_view, view) : -1;
}

int RigCanvas::chainTargetAt(QPointF view) const
{
    return m_document ? editor::chainTargetAt(*m_document, m_view, view) : -1;
}

// --- Input ---------------------------------------------------------------------------------

ToolEvent RigCanvas::toolEvent(const QMouseEvent* event) const
{
    return {event->position(), mapToRig(event->position()), event->modifiers()};
}

void RigCanvas::mousePressEvent(QMouseEvent* event)
{
    forceActiveFocus(Qt::MouseFocusReason);
    m_lastView = event->position();
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceDown)) {
        m_panning = true;
        m_pannedWithSpace = m_spaceDown;
        setCursor(QCursor(Qt::ClosedHandCursor));
        return;
    }
    if (event->button() != Qt::LeftButton || !m_document) {
        event->ignore();
        return;
    }
    m_toolGesture = true;
    m_pressView = event->position();
    m_pastDragThreshold = false;
    currentTool().press(toolEvent(event));
    redraw();
}

// A quick second click (growing bone after bone, grabbing the joint just placed) is a press like
// any other; left unhandled, Qt Quick would drop the grab and the drag would go nowhere.
void RigCanvas::mouseDoubleClickEvent(QMouseEvent* event) { mousePressEvent(event); }

void RigCanvas::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF view = event->position();
    setCursorScene(mapToRig(view));
    if (m_panning) {
        m_view.offset += view - m_lastView;
        m_viewIsFit = false;
        emit viewChanged();
        redraw();
    } else if (m_toolGesture && m_document) {
        // A hand that trembles on a click does not drag: the gesture moves once the pointer
        // has left the press by the threshold, and from then on follows it exactly.
        if (!m_pastDragThreshold && QLineF(m_pressView, view).length() >= kDragThresholdPixels)
            m_pastDragThreshold = true;
        if (m_pastDragThreshold)
            currentTool().move(toolEvent(event));
    }
    m_lastView = view;
}

void RigCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        unsetCursor();
    } else if (m_toolGesture && m_document) {
        m_toolGesture = false;
        ToolEvent release = toolEvent(event);
        if (!m_pastDragThreshold) // a click: released where it was pressed
            release = {m_pressView, mapToRig(m_pressView), event->modifiers()};
        currentTool().release(release);
    }
    redraw();
}

void RigCanvas::mouseUngrabEvent()
{
    // Another item took the mouse mid-gesture (a popup opened): end the gesture cleanly.
    if (m_toolGesture && m_document)
        currentTool().cancel();
    m_toolGesture = false;
    m_panning = false;
}

void RigCanvas::hoverMoveEvent(QHoverEvent* event) { setCursorScene(mapToRig(event->position())); }

void RigCanvas::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    zoomAround(event->position(), std::pow(1.15, steps));
}

void RigCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceDown = true;
        m_pannedWithSpace = false;
        setCursor(QCursor(Qt::OpenHandCursor));
        return;
    }
    event->ignore();
}

void RigCanvas::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceDown = false;
        unsetCursor();
        if (!m_pannedWithSpace)
            emit spaceTapped();
        return;
    }
    event->ignore();
}

// --- Painting ------------------------------------------------------------------------------

void RigCanvas::draw(drawing::CanvasSurface& surface)
{
    m_view.size = size();
    m_view.devicePixelRatio = window() ? window()->effectiveDevicePixelRatio() : 1.0;
    const drawing::CanvasView& view = m_view;
    m_painter.paintGrid(surface, view);
    if (m_document) {
        const Rig& rig = m_document->rig();
        // The art under everything else (its images decoded once, by the document), the onion
        // skin's faint frames under the frame's own.
        m_onionSkin.paintArt(surface, view, m_document->animation()->ghosts(), m_painter, m_document->slotImages());
        m_painter.paintSlots(surface, view, rig, m_world, m_document->slotImages(), m_document->selectedSlot());
        m_ghosts.paintGhosts(surface, view, *m_document->comparison());
        m_onionSkin.paint(surface, view, m_document->animation()->ghosts());
        if (m_showBones) {
            m_painter.paintRig(surface, view, rig, m_world, m_document->editorSettings().nodeShape, m_document->selectedJoint());
            if (m_document->selectedJoint() >= 0)
                m_painter.paintLimitWedge(surface, view, rig, m_world, m_document->selectedJoint());
        }
        m_painter.paintTargets(surface, view, rig, m_world, m_document->selectedChain());
        m_ghosts.paintLabels(surface, view, *m_document->comparison());
        currentTool().paintOverlay(surface, view);
    }
    // The medians so far: this frame's own time is known only once it is drawn.
    if (m_showFrameTime)
        m_painter.paintFrameTime(surface, frameMilliseconds(), paintMilliseconds(), m_world.size(), RendererChoice::active());
}

void RigCanvas::recordFrame(double drawMs)
{
    const double interval = m_frameClock.nsecsElapsed() / 1e6;
    m_frameClock.restart();
    m_frameStats.record(interval, drawMs);
    emit frameStatsChanged();
}

void RigCanvas::updatePolish()
{
    const int backend = m_backend.load();
    if (backend < 0 || width() <= 0 || height() <= 0) // the first frame draws itself
        return;
    QElapsedTimer clock;
    clock.start();
    const double ratio = window() ? window()->effectiveDevicePixelRatio() : 1.0;
    if (backend == int(CanvasBackend::Mesh)) {
        m_mesh.begin(ratio);
        draw(m_mesh);
        m_meshDrawn = true;
    } else {
        // The painted item's own image size, as paint() last saw it (it rounds its own way).
        QSize pixels(qCeil(width() * ratio), qCeil(height() * ratio));
        if (std::abs(m_targetPixels.width() - pixels.width()) <= 1 && std::abs(m_targetPixels.height() - pixels.height()) <= 1)
            pixels = m_targetPixels;
        if (m_prepainted.size() != pixels || m_prepainted.devicePixelRatio() != ratio) {
            m_prepainted = QImage(pixels, QImage::Format_RGB32);
            m_prepainted.setDevicePixelRatio(ratio);
        }
        m_prepainted.fill(drawing::RigPainter::kBackground);
        QPainter painter(&m_prepainted);
        painter.setRenderHint(QPainter::Antialiasing, true);
        drawing::PainterSurface surface(&painter);
        draw(surface);
    }
    recordFrame(clock.nsecsElapsed() / 1e6);
}

void RigCanvas::paint(QPainter* painter)
{
    // The frame updatePolish drew, copied as it is (the same pixel format: a plain copy).
    const QPaintDevice* target = painter->device();
    m_targetPixels = QSize(target->width(), target->height()); // GUI thread waits: safe to keep
    if (!m_prepainted.isNull() && m_targetPixels == m_prepainted.size()) {
        painter->setCompositionMode(QPainter::CompositionMode_Source);
        painter->drawImage(QPointF(0, 0), m_prepainted);
        return;
    }
    QElapsedTimer clock;
    clock.start();
    painter->setRenderHint(QPainter::Antialiasing, true);
    drawing::PainterSurface surface(painter);
    draw(surface);
    recordFrame(clock.nsecsElapsed() / 1e6);
}

QSGNode* RigCanvas::updatePaintNode(QSGNode* oldNode, UpdatePaintNodeData* data)
{
    if (m_backend.load() < 0)
        m_backend = int(chooseCanvasBackend(window()));
    if (m_backend.load() == int(CanvasBackend::Painter))
        return QQuickPaintedItem::updatePaintNode(oldNode, data);
    QElapsedTimer clock;
    clock.start();
    auto* node = static_cast<CanvasNode*>(oldNode);
    if (!node)
        node = new CanvasNode(window());
    const bool drawHere = !m_meshDrawn;
    if (drawHere) { // no updatePolish before this frame (the first)
        m_mesh.begin(window()->effectiveDevicePixelRatio());
        draw(m_mesh);
    }
    m_meshDrawn = false;
    node->update(boundingRect(), drawing::RigPainter::kBackground, m_mesh);
    if (drawHere)
        recordFrame(clock.nsecsElapsed() / 1e6);
    return node;
}

} // namespace bonework::editor
