#pragma once
// Helpers for the solvers that work on whole skeletons (follow, relax): request checks for
// effectors anywhere in the rig and the angle between two directions. What they share with the chain
// solvers (settings checks, the limited-joint report) lives in solver_support.h.

#include "bonework/solvers/solver.h"

#include <string>

namespace bonework::solvers {

// At least one effector; effector joints and request.root exist; finite targets, weights >= 0,
// iterations >= 1, a finite tolerance >= 0. Empty when fine.
std::string checkEffectorRequest(const Rig& rig, const SolveRequest& request);

// The signed angle in degrees that turns direction `from` onto `to` (clockwise on screen
// positive); 0 when either is zero.
double turnDegrees(Vec2 from, Vec2 to);

} // namespace bonework::solvers
