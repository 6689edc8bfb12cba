#include "bonework/solvers/searching_chain_solver.h"

#include "bonework/solvers/chain_solve_start.h"
#include "bonework/solvers/solver_support.h"

namespace bonework::solvers {

std::string SearchingChainSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void SearchingChainSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    if (startChainSolve(rig, request, m_path, m_state, &m_twoBone, result) == ChainStart::Settled)
        return;
    const Effector& effector = request.effectors.front();
    const Vec2 target = boundedTarget(m_state.basePosition(), effector.target);
    // Out of reach of a chain without limits the passes would only creep toward the straight
    // chain for all their iterations (CCD: 1.7 ms on 1000 bones); that pose is known. Not while
    // following a target: laid out at once, a folded chain crossing its reach swung its joints
    // by up to 48 degrees in a frame; the search turns it there within the turn window.
    if (!ChainSearch::follows(effector.previousTarget, target, m_state.totalLength())
        && layOutStraightIfOutOfReach(m_state, target)) {
        result.iterations = 1;
        m_state.store(rig, m_path, effector.target, request.tolerance, result);
        return;
    }
    m_search.prepare(m_state);
    m_state.forward();
    result.iterations = m_search.run(m_state, passes(), target, request.iterations, request.tolerance,
                                     effector.previousTarget);
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

void SearchingChainSolver::reserve(const Rig& rig, std::size_t mostEffectors)
{
    // One effector, one chain: its buffers grow with its bones, at most the rig's longest chain.
    const std::size_t bones = rig.deepestJointDepth();
    m_path.reserve(bones);
    m_state.reserve(bones);
    m_search.reserve(bones);
    m_twoBone.reserve(rig, mostEffectors);
}

} // namespace bonework::solvers
