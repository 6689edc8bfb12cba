#pragma once
// How the whole-skeleton solvers keep a pin in place while the skeleton above it moves (a
// crouch: the pelvis goes down, the knees bend, the feet stay). A pin holds its joint's
// position only. When the two bones just above it, the pin's own and its parent's, may turn
// and nothing else under them is pinned, they form the pin's limb: after the skeleton above
// moves, the law of cosines re-poses the limb so the pin lands exactly where it was, if it can
// (within reach and limits). Every other pin (on a root, one bone below a root, under a rigid
// bone, or sharing its limb with another pin) holds everything above it still, as before.
// A rule about rigs, so relax and the stuck-drag explanations share it.

#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"

namespace bonework::solvers {

// Whether pinned joint `pin` has a limb (see above): it is not a root, its parent is neither a
// root nor pinned, both bones may turn (min < max), and no other joint under its parent is
// pinned. False for a joint that is not pinned.
bool hasPinLimb(const Rig& rig, JointIndex pin);

// Re-poses the limb of `pin` (hasPinLimb must hold) so the pin lands on `spot`, the limb's base
// (the pin's grandparent) having the world transform `base`: the limb keeps its bend unless
// only the other bend is legal. False, the limb unchanged, when no legal pose of the two bones
// reaches `spot`.
bool placePinLimb(Rig& rig, JointIndex pin, const WorldTransform& base, Vec2 spot);

// Whether a pin at `at` is where it belongs, `spot`, to within rounding of the law of cosines
// on a limb `reach` long, and never looser than a tenth of the legality checks' 1e-9 of the
// coordinates (each step is judged against the spot itself, so a long drag cannot drift).
bool pinInPlace(Vec2 at, Vec2 spot, double reach);

} // namespace bonework::solvers
