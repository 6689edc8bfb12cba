#include "bonework/solvers/solver_comparison.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace bonework::solvers {

SolverComparison::SolverComparison()
{
    m_outcomes.reserve(std::size(kAllSolvers));
}

SolverComparison::~SolverComparison() = default;

Solver& SolverComparison::solverFor(SolverKind kind)
{
    auto& slot = m_solvers[static_cast<std::size_t>(kind)];
    if (!slot)
        slot = makeSolver(kind);
    return *slot;
}

void SolverComparison::clear()
{
    m_outcomes.clear();
    m_positions.clear();
    m_usedStart = false;
}

bool SolverComparison::applyStart(const Rig& start)
{
    if (start.jointCount() != m_work.jointCount())
        return false;
    const auto joints = m_path.joints();
    for (std::size_t k = 1; k < joints.size(); ++k)
        if (start.parent(joints[k]) != m_work.parent(joints[k]))
            return false;
    // Only the bones a solver may turn: those above a pin stay where they are now, so pins
    // (and the root) are where the rig has them.
    for (JointIndex j : m_path.movableJoints().subspan(1))
        m_work.setAngleClamped(j, start.angle(j)); // clamped: the limits may have changed since
    return true;
}

void SolverComparison::rememberTree(JointIndex treeRoot)
{
    m_tree.clear();
    m_stack.clear();
    m_stack.push_back(treeRoot);
    while (!m_stack.empty()) {
        const JointIndex j = m_stack.back();
        m_stack.pop_back();
        m_tree.push_back(j);
        for (JointIndex c = m_work.firstChild(j); c != kNoJoint; c = m_work.nextSibling(c))
            m_stack.push_back(c);
    }
    m_treeStart.resize(m_tree.size());
    for (std::size_t i = 0; i < m_tree.size(); ++i)
        m_treeStart[i] = m_work.pose(m_tree[i]);
}

void SolverComparison::restoreTree()
{
    for (std::size_t i = 0; i < m_tree.size(); ++i)
        m_work.setPose(m_tree[i], m_treeStart[i]);
}

void SolverComparison::appendChainPositions()
{
    forwardKinematics(m_work, m_lineage, m_world);
    for (JointIndex j : m_path.joints())
        m_positions.push_back(m_world[static_cast<std::size_t>(j)].position);
}

void SolverComparison::updateAccepted(const SolveRequest& request)
{
    // Solvers refuse a chain for its shape only (its joints and their order) or for a target
    // that is not finite, so the same chain toward a finite target needs no new verdict.
    const auto path = m_path.joints();
    const bool finiteTarget = std::isfinite(m_target.x) && std::isfinite(m_target.y);
    if (finiteTarget && std::equal(path.begin(), path.end(), m_acceptedPath.begin(), m_acceptedPath.end()))
        return;
    for (SolverKind kind : kAllSolvers)
        m_accepted[static_cast<std::size_t>(kind)] = solverFor(kind).validate(m_work, request).empty();
    m_acceptedPath.assign(path.begin(), path.end());
    if (!finiteTarget)
        m_acceptedPath.clear();
}

void SolverComparison::compare(const Rig& rig, int chainIndex, const Rig* start)
{
    clear();
    if (chainIndex < 0 || static_cast<std::size_t>(chainIndex) >= rig.chains().size())
        return;
    m_work = rig; // assignment: reuses the buffers of the last rig of this size
    const Chain& chain = m_work.chains()[static_cast<std::size_t>(chainIndex)];
    // The target as the editor and the CLI resolve it: an attached one where its joint is now.
    m_target = chainTargetPosition(rig, chain);
    const Effector effector{chain.tip, m_target, 1.0};
    const SolveRequest request = chainRequest(chain, effector);

    m_path.build(m_work, chain.root, chain.tip);
    updateAccepted(request);
    m_usedStart = start && applyStart(*start);
    const JointIndex treeRoot = m_work.rootOf(chain.tip);
    rememberTree(treeRoot);
    m_lineage.clear();
    for (JointIndex j = chain.tip;; j = m_work.parent(j)) {
        m_lineage.push_back(j);
        if (j == treeRoot)
            break;
    }
    std::reverse(m_lineage.begin(), m_lineage.end());
    m_world.resize(m_work.jointCount());
    m_positions.reserve(std::size(kAllSolvers) * m_path.joints().size());

    using Clock = std::chrono::steady_clock;
    for (SolverKind kind : kAllSolvers) {
        if (!m_accepted[static_cast<std::size_t>(kind)])
            continue;
        Solver& solver = solverFor(kind);
        // The same solve a few times from the same start (solvers are deterministic); the
        // median time leaves out a first run that warms the solver's buffers.
        for (double& time : m_times) {
            restoreTree();
            const auto begin = Clock::now();
            solver.run(m_work, request, m_result);
            time = std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
        }
        std::nth_element(m_times.begin(), m_times.begin() + kTimedRuns / 2, m_times.end());
        SolverOutcome outcome;
        outcome.kind = kind;
        outcome.current = kind == chain.solver;
        outcome.error = m_result.error;
        outcome.iterations = m_result.iterations;
        outcome.reached = m_result.reached;
        outcome.micros = m_times[kTimedRuns / 2];
        m_outcomes.push_back(outcome);
        appendChainPositions();
    }

    // The spans last, once m_positions holds everything (it does not grow after this).
    const std::size_t n = m_path.joints().size();
    for (std::size_t i = 0; i < m_outcomes.size(); ++i)
        m_outcomes[i].joints = std::span<const Vec2>(m_positions.data() + i * n, n);
}

} // namespace bonework::solvers
