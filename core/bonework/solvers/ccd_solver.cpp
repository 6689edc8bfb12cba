#include "bonework/solvers/ccd_solver.h"

#include "bonework/solvers/solver_support.h"

namespace bonework {

std::string CcdSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return checkChainRequest(rig, request);
}

void CcdSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
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
        Vec2 tip = m_chain.tip();
        for (std::size_t k = n; k-- > 0;) {
            // Pivots upstream of bone k do not move while bone k turns; only the tip does.
            const Vec2 pivot = m_chain.position(k);
            const JointIndex j = m_chain.bone(k);
            const Rotation before = rig.localRotation(j);
            rig.setAngleClamped(j, rig.angle(j) + turnDegrees(tip - pivot, target - pivot));
            const Rotation applied = rig.localRotation(j) * before.inverse();
            tip = pivot + applied.apply(tip - pivot);
        }
        m_chain.updatePositions(rig);
        error = distance(m_chain.tip(), target);
    }
    result.error = error;
    result.reached = error <= request.tolerance;
    collectLimited(rig, m_chain.bones(), result);
}

} // namespace bonework
