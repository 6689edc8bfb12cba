#include "bonework/animation/key_reduction.h"

#include <cmath>
#include <utility>

namespace bonework::animation {

void reduceTrack(std::span<const double> times, std::span<const double> values, double tolerance, std::vector<Key>& out)
{
    const std::size_t n = times.size();
    if (n == 0)
        return;
    std::vector<unsigned char> keep(n, 0);
    keep.front() = keep.back() = 1;
    // An explicit stack of spans [a, b] whose ends are kept: no recursion depth to worry about
    // on long recordings.
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    if (n > 2)
        spans.emplace_back(0, n - 1);
    while (!spans.empty()) {
        const auto [a, b] = spans.back();
        spans.pop_back();
        double worst = -1.0;
        std::size_t at = a;
        for (std::size_t i = a + 1; i < b; ++i) {
            const double f = (times[i] - times[a]) / (times[b] - times[a]);
            const double error = std::fabs(values[a] + (values[b] - values[a]) * f - values[i]);
            if (error > worst) {
                worst = error;
                at = i;
            }
        }
        if (worst > tolerance) {
            keep[at] = 1;
            if (at - a > 1)
                spans.emplace_back(a, at);
            if (b - at > 1)
                spans.emplace_back(at, b);
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (keep[i])
            out.push_back({times[i], values[i], {}});
}

} // namespace bonework::animation
