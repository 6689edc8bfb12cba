#pragma once
// PLACEHOLDER: the TwoBone solver; replaced by its implementation.

#include "bonework/solvers/solver.h"

namespace bonework {

class TwoBoneSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::TwoBone; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
};

} // namespace bonework
