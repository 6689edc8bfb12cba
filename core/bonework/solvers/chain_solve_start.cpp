#include "bonework/solvers/chain_solve_start.h"

#include "bonework/bone_aim.h"

namespace bonework::solvers {

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
    if (twoBone && path.movableBoneCount() == 2) {
        // The two-bone problem: solved exactly, the nearest legal pose (see TwoBoneSolver).
        twoBone->runOnLimb(rig, effector, request.tolerance, result);
        return ChainStart::Settled;
    }
    state.load(rig, path);
    return ChainStart::Search;
}

} // namespace bonework::solvers
