#pragma once
// The clock and the statistics of the peers benchmark: medians, and the clock's own cost,
// which is taken off every single-solve time.

#include <algorithm>
#include <chrono>
#include <vector>

namespace bonework::peers {

inline double nowNs()
{
    return static_cast<double>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

inline double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
    if (v.size() % 2)
        return v[mid];
    const double upper = v[mid];
    return 0.5 * (upper + *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid)));
}

// What two clock reads back to back measure (the median of many), in nanoseconds.
inline double clockOverheadNs()
{
    std::vector<double> gaps;
    gaps.reserve(2001);
    for (int i = 0; i < 2001; ++i) {
        const double t0 = nowNs();
        const double t1 = nowNs();
        gaps.push_back(t1 - t0);
    }
    return median(gaps);
}

// Keeps the compiler from dropping work whose result is only in memory.
template <class T>
inline void escape(T* p)
{
    asm volatile("" : : "g"(p) : "memory");
}

} // namespace bonework::peers
