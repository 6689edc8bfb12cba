#pragma once
// Whether a chain that holds in a clip can stay the runtime's own IK constraint there, its
// target keys exported, instead of being baked: only where the runtime's two-bone IK lands
// exactly where Bonework's solve does. tests/export checks that in the DragonBones runtime and,
// for Spine (whose runtime needs a licence), by the math of Spine's two-bone IK.

#include "bonework/animation/clip.h"
#include "bonework/rig.h"

#include <string>

#include <vector>

namespace bonework::exporters {

// Empty when chain `chain` can be kept in `clip` sampled at `fps` frames a second; otherwise
// why not. It can when it is a two-bone chain with the two-bone solver, no limits or pins on its
// joints, a target of its own (not attached), a mix of 1 throughout, linear or stepped target
// keys (on the frame grid when `frameGrid`: DragonBones' keys fall on whole frames), the target
// strictly within reach at every frame and key time (the runtimes differ from Bonework out of
// reach), and no other chain that holds in the clip turns its joints, or their ancestors after
// it in chain order (the runtime would solve it last).
std::string whyNotKept(const Rig& rig, const animation::Clip& clip, int chain, const std::vector<int>& holding, int fps,
                       bool frameGrid);

} // namespace bonework::exporters
