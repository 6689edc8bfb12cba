#pragma once
// Test rigs for the editor at scale: one root with `arms` arms of `bones` bones each, fanned out
// evenly and gently curved, every arm ending in a chain that holds a fixed target: even arms a
// fabrik chain of their last six bones, odd arms a two-bone chain. 20 x 50 gives 1,001 joints,
// 100 x 100 gives 10,001. No Qt: the drag benchmark builds them in memory, and
// `bench_editor_drag --write FILE` saves one for opening in the editor by hand.

#include "bonework/rig.h"

namespace bonework::bench {

struct ArmRigShape {
    int arms = 20;
    int bones = 50;
    double boneLength = 10.0;
};

Rig armRig(const ArmRigShape& shape);

// The joint the drag benchmark drags: the middle joint of arm 0 (not a chain's tip, so the
// drag solver poses the whole tree and then every chain holds).
JointIndex armDragJoint(const ArmRigShape& shape);

} // namespace bonework::bench
