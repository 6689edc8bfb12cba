#pragma once
// PLACEHOLDER: the Follow solver; replaced by its implementation.

#include "bonework/solvers/solver.h"

namespace bonework {

class FollowSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Follow; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
};

} // namespace bonework
