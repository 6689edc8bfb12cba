#pragma once
// How one animation clip goes into a runtime format: which joint channels keep their keys and
// curves as they are, and which are baked (sampled with animation::ClipSampler, reduced to
// linear keys within the bake tolerance). Both exporters share it (docs/export-formats.md).
//
// A channel is baked when
//   - a chain that holds in the clip (mix above 0 at any time, keyed or setup) can turn its
//     joint: the runtimes' IK differs from Bonework's solvers (limits, pins, long chains, other
//     solvers), so the solved angles are written as keys and the chain is switched off there;
//   - on a frame grid (DragonBones: durations are whole frames) a key lies off the grid;
//   - a root's x and y keys differ in times or curves (both formats key them together);
//   - a Bezier key the runtime's approximation of curves would play off by more than that.
// Baked keys: sampled at every frame of the export frame rate (and, off the grid, at every key
// time of the clip); the clip's key times on those samples are kept; the rest reduced (RDP)
// with a share of the tolerance per channel on the deepest path, so every joint stays within
// the tolerance of the sampled pose at every sample. Baked angles are unwrapped (each sample the
// equivalent nearest the one before), so the runtimes turn the short way between samples.

#include "bonework/animation/clip.h"
#include "bonework/exporters/export_report.h"
#include "bonework/exporters/exported_bones.h"
#include "bonework/rig.h"

#include <memory>
#include <vector>

namespace bonework::exporters {

struct AnimationOptions {
    int fps = 30;               // the export frame rate: bake samples, DragonBones' frames
    double bakeTolerance = 0.1; // px: how far a baked joint may stray from the sampled pose
};

struct JointChannels {
    JointIndex joint = kNoJoint;
    // Absolute Bonework values (not offsets): the joint's angle (a root's rotation), degrees.
    std::vector<animation::Key> rotation;
    // A root's x and y, keyed together (an unkeyed coordinate holds its setup value).
    std::vector<animation::PointKey> translation;
    bool rotationBaked = false, translationBaked = false;
};

// A chain kept as the runtime's IK in a clip (chain_keeping.h): its target's keys.
struct KeptChain {
    int chain = -1;
    std::vector<animation::PointKey> target; // empty: the target stays at its setup point
    double gain = 1.0; // how much its IK magnifies an error in where its root is (chain_keeping.h)
    bool switchOn = false; // its setup mix is below 1 (the clip keys it to 1): the clip keys the IK on
};

// The most frames an exported clip holds: about 9.7 hours at 30 fps, longer than any game's
// animation. DragonBones counts a clip in frames (and its runtime keeps an entry per frame and
// timeline), and baking samples every frame; a longer clip is cut there, reported as a loss.
inline constexpr int kMostExportFrames = 1 << 20;

// The most frames a DragonBones clip holds: its runtime keeps each keyframe's position (the
// frame it starts at) as a 16-bit signed number (ObjectDataParser._parseFrame writes
// FramePosition into the Int16Array frame array; TweenTimelineState reads it back to tween), so
// positions up to 32,767 read right: a clip of 32,767 frames, its last frame at position
// 32,767, plays whole; a key after it would read as a negative frame. (The clip's duration
// itself is kept as a double.) A longer clip is cut there, reported as kMostExportFrames is.
inline constexpr int kMostDragonBonesFrames = 32767;
// The longest Bezier key DragonBones plays: the runtime samples a curve at its frames + 1
// points and keeps that count in the same 16-bit frame array. A longer one is baked (a
// joint's) or split in two (a slot's opacity, splitLongCurves).
inline constexpr int kMostDragonBonesCurveFrames = 32766;

struct ClipPlan {
    // The clip exported: the rig's own, or (longer than kMostExportFrames, or for DragonBones
    // kMostDragonBonesFrames) its copy `cut` short: the keys after the cut left out, a key at
    // the cut where a track went on past it, with its value there (so it plays as before).
    const animation::Clip* clip = nullptr;
    std::shared_ptr<const animation::Clip> cut;
    int frames = 0;                    // the duration in whole frames (rounded up)
    std::vector<JointChannels> joints; // only joints with keys, in joint order
    // Chains the runtime's IK must leave alone in the clip: those that hold (baked) and those
    // whose mix the clip keys to 0 from the start (they hold in the setup pose).
    std::vector<int> switchedOff;
    std::vector<KeptChain> kept; // holding chains the runtime's IK carries exactly
};

// What a clip keys of the runtime's IK constraints: off (mix 0) for each chain the plan switched
// off, on (mix 1) for each kept chain whose setup mix is below 1; chains exported without IK
// are left out.
struct IkKey {
    const ExportedIk* ik = nullptr;
    double mix = 0.0;
};
std::vector<IkKey> ikKeys(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton);

// `frameGrid`: DragonBones (keys on whole frames, Bezier curves sampled once a frame); otherwise
// Spine (keys at any time, Bezier curves as ten straight segments). A Bezier key whose runtime
// approximation would stray beyond the channel's share of the tolerance is baked too.
// Decisions go to report.decide().
ClipPlan planClip(const Rig& rig, const animation::Clip& clip, const AnimationOptions& options, bool frameGrid,
                  ExportReport& report);

// Whether time t lies on the frame grid; `frame` receives the nearest frame.
bool onFrameGrid(double t, int fps, int* frame = nullptr);

// The plan of a clip on a frame grid (DragonBones) cut at `frames`: the keys after it left out
// and, where a track went on past it, a key at the cut with the value it has there as the
// runtime plays it (a Bezier key across the cut becomes linear keys at every frame up to it).
ClipPlan cutPlan(const ClipPlan& plan, int frames, int fps);

// Splits every Bezier key of `keys` longer than `longest` seconds in its middle, exactly: the
// same curve in pieces (each a Bezier with handles within [0, 1]), keys between them.
void splitLongCurves(std::vector<animation::Key>& keys, double longest);

} // namespace bonework::exporters
