#pragma once
// Drives a drag on the canvas the way a fast mouse does: a press on a joint, then a new position
// every frame, in a circle around where the drag started, as synthetic mouse events sent to the
// window (they take the same path through Qt Quick as real ones). The next move is sent as soon
// as a frame has synchronised, so the GUI thread handles it while the render thread draws the
// frame before, as it would with a mouse that always has a new position.

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QTimer>

#include <atomic>
#include <vector>

class QQuickWindow;

namespace bonework::editor {
class RigCanvas;
}

namespace bonework::bench {

class FrameProbe;

class DragDriver : public QObject {
public:
    DragDriver(QQuickWindow* window, editor::RigCanvas* canvas, FrameProbe& probe);

    // Presses at rig point `at` and starts moving around a circle of `radius` rig units,
    // `stepsPerTurn` moves a turn.
    void start(QPointF at, double radius, int stepsPerTurn);
    void release();
    // Milliseconds each move took to handle (the solve, the chains' hold, the models and the
    // canvas's forward kinematics), in order.
    const std::vector<double>& moveTimes() const { return m_moveMs; }
    int moves() const { return m_step; }

private:
    void requestMove();
    void move();
    void send(int type, QPointF rigPoint);
    QPointF windowPoint(QPointF rigPoint) const;

    QQuickWindow* m_window;
    editor::RigCanvas* m_canvas;
    QPointF m_centre;
    double m_radius = 0;
    int m_stepsPerTurn = 1;
    int m_step = 0;
    bool m_dragging = false;
    std::atomic<bool> m_movePending{false};
    QTimer m_stallGuard; // a frame that changed nothing on the canvas still gets a next move
    std::vector<double> m_moveMs;
};

} // namespace bonework::bench
