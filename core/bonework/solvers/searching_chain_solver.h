#pragma once
// What FABRIK and CCD share: a solve of one chain with a fixed base, whose own iteration (a
// ChainPass: a FABRIK pass, a CCD sweep) runs inside ChainSearch (chain_search.h), which decides
// when it runs and what else does (the window of a warm start, the descent, restarts, the exact
// finish of two joints). A chain of which only two bones may turn is the two-bone problem: it
// goes to TwoBoneSolver, which gives its nearest legal pose exactly (the bend it has now first).
// Out of reach of a chain without limits the answer is known (the chain straight at the target)
// and laid out at once. Works in rotation form (no trigonometry per bone and pass) and writes
// the rotations back to the rig once.

#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/chain_search.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/two_bone_solver.h"

namespace bonework::solvers {

class SearchingChainSolver : public Solver {
public:
    std::string validate(const Rig& rig, const SolveRequest& request) const final;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) final;
    void reserve(const Rig& rig, std::size_t mostEffectors) final;

protected:
    // The solver's own iteration.
    virtual ChainPass& passes() = 0;

private:
    ChainPath m_path;
    TwoBoneSolver m_twoBone; // for chains of which two bones may turn
    ChainState m_state;
    ChainSearch m_search;
};

} // namespace bonework::solvers
