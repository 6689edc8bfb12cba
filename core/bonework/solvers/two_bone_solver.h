#pragma once
// The two-bone solver (references S5, S6): the law-of-cosines solution, exact and closed-form.
// The distance is clamped to [|a - b|, a + b]: beyond reach the arm points straight at the target,
// inside the inner radius it folds toward it. Bend positive: the second bone turns clockwise on
// screen relative to the first. When the exact pose breaks a limit the result is the legal pose
// nearest the target, found exactly (see two_bone_solver.cpp).

#include "bonework/solvers/solver.h"

#include <vector>

namespace bonework {

class TwoBoneSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::TwoBone; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    std::vector<unsigned char> m_pinnedBelow;
    std::vector<JointIndex> m_touched;
};

} // namespace bonework
