#pragma once
// Two-bone IK (S5, S6): the closed-form law-of-cosines solution for a chain of exactly two
// bones with a fixed base. The base-to-target distance is clamped to [|a - b|, a + b]: beyond
// reach the arm points straight at the target, inside the inner radius it folds toward it.
// Bend positive: the second bone turns clockwise on screen relative to the first (a positive
// angle); negative: the other way.
//
// Limits: when the exact pose for the requested bend breaks a limit, the mirrored pose (the
// other bend) is used if it is legal, since it reaches the target just as well. Otherwise the
// answer is the legal pose nearest the target. The distance has no local minimum inside the
// rectangle of legal angle pairs other than the exact poses, so the nearest legal pose lies
// on its edges; on each edge one angle is fixed and the best other angle is closed form (the
// free bone points as nearly at the target as its limits allow). The four edges give four
// candidates, compared in a fixed order: exact and deterministic, no search grid. What depends
// on the arm alone (the search's rigid arms, the elbow angles bone 2's limits allow) is kept in
// the solver from solve to solve (limited_arm.h); no trigonometry runs in a solve.

#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/limited_arm.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_support.h"

namespace bonework::solvers {

class TwoBoneSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::TwoBone; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
    void reserve(const Rig& rig, std::size_t mostEffectors) override;

    // The exact angles (degrees, bone 1 relative to the base's direction `baseRotation`, bone 2
    // relative to bone 1) putting a two-bone arm of lengths a, b based at `base` on `target`,
    // with the distance clamped to the arm's reach. `fallback` is the direction used when the
    // target sits on the base. Exposed for tests and tools.
    struct Angles {
        double first = 0.0;
        double second = 0.0;
    };
    static Angles closedForm(Vec2 base, Rotation baseRotation, double a, double b, Vec2 target, BendDirection bend,
                             Rotation fallback);

    // For the searching solvers (fabrik, ccd, relax) when only two bones may turn, the
    // effector's own and its parent's: solves them as run() does, the joint above them held as
    // the root, the bend the arm has now first (a drag keeps the elbow on its side). The law of
    // cosines gives the nearest legal pose exactly where their iterations only approach it.
    void runOnLimb(Rig& rig, const Effector& effector, double tolerance, SolveResult& result);

private:
    // run() when a pin holds bone 1 (only bone 2 may turn) or the tip (nothing may).
    void solveHeld(Rig& rig, const SolveRequest& request, SolveResult& result);

    ChainPath m_path; // for solveHeld only
    LimitedArm m_limitedArm; // kept between solves of limited arms
};

} // namespace bonework::solvers
