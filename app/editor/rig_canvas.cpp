#include "rig_canvas.h"

#include "document.h"

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

const QColor kBackground(0x23, 0x25, 0x29);
const QColor kGridMinor(0x2b, 0x2e, 0x33);
const QColor kGridMajor(0x33, 0x37, 0x3d);
const QColor kBone(0x9d, 0xb4, 0xc8);
const QColor kBoneOutline(0x4f, 0x63, 0x75);
const QColor kSelection(0xff, 0xa6, 0x3d);
const QColor kJoint(0xe6, 0xec, 0xf1);
const QColor kLimit(0x5f, 0xc9, 0x8a);
const QColor kTarget(0xe0, 0x5f, 0x8a);
const QColor kPin(0xf2, 0xd0, 0x4b);

constexpr double kJointRadius = 5.0; // view pixels
constexpr double kPickRadius = 9.0;

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
    setFillColor(kBackground);
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
    paintGrid(painter);
    if (m_document) {
        paintBones(painter);
        if (m_document->selectedJoint() >= 0)
            paintLimitWedge(painter, m_document->selectedJoint());
        paintTargets(painter);
        if (m_gesture == Gesture::GrowBone && m_growFrom >= 0) {
            painter->setPen(QPen(kSelection, 2, Qt::DashLine));
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
        paintFrameTime(painter);
    emit frameStatsChanged();
}

void RigCanvas::paintGrid(QPainter* painter) const
{
    // Grid spacing in scene units: 1, 2, 5, 10, 20, 50... whichever is first 12+ px on screen.
    double step = 1;
    for (int i = 0; step * m_zoom < 12 && i < 60; ++i)
        step *= (i % 3 == 1) ? 2.5 : 2.0;
    const QPointF topLeft = mapToRig({0, 0});
    const QPointF bottomRight = mapToRig({width(), height()});
    QVector<QLineF> batch;
    auto lines = [&](double spacing, const QColor& color) {
        batch.clear();
        for (double x = std::floor(topLeft.x() / spacing) * spacing; x <= bottomRight.x(); x += spacing) {
            const double vx = std::round(x * m_zoom + m_offset.x()) + 0.5;
            batch.append(QLineF(vx, 0, vx, height()));
        }
        for (double y = std::floor(topLeft.y() / spacing) * spacing; y <= bottomRight.y(); y += spacing) {
            const double vy = std::round(y * m_zoom + m_offset.y()) + 0.5;
            batch.append(QLineF(0, vy, width(), vy));
        }
        painter->setPen(QPen(color, 1));
        painter->drawLines(batch);
    };
    painter->setRenderHint(QPainter::Antialiasing, false);
    lines(step, kGridMinor);
    lines(step * 5, kGridMajor);
    painter->setRenderHint(QPainter::Antialiasing, true);
}

void RigCanvas::paintBones(QPainter* painter) const
{
    const Rig& rig = m_document->rig();
    const int selected = m_document->selectedJoint();
    const NodeShape shape = rig.nodeShape();
    // Each bone is a convex shape: drawConvexPolygon is the raster engine's fast path, far
    // cheaper than one big path with a thousand subpaths.
    painter->setPen(QPen(kBoneOutline, 1.2));
    painter->setBrush(kBone);
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) { // the selected bone on top
            if (selected < 0 || rig.isRoot(selected))
                break;
            painter->setPen(QPen(kSelection.darker(140), 1.5));
            painter->setBrush(kSelection);
        }
        for (std::size_t i = pass == 0 ? 0 : static_cast<std::size_t>(selected); i < m_world.size(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (rig.isRoot(j) || (pass == 0 && j == selected))
                continue;
            const QPointF a = mapFromRig(toPoint(m_world[rig.parent(j)].position));
            const QPointF b = mapFromRig(toPoint(m_world[i].position));
            const QPointF d = b - a;
            const double len = std::hypot(d.x(), d.y());
            if (len >= 0.5) {
                const QPointF u = d / len;
                const QPointF n(-u.y(), u.x());
                if (shape == NodeShape::Ball) {
                    const double r = std::clamp(len * 0.45, 2.0, 40.0);
                    painter->drawEllipse((a + b) / 2, r, r);
                } else if (shape == NodeShape::Box) {
                    const double w = std::clamp(len * 0.3, 2.0, 30.0);
                    const QPointF box[4] = {a + n * w, b + n * w, b - n * w, a - n * w};
                    painter->drawConvexPolygon(box, 4);
                } else {
                    // A tapered bone: wide near its start, narrowing to the joint it ends at.
                    const double w = std::clamp(len * 0.12, 1.0, 14.0);
                    const QPointF shoulder = a + u * std::min(len * 0.2, 3 * w);
                    const QPointF kite[4] = {a, shoulder + n * w, b, shoulder - n * w};
                    painter->drawConvexPolygon(kite, 4);
                }
            }
            if (pass == 1)
                break;
        }
    }

    // Plain joints first, stamped from pre-rendered sprites (a blit per joint instead of an
    // antialiased ellipse); roots, the selection and pins on top.
    const double dpr = window() ? window()->effectiveDevicePixelRatio() : 1.0;
    for (std::size_t i = 0; i < m_world.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isRoot(j) || j == selected)
            continue;
        // Joints shrink where bones are short on screen, so dense rigs stay readable.
        const double r = std::clamp(rig.length(j) * m_zoom * 0.3, 1.5, kJointRadius);
        const QImage& sprite = jointSprite(r, dpr);
        const QPointF p = mapFromRig(toPoint(m_world[i].position));
        const double half = sprite.width() / dpr / 2.0;
        painter->drawImage(QPointF(p.x() - half, p.y() - half), sprite);
    }

    for (std::size_t i = 0; i < m_world.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        const bool isSelected = j == selected;
        if (!rig.isRoot(j) && !isSelected && !rig.isPinned(j))
            continue;
        const QPointF p = mapFromRig(toPoint(m_world[i].position));
        const double r = rig.isRoot(j) ? kJointRadius + 1.5 : std::clamp(rig.length(j) * m_zoom * 0.3, 2.5, kJointRadius);
        if (rig.isRoot(j) || isSelected) {
            painter->setPen(QPen(isSelected ? kSelection : kBoneOutline, isSelected ? 2.5 : 1.5));
            painter->setBrush(rig.isRoot(j) ? kBackground : kJoint);
            painter->drawEllipse(p, r, r);
        }
        if (rig.isRoot(j)) { // a root shows its rotation as a short tick
            const Vec2 dir = m_world[i].rotation.direction();
            painter->drawLine(p, p + QPointF(dir.x, dir.y) * (r + 6));
        }
        if (rig.isPinned(j)) {
            painter->setPen(QPen(Qt::black, 1));
            painter->setBrush(kPin);
            QPolygonF pin{p + QPointF(0, -r - 2), p + QPointF(-5, -r - 11), p + QPointF(5, -r - 11)};
            painter->drawPolygon(pin);
        }
    }
}

const QImage& RigCanvas::jointSprite(double radius, double devicePixelRatio) const
{
    // Radii quantised to quarter pixels: at most a dozen sprites, drawn once each.
    const int key = static_cast<int>(std::lround(radius * 4));
    if (m_spriteRatio != devicePixelRatio) {
        m_jointSprites.clear();
        m_spriteRatio = devicePixelRatio;
    }
    auto it = m_jointSprites.find(key);
    if (it != m_jointSprites.end())
        return it->second;
    const double r = key / 4.0;
    const int side = static_cast<int>(std::ceil((2 * r + 4) * devicePixelRatio));
    QImage sprite(side, side, QImage::Format_ARGB32_Premultiplied);
    sprite.setDevicePixelRatio(devicePixelRatio);
    sprite.fill(Qt::transparent);
    QPainter p(&sprite);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(kBoneOutline, 1.5));
    p.setBrush(kJoint);
    const double c = side / devicePixelRatio / 2.0;
    p.drawEllipse(QPointF(c, c), r, r);
    p.end();
    return m_jointSprites.emplace(key, std::move(sprite)).first->second;
}

void RigCanvas::paintLimitWedge(QPainter* painter, int joint) const
{
    const Rig& rig = m_document->rig();
    if (rig.isRoot(joint))
        return;
    const double min = rig.minAngle(joint), max = rig.maxAngle(joint);
    const JointIndex parent = rig.parent(joint);
    const QPointF centre = mapFromRig(toPoint(m_world[parent].position));
    const double frame = m_world[parent].rotation.degrees();
    const double radius = std::clamp(rig.length(joint) * m_zoom * 0.6, 24.0, 160.0);
    const QRectF box(centre - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius));
    QColor fill = kLimit;
    fill.setAlpha(60);
    painter->setPen(QPen(kLimit, 1.5));
    painter->setBrush(fill);
    // Qt angles run counter-clockwise in 1/16 degree; ours run clockwise on screen.
    if (max - min >= 360.0) {
        painter->drawEllipse(box);
    } else if (max == min) {
        const Vec2 d = Rotation::fromDegrees(frame + min).direction();
        painter->drawLine(centre, centre + QPointF(d.x, d.y) * radius);
    } else {
        painter->drawPie(box, static_cast<int>(-(frame + min) * 16), static_cast<int>(-(max - min) * 16));
    }
    // The parent bone's direction, the zero the limits are measured from.
    const Vec2 zero = m_world[parent].rotation.direction();
    painter->setPen(QPen(kLimit, 1, Qt::DotLine));
    painter->drawLine(centre, centre + QPointF(zero.x, zero.y) * radius);
}

void RigCanvas::paintTargets(QPainter* painter) const
{
    for (int c = 0; c < m_document->chainCount(); ++c) {
        const QPointF p = mapFromRig(m_document->chainTarget(c));
        const bool selected = c == m_document->selectedChain();
        painter->setPen(QPen(selected ? kSelection : kTarget, 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(p, 7, 7);
        painter->drawLine(p - QPointF(12, 0), p + QPointF(12, 0));
        painter->drawLine(p - QPointF(0, 12), p + QPointF(0, 12));
    }
}

void RigCanvas::paintFrameTime(QPainter* painter) const
{
    const QString text = QStringLiteral("%1 fps  ·  frame %2 ms  ·  paint %3 ms  ·  %4 joints")
                             .arg(m_frameMs > 0 ? 1000.0 / m_frameMs : 0.0, 0, 'f', 0)
                             .arg(m_frameMs, 0, 'f', 1)
                             .arg(m_paintMs, 0, 'f', 2)
                             .arg(m_world.size());
    const QRectF box(8, 8, 360, 24);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0, 0, 0, 150));
    painter->drawRoundedRect(box, 4, 4);
    painter->setPen(QColor(0xd8, 0xde, 0xe4));
    painter->drawText(box.adjusted(8, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
}

} // namespace bonework::editor
