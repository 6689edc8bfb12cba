#pragma once
// Per-frame timings of a QQuickWindow, taken from its own signals on whichever thread emits them
// (the threaded render loop's render thread under xcb): when each frame's synchronisation began
// and ended, and when its buffer was swapped. Each record also carries the time the canvas took
// to draw that frame (in updatePolish just before the synchronisation, or inside it), read while
// the GUI thread waits in that synchronisation.

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <mutex>
#include <vector>

class QQuickWindow;

namespace bonework::bench {

struct FrameRecord {
    double syncStartMs = 0;  // beforeSynchronizing
    double syncEndMs = 0;    // afterSynchronizing (the GUI thread is free again)
    double swappedMs = 0;    // frameSwapped (rendered and on screen)
    double paintMs = -1;     // the canvas drawing this frame; -1: it did not draw
};

class FrameProbe : public QObject {
public:
    // `paintOfThisFrame` is called on the render thread at the end of each synchronisation and
    // returns the time the canvas took to draw this frame if it drew one, else -1.
    FrameProbe(QQuickWindow* window, std::function<double()> paintOfThisFrame);

    double nowMs() const { return m_clock.nsecsElapsed() / 1e6; }
    // The frames swapped since the last call, oldest first.
    std::vector<FrameRecord> takeFrames();
    // Called on the render thread after each synchronisation (the driver's pacing hook).
    void setOnSynchronized(std::function<void()> hook) { m_onSynchronized = std::move(hook); }

private:
    QElapsedTimer m_clock;
    std::function<double()> m_paintOfThisFrame;
    std::function<void()> m_onSynchronized;
    std::mutex m_mutex;
    FrameRecord m_current;
    std::vector<FrameRecord> m_done;
};

} // namespace bonework::bench
