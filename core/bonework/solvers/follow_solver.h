#pragma once
// Follow-the-leader drag (references S1 drag, S2, S7, S8). The dragged joint goes exactly to the
// target and the rest of its skeleton follows, keeping bone lengths: motion spreads out through
// the tree from the dragged joint, to parents and children alike, each neighbour pulled along the
// line toward the joint that moved before it. The pulled shape is then turned into bone angles
// from the root down, each clamped to its limits (rigid joints do not bend at all), and the whole
// skeleton is shifted so the dragged joint lands on the target. The root moves and turns with the
// drag. When a pin (or request.root) anchors the skeleton it cannot be shifted; the drag then
// falls back to the relax solver, which brings the joint as close as the pins allow: it moves
// the root too when no pin holds it, and keeps a pin with a limb (pin_limbs.h) by re-posing
// that limb, so with both feet pinned a dragged pelvis crouches and with one it swings.

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/relax_solver.h"
#include "bonework/solvers/solver.h"

#include <vector>

namespace bonework::solvers {

class FollowSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Follow; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
    void reserve(const Rig& rig, std::size_t mostEffectors) override;

private:
    // Room for a tree of `joints` joints in the buffers of the free (unanchored) drag.
    void reserveTree(std::size_t joints);
    void pull(const Rig& rig, JointIndex dragged, Vec2 target);

    RelaxSolver m_anchored;
    std::vector<WorldTransform> m_world;
    std::vector<Vec2> m_pulled;
    std::vector<JointIndex> m_queue, m_cameFrom;
    std::vector<Rotation> m_frame;
    std::vector<JointIndex> m_treeJoints; // the dragged joint's tree, parents before children
    std::vector<JointIndex> m_stack;
    std::vector<unsigned char> m_inTree;
};

} // namespace bonework::solvers
