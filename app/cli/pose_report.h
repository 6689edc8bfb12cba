#pragma once
// The parts of the JSON reports that `solve --report` and `sample --report` share: every
// joint's world position, and how the held chains went.

#include "bonework/rig.h"
#include "bonework/solvers/chain_holder.h"

#include <QString>

#include <span>

namespace bonework::cli {

// A JSON string literal for `s`, quotes included.
QString jsonString(const QString& s);
// A number that reads back to the same double.
QString jsonNumber(double v);
// "joints": {"name": [x, y], ...} (the member only, no braces around it).
QString jointsMember(const Rig& rig);
// "chains": {"name": {"iterations": n, "error": e, "reached": b, "mix": m}, ...} for the chains
// held: the solve's error and reach, before the chain's mix (below 1) blends the solved pose
// with the unsolved one, and that mix (as the pose had it: a clip may key it).
QString heldChainsMember(const Rig& rig, std::span<const solvers::ChainHoldResult> results);
// "slots": {"name": {"image": "art/a.png", "visible": b, "opacity": o}, ...}, every slot in
// draw order (back first), as the pose shows it: what a clip keys besides the skeleton.
QString slotsMember(const Rig& rig);

} // namespace bonework::cli
