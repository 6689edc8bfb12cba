#include "bonework/solvers/ccd_solver.h"

namespace bonework::solvers {

Vec2 CcdSolver::Passes::begin(ChainState& state, Vec2 tip, Vec2 target)
{
    // Near full stretch CCD creeps (each bone's swing moves the tip almost across the line it
    // must lengthen), and its folded poses leave the exact finish no room; straight it has.
    const Vec2 base = state.basePosition();
    Rotation toTarget;
    if (safeDistance(base, target) < state.totalLength() * (1.0 - kNearStretch) || !unitDirection(target - base, toTarget))
        return tip;
    const std::span<Rotation> local = state.local();
    local[1] = state.limits(1).clamp(state.baseRotation().inverse() * toTarget);
    for (int k = 2; k <= state.bones(); ++k)
        local[static_cast<std::size_t>(k)] = state.limits(k).clamp(Rotation{});
    return state.forward();
}

Vec2 CcdSolver::Passes::pass(ChainState& state, Vec2 tip, Vec2 target, const TurnWindow& window)
{
    // The pivots stay put during the sweep (turning bone k moves only what hangs below it), so
    // positions() serve throughout; only the tip moves.
    const std::span<Rotation> local = state.local();
    const std::span<const Vec2> pos = state.positions();
    bool changed = false;
    for (int k = state.bones(); k >= 1; --k) {
        const auto i = static_cast<std::size_t>(k);
        const Vec2 pivot = pos[i - 1];
        const Vec2 toTip = tip - pivot;
        Rotation turn;
        if (!rotationBetween(toTip, target - pivot, turn))
            continue; // the tip or the target on the pivot: this bone cannot help
        const RotationLimits& limits = state.limits(k);
        const Rotation wanted = window.clamp(limits, k, limits.clamp(renormalized(turn * local[i])));
        if (wanted == local[i])
            continue;
        tip = pivot + (wanted * local[i].inverse()).apply(toTip);
        local[i] = wanted;
        changed = true;
    }
    return changed ? state.forward() : tip;
}

} // namespace bonework::solvers
