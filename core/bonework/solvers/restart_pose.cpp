#include "bonework/solvers/restart_pose.h"

#include <cstdint>

namespace bonework::solvers {
namespace {

// splitmix64: a fixed, portable generator.
std::uint64_t nextRandom(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

void restartPose(ChainState& state, int restart)
{
    const std::span<Rotation> local = state.local();
    std::uint64_t random = 0x5eedULL + 0x100000001b3ULL * static_cast<std::uint64_t>(restart);
    for (int k = 1; k <= state.bones(); ++k) {
        const RotationLimits& lim = state.limits(k);
        if (restart == 0) {
            local[static_cast<std::size_t>(k)] = lim.clamp(Rotation{});
            continue;
        }
        double u = 0.5;
        if (restart > 1) {
            const double r = static_cast<double>(nextRandom(random) >> 11) * 0x1.0p-53;
            const std::uint64_t pick = nextRandom(random) & 3u;
            u = pick == 0 ? 0.1 * r : pick == 1 ? 1.0 - 0.1 * r : r;
        }
        local[static_cast<std::size_t>(k)] = Rotation::fromDegrees(lim.min + u * (lim.max - lim.min));
    }
}

} // namespace bonework::solvers
