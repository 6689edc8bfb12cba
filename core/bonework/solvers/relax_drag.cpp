// How a RelaxSolver limb follows a drag (see relax_solver.h).
//
// A limb told its last target (Effector::previousTarget), which moved less than kFollowShare of
// its length since, continues a motion from the pose that solve left: it is followed as fabrik
// and ccd follow a chain (chain_search.h), whatever its pose. Every bone stays within a turn
// window of the angle the solve found it at (kWindowDegrees while the target moves up to
// kSteadyShare of the length a frame, wider in proportion beyond: a quick flick keeps up), its
// exact finish too; it is never cold, never laid out straight, and never restarts. Where the
// descent inside the window stalls short of the target, one search from the start, free of the
// window, looks for another fold as a cold limb would (its descent, then its restarts); if that
// fold reaches the target or comes kFoldGain nearer than the window's best, each bone turns
// toward it by at most the window, so over a few frames the limb turns over instead of missing
// until the target comes back to the old fold. Otherwise the window's best stands. A followed
// limb that is not warm (the last frames missed: the window alone would likely miss again)
// searches for the fold from the first iteration instead, and turns toward it whenever it comes
// nearer than the start (10-bone circle of tst_moving_targets: 74.8% -> 87.7% reached). (No search
// for a target beyond the limb's reach, which no fold reaches, nor for a limb with a root among
// its variables: the root's move has no window.)
//
// Told nothing, a limb guesses a drag from its pose. One whose tip starts near its target (warm),
// or short of it but not cold with a bone on one of its limits (a drag past what the limits allow
// leaves it so: heldByLimits), keeps every bone within a turn window of the angle the solve found
// it at, the size the searching chain solvers use (chain_search.h), its exact finish too. A limb
// held by its limits never restarts; a warm one that stalls may (a random pose can start near a
// target it reaches only from another fold), and drops the window when it does. A frame of a
// drag then turns no bone by more than the window, whatever a descent's step near a singular
// pose, an unbounded finish or a restart elsewhere that reaches would have done (a 10-bone limb
// lagging its target restarted and jumped 159 degrees). The guess can be fooled: a limb that
// lags beyond the warm zone with no bone on a limit restarts freely, and a restart that reaches
// refolded one by up to 143 degrees in a frame; told its last target it does not.

#include "bonework/solvers/relax_solver.h"

#include "bonework/angles.h"
#include "bonework/solvers/chain_search.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

int RelaxSolver::turnWindowEdge(const Group& group, std::size_t c, double degrees) const
{
    if (!(group.turnWindow > 0.0))
        return 0;
    const double turned = angleDifference(m_limbStartAngle[c], degrees);
    return turned >= group.turnWindow ? 1 : turned <= -group.turnWindow ? -1 : 0;
}

bool RelaxSolver::searchFold(Rig& rig, std::size_t g, const SolveRequest& request)
{
    Group& group = m_groups[g];
    if (group.hasRoot || group.searchingFold)
        return false;
    // Beyond the limb's length from its anchor no fold reaches: the window's best stands.
    const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
    if (safeDistance(m_world[rig.parent(group.limbTop)].position, e.target) > group.limbLength)
        return false;
    flushBest(g, rig);
    group.searchingFold = true;
    group.windowError = group.bestError;
    group.followWindow = group.turnWindow;
    group.turnWindow = 0.0;
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
        m_windowBest[c] = m_best[c];
        rig.setPose(m_variables[c], m_followStart[c]);
    }
    // The search's best starts afresh from the start pose (the caller measures it).
    group.bestError = std::numeric_limits<double>::infinity();
    group.finishWait = 0;
    return true;
}

bool RelaxSolver::searchFoldsFirst(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        group.foldFirst = false;
        if (!group.followed || group.warm || !group.active || !group.restartable)
            continue;
        if (searchFold(rig, g, request)) {
            group.foldFirst = true;
            any = true;
        }
    }
    return any;
}

void RelaxSolver::endFoldSearch(Rig& rig, std::size_t g, const SolveRequest& request)
{
    Group& group = m_groups[g];
    flushBest(g, rig);
    const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
    const double reach = e.weight * request.tolerance * request.tolerance;
    // (Errors are weighted squared distances: the gain squared.)
    const double gain = group.foldFirst ? 1.0 : ChainSearch::kFoldGain * ChainSearch::kFoldGain;
    const bool turn = group.bestError <= reach || group.bestError < gain * group.windowError;
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
        const JointIndex j = m_variables[c];
        if (!turn) {
            rig.setPose(j, m_windowBest[c]);
            continue;
        }
        // Each bone from where it started toward the fold, by at most the window, along the arc
        // its limits allow (the short way round for a free joint): never through a forbidden
        // range, and both ends are legal, so every angle between is.
        rig.setPose(j, m_best[c]);
        const double start = m_limbStartAngle[c];
        const double fold = rig.angle(j);
        const double turned = rig.rotationLimits(j).free ? angleDifference(start, fold) : fold - start;
        if (std::fabs(turned) > group.followWindow)
            rig.setAngleClamped(j, start + std::clamp(turned, -group.followWindow, group.followWindow));
    }
}

} // namespace bonework::solvers
