#pragma once
// FABRIK (forward and backward reaching IK) with a fixed root and angle limits. The backward
// pass drags the chain tip-first onto the target; the forward pass re-seats it on the base and
// turns each bone toward its dragged position within the bone's limits, so each iteration ends
// in a legal pose.

#include "bonework/solvers/chain_workspace.h"
#include "bonework/solvers/solver.h"

namespace bonework {

class FabrikSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Fabrik; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    ChainWorkspace m_chain;
};

} // namespace bonework
