#pragma once
// Cyclic coordinate descent with limits and a fixed root: each iteration turns every bone, from
// the tip's back to the base's, so the tip points at the target, clamped to the bone's limits.

#include "bonework/solvers/chain_workspace.h"
#include "bonework/solvers/solver.h"

namespace bonework {

class CcdSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Ccd; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    ChainWorkspace m_chain;
};

} // namespace bonework
