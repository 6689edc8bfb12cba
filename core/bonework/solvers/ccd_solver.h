#pragma once
// Cyclic coordinate descent on one chain with a fixed base: each pass turns every bone, from
// the tip's back to the base's, so that the line from the bone's start to the tip swings onto
// the target, as far as the bone's limits allow. Passes repeat until the tip is within the
// tolerance, a pass changes nothing, passes stop making progress, or the iterations run out.
// CCD creeps where the chain must fold toward a target near its base; a solve that stops short
// ends with the last two bones laid out exactly (law of cosines) when the target is within
// their reach and limits. A chain of which only two bones may turn is the two-bone problem:
// it goes to TwoBoneSolver, which gives its nearest legal pose exactly. Works in rotation
// form (no trigonometry per bone and pass) and writes the angles back once.

#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/two_bone_solver.h"

namespace bonework::solvers {

class CcdSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Ccd; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    // Stop after this many sweeps in a row that each cut the error by less than kProgress.
    static constexpr double kProgress = 1e-4;
    static constexpr int kStallLimit = 3;
    ChainPath m_path;
    TwoBoneSolver m_twoBone; // for chains of which two bones may turn
    ChainState m_state;
};

} // namespace bonework::solvers
