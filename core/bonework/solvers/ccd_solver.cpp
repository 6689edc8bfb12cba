#include "bonework/solvers/ccd_solver.h"

#include "bonework/solvers/chain_solve_start.h"

namespace bonework::solvers {

std::string CcdSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void CcdSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    if (startChainSolve(rig, request, m_path, m_state, &m_twoBone, result) == ChainStart::Settled)
        return;
    const Effector& effector = request.effectors.front();
    const Vec2 target = boundedTarget(m_state.basePosition(), effector.target);
    // Out of reach of a chain without limits, CCD would creep toward the straight chain for
    // all its iterations (1.7 ms on 1000 bones); that pose is known, so lay it out at once.
    if (layOutStraightIfOutOfReach(m_state, target)) {
        result.iterations = 1;
        m_state.store(rig, m_path, effector.target, request.tolerance, result);
        return;
    }
    StallDetector stall(kProgress, kStallLimit);
    bool positionsCurrent = false; // whether positions() match local() (a sweep leaves them stale)
    double error = 0.0;
    for (int iteration = 0; iteration < request.iterations; ++iteration) {
        const Vec2 tip = m_state.forward();
        positionsCurrent = true;
        error = safeDistance(tip, target);
        if (error <= request.tolerance || stall.stalled(error))
            break;
        ++result.iterations;
        bool changed = false;
        ccdSweep(m_state, tip, target, changed);
        positionsCurrent = !changed;
        if (!changed)
            break;
    }
    // CCD creeps where the chain has to fold (a target near the base) and can stop short of a
    // target it could reach: the last two bones, laid out exactly by the law of cosines when
    // the target is within their reach and limits, finish the job.
    if (!positionsCurrent)
        error = safeDistance(m_state.forward(), target);
    if (error > request.tolerance)
        finishWithTwoBones(m_state, target);
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

} // namespace bonework::solvers
