#include "bonework/solvers/reach_solver.h"

#include "bonework/solvers/chain_solve_start.h"
#include "bonework/solvers/solver_support.h"

namespace bonework::solvers {

std::string ReachSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void ReachSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    if (startChainSolve(rig, request, m_path, m_state, nullptr, result) == ChainStart::Settled)
        return;
    const Effector& effector = request.effectors.front();
    const int n = m_state.bones();
    const Vec2 base = m_state.basePosition();
    const Vec2 target = boundedTarget(base, effector.target);
    const std::span<Rotation> local = m_state.local();
    const std::span<const Vec2> pos = m_state.positions();
    // world() holds the bones' directions; the backward pass overwrites them with the wanted ones.
    const std::span<Rotation> world = m_state.world();

    Vec2 tip = m_state.forward();
    StallDetector stall(kProgress, kStallLimit);
    for (int iteration = 0; iteration < request.iterations; ++iteration) {
        const double error = safeDistance(tip, target);
        if (error <= request.tolerance || stall.stalled(error))
            break;
        ++result.iterations;
        // Tip back to base: each bone points from where its start is now toward what it reaches
        // for; the point its start would move to is what the bone below reaches for.
        // A bone also keeps the angle to the bone below it legal (that bone's limits seen from
        // above), so the chain it leaves behind is one the re-seating can keep.
        Vec2 goal = target;
        for (int k = n; k >= 1; --k) {
            const auto i = static_cast<std::size_t>(k);
            Rotation dir;
            if (unitDirection(goal - pos[i - 1], dir))
                world[i] = dir; // otherwise the goal sits on the bone's start: keep its direction
            if (k < n) {
                const Rotation below = world[i + 1];
                world[i] = renormalized(below * m_state.limits(k + 1).clamp(world[i].inverse() * below).inverse());
            }
            goal = goal - world[i].direction() * m_state.length(k);
        }
        // Re-seat from the base: each bone keeps the direction it took, as far as its limits
        // allow relative to its (re-seated) parent.
        Rotation w = m_state.baseRotation();
        for (int k = 1; k <= n; ++k) {
            const auto i = static_cast<std::size_t>(k);
            const Rotation dir = world[i];
            const Rotation wanted = m_state.limits(k).clamp(Rotation{w.c * dir.c + w.s * dir.s, w.c * dir.s - w.s * dir.c});
            local[i] = wanted;
            w = renormalized(w * wanted);
        }
        const Vec2 before = tip;
        tip = m_state.forward();
        if (tip == before)
            break; // a fixed point: more passes would repeat this one
    }
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

void ReachSolver::reserve(const Rig& rig, std::size_t)
{
    const std::size_t bones = rig.deepestJointDepth();
    m_path.reserve(bones);
    m_state.reserve(bones);
}

} // namespace bonework::solvers
