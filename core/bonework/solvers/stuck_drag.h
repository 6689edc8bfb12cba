#pragma once
// Why a joint dragged toward a target did not move at all: the editor says this in its status
// bar instead of a bare "0 it, error 24.9". A rule about rigs, so it lives beside the solvers
// and the editor and any other front end say the same.

#include "bonework/rig.h"

#include <span>
#include <string>

namespace bonework::solvers {

// The reason dragging `joint` with a solve of `kind` cannot bring it closer to its target, in one
// sentence; empty when the rig gives no reason (the joint can move, the target is simply where
// it is).
//   held     the joint the solve holds in place (a chain's root, request.root; kNoJoint: none)
//   limited  the joints the solve left on one of their angle limits (SolveResult::limited)
// The chain solvers hold the chain's root and everything above a pin. Follow and relax move a
// tree's root unless `held` or a pin holds it, and a pin with a limb (pin_limbs.h) holds only
// itself: the skeleton above it may move while its limb keeps it in place.
std::string explainStuckDrag(const Rig& rig, JointIndex joint, SolverKind kind, JointIndex held,
                             std::span<const JointIndex> limited);

// The same with the solve's rule for roots given: `rootsHeld` says whether it holds the tree's
// root in place; every pin holds everything above it (as the chain solvers do).
std::string explainStuckDrag(const Rig& rig, JointIndex joint, JointIndex held, bool rootsHeld,
                             std::span<const JointIndex> limited);

// The ancestor a new chain ending at `tip` should start from by default: the start of the tip's
// limb, i.e. the joint just below where the skeleton branches (a shoulder below the chest, a hip
// below the pelvis), or a pinned joint or a root, whichever comes first; at least two bones up
// when there are two. kNoJoint when `tip` is a root.
JointIndex defaultChainRoot(const Rig& rig, JointIndex tip);

} // namespace bonework::solvers
