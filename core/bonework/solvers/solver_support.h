#pragma once
// Pieces shared by the solvers: request checks, the movable part of a chain, the world frames
// along it, and the result bookkeeping. Everything works in caller-owned scratch buffers so a
// warm solve allocates nothing.

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"

#include <string>
#include <vector>

namespace bonework {

// Checks shared by every solver: at least one effector, joints that exist, finite targets and
// weights, iterations >= 1, a finite tolerance >= 0. Empty when fine.
std::string checkCommonRequest(const Rig& rig, const SolveRequest& request);

// Checks for a solver that moves one chain from a fixed base to the first effector: the base
// (request.root, or the root above the effector) must be a strict ancestor of the effector.
std::string checkChainRequest(const Rig& rig, const SolveRequest& request);

// The chain's fixed base: request.root, or the root joint above the effector.
JointIndex chainBase(const Rig& rig, const SolveRequest& request);

// Marks, for every joint, whether its subtree (itself included) holds a pinned joint. A bone
// whose subtree holds a pin cannot turn without moving that pin. O(joints), no allocation once
// `out` has the capacity.
void markPinnedSubtrees(const Rig& rig, std::vector<unsigned char>& out);

// The bones of the chain from `base` (exclusive) to `tip` (inclusive), ordered from the base
// out, keeping only those free to turn: bones whose subtree holds a pin, and every bone before
// them, are left out. Empty when nothing can move.
void freeChainBones(const Rig& rig, JointIndex base, JointIndex tip, const std::vector<unsigned char>& pinnedBelow,
                    std::vector<JointIndex>& bones);

// World direction of the bone that ends at `joint`'s parent — the frame `joint`'s angle is
// measured from — given the world transforms of the rig.
inline Rotation parentFrame(const Rig& rig, const std::vector<WorldTransform>& world, JointIndex joint)
{
    return world[rig.parent(joint)].rotation;
}

// Fills result.limited with every joint whose angle sits on a limit of a non-trivial range
// (a rigid joint, min == max, always does and is reported too) among `joints`.
void collectLimited(const Rig& rig, const std::vector<JointIndex>& joints, SolveResult& result);

// The signed angle in degrees that turns direction `from` onto direction `to` (clockwise on
// screen positive); 0 when either is zero.
double turnDegrees(Vec2 from, Vec2 to);

} // namespace bonework
