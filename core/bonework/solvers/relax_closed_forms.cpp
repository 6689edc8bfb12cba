// The groups RelaxSolver answers without a descent (see relax_solver.h): one effector out of
// reach of bones that may lie straight, a two-bone limb, a dragged root; and the root that
// carries such an answer the rest of the way when it is free.

#include "bonework/solvers/relax_solver.h"

#include "bonework/solvers/solver_support.h"

namespace bonework::solvers {
namespace {

// The bones an effector at `tip` may turn: the run of joints above it that have a column in
// the descent (`variable`), up to the one that stays put (its anchor is top's parent).
struct LimbRun {
    double length = 0.0;
    int turning = 0; // bones not rigid
    JointIndex top = kNoJoint;
};

LimbRun limbRun(const Rig& rig, JointIndex tip, const std::vector<int>& variable)
{
    LimbRun run{0.0, 0, tip};
    for (JointIndex j = tip; !rig.isRoot(j) && variable[j] >= 0; j = rig.parent(j)) {
        run.length += rig.length(j);
        run.turning += rig.minAngle(j) < rig.maxAngle(j) ? 1 : 0;
        run.top = j;
    }
    return run;
}

} // namespace

bool RelaxSolver::layOutOutOfReachGroups(Rig& rig, const SolveRequest& request)
{
    m_soleEffector.assign(m_groups.size(), -1);
    for (std::size_t i = 0; i < request.effectors.size(); ++i) {
        const int g = m_effectorGroup[i];
        if (g >= 0) {
            int& sole = m_soleEffector[static_cast<std::size_t>(g)];
            sole = sole == -1 ? static_cast<int>(i) : -2;
        }
    }
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        m_groups[g].answered = false;
        // Pins are kept by the descent and its limbs, not by closed forms.
        if (m_soleEffector[g] < 0 || m_groups[g].hasPins)
            continue;
        const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
        if (rig.isRoot(e.joint)) {
            // A dragged free root: it goes onto the target (carryByRoots), its skeleton with it.
            m_groups[g].answered = true;
            any = true;
            continue;
        }
        // One effector: the bones it may turn are the run of joints above it up to one that
        // stays put (a root, a pinned subtree, request.root): the anchor.
        const auto [length, turning, top] = limbRun(rig, e.joint, m_variable);
        // A limb that follows its target (relax_drag.cpp) stretches toward it within its turn
        // window instead: laid out straight at once, a folded limb would jump.
        if (turning >= 2 && followedMove(e, length))
            continue;
        const JointIndex anchor = rig.parent(top);
        const Vec2 from = m_world[anchor].position;
        if (!(safeDistance(from, e.target) > length))
            continue;
        Rotation toTarget;
        if (!unitDirection(boundedTarget(from, e.target) - from, toTarget))
            continue;
        const Rotation first = m_world[anchor].rotation.inverse() * toTarget;
        // Straight: the top bone along the line to the target, every bone below it at 0.
        bool legal = rig.rotationLimits(top).contains(first);
        for (JointIndex j = e.joint; legal && j != top; j = rig.parent(j))
            legal = rig.minAngle(j) <= 0.0 && rig.maxAngle(j) >= 0.0;
        if (!legal)
            continue;
        rig.setRotationClamped(top, first);
        for (JointIndex j = e.joint; j != top; j = rig.parent(j))
            rig.setAngleClamped(j, 0.0);
        m_groups[g].answered = true;
        any = true;
    }
    return any;
}

bool RelaxSolver::solveTwoBoneLimbs(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        if (group.answered || group.hasPins || m_soleEffector[g] < 0 || group.endColumn - group.firstColumn < 2)
            continue;
        // Columns run in joint order, so the last two are the parent's bone and the effector's
        // own. Any bones above them must be rigid (a clavicle, a hip): they hold the limb's base
        // still, or the root carries it (carryByRoots).
        const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
        if (m_variables[group.endColumn - 1] != e.joint || m_variables[group.endColumn - 2] != rig.parent(e.joint)
            || rig.isRoot(rig.parent(e.joint)))
            continue;
        // A limb that follows its target keeps its turn window too (relax_drag.cpp): the exact
        // nearest pose may flip between folds or from one limit to the other in one frame.
        if (const LimbRun run = limbRun(rig, e.joint, m_variable); run.turning >= 2 && followedMove(e, run.length))
            continue;
        bool restRigid = true;
        for (std::size_t c = group.firstColumn; c + 2 < group.endColumn && restRigid; ++c)
            restRigid = m_columnKind[c] != Column::Bone || rig.minAngle(m_variables[c]) == rig.maxAngle(m_variables[c]);
        if (!restRigid)
            continue;
        m_twoBone.runOnLimb(rig, e, request.tolerance, m_limbResult);
        group.answered = true;
        any = true;
    }
    return any;
}

bool RelaxSolver::carryByRoots(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const Group& group = m_groups[g];
        if (!group.answered || !group.hasRoot || group.hasPins)
            continue;
        // What the bones could not do, the root does: it moves by what is left to the target.
        const auto i = static_cast<std::size_t>(m_soleEffector[g]);
        const JointIndex joint = request.effectors[i].joint;
        if (safeDistance(m_world[joint].position, request.effectors[i].target) <= request.tolerance)
            continue; // the bones did it: the body stays
        const JointIndex root = rig.rootOf(joint);
        rig.setRootPositionUnchecked(root, rig.rootPosition(root) + (m_target[i] - m_world[joint].position));
        any = true;
    }
    return any;
}

} // namespace bonework::solvers
