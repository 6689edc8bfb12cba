#pragma once
// The start the searching chain solvers (reach, fabrik, ccd) share: the path from the request's
// root to the effector, and the cases that need no search.

#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/two_bone_solver.h"

namespace bonework::solvers {

enum class ChainStart {
    Settled, // the result is final: nothing could turn, or two bones were solved exactly
    Search,  // `state` holds the chain: the solver searches from here
};

// Builds `path` and starts `result` at 0 iterations. When no bone can turn, reports the pose as
// it is; when one can, points it at the target (aimBoneAt); when exactly two can and `twoBone`
// is given, hands the problem to it (the nearest legal pose, exactly). Otherwise loads `state`
// from the rig and returns Search.
ChainStart startChainSolve(Rig& rig, const SolveRequest& request, ChainPath& path, ChainState& state,
                           TwoBoneSolver* twoBone, SolveResult& result);

} // namespace bonework::solvers
