#include "bonework/solvers/chain_solve_start.h"

#include "bonework/bone_aim.h"
#include "bonework/solvers/chain_search.h"

namespace bonework::solvers {
namespace {

// Whether the solve follows its target (ChainSearch::follows, over the bones it may turn).
bool followed(const Rig& rig, const ChainPath& path, const Effector& effector)
{
    if (!effector.previousTarget)
        return false;
    double length = 0.0;
    for (JointIndex j : path.movableJoints().subspan(1))
        length += rig.length(j);
    return ChainSearch::follows(effector.previousTarget, effector.target, length);
}

} // namespace

ChainStart startChainSolve(Rig& rig, const SolveRequest& request, ChainPath& path, ChainState& state,
                           TwoBoneSolver* twoBone, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    path.build(rig, request.root, effector.joint);
    result.iterations = 0;
    if (path.movableBoneCount() == 0) {
        reportUnchanged(rig, path, effector.target, request.tolerance, result);
        return ChainStart::Settled;
    }
    if (path.movableBoneCount() == 1) {
        // One bone: pointed at the target (clamped into its limits) is the nearest pose, with no
        // search and no following window (a single bone has no fold to keep).
        aimBoneAt(rig, path.tip(), effector.target);
        result.iterations = 1;
        reportUnchanged(rig, path, effector.target, request.tolerance, result);
        return ChainStart::Settled;
    }
    if (twoBone && path.movableBoneCount() == 2 && !followed(rig, path, effector)) {
        // The two-bone problem: solved exactly, the nearest legal pose (see TwoBoneSolver). Not
        // for a followed target: the nearest pose may flip between folds, or from one limit to
        // the other, in one frame; the search's turn window keeps the chain smooth.
        twoBone->runOnLimb(rig, effector, request.tolerance, result);
        return ChainStart::Settled;
    }
    state.load(rig, path);
    return ChainStart::Search;
}

} // namespace bonework::solvers
