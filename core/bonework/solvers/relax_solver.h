#pragma once
// PLACEHOLDER: the Relax solver; replaced by its implementation.

#include "bonework/solvers/solver.h"

namespace bonework {

class RelaxSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Relax; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
};

} // namespace bonework
