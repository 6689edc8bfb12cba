#pragma once
// In which order the chains of a rig are solved when some chains' targets ride on joints that
// other chains move (a target attached with ChainTarget::joint). A chain must be solved after
// every chain that can move its target joint, or it reaches for where the target was a step ago.

#include "bonework/chain.h"
#include "bonework/rig.h"

#include <vector>

namespace bonework::sim {

// Whether solving `chain` with `solver` can move joint `j`. Fixed-root solvers move the joints
// below the chain's root on the way to its tip, with everything hanging from them; `follow`
// drags the whole tree it is in (the sim lets it move its root, see Simulation).
bool chainCanMove(const Rig& rig, const Chain& chain, JointIndex j);

// The chains with attached targets, as indices into rig.chains(), ordered so that a chain comes
// after every chain that can move its target joint (`first`, the driven chain if any, counts as
// solved before all of them and is left out). Cycles, where two chains move each other's targets,
// cannot be ordered: their chains keep their order in the rig.
std::vector<int> attachedChainOrder(const Rig& rig, int first = -1);

} // namespace bonework::sim
