// RelaxSolver::setUp: how one solve breaks down before the descent runs. Which bones may turn,
// which effectors share them (each such group is its own problem, see relax_solver.h), where
// each group's bones sit among the columns of J, and the scratch buffers sized to all that.
// Once per solve, so kept apart from the per-iteration code in relax_solver.cpp.

#include "bonework/solvers/relax_solver.h"

#include <algorithm>

namespace bonework::solvers {

void RelaxSolver::setUp(const Rig& rig, const SolveRequest& request)
{
    const std::size_t n = rig.jointCount();
    const std::size_t effectors = request.effectors.size();
    m_world.resize(n);

    // The per-joint tables are sized to the rig once and put back to "unmarked" through the
    // lists of what the last solve marked, so a solve costs the joints it touches, not the rig.
    if (m_owner.size() != n) {
        m_owner.assign(n, -1);
        m_variable.assign(n, -1);
        m_neededMark.assign(n, 0);
        m_onRootPath.assign(n, 0);
    } else {
        for (const JointIndex j : m_needed) {
            m_owner[j] = -1;
            m_variable[j] = -1;
            m_neededMark[j] = 0;
        }
        for (const JointIndex j : m_rootPath)
            m_onRootPath[j] = 0;
    }
    m_needed.clear();
    m_rootPath.clear();

    // The joints whose world transforms the descent reads: every effector and everything above
    // it (the bones it may turn hang from these), in index order so parents come first.
    for (const Effector& e : request.effectors)
        for (JointIndex j = e.joint; j != kNoJoint && !m_neededMark[j]; j = rig.parent(j)) {
            m_neededMark[j] = 1;
            m_needed.push_back(j);
        }
    std::sort(m_needed.begin(), m_needed.end());

    // Which bones may turn: those above some effector, with no pin in their subtree, not on the
    // way up to request.root (that joint is held in place).
    if (request.root != kNoJoint)
        for (JointIndex j = request.root; j != kNoJoint; j = rig.parent(j)) {
            m_onRootPath[j] = 1;
            m_rootPath.push_back(j);
        }
    const auto locked = [&](JointIndex j) { return rig.subtreeHasPin(j) || m_onRootPath[j]; };

    // Effectors that share a bone they may turn form a group; groups share nothing, so each is
    // its own problem. A group's descent is accepted, damped and restarted on its own, so one
    // trapped leg of a spider neither rejects the others' good steps nor throws away their
    // answers when it starts again.
    m_effectorGroup.assign(effectors, -1);
    for (std::size_t i = 0; i < effectors; ++i) {
        const Effector& e = request.effectors[i];
        if (e.weight <= 0.0)
            continue;
        JointIndex j = e.joint;
        bool marked = false;
        for (; !rig.isRoot(j) && m_owner[j] == -1; j = rig.parent(j))
            if (!locked(j)) {
                m_owner[j] = static_cast<int>(i);
                marked = true;
            }
        // Stopped on a joint an earlier effector marked: from there up the path is that
        // effector's, and so is its group (the walk stops at the first such joint, so it can
        // meet only one group). Otherwise this effector starts a group of its own, unless it
        // has no bone to turn at all.
        const int other = rig.isRoot(j) ? -1 : m_owner[j];
        if (other >= 0)
            m_effectorGroup[i] = m_effectorGroup[static_cast<std::size_t>(other)];
        else if (marked)
            m_effectorGroup[i] = static_cast<int>(i);
    }
    // Group labels are effector indices so far; number them densely.
    std::size_t groups = 0;
    m_groupOf.assign(effectors, -1); // raw group label -> dense index
    for (std::size_t i = 0; i < effectors; ++i) {
        const int label = m_effectorGroup[i];
        if (label < 0)
            continue;
        int& dense = m_groupOf[static_cast<std::size_t>(label)];
        if (dense < 0)
            dense = static_cast<int>(groups++);
    }
    for (int& g : m_effectorGroup)
        if (g >= 0)
            g = m_groupOf[static_cast<std::size_t>(g)];
    // Columns of J: each group's bones take one run of columns (in joint order within it), so
    // everything done per group walks its own range. Counted first, then placed.
    m_groups.assign(groups, Group{});
    const auto groupOfJoint = [&](std::size_t j) {
        return static_cast<std::size_t>(m_effectorGroup[static_cast<std::size_t>(m_owner[j])]);
    };
    for (const JointIndex j : m_needed) // the owned joints are among them
        if (m_owner[j] >= 0)
            ++m_groups[groupOfJoint(static_cast<std::size_t>(j))].endColumn;
    std::size_t cols = 0;
    for (Group& group : m_groups) {
        group.firstColumn = cols;
        cols += group.endColumn;
        group.endColumn = group.firstColumn; // grows back as the columns are placed
    }
    m_variables.resize(cols);
    for (const JointIndex j : m_needed) {
        if (m_owner[j] < 0)
            continue;
        const std::size_t c = m_groups[groupOfJoint(static_cast<std::size_t>(j))].endColumn++;
        m_variable[j] = static_cast<int>(c);
        m_variables[c] = j;
    }
    const std::size_t rows = 2 * effectors;
    m_jacobian.resize(rows * cols);
    m_residual.resize(rows);
    m_target.resize(effectors);
    m_rowDamping.resize(rows);
    m_normal.resize(rows * rows);
    m_rhs.resize(rows);
    m_step.resize(cols);
    m_saved.resize(cols);
    m_held.resize(cols);
    m_best.resize(cols);
    m_groupError.assign(groups, 0.0);
}

} // namespace bonework::solvers
