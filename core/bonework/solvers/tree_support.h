#pragma once
// Helpers for the solvers that work on whole skeletons (follow, relax): request checks for
// effectors anywhere in the rig and pins that hold subtrees. What they share with the chain
// solvers (settings checks, the limited-joint report) lives in solver_support.h.

#include "bonework/solvers/solver.h"

#include <string>
#include <vector>

namespace bonework::tree {

// At least one effector; effector joints and request.root exist; finite targets, weights >= 0,
// iterations >= 1, a finite tolerance >= 0. Empty when fine.
std::string checkEffectorRequest(const Rig& rig, const SolveRequest& request);

// Marks, for every joint, whether its subtree (itself included) holds a pinned joint: such a
// bone cannot turn without moving the pin. O(joints); no allocation once `out` has capacity.
void markPinnedSubtrees(const Rig& rig, std::vector<unsigned char>& out);

// The signed angle in degrees that turns direction `from` onto `to` (clockwise on screen
// positive); 0 when either is zero.
double turnDegrees(Vec2 from, Vec2 to);

} // namespace bonework::tree
