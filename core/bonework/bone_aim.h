#pragma once
// Turning one bone toward a point, the rest of the skeleton as it is: the editor's "rotate" drag,
// as Spine's and DragonBones' Rotate tool turns the bone under the cursor and nothing else. The
// bones under it ride along unchanged; the bones above it do not move. One rule for every front
// end, so the editor, a test and any other tool agree on what "rotate this bone" does.

#include "bonework/rig.h"

#include <string>

namespace bonework {

enum class BoneAimOutcome : std::uint8_t {
    Turned,     // the bone now points at the point, or as near as its limits allow
    Unchanged,  // it already did (or the point sits on the bone's start: no direction)
    IsRoot,     // a root has no bone to turn (move it instead)
    Pinned,     // the joint itself is pinned
    CarriesPin, // a joint under it is pinned: turning the bone would move the pin
    Rigid,      // its limits are one angle (min = max)
};

struct BoneAim {
    BoneAimOutcome outcome = BoneAimOutcome::Unchanged;
    // Whether the angle it wanted lies outside its limits, so it stopped on one.
    bool limited = false;
    // The angle the bone would point at the point with, relative to its parent's bone.
    double wanted = 0.0;
};

// Turns the bone that ends at `joint` about its start (the parent joint) so that `joint` lies on
// the line toward `point`, clamped into its angle limits. Changes only angle(joint), and only
// when the outcome is Turned. A point that is not finite, or on the bone's start, changes nothing.
BoneAim aimBoneAt(Rig& rig, JointIndex joint, Vec2 point);

// Why aiming `joint` changed nothing, in one sentence for a status bar; empty when nothing
// stopped it (it turned, or already pointed there).
std::string explainBoneAim(const Rig& rig, JointIndex joint, const BoneAim& aim);

} // namespace bonework
