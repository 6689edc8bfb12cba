#pragma once
// An animation clip: keyed channels of a rig's joints, chains and slots over `duration` seconds
// (the rig file's "animations", docs/rig-format.md). Channels name what they move, as the file
// does, so reordering chains or slots changes nothing here; the rig renames and drops tracks
// when what they name is renamed or removed. Unkeyed channels keep the setup pose.

#include "bonework/animation/curve.h"
#include "bonework/vec2.h"

#include <string>
#include <vector>

namespace bonework::animation {

// A number at a time; `curve` shapes the way to the next key.
struct Key {
    double time = 0.0;
    double value = 0.0;
    Curve curve;
    bool operator==(const Key&) const = default;
};

// A point at a time (a chain's target).
struct PointKey {
    double time = 0.0;
    Vec2 point;
    Curve curve;
    bool operator==(const PointKey&) const = default;
};

// A switch at a time (a slot's visibility): it holds until the next key.
struct SwitchKey {
    double time = 0.0;
    bool value = true;
    bool operator==(const SwitchKey&) const = default;
};

// An image at a time (a slot's image, a path as Slot::image): it holds until the next key, as
// a switch does; what a flipbook or a hand opening and closing is made of.
struct ImageKey {
    double time = 0.0;
    std::string image;
    bool operator==(const ImageKey&) const = default;
};

struct JointTracks {
    std::string joint;
    std::vector<Key> angle;                 // degrees, a joint with a parent only
    std::vector<Key> x, y, rotation;        // a root only
    bool operator==(const JointTracks&) const = default;
};

struct ChainTracks {
    std::string chain;
    std::vector<PointKey> target;
    std::vector<Key> mix; // 0 to 1
    bool operator==(const ChainTracks&) const = default;
};

struct SlotTracks {
    std::string slot;
    std::vector<SwitchKey> visible;
    std::vector<Key> opacity; // 0 to 1
    std::vector<ImageKey> image;
    bool operator==(const SlotTracks&) const = default;
};

struct Clip {
    std::string name;
    double duration = 1.0; // seconds, > 0
    std::vector<JointTracks> joints; // in file order, one entry per joint named
    std::vector<ChainTracks> chains;
    std::vector<SlotTracks> slotTracks; // not "slots": Qt defines that word as a macro
    // Whether a game plays the clip over and over (a walk cycle) or once (a jump): past its end
    // a looping clip starts again from 0 (clipTime), one played once holds its last pose.
    // (Last, so that aggregate initialisers written before it stay as they were.)
    bool loop = false;
    bool operator==(const Clip&) const = default;
};

// Where `seconds` since a clip started playing falls in it: a looping clip wraps into
// [0, duration) as Spine and DragonBones wrap a looping animation (its end shows its start),
// one played once is clamped into [0, duration]. Not finite: 0.
double clipTime(const Clip& clip, double seconds);

} // namespace bonework::animation
