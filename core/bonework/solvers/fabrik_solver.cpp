#include "bonework/solvers/fabrik_solver.h"

namespace bonework {

std::string FabrikSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void FabrikSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    m_path.build(rig, request.root, effector.joint);
    result.iterations = 0;
    if (m_path.movableBoneCount() == 0) {
        reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
        return;
    }
    m_state.load(rig, m_path);
    const int n = m_state.bones();
    const Vec2 base = m_state.basePosition();
    const Vec2 target = boundedTarget(base, effector.target);
    const std::span<Rotation> local = m_state.local();
    const std::span<Vec2> pos = m_state.positions();
    const std::span<Rotation> world = m_state.world();

    Vec2 tip = m_state.forward();
    for (int iteration = 0; iteration < request.iterations; ++iteration) {
        if (safeDistance(tip, target) <= request.tolerance)
            break;
        ++result.iterations;
        // Backward: the tip onto the target, each joint dragged after the one below it.
        Vec2 next = target;
        for (int k = n; k >= 1; --k) {
            const auto i = static_cast<std::size_t>(k);
            Rotation dir;
            if (!unitDirection(pos[i - 1] - next, dir))
                dir = Rotation{-world[i].c, -world[i].s}; // on top of each other: keep the bone's direction
            pos[i] = next;
            next = next + dir.direction() * m_state.length(k);
        }
        // Forward: from the fixed base, each bone toward its dragged end, within its limits.
        Vec2 p = base;
        Rotation w = m_state.baseRotation();
        for (int k = 1; k <= n; ++k) {
            const auto i = static_cast<std::size_t>(k);
            Rotation dir;
            if (!unitDirection(pos[i] - p, dir))
                dir = world[i];
            const Rotation wanted = m_state.limits(k).clamp(Rotation{w.c * dir.c + w.s * dir.s, w.c * dir.s - w.s * dir.c});
            local[i] = wanted;
            w = renormalized(w * wanted);
            world[i] = w;
            p += w.direction() * m_state.length(k);
            pos[i] = p;
        }
        pos[0] = base;
        const Vec2 moved = p - tip;
        tip = p;
        if (moved.x == 0.0 && moved.y == 0.0)
            break; // a fixed point: more passes would repeat this one
    }
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

} // namespace bonework
