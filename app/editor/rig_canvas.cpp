#include "rig_canvas.h"

#include "document.h"
#include "rig_painter.h"

#include "bonework/angles.h"
#include "bonework/bone_placement.h"

#include <QCursor>
#include <QPainter>
#include <QQuickWindow>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

constexpr double kPickRadius = 9.0; // view pixels

QPointF toPoint(Vec2 v) { return {v.x, v.y}; }

double distanceToSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF q = a + ab * t - p;
    return std::hypot(q.x(), q.y());
}

} // namespace

RigCanvas::RigCanvas(QQuickItem* parent) : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::MiddleButton | Qt::RightButton);
    setAcceptHoverEvents(true);
    setFlag(ItemAcceptsInputMethod, false);
    setActiveFocusOnTab(true);
    setAntialiasing(true);
    setFillColor(RigPainter::kBackground);
    setOpaquePainting(true);
    m_frameClock.start();
}

void RigCanvas::setDocument(Document* document)
{
    if (m_document == document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &Document::rigChanged, this, &RigCanvas::rigChanged);
        connect(m_document, &Document::selectionChanged, this, [this] { update(); });
        connect(m_document, &Document::fileChanged, this, [this] { m_framePending = true; rigChanged(); });
    }
    m_framePending = true;
    rigChanged();
    emit documentChanged();
}

void RigCanvas::setTool(Tool tool)
{
    if (m_tool == tool)
        return;
    m_tool = tool;
    m_gesture = Gesture::None;
    emit toolChanged();
    update();
}

void RigCanvas::setShowFrameTime(bool show)
{
    if (m_showFrameTime == show)
        return;
    m_showFrameTime = show;
    emit showFrameTimeChanged();
    update();
}

void RigCanvas::rigChanged()
{
    if (!m_document)
        return;
    m_world = forwardKinematics(m_document->rig());
    if (m_framePending && width() > 0 && height() > 0) {
        m_framePending = false;
        fitToView();
    }
    update();
}

void RigCanvas::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    if (m_framePending && newGeometry.width() > 0 && newGeometry.height() > 0 && m_document) {
        m_framePending = false;
        fitToView();
    }
}

QPointF RigCanvas::mapToRig(QPointF view) const { return (view - m_offset) / m_zoom; }

QPointF RigCanvas::mapFromRig(QPointF scene) const { return scene * m_zoom + m_offset; }

void RigCanvas::fitToView()
{
    if (width() <= 0 || height() <= 0)
        return;
    QRectF box;
    for (const WorldTransform& w : m_world)
        box |= QRectF(toPoint(w.position), QSizeF(0.001, 0.001));
    if (m_document)
        for (int c = 0; c < m_document->chainCount(); ++c)
            box |= QRectF(m_document->chainTarget(c), QSizeF(0.001, 0.001));
    // Examples are laid out on a 1200 x 800 stage (the area their motion preview plays in).
    if (box.isNull() || (m_document && !m_document->playHint().isEmpty()))
        box |= QRectF(0, 0, 1200, 800);
    box = box.marginsAdded(QMarginsF(60, 60, 60, 60));
    m_zoom = std::clamp(std::min(width() / box.width(), height() / box.height()), 0.02, 20.0);
    m_offset = QPointF(width() / 2, height() / 2) - box.center() * m_zoom;
    emit viewChanged();
    update();
}

void RigCanvas::zoomAround(QPointF view, double factor)
{
    const QPointF scene = mapToRig(view);
    m_zoom = std::clamp(m_zoom * factor, 0.02, 50.0);
    m_offset = view - scene * m_zoom;
    emit viewChanged();
    update();
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
    if (!m_document)
        return -1;
    const Rig& rig = m_document->rig();
    int best = -1;
    double bestDistance = kPickRadius;
    for (std::size_t i = 0; i < m_world.size(); ++i) {
        const QPointF p = mapFromRig(toPoint(m_world[i].position));
        const double d = std::hypot(p.x() - view.x(), p.y() - view.y());
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    if (best >= 0)
        return best;
    bestDistance = 6.0;
    for (std::size_t i = 0; i < m_world.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isRoot(j))
            continue;
        const double d = distanceToSegment(view, mapFromRig(toPoint(m_world[rig.parent(j)].position)),
                                           mapFromRig(toPoint(m_world[i].position)));
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

int RigCanvas::chainTargetAt(QPointF view) const
{
    if (!m_document)
        return -1;
    for (int c = 0; c < m_document->chainCount(); ++c) {
        const QPointF p = mapFromRig(m_document->chainTarget(c));
        if (std::hypot(p.x() - view.x(), p.y() - view.y()) <= kPickRadius + 2)
            return c;
    }
    return -1;
}

QPointF RigCanvas::snappedBoneEnd(QPointF scene, bool snap) const
{
    if (!snap || !m_document || m_growFrom < 0)
        return scene;
    return toPoint(snapBoneEnd(m_world[m_growFrom], {scene.x(), scene.y()}));
}

// --- Input ---------------------------------------------------------------------------------

void RigCanvas::mousePressEvent(QMouseEvent* event)
{
    forceActiveFocus(Qt::MouseFocusReason);
    m_pressView = m_lastView = event->position();
    const QPointF scene = mapToRig(event->position());
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceDown)) {
        m_gesture = Gesture::Pan;
        m_pannedWithSpace = m_spaceDown;
        setCursor(QCursor(Qt::ClosedHandCursor));
        return;
    }
    if (event->button() != Qt::LeftButton || !m_document) {
        event->ignore();
        return;
    }
    const int joint = jointAt(event->position());
    const int target = chainTargetAt(event->position());
    switch (m_tool) {
    case Select:
        if (target >= 0 && joint < 0) {
            m_document->setSelectedChain(target);
            break;
        }
        m_document->setSelectedJoint(joint);
        if (joint >= 0 && m_document->rig().isRoot(joint)) {
            m_document->posing()->beginMoveRoot(joint);
            m_gesture = Gesture::MoveRoot;
        }
        break;
    case AddBone:
        m_growFrom = joint >= 0 ? joint : m_document->addRoot(scene.x(), scene.y());
        if (m_growFrom >= 0) {
            m_document->setSelectedJoint(m_growFrom);
            m_world = forwardKinematics(m_document->rig());
            m_growEnd = scene;
            m_gesture = Gesture::GrowBone;
        }
        break;
    case Pose:
        if (target >= 0 && joint < 0) {
            m_document->setSelectedChain(target);
            m_document->posing()->beginTargetDrag(target);
            m_gesture = Gesture::Pose;
        } else if (joint >= 0) {
            m_document->setSelectedJoint(joint);
            m_document->posing()->beginPose(joint);
            m_gesture = Gesture::Pose;
        }
        break;
    }
    update();
}

// A quick second click (growing bone after bone, grabbing the joint just placed) is a press like
// any other; left unhandled, Qt Quick would drop the grab and the drag would go nowhere.
void RigCanvas::mouseDoubleClickEvent(QMouseEvent* event) { mousePressEvent(event); }

void RigCanvas::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF view = event->position();
    const QPointF scene = mapToRig(view);
    setCursorScene(scene);
    switch (m_gesture) {
    case Gesture::Pan:
        m_offset += view - m_lastView;
        emit viewChanged();
        update();
        break;
    case Gesture::GrowBone:
        m_growEnd = snappedBoneEnd(scene, event->modifiers() & Qt::ShiftModifier);
        update();
        break;
    case Gesture::Pose:
        m_document->posing()->poseTo(scene.x(), scene.y());
        break;
    case Gesture::MoveRoot:
        m_document->posing()->moveRootTo(scene.x(), scene.y());
        break;
    case Gesture::None:
        break;
    }
    m_lastView = view;
}

void RigCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    const QPointF scene = mapToRig(event->position());
    switch (m_gesture) {
    case Gesture::GrowBone: {
        const QPointF end = snappedBoneEnd(scene, event->modifiers() & Qt::ShiftModifier);
        const QPointF from = toPoint(m_world[m_growFrom].position);
        if (std::hypot(end.x() - from.x(), end.y() - from.y()) * m_zoom >= 4.0)
            m_document->addBone(m_growFrom, end.x(), end.y());
        m_growFrom = -1;
        break;
    }
    case Gesture::Pose:
    case Gesture::MoveRoot:
        m_document->posing()->endDrag();
        break;
    case Gesture::Pan:
        unsetCursor();
        break;
    case Gesture::None:
        break;
    }
    m_gesture = Gesture::None;
    update();
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

void RigCanvas::paint(QPainter* painter)
{
    QElapsedTimer paintClock;
    paintClock.start();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const CanvasView view{m_zoom, m_offset, QSizeF(width(), height()),
                          window() ? window()->effectiveDevicePixelRatio() : 1.0};
    m_painter.paintGrid(painter, view);
    if (m_document) {
        const Rig& rig = m_document->rig();
        m_painter.paintRig(painter, view, rig, m_world, m_document->selectedJoint());
        if (m_document->selectedJoint() >= 0)
            m_painter.paintLimitWedge(painter, view, rig, m_world, m_document->selectedJoint());
        m_painter.paintTargets(painter, view, rig, m_world, m_document->selectedChain());
        if (m_gesture == Gesture::GrowBone && m_growFrom >= 0) {
            painter->setPen(QPen(RigPainter::kSelection, 2, Qt::DashLine));
            painter->drawLine(mapFromRig(toPoint(m_world[m_growFrom].position)), mapFromRig(m_growEnd));
        }
    }
    // Frame statistics: smoothed time between frames and time spent painting.
    const double interval = m_frameClock.nsecsElapsed() / 1e6;
    m_frameClock.restart();
    const double spent = paintClock.nsecsElapsed() / 1e6;
    m_frameMs = m_frameMs == 0 ? interval : 0.9 * m_frameMs + 0.1 * std::min(interval, 1000.0);
    m_paintMs = m_paintMs == 0 ? spent : 0.9 * m_paintMs + 0.1 * spent;
    if (m_showFrameTime)
        m_painter.paintFrameTime(painter, m_frameMs, m_paintMs, m_world.size());
    emit frameStatsChanged();
}

} // namespace bonework::editor
