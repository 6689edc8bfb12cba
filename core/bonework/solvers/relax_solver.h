#pragma once
// The whole-skeleton solver for branching rigs. Several effectors at once, each with a target and
// a weight; pins; every length and limit. It runs damped least squares (Levenberg-Marquardt) on
// the bone angles: each step solves the small system J Jᵀ + μI over all effectors, joints at a
// limit that the step would push further are held, and a step is kept only if the weighted error
// falls, so the pose settles calmly even when targets conflict. When the descent stalls short of
// the targets (limits can trap it in a local minimum) it restarts from other legal poses, picked
// deterministically (often near the limits, where trapped descents miss their answers), and
// keeps the best pose found. Effectors that share no bone they may turn (a spider's legs) are
// independent problems: each such group keeps or rejects its own steps, has its own damping,
// stops when its own targets are met and restarts alone. A group of one effector whose target
// lies beyond the full length of its bones needs no descent when they may lie straight at the
// target (always without limits): that pose is the answer, laid out at once. So is a two-bone
// limb's: a group of one effector whose only bones that can turn are its own and its parent's
// (others above them rigid) gets two-bone's exact nearest legal pose (the bend it has now
// first), where the descent would only approach it. Roots and pinned joints stay put, and so
// does request.root when set.

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/two_bone_solver.h"

#include <vector>

namespace bonework::solvers {

class RelaxSolver final : public Solver {
public:
    RelaxSolver() { m_limbResult.limited.reserve(2); } // a limb has two joints to report
    SolverKind kind() const override { return SolverKind::Relax; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    // One group of effectors that share bones, and the state of its descent.
    struct Group {
        double mu = 1e-3;      // damping relative to the largest diagonal entry of its J Jᵀ
        double largest = 0.0;  // that entry, this iteration
        double error = 0.0;    // weighted squared error of its effectors
        double bestError = 0.0;
        double movedSinceCheckpoint = 0.0; // largest kept turn of one of its bones lately
        double progressMark = 0.0;  // error when it last improved by kProgress
        int pressedIterations = 0;  // since then, in a row, with bones pressed against limits
        bool pressed = false;       // this iteration
        int restarts = 0;
        bool active = true;    // still descending: targets not met, restarts left
        bool answered = false; // posed in closed form, no descent (see layOutOutOfReachGroups, solveTwoBoneLimbs)
        std::size_t firstColumn = 0; // its bones: columns [firstColumn, endColumn) of J
        std::size_t endColumn = 0;
    };

    // Marks the bones that may turn, groups the effectors and sizes the buffers.
    void setUp(const Rig& rig, const SolveRequest& request);
    // m_world for the joints in m_needed.
    void updateWorld(const Rig& rig);
    // Each group's weighted squared error (m_groupError) and the per-effector residuals for
    // the current m_world.
    void measure(const SolveRequest& request);
    // Solves (J Jᵀ + D) y = r, D the per-row damping, and sets m_step = Jᵀ y; false if the
    // system is singular.
    bool computeStep();
    // Whether every effector of group g is within the tolerance of its target.
    bool groupWithin(const SolveRequest& request, std::size_t g) const;
    // A group of one effector whose target lies beyond the full length of the bones it may
    // turn is answered in closed form when those bones may lie straight at the target (always
    // without limits): no pose comes nearer, and a descent would only creep toward it (the
    // straight chain is where its Jacobian is singular). Lays such groups out, marks them
    // answered; needs m_world current, returns whether any was.
    bool layOutOutOfReachGroups(Rig& rig, const SolveRequest& request);
    // A group of one effector whose only bones that can turn are its own and its parent's
    // (any others above them rigid) is a two-bone limb: two-bone's closed form poses it
    // exactly, at the legal pose nearest the target (a descent only approaches that pose, and
    // with limits its restarts could miss it). Poses such groups that are not answered yet,
    // marks them answered; returns whether any was.
    bool solveTwoBoneLimbs(Rig& rig, const SolveRequest& request);
    // The reported error: the weighted root mean square of the effectors' distances to their
    // real targets (the plain one when every weight is 0), finite for any finite input.
    double weightedRootMeanSquare(const SolveRequest& request) const;
    // Records the group's current pose as its best if its error is the lowest yet (after a
    // restart: lower by kClearlyBetter), or unconditionally when it has `reached` its targets.
    void keepIfBest(std::size_t g, const Rig& rig, bool reached = false);

    std::vector<WorldTransform> m_world;     // current for the joints in m_needed only
    std::vector<JointIndex> m_needed;        // effectors and their ancestors, in index order
    std::vector<unsigned char> m_neededMark; // joint -> in m_needed
    std::vector<JointIndex> m_rootPath;      // request.root and its ancestors: held in place
    std::vector<unsigned char> m_onRootPath; // joint -> in m_rootPath
    std::vector<int> m_variable;             // joint -> column in J, or -1
    std::vector<JointIndex> m_variables;     // column -> joint
    std::vector<int> m_owner;                // joint -> an effector whose path marked it, or -1
    std::vector<int> m_effectorGroup;        // effector -> group, or -1 (nothing it can move)
    std::vector<int> m_groupOf;              // scratch: first effector of a group -> group
    std::vector<int> m_soleEffector;         // group -> its one effector; -1 none, -2 several
    std::vector<Group> m_groups;
    std::vector<double> m_groupError;        // per group, filled by measure()
    std::vector<double> m_rowDamping;        // per row of J
    std::vector<double> m_jacobian;          // row-major, rows = 2 * effectors
    std::vector<Vec2> m_target;              // per effector: its target, bounded (see run)
    std::vector<double> m_residual;          // sqrt(weight) * (target - position), per row
    std::vector<double> m_normal;            // J Jᵀ + damping I
    std::vector<double> m_rhs;
    std::vector<double> m_step;              // degrees per variable
    std::vector<double> m_saved;             // angles before a trial step
    std::vector<unsigned char> m_held;       // variable held at its limit for this step
    std::vector<double> m_best;              // angles of the best pose found so far
    TwoBoneSolver m_twoBone;                 // poses two-bone limbs
    SolveResult m_limbResult;                // its report (unused), kept for its buffer
};

} // namespace bonework::solvers
