#include "frame_probe.h"

#include <QQuickWindow>

namespace bonework::bench {

FrameProbe::FrameProbe(QQuickWindow* window, std::function<double()> paintOfThisFrame)
    : QObject(window), m_paintOfThisFrame(std::move(paintOfThisFrame))
{
    m_clock.start();
    // Direct connections: the handlers run on the thread that renders, at the moment it happens.
    connect(window, &QQuickWindow::beforeSynchronizing, this, [this] {
        std::lock_guard lock(m_mutex);
        m_current = FrameRecord{};
        m_current.syncStartMs = nowMs();
    }, Qt::DirectConnection);
    connect(window, &QQuickWindow::afterSynchronizing, this, [this] {
        {
            std::lock_guard lock(m_mutex);
            m_current.syncEndMs = nowMs();
            m_current.paintMs = m_paintOfThisFrame();
        }
        if (m_onSynchronized)
            m_onSynchronized();
    }, Qt::DirectConnection);
    connect(window, &QQuickWindow::frameSwapped, this, [this] {
        std::lock_guard lock(m_mutex);
        m_current.swappedMs = nowMs();
        m_done.push_back(m_current);
    }, Qt::DirectConnection);
}

std::vector<FrameRecord> FrameProbe::takeFrames()
{
    std::lock_guard lock(m_mutex);
    std::vector<FrameRecord> frames;
    frames.swap(m_done);
    return frames;
}

} // namespace bonework::bench
