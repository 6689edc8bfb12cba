#pragma once
// The whole-skeleton solver for branching rigs. Several effectors at once, each with a target and
// a weight; pins; every length and limit. It runs damped least squares (Levenberg-Marquardt) on
// the bone angles: each step solves the small system J Jᵀ + μI over all effectors, joints at a
// limit that the step would push further are held, and a step is kept only if the weighted error
// falls, so the pose settles calmly even when targets conflict. When the descent stalls short of
// the targets (limits can trap it in a local minimum) it restarts from other legal poses, picked
// deterministically, and keeps the best pose found. Roots and pinned joints stay put, and so does
// request.root when set.

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"

#include <vector>

namespace bonework {

class RelaxSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Relax; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    // Weighted squared error and the per-effector residuals for the current m_world.
    double measure(const SolveRequest& request);
    // Solves (J Jᵀ + damping·I) y = r and sets m_step = Jᵀ y; false if the system is singular.
    bool computeStep(double damping);

    std::vector<WorldTransform> m_world;
    std::vector<unsigned char> m_locked;     // the bone cannot turn (pin below it, or request.root)
    std::vector<int> m_variable;             // joint -> column in J, or -1
    std::vector<JointIndex> m_variables;     // column -> joint
    std::vector<double> m_jacobian;          // row-major, rows = 2 * effectors
    std::vector<double> m_residual;          // sqrt(weight) * (target - position), per row
    std::vector<double> m_normal;            // J Jᵀ + damping I
    std::vector<double> m_rhs;
    std::vector<double> m_step;              // degrees per variable
    std::vector<double> m_saved;             // angles before a trial step
    std::vector<unsigned char> m_held;       // variable held at its limit for this step
    std::vector<double> m_best;              // angles of the best pose found so far
};

} // namespace bonework
