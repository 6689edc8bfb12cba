#include "frame_stats.h"

#include <algorithm>

namespace bonework::editor {

void FrameStats::record(double intervalMs, double paintMs)
{
    m_interval[m_next] = std::min(intervalMs, 1000.0);
    m_paint[m_next] = paintMs;
    m_next = (m_next + 1) % kWindow;
    m_count = std::min(m_count + 1, kWindow);
    ++m_total;
}

double FrameStats::median(const std::array<double, kWindow>& samples) const
{
    if (m_count == 0)
        return 0.0;
    std::array<double, kWindow> sorted = samples; // the ring is full or filled from slot 0
    const auto end = sorted.begin() + static_cast<std::ptrdiff_t>(m_count);
    const auto middle = sorted.begin() + static_cast<std::ptrdiff_t>(m_count / 2);
    std::nth_element(sorted.begin(), middle, end);
    return *middle;
}

} // namespace bonework::editor
