#pragma once
// PLACEHOLDER: the Ccd solver; replaced by its implementation.

#include "bonework/solvers/solver.h"

namespace bonework {

class CcdSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Ccd; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
};

} // namespace bonework
