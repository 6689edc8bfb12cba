// How a RelaxSolver limb follows a drag (see relax_solver.h). A limb whose tip starts near its
// target (warm), or short of it but not cold with a bone on one of its limits (a drag past what
// the limits allow leaves it so: heldByLimits), keeps every bone within a turn window of the
// angle the solve found it at, the size the searching chain solvers use (chain_search.h), its
// exact finish too. A limb held by its limits never restarts; a warm one that stalls may (a
// random pose can start near a target it reaches only from another fold), and drops the window
// when it does. A frame of a drag then turns no bone by more than the window, whatever a
// descent's step near a singular pose, an unbounded finish or a restart elsewhere that reaches
// would have done (a 10-bone limb lagging its target restarted and jumped 159 degrees).

#include "bonework/solvers/relax_solver.h"

#include "bonework/angles.h"
#include "bonework/solvers/chain_search.h"

#include <algorithm>

namespace bonework::solvers {

double RelaxSolver::withinTurnWindow(const Group& group, std::size_t c, double degrees) const
{
    if (!(group.turnWindow > 0.0))
        return degrees;
    const double start = m_limbStartAngle[c];
    return start + std::clamp(angleDifference(start, degrees), -group.turnWindow, group.turnWindow);
}

std::optional<double> RelaxSolver::followedMove(const Effector& e, double length)
{
    if (!e.previousTarget)
        return std::nullopt;
    const double moved = safeDistance(*e.previousTarget, e.target);
    return moved < ChainSearch::kFollowShare * length ? std::optional(moved) : std::nullopt;
}

double RelaxSolver::followedWindow(double moved, double length)
{
    return ChainSearch::kWindowDegrees * std::max(1.0, moved / (ChainSearch::kSteadyShare * length));
}

int RelaxSolver::turnWindowEdge(const Group& group, std::size_t c, double degrees) const
{
    if (!(group.turnWindow > 0.0))
        return 0;
    const double turned = angleDifference(m_limbStartAngle[c], degrees);
    return turned >= group.turnWindow ? 1 : turned <= -group.turnWindow ? -1 : 0;
}

} // namespace bonework::solvers
