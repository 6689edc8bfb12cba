#pragma once
// Where a searching chain solver (fabrik, ccd) starts again when it has stalled short of a target
// it might reach: another legal pose, picked deterministically (the same restart gives the same
// pose on every machine). The first is the chain as straight as its limits allow (targets near
// full extension lie next to it, and a descent from a fold rarely finds them); the second puts
// every joint in the middle of its range; later ones pick each joint's angle half the time
// anywhere in its range and otherwise within the tenth of it next to one of its limits, where
// the answers a descent misses most often lie (limits fold the legal poses that reach a target
// into thin slivers along their edges, as relax found). Only cold solves restart: a settled one
// (chain_search.h) must not jump.

#include "bonework/solvers/solver_support.h"

namespace bonework::solvers {

// Sets local() of `state` to restart pose number `restart` (0, 1, 2, ...). Leaves positions()
// and world() stale.
void restartPose(ChainState& state, int restart);

} // namespace bonework::solvers
