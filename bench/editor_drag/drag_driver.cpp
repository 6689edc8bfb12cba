#include "drag_driver.h"

#include "frame_probe.h"
#include "document.h"
#include "rig_canvas.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QQuickWindow>

#include <cmath>
#include <numbers>

namespace bonework::bench {

DragDriver::DragDriver(QQuickWindow* window, editor::RigCanvas* canvas, FrameProbe& probe)
    : QObject(window), m_window(window), m_canvas(canvas)
{
    probe.setOnSynchronized([this] { requestMove(); }); // on the render thread
    m_stallGuard.setInterval(100);
    m_stallGuard.setSingleShot(true);
    connect(&m_stallGuard, &QTimer::timeout, this, [this] { requestMove(); });
}

QPointF DragDriver::windowPoint(QPointF rigPoint) const
{
    return m_canvas->mapToScene(m_canvas->mapFromRig(rigPoint));
}

void DragDriver::send(int type, QPointF rigPoint)
{
    const QPointF local = windowPoint(rigPoint);
    const auto kind = static_cast<QEvent::Type>(type);
    const Qt::MouseButton button = kind == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    const Qt::MouseButtons held = kind == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(kind, local, local, m_window->mapToGlobal(local), button, held, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &event);
}

void DragDriver::start(QPointF at, double radius, int stepsPerTurn)
{
    m_centre = at - QPointF(radius, 0); // the circle passes through the pressed point
    m_radius = radius;
    m_stepsPerTurn = stepsPerTurn;
    m_step = 0;
    m_dragging = true;
    send(QEvent::MouseButtonPress, at);
    m_stallGuard.start();
}

void DragDriver::release()
{
    m_dragging = false;
    m_stallGuard.stop();
    const double a = 2 * std::numbers::pi * m_step / m_stepsPerTurn;
    send(QEvent::MouseButtonRelease, m_centre + QPointF(std::cos(a), std::sin(a)) * m_radius);
}

void DragDriver::requestMove()
{
    // One move at a time: frames that other items ask for do not queue more.
    if (m_movePending.exchange(true))
        return;
    QMetaObject::invokeMethod(this, [this] { move(); }, Qt::QueuedConnection);
}

void DragDriver::move()
{
    m_movePending = false;
    if (!m_dragging)
        return;
    ++m_step;
    const double a = 2 * std::numbers::pi * m_step / m_stepsPerTurn;
    QElapsedTimer clock;
    clock.start();
    send(QEvent::MouseMove, m_centre + QPointF(std::cos(a), std::sin(a)) * m_radius);
    m_moveMs.push_back(clock.nsecsElapsed() / 1e6);
    m_stallGuard.start();
}

} // namespace bonework::bench
