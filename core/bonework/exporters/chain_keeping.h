#pragma once
// Whether a chain that holds in a clip can stay the runtime's own IK constraint there, its
// target keys exported, instead of being baked: only where DragonBones' two-bone IK lands
// exactly where Bonework's solve does (tests/export checks that in the runtime). Spine's IK is
// not checked here (no Spine runtime: its licence), so Spine exports bake every holding chain.

#include "bonework/animation/clip.h"
#include "bonework/rig.h"

#include <string>

#include <vector>

namespace bonework::exporters {

// Empty when chain `chain` can be kept in `clip` on a grid of `fps` frames; otherwise why not.
// It can when it is a two-bone chain with the two-bone solver, no limits or pins on its joints,
// a target of its own (not attached), a mix of 1 throughout, linear or stepped target keys on
// the frame grid, the target strictly within reach at every frame and key time (the runtimes
// differ from Bonework out of reach), and no other chain that holds in the clip turns its
// joints, or their ancestors after it in chain order (the runtime would solve it last).
std::string whyNotKept(const Rig& rig, const animation::Clip& clip, int chain, const std::vector<int>& holding, int fps);

} // namespace bonework::exporters
