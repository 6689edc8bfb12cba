#include "bonework/solvers/reach_solver.h"

#include "bonework/solvers/solver_support.h"

namespace bonework {

std::string ReachSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return checkChainRequest(rig, request);
}

void ReachSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Vec2 target = request.effectors.front().target;
    result.iterations = 0;
    if (!m_chain.prepare(rig, request)) {
        result.error = unmovableChainError(rig, request);
        result.reached = result.error <= request.tolerance;
        result.limited.clear();
        return;
    }
    const std::size_t n = m_chain.boneCount();
    m_directions.resize(n);
    double error = distance(m_chain.tip(), target);
    while (result.iterations < request.iterations && error > request.tolerance) {
        ++result.iterations;
        // Turn toward the target from the tip back: each bone aims at where the bone after it
        // now starts (the tip bone at the target itself).
        Vec2 aim = target;
        for (std::size_t k = n; k-- > 0;) {
            const Vec2 start = m_chain.position(k);
            Vec2 dir = aim - start;
            const double len = norm(dir);
            dir = len > 0.0 ? dir * (1.0 / len) : m_chain.position(k + 1) - start;
            m_directions[k] = dir;
            aim = aim - dir * (len > 0.0 ? rig.length(m_chain.bone(k)) : 0.0);
        }
        // Re-seat each bone at its parent's end, keeping the directions (within limits).
        Rotation frame = m_chain.baseFrame();
        for (std::size_t k = 0; k < n; ++k) {
            const JointIndex j = m_chain.bone(k);
            const Vec2 current = frame.apply(rig.localRotation(j).direction());
            rig.setAngleClamped(j, rig.angle(j) + turnDegrees(current, m_directions[k]));
            frame = frame * rig.localRotation(j);
        }
        m_chain.updatePositions(rig);
        error = distance(m_chain.tip(), target);
    }
    result.error = error;
    result.reached = error <= request.tolerance;
    collectLimited(rig, m_chain.bones(), result);
}

} // namespace bonework
