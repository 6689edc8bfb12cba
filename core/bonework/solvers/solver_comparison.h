#pragma once
// Compare Solvers: one chain solved by every solver that can solve it, each on its own copy of
// the rig, toward the chain's target with the chain's iterations, tolerance and bend, so a user
// sees which solver to pick. The editor draws the outcomes as ghosts.
//
//   SolverComparison comparison;                 // keep it: it reuses its buffers and solvers
//   comparison.compare(rig, chainIndex);          // or compare(rig, chainIndex, &savedRig)
//   for (const SolverOutcome& o : comparison.outcomes()) ... o.kind, o.error, o.joints ...
//
// Every solve is the one the editor makes for the chain (chainRequest: the chain's root held),
// from the same start: the rig's pose, or with `start` the chain's movable bones at their angles
// in `start` (a rig with the same skeleton, such as the pose last saved). Starting from where
// the chain's own solver left it would be a poor comparison: once it reached the target, every
// other solver would start there too and stop at once. The input rig is never changed. Once
// warmed up (same rig size, same chain length) a comparison allocates nothing.

#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"

#include <array>
#include <memory>
#include <span>
#include <vector>

namespace bonework::solvers {

struct SolverOutcome {
    SolverKind kind = SolverKind::Fabrik;
    bool current = false;  // the chain's own solver
    double error = 0.0;    // as SolveResult reports it
    int iterations = 0;
    bool reached = false;
    double micros = 0.0;   // the solve's time: the median of a few runs, microseconds
    // The chain's joints, root to tip, in world coordinates after the solve. Points into the
    // comparison's buffer: valid until its next compare() or clear().
    std::span<const Vec2> joints;
};

class SolverComparison {
public:
    SolverComparison();
    ~SolverComparison();
    SolverComparison(const SolverComparison&) = delete;
    SolverComparison& operator=(const SolverComparison&) = delete;

    // Solves chain `chainIndex` of `rig` with every solver whose validate() accepts the chain's
    // request (two-bone only on chains of two bones), its own included. An index that names no
    // chain leaves no outcomes. `start`: see above; ignored (the rig's pose is used) unless it
    // has the rig's joints along the chain.
    void compare(const Rig& rig, int chainIndex, const Rig* start = nullptr);
    void clear();

    // In kAllSolvers order.
    std::span<const SolverOutcome> outcomes() const { return {m_outcomes.data(), m_outcomes.size()}; }
    // Whether the last compare() started from `start` (false: from the rig's own pose).
    bool startedFromStart() const { return m_usedStart; }
    // The chain's resolved target (an attached target: its joint's position in the rig).
    Vec2 target() const { return m_target; }

    // Runs per solver; the median time is reported.
    static constexpr int kTimedRuns = 3;

private:
    Solver& solverFor(SolverKind kind);
    // Puts the chain's movable bones at their angles in `start`; false when `start` does not fit.
    bool applyStart(const Rig& start);
    // Lists the joints of the tip's tree (what a solve may move) and their start poses.
    void rememberTree(JointIndex treeRoot);
    void restoreTree();
    // World positions of the chain's joints in m_work, appended to m_positions.
    void appendChainPositions();
    // Which solvers accept `request` on m_work: asked again only when the chain's joints change
    // (a refusal's message would allocate on every comparison).
    void updateAccepted(const SolveRequest& request);

    std::array<std::unique_ptr<Solver>, std::size(kAllSolvers)> m_solvers;
    Rig m_work;                                 // the rig being solved, reset before each run
    ChainPath m_path;                           // the chain's joints, root to tip
    std::vector<JointIndex> m_tree;             // the tip's tree
    std::vector<JointIndex> m_stack;            // scratch for walking it
    std::vector<Rig::JointPose> m_treeStart;    // their poses before any solve
    std::vector<JointIndex> m_lineage;          // the tree's root down to the tip: for FK
    std::vector<WorldTransform> m_world;        // FK of m_lineage (indexed by joint)
    std::vector<Vec2> m_positions;              // every outcome's chain joints, one after another
    std::vector<SolverOutcome> m_outcomes;
    std::array<bool, std::size(kAllSolvers)> m_accepted{};
    std::vector<JointIndex> m_acceptedPath;     // the chain m_accepted holds for; empty: none
    SolveResult m_result;
    std::array<double, kTimedRuns> m_times{};
    Vec2 m_target;
    bool m_usedStart = false;
};

} // namespace bonework::solvers
