#pragma once
// The canvas's frame statistics (View > Show Frame Time): the time between painted frames and
// the time spent painting, over the last frames, as medians. A median shrugs off the odd stall
// (an autosave, another program on the machine), which a running mean would smear over a second.

#include <array>
#include <cstddef>

namespace bonework::editor {

class FrameStats {
public:
    static constexpr std::size_t kWindow = 120; // about a second at 120 fps

    // One painted frame: milliseconds since the previous one (capped, so a pause does not
    // count as a slow frame) and milliseconds spent painting it.
    void record(double intervalMs, double paintMs);

    double medianIntervalMs() const { return median(m_interval); }
    double medianPaintMs() const { return median(m_paint); }
    double lastPaintMs() const { return m_count == 0 ? 0.0 : m_paint[(m_next + kWindow - 1) % kWindow]; }
    std::size_t count() const { return m_count; }
    unsigned long long framesRecorded() const { return m_total; } // since the canvas was made

private:
    double median(const std::array<double, kWindow>& samples) const;

    std::array<double, kWindow> m_interval{};
    std::array<double, kWindow> m_paint{};
    std::size_t m_next = 0;
    std::size_t m_count = 0; // samples held, up to kWindow
    unsigned long long m_total = 0;
};

} // namespace bonework::editor
