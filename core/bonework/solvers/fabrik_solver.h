#pragma once
// FABRIK (forward and backward reaching IK) on one chain with a fixed base. Each iteration
// drags the chain from the target back to the base keeping bone lengths (backward pass), then
// lays it out again from the fixed base toward those points (forward pass). Limits are applied
// in both: dragging back, each bone keeps the angle to the bone below it legal; laying out, each
// bone takes the legal direction nearest the one FABRIK asks for, so the chain after every
// iteration is an exactly legal pose. A target at or beyond full stretch starts from the chain
// laid straight at it; near full stretch, where FABRIK creeps, each iteration ends with an exact
// law-of-cosines step on the last two bones when the target is within their reach and limits
// allow (keeping the current bend first). Where limits stall plain FABRIK, a cyclic-coordinate-
// descent sweep follows any iteration that left more than half the error, and when the chain
// still stalls short of a target within its length, it restarts from a spread of legal poses
// (keeping the best pose found). Stalling on an out-of-reach target ends the solve early.
// A chain of which only two bones may turn is the two-bone problem: it goes to TwoBoneSolver,
// which gives its nearest legal pose exactly (the bend it has now first).

#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/two_bone_solver.h"

namespace bonework::solvers {

class FabrikSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Fabrik; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    // An iteration that improves the error by less than this fraction counts as stalled;
    // this many stalled iterations in a row trigger a restart (or the end, out of reach).
    static constexpr double kProgress = 1e-3;
    static constexpr int kStallLimit = 3;
    // The CCD sweep runs only after an iteration that left more than this share of the error.
    static constexpr double kSweepBelowProgress = 0.5;
    void restartPose(int restart);

    ChainPath m_path;
    TwoBoneSolver m_twoBone; // for chains of which two bones may turn
    ChainState m_state;
    std::vector<Rotation> m_best; // the best pose before a restart
};

} // namespace bonework::solvers
