#pragma once
// How far below each joint its subtree reaches: the longest path of bones from the joint down
// to any joint under it (0 for a leaf; the bone ending at the joint itself not included).
// Turning a joint's bone by d radians moves nothing under it by more than d times (its length
// plus this), which the recorder's and the exporters' error bounds use.

#include "bonework/rig.h"

#include <vector>

namespace bonework {

// One entry per joint, in O(joints) (children come after their parents in a rig).
std::vector<double> reachBelow(const Rig& rig);

} // namespace bonework
