#include "bonework/solvers/fabrik_solver.h"

#include "bonework/solvers/solver_support.h"

namespace bonework {

std::string FabrikSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return checkChainRequest(rig, request);
}

void FabrikSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
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
    double error = distance(m_chain.tip(), target);
    while (result.iterations < request.iterations && error > request.tolerance) {
        ++result.iterations;
        // Backward: the tip onto the target, each joint pulled toward the one after it.
        m_chain.position(n) = target;
        for (std::size_t k = n; k-- > 0;) {
            const Vec2 next = m_chain.position(k + 1);
            const Vec2 along = m_chain.position(k) - next;
            const double len = norm(along);
            if (len > 0.0)
                m_chain.position(k) = next + along * (rig.length(m_chain.bone(k)) / len);
        }
        // Forward: from the fixed start, each bone turned toward its dragged end, within limits.
        Rotation frame = m_chain.baseFrame();
        for (std::size_t k = 0; k < n; ++k) {
            const JointIndex j = m_chain.bone(k);
            const Vec2 wanted = m_chain.position(k + 1) - m_chain.position(k);
            const Vec2 current = frame.apply(rig.localRotation(j).direction());
            rig.setAngleClamped(j, rig.angle(j) + turnDegrees(current, wanted));
            frame = frame * rig.localRotation(j);
            m_chain.position(k + 1) = m_chain.position(k) + frame.direction() * rig.length(j);
        }
        error = distance(m_chain.tip(), target);
    }
    result.error = error;
    result.reached = error <= request.tolerance;
    collectLimited(rig, m_chain.bones(), result);
}

} // namespace bonework
