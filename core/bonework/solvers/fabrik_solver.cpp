#include "bonework/solvers/fabrik_solver.h"

namespace bonework::solvers {

Vec2 FabrikSolver::Passes::layOut(ChainState& state, const TurnWindow& window)
{
    // From the fixed base, each bone toward the point pos[k] as nearly as its limits allow.
    const int n = state.bones();
    const std::span<Rotation> local = state.local();
    const std::span<Vec2> pos = state.positions();
    const std::span<Rotation> world = state.world();
    Vec2 p = state.basePosition();
    Rotation w = state.baseRotation();
    for (int k = 1; k <= n; ++k) {
        const auto i = static_cast<std::size_t>(k);
        Rotation dir;
        if (!unitDirection(pos[i] - p, dir))
            dir = world[i];
        const Rotation relative{w.c * dir.c + w.s * dir.s, w.c * dir.s - w.s * dir.c};
        const Rotation wanted = window.clamp(state.limits(k), k, state.limits(k).clamp(relative));
        local[i] = wanted;
        // Within the limits the bone points exactly along dir: no product on the critical
        // path. Clamped: compose (renormalised, or errors would compound bone by bone).
        w = wanted == relative ? dir : renormalized(w * wanted);
        world[i] = w;
        p += w.direction() * state.length(k);
        pos[i] = p;
    }
    pos[0] = state.basePosition();
    return p;
}

Vec2 FabrikSolver::Passes::begin(ChainState& state, Vec2 tip, Vec2 target)
{
    // Near full stretch FABRIK only creeps toward the answer, which is the chain nearly straight
    // at the target (as straight as the limits allow): start there.
    const Vec2 base = state.basePosition();
    Rotation toTarget;
    if (safeDistance(base, target) < state.totalLength() * (1.0 - kNearStretch) || !unitDirection(target - base, toTarget))
        return tip;
    const std::span<Vec2> pos = state.positions();
    double along = 0.0;
    for (int k = 1; k <= state.bones(); ++k) {
        along += state.length(k);
        pos[static_cast<std::size_t>(k)] = base + toTarget.direction() * along;
    }
    return layOut(state, {});
}

Vec2 FabrikSolver::Passes::pass(ChainState& state, Vec2, Vec2 target, const TurnWindow& window)
{
    // Backward: the tip onto the target, each joint dragged after the one below it.
    // Each bone also keeps the angle to the bone below it legal (that bone's limits, seen
    // from above), so the dragged chain is already nearly a legal pose.
    const std::span<Vec2> pos = state.positions();
    const std::span<Rotation> world = state.world();
    const int n = state.bones();
    Vec2 next = target;
    Rotation below; // world direction of bone k + 1 as just placed
    for (int k = n; k >= 1; --k) {
        const auto i = static_cast<std::size_t>(k);
        Rotation back;
        Rotation bone = world[i]; // on top of each other: keep the bone's direction
        if (unitDirection(next - pos[i - 1], back))
            bone = back;
        if (k < n) {
            const Rotation turn = bone.inverse() * below;
            const Rotation legal = state.limits(k + 1).clamp(turn);
            if (!(legal == turn)) // within the limits the bone keeps its fresh unit direction
                bone = renormalized(below * legal.inverse()); // unnormalised, errors would compound
        }
        pos[i] = next;
        next -= bone.direction() * state.length(k);
        below = bone;
    }
    // Forward: from the fixed base, each bone toward its dragged end, within its limits.
    return layOut(state, window);
}

} // namespace bonework::solvers
