// RelaxSolver::setUp: how one solve breaks down before the descent runs. Which bones and roots
// may move, which pins hold everything above them and which are kept by their limbs, which
// effectors share variables (each such group is its own problem, see relax_solver.h), where
// each group's variables sit among the columns of J, and the scratch buffers sized to all that.
// Once per solve, so kept apart from the per-iteration code in relax_solver.cpp.

#include "bonework/solvers/relax_solver.h"

#include "bonework/solvers/pin_limbs.h"

#include <algorithm>

namespace bonework::solvers {

void RelaxSolver::setUp(const Rig& rig, const SolveRequest& request)
{
    const std::size_t n = rig.jointCount();
    const std::size_t effectors = request.effectors.size();
    m_world.resize(n);
    m_stepWorld.resize(n);

    // The per-joint tables are sized to the rig once and put back to "unmarked" through the
    // lists of what the last solve marked, so a solve costs the joints it touches, not the rig.
    if (m_owner.size() != n) {
        m_owner.assign(n, -1);
        m_variable.assign(n, -1);
        m_neededMark.assign(n, 0);
        m_onRootPath.assign(n, 0);
        m_blocked.assign(n, 0);
    } else {
        for (const JointIndex j : m_needed) {
            m_owner[j] = -1;
            m_variable[j] = -1;
            m_neededMark[j] = 0;
        }
        for (const JointIndex j : m_rootPath)
            m_onRootPath[j] = 0;
        for (const JointIndex j : m_blockedList)
            m_blocked[j] = 0;
    }
    m_needed.clear();
    m_rootPath.clear();
    m_blockedList.clear();

    // The joints whose world transforms the descent reads: every effector and everything above
    // it (the bones it may turn hang from these); attachPins adds the pins' ways up.
    for (const Effector& e : request.effectors)
        for (JointIndex j = e.joint; j != kNoJoint && !m_neededMark[j]; j = rig.parent(j)) {
            m_neededMark[j] = 1;
            m_needed.push_back(j);
        }

    // request.root and everything above it is held in place.
    if (request.root != kNoJoint)
        for (JointIndex j = request.root; j != kNoJoint; j = rig.parent(j)) {
            m_onRootPath[j] = 1;
            m_rootPath.push_back(j);
        }
    findPins(rig);
    const auto locked = [&](JointIndex j) { return m_blocked[j] || m_onRootPath[j]; };

    // Effectors that share a variable form a group; groups share nothing, so each is its own
    // problem. A group's descent is accepted, damped and restarted on its own, so one trapped
    // leg of a spider neither rejects the others' good steps nor throws away their answers when
    // it starts again. The walk from an effector goes up to its root, marking what may move
    // (a free root too), and stops at the first joint an earlier effector marked: from there up
    // the path is that effector's, and so is its group (it can meet only one group).
    m_effectorGroup.assign(effectors, -1);
    for (std::size_t i = 0; i < effectors; ++i) {
        const Effector& e = request.effectors[i];
        if (e.weight <= 0.0)
            continue;
        bool marked = false;
        int other = -1;
        for (JointIndex j = e.joint; j != kNoJoint; j = rig.parent(j)) {
            if (m_owner[j] != -1) {
                other = m_owner[j];
                break;
            }
            if (!locked(j)) {
                m_owner[j] = static_cast<int>(i);
                marked = true;
            }
        }
        // Otherwise this effector starts a group of its own, unless it has nothing to move at all.
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
    // Room for as many groups as effectors (each its own at most), whatever this request's
    // count: a later request that splits its effectors more finds it made (no allocation).
    m_groups.reserve(effectors);
    m_groupError.reserve(effectors);
    m_soleEffector.reserve(effectors);
    m_groups.assign(groups, Group{});
    attachPins(rig);
    std::sort(m_needed.begin(), m_needed.end()); // parents first, for forward kinematics
    placeColumns(rig, request);

    const std::size_t rows = 2 * (effectors + m_pins.size());
    const std::size_t cols = m_variables.size();
    m_jacobian.resize(rows * cols);
    m_residual.resize(rows);
    m_target.resize(effectors);
    m_rowDamping.resize(rows);
    m_normal.resize(rows * rows);
    m_rhs.resize(rows);
    m_step.resize(cols);
    m_correction.resize(cols);
    m_saved.resize(cols);
    m_savedPose.resize(cols);
    m_held.resize(cols);
    m_best.resize(cols);
    m_limbStart.resize(cols);
    m_limbStartAngle.resize(cols);
    m_followStart.resize(cols);
    m_windowBest.resize(cols);
    // A limb's bones are columns: its finish's scratch sized to all of them allocates nothing
    // later, whichever limb a solve (or one after a warm-up with other effectors) finishes.
    m_limbPath.reserve(cols);
    m_limbChain.reserve(cols);
    if (m_limbReference.size() < cols + 1)
        m_limbReference.resize(cols + 1);
    m_groupError.assign(groups, 0.0);
}

void RelaxSolver::reserve(const Rig& rig, std::size_t mostEffectors)
{
    // The largest system setUp can make on this rig: every joint a column (a root three), two
    // rows per effector and per pin. setUp's resizes then stay within these capacities.
    const std::size_t n = rig.jointCount();
    std::size_t roots = 0, pins = 0;
    for (std::size_t i = 0; i < n; ++i) {
        roots += rig.isRoot(static_cast<JointIndex>(i)) ? 1 : 0;
        pins += rig.isPinned(static_cast<JointIndex>(i)) ? 1 : 0;
    }
    const std::size_t cols = n + 2 * roots;
    const std::size_t rows = 2 * (mostEffectors + pins);
    m_world.reserve(n);
    m_stepWorld.reserve(n);
    m_owner.reserve(n);
    m_variable.reserve(n);
    for (auto* marks : {&m_neededMark, &m_onRootPath, &m_blocked})
        marks->reserve(n);
    for (auto* list : {&m_needed, &m_rootPath, &m_blockedList, &m_limbPins, &m_stack, &m_variables})
        list->reserve(std::max(n, cols));
    m_pins.reserve(pins);
    for (auto* list : {&m_effectorGroup, &m_groupOf, &m_soleEffector})
        list->reserve(mostEffectors);
    m_groups.reserve(mostEffectors);
    m_groupError.reserve(mostEffectors);
    m_target.reserve(mostEffectors);
    m_columnKind.reserve(cols);
    m_jacobian.reserve(rows * cols);
    m_normal.reserve(rows * rows);
    for (auto* list : {&m_residual, &m_rowDamping, &m_rhs})
        list->reserve(rows);
    for (auto* list : {&m_step, &m_correction, &m_saved, &m_limbStartAngle})
        list->reserve(cols);
    for (auto* list : {&m_savedPose, &m_best, &m_followStart, &m_windowBest})
        list->reserve(cols);
    m_held.reserve(cols);
    m_limbStart.reserve(cols);
    if (m_limbReference.size() < cols + 1)
        m_limbReference.resize(cols + 1);
    m_limbPath.reserve(cols);
    m_limbChain.reserve(cols);
    m_twoBone.reserve(rig, 1);
}

void RelaxSolver::findPins(const Rig& rig)
{
    // Down from each effector's root into the children with a pin below them only, so a rig
    // with few pins costs little to search.
    m_limbPins.clear();
    for (const JointIndex root : m_needed) {
        if (!rig.isRoot(root) || !rig.subtreeHasPin(root))
            continue;
        m_stack.clear();
        m_stack.push_back(root);
        while (!m_stack.empty()) {
            const JointIndex j = m_stack.back();
            m_stack.pop_back();
            if (rig.isPinned(j)) {
                // A pin whose limb request.root holds cannot be put back by it: it holds all above.
                if (hasPinLimb(rig, j) && !m_onRootPath[rig.parent(j)]) {
                    m_limbPins.push_back(j);
                } else {
                    for (JointIndex k = j; k != kNoJoint && !m_blocked[k]; k = rig.parent(k)) {
                        m_blocked[k] = 1;
                        m_blockedList.push_back(k);
                    }
                }
            }
            for (JointIndex c = rig.firstChild(j); c != kNoJoint; c = rig.nextSibling(c))
                if (rig.subtreeHasPin(c))
                    m_stack.push_back(c);
        }
    }
}

void RelaxSolver::attachPins(const Rig& rig)
{
    m_pins.clear();
    for (const JointIndex pin : m_limbPins) {
        // The first joint up from the pin that a group moves; none: nothing moves it.
        JointIndex moved = pin;
        while (moved != kNoJoint && m_owner[moved] < 0)
            moved = rig.parent(moved);
        if (moved == kNoJoint)
            continue;
        const int owner = m_owner[moved];
        const JointIndex knee = rig.parent(pin);
        // The limb's bones join that group (free of pins otherwise, so no one else holds them).
        m_owner[pin] = owner;
        m_owner[knee] = owner;
        m_pins.push_back({pin, Vec2{}, rig.length(knee) + rig.length(pin), m_effectorGroup[static_cast<std::size_t>(owner)]});
        m_groups[static_cast<std::size_t>(m_pins.back().group)].hasPins = true;
        for (JointIndex j = pin; j != kNoJoint && !m_neededMark[j]; j = rig.parent(j)) {
            m_neededMark[j] = 1;
            m_needed.push_back(j);
        }
    }
}

void RelaxSolver::placeColumns(const Rig& rig, const SolveRequest& request)
{
    // Columns of J: each group's variables take one run of columns (in joint order within it,
    // a root's three first), so everything done per group walks its own range. Counted first,
    // then placed.
    const auto groupOf = [&](JointIndex j) -> Group& {
        return m_groups[static_cast<std::size_t>(m_effectorGroup[static_cast<std::size_t>(m_owner[j])])];
    };
    for (const JointIndex j : m_needed) // every owned joint is among them
        if (m_owner[j] >= 0)
            groupOf(j).endColumn += rig.isRoot(j) ? 3 : 1;
    std::size_t cols = 0;
    for (Group& group : m_groups) {
        group.firstColumn = cols;
        cols += group.endColumn;
        group.endColumn = group.firstColumn; // grows back as the columns are placed
    }
    m_variables.resize(cols);
    m_columnKind.resize(cols);
    for (const JointIndex j : m_needed) {
        if (m_owner[j] < 0)
            continue;
        Group& group = groupOf(j);
        const std::size_t c = group.endColumn;
        m_variable[j] = static_cast<int>(c);
        if (rig.isRoot(j)) {
            const Column kinds[] = {Column::RootTurn, Column::RootX, Column::RootY};
            for (std::size_t k = 0; k < 3; ++k) {
                m_variables[c + k] = j;
                m_columnKind[c + k] = kinds[k];
            }
            group.endColumn += 3;
            group.hasRoot = true;
        } else {
            m_variables[c] = j;
            m_columnKind[c] = Column::Bone;
            ++group.endColumn;
            // A restart turns bones at random: never one with a pin below, which it would move.
            group.restartable = group.restartable || !rig.subtreeHasPin(j);
        }
    }
    for (const HeldPin& pin : m_pins) {
        m_columnKind[static_cast<std::size_t>(m_variable[pin.joint])] = Column::LimbBone;
        m_columnKind[static_cast<std::size_t>(m_variable[rig.parent(pin.joint)])] = Column::LimbBone;
    }
    // Roots take part from the start in a group with an effector that no bone of its own can
    // move (a dragged root, a joint whose bones above are rigid or kept by a pin's limb).
    for (std::size_t i = 0; i < request.effectors.size(); ++i) {
        const int g = m_effectorGroup[i];
        if (g < 0 || !m_groups[static_cast<std::size_t>(g)].hasRoot)
            continue;
        bool bends = false;
        for (JointIndex j = request.effectors[i].joint; !rig.isRoot(j) && !bends; j = rig.parent(j)) {
            const int c = m_variable[j];
            bends = c >= 0 && m_columnKind[static_cast<std::size_t>(c)] == Column::Bone && rig.minAngle(j) < rig.maxAngle(j);
        }
        if (!bends)
            m_groups[static_cast<std::size_t>(g)].rootsFree = true;
    }
}

} // namespace bonework::solvers
