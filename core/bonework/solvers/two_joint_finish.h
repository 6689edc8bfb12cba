#pragma once
// The exact last step of the searching chain solvers (fabrik, ccd): the tip put on the target by
// turning only two joints of the chain, i before k. The bones from i to k - 1 turn rigidly about
// the start of bone i, those from k to the tip rigidly about the start of bone k, so the chain is
// a two-bone arm whose "bones" are the chords of its two parts, and the law of cosines places it
// exactly. Iterative methods crawl where the chain is nearly straight (targets near full
// extension: every joint's turn moves the tip almost sideways to the line it must lengthen);
// the triangle has no such trouble. Among the pairs and both bends that keep the two joints
// within their limits, the one whose larger turn is smallest wins, so a chain that is nearly
// there barely moves. Deterministic; no trigonometry; allocates nothing.

#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/turn_window.h"

namespace bonework::solvers {

// Puts the tip of `state` on `target` if some pair of joints can, both staying within their
// limits and `window`; the pair that leaves the chain nearest the pose it has now (or the
// window's reference) wins. Needs positions() and world() current;
// on success sets the two joints in local() and leaves positions() and world() current.
// Returns whether it moved the chain. Chains of up to kAllPairsUpTo bones try every pair; longer
// ones a fixed spread of joints (the last few bones and joints evenly along the chain), which
// keeps the cost linear in the chain's length.
// With `lastPairOnly`, only the last two bones are tried (constant cost, for after every
// iteration; the whole search suits iterations that crawl).
bool finishWithTwoJoints(ChainState& state, Vec2 target, const TurnWindow& window = {}, bool lastPairOnly = false);

inline constexpr int kAllPairsUpTo = 24;

} // namespace bonework::solvers
