#pragma once
// The rules a clip obeys against its rig: the one place they are written. Rig::addAnimation
// refuses a clip that breaks one, and the file loader reports the problem at its JSON path
// (the steps below, appended to the clip's own path).

#include "bonework/animation/clip.h"

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace bonework {
class Rig;
}

namespace bonework::animation {

struct ClipProblem {
    // Where, from the clip's object: member names and array indices, as in the rig file
    // ("joints", "elbow_l", "angle", 1, "value").
    std::vector<std::variant<std::string, std::size_t>> where;
    std::string message;
    // "joints.elbow_l.angle[1].value: must lie within the joint's limits [-90, 90], not 120"
    std::string toString() const;
};

// The first rule the clip breaks against `rig`, if any:
//  - a name; a finite duration above 0;
//  - every track names a joint, chain or slot of the rig, once; `angle` only for a joint with
//    a parent, `x`, `y`, `rotation` only for a root;
//  - key times finite, within [0, duration] and strictly increasing along each track;
//  - values finite; angles within the joint's limits (so every sampled pose is legal); a root's
//    x and y within kMostRootCoordinate and a target's within kMostTargetCoordinate (rig.h: so
//    every sampled pose stays within reach); mix and opacity within [0, 1]; Bezier curves'
//    numbers within [0, 1]; image keys' paths as a slot's image path must be (imagePathProblem).
std::optional<ClipProblem> checkClip(const Rig& rig, const Clip& clip);

// Puts the clip's joint, chain and slot entries in the order the rig file loader reads them
// (names in UTF-16 order, as JSON objects list their members), so a clip the rig holds is the
// same, entry for entry, after a save and a load. Sampling does not depend on that order.
void sortTracks(Clip& clip);

} // namespace bonework::animation
