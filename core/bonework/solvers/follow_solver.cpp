#include "bonework/solvers/follow_solver.h"

#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/tree_support.h"

#include <algorithm>

namespace bonework::solvers {

std::string FollowSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return checkEffectorRequest(rig, request);
}

// Follow-the-leader positions for every joint of the dragged joint's tree, into m_pulled.
void FollowSolver::pull(const Rig& rig, JointIndex dragged, Vec2 target)
{
    m_pulled.resize(rig.jointCount());
    m_queue.clear();
    m_cameFrom.clear();
    m_pulled[dragged] = target;
    m_queue.push_back(dragged);
    m_cameFrom.push_back(kNoJoint);
    // Breadth-first from the dragged joint, so motion spreads out from it evenly (S7).
    for (std::size_t head = 0; head < m_queue.size(); ++head) {
        const JointIndex moved = m_queue[head];
        const JointIndex from = m_cameFrom[head];
        auto place = [&](JointIndex neighbour, double length) {
            Vec2 dir = m_world[neighbour].position - m_pulled[moved];
            double len = norm(dir);
            if (!(len > 0.0)) { // on top of each other: keep the bone's old direction
                dir = m_world[neighbour].position - m_world[moved].position;
                len = norm(dir);
            }
            // The unit direction first: the length over a subnormal distance overflows (100 /
            // 1e-320 is infinite), and 0 times that is NaN.
            m_pulled[neighbour] = len > 0.0 ? m_pulled[moved] + Vec2{dir.x / len, dir.y / len} * length : m_world[neighbour].position;
            m_queue.push_back(neighbour);
            m_cameFrom.push_back(moved);
        };
        const JointIndex parent = rig.parent(moved);
        if (parent != kNoJoint && parent != from)
            place(parent, rig.length(moved));
        for (JointIndex c = rig.firstChild(moved); c != kNoJoint; c = rig.nextSibling(c))
            if (c != from)
                place(c, rig.length(c));
    }
}

void FollowSolver::reserve(const Rig& rig, std::size_t)
{
    reserveTree(rig.jointCount());
    m_anchored.reserve(rig, 1); // follow drags one joint
}

void FollowSolver::reserveTree(std::size_t joints)
{
    for (auto* list : {&m_queue, &m_cameFrom, &m_treeJoints, &m_stack})
        list->reserve(joints);
    m_inTree.reserve(joints);
    m_world.reserve(joints);
    m_pulled.reserve(joints);
    m_frame.reserve(joints);
}

void FollowSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    const JointIndex dragged = effector.joint;
    const JointIndex root = rig.rootOf(dragged);
    // Room for the whole rig at the first solve, whichever way it goes: a later drag in
    // another tree allocates nothing (the anchored path grows its own buffers as it needs).
    const std::size_t n = rig.jointCount();
    reserveTree(n);

    const bool anchored = rig.subtreeHasPin(root) || (request.root != kNoJoint && rig.rootOf(request.root) == root);
    if (anchored) {
        m_anchored.run(rig, request, result);
        return;
    }

    // The dragged joint's tree, parents before children (depth first along the rig's child
    // links): everything below works on it alone, whatever else the rig holds.
    m_treeJoints.clear();
    m_stack.clear();
    m_stack.push_back(root);
    while (!m_stack.empty()) {
        const JointIndex j = m_stack.back();
        m_stack.pop_back();
        m_treeJoints.push_back(j);
        for (JointIndex c = rig.firstChild(j); c != kNoJoint; c = rig.nextSibling(c))
            m_stack.push_back(c);
    }
    // When the tree is most of the rig, index order instead: it walks memory in order.
    if (2 * m_treeJoints.size() > n) {
        m_inTree.assign(n, 0);
        m_inTree[root] = 1;
        m_treeJoints.clear();
        m_treeJoints.push_back(root);
        for (std::size_t i = static_cast<std::size_t>(root) + 1; i < n; ++i) {
            const JointIndex p = rig.parent(static_cast<JointIndex>(i));
            if (p != kNoJoint && m_inTree[p]) {
                m_inTree[i] = 1;
                m_treeJoints.push_back(static_cast<JointIndex>(i));
            }
        }
    }
    m_world.resize(n);
    forwardKinematics(rig, m_treeJoints, m_world);
    // A target at the far end of the doubles is followed within a huge but safe distance of the
    // dragged joint (the error is still measured to the real one): the differences between the
    // rig's points and the target then cannot overflow (a rig near 1.7e308 dragged toward
    // -1.7e308 turned into infinities and NaN).
    const Vec2 target = boundedTarget(m_world[dragged].position, effector.target);
    pull(rig, dragged, target);

    // The root turns with the bone that leads from it toward the drag (or its first child when the
    // root itself is dragged), so rigid and limited joints at the root can follow the motion.
    JointIndex lead = dragged;
    while (lead != root && rig.parent(lead) != root)
        lead = rig.parent(lead);
    if (lead == root)
        lead = rig.firstChild(root);
    if (lead != kNoJoint && lead != root) {
        const Vec2 before = m_world[lead].position - m_world[root].position;
        const Vec2 after = m_pulled[lead] - m_pulled[root];
        rig.setAngleClamped(root, rig.angle(root) + turnDegrees(before, after));
    }

    // Bone angles from the pulled shape, root down, each within its limits.
    m_frame.resize(n);
    m_frame[root] = rig.localRotation(root);
    for (const JointIndex j : std::span(m_treeJoints).subspan(1)) {
        const JointIndex p = rig.parent(j);
        const Vec2 current = (m_frame[p] * rig.localRotation(j)).direction();
        rig.setAngleClamped(j, rig.angle(j) + turnDegrees(current, m_pulled[j] - m_pulled[p]));
        m_frame[j] = m_frame[p] * rig.localRotation(j);
    }

    // Shift the skeleton so the dragged joint sits exactly on the target.
    rig.setRootPositionUnchecked(root, m_pulled[root]);
    const Vec2 landed = worldTransformOf(rig, dragged).position;
    rig.setRootPositionUnchecked(root, m_pulled[root] + (target - landed));

    result.iterations = 1;
    result.error = safeDistance(worldTransformOf(rig, dragged).position, effector.target);
    result.reached = result.error <= request.tolerance;
    collectLimited(rig, m_treeJoints, result.limited);
    std::sort(result.limited.begin(), result.limited.end()); // reported in index order
}

} // namespace bonework::solvers
