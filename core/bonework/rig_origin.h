#pragma once
// Moving a rig's origin: the point the exports put at the skeleton's origin (a game places a
// skeleton by it) and the editor draws as its axes.

#include "bonework/rig.h"

namespace bonework {

// Moves the whole rig by -`point`, so that `point` becomes the origin and everything keeps its
// place relative to everything else: the roots, the chains' target points, and in every clip
// the roots' x and y keys and the chains' target keys (angles and slots are relative to their
// bones and stay as they are). The moved values are kept to 12 significant digits (540.59 less
// 600 is -59.41, not -59.40999999999997). Refused, the rig unchanged, where a moved root, target
// or key would lie beyond kMostRootCoordinate (kMostTargetCoordinate) of the new origin.
EditResult moveOrigin(Rig& rig, Vec2 point);

} // namespace bonework
