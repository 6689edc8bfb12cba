#include "bonework/solvers/ccd_solver.h"

namespace bonework {

std::string CcdSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void CcdSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    m_path.build(rig, request.root, effector.joint);
    result.iterations = 0;
    if (m_path.movableBoneCount() == 0) {
        reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
        return;
    }
    m_state.load(rig, m_path);
    const Vec2 target = boundedTarget(m_state.basePosition(), effector.target);
    StallDetector stall(kProgress, kStallLimit);
    for (int iteration = 0; iteration < request.iterations; ++iteration) {
        const Vec2 tip = m_state.forward();
        const double error = safeDistance(tip, target);
        if (error <= request.tolerance || stall.stalled(error))
            break;
        ++result.iterations;
        bool changed = false;
        ccdSweep(m_state, tip, target, changed);
        if (!changed)
            break;
    }
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

} // namespace bonework
