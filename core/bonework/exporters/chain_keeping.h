#pragma once
// Whether a chain that holds in a clip can stay the runtime's own IK constraint there, its
// target keys exported, instead of being baked: only where the runtime's one- or two-bone IK
// lands exactly where Bonework's solve does. tests/export checks that in the DragonBones runtime
// and, for Spine (whose runtime needs a licence), by the math of Spine's IK.

#include "bonework/animation/clip.h"
#include "bonework/rig.h"

#include <string>

#include <vector>

namespace bonework::exporters {

// Empty when chain `chain` can be kept in `clip` sampled at `fps` frames a second; otherwise
// why not. It can when it is a chain of one bone that Bonework points straight at the target at
// every sample (as the runtimes' one-bone IK does; the target off the joint) or of two bones
// with the two-bone solver, no pin on its joints or below them, a mix of 1 throughout, target
// keys on the frame grid when `frameGrid` (DragonBones' keys fall on whole frames), the target
// beyond the inner reach and the joints' angles clear of their limits at every frame and key
// time (the runtimes have no limits), and no other chain that holds in the clip turns its
// joints, or their ancestors after it in chain order (the runtime would solve it last). A
// target riding on a joint (exported as a child of that joint's bone) must ride on one the arm
// does not move, and that no holding chain after it moves.
//
// `gain` (when kept) receives how much the runtime's IK can magnify an error in where the
// chain's root is: a baked or approximated channel above it that moves the root by e px moves
// the chain's joints and their descendants by up to gain * e (the elbow swings most near full
// reach, where the bound is largest). See elbowGain.
std::string whyNotKept(const Rig& rig, const animation::Clip& clip, int chain, const std::vector<int>& holding, int fps,
                       bool frameGrid, double* gain = nullptr);

// How far the elbow of a two-bone arm (lengths a, b) moves, at most, per unit its root moves,
// the target at distance d held where it is (the arm straight beyond reach); infinite at full
// reach exactly, where the elbow's angle turns fastest.
double elbowGain(double a, double b, double d);

// A kept chain's target keys as exported: linear and stepped keys as they are; a Bezier key
// linear, with a linear key at every frame (of `fps` a second) up to the next key, where
// Bonework samples the curve. The runtimes draw a Bezier by their own approximation, and the
// IK would carry that error to the elbow, magnified near full reach; on the frames the runtime
// now solves the exact target. With `between` above 0 (Spine, whose keys fall at any time),
// a frame is halved, down to a 32nd, while the curve strays more than `between` px from the
// straight line between its keys (a steep ease).
std::vector<animation::PointKey> keptTargetKeys(const std::vector<animation::PointKey>& keys, int fps, double between = 0.0);

} // namespace bonework::exporters
