#pragma once
// Editing a clip's keys, as the editor's timeline does: finding keys, keying the pose, deleting,
// moving, copying and pasting keys, setting curves and the duration. Plain functions on plain
// data, so the timeline's undo can keep the clip before and after.
//
// Every operation keeps a clip legal: one that passes checkClip(rig, clip) before passes it
// after (for pasteKeys and the key* functions, against the rig they are given), key times stay
// strictly increasing along each track, no two keys of a track end up within kSameTime of each
// other (unless the clip held such keys already), and nothing writes a NaN. Whatever they are
// given:
//  - refs to tracks or keys the clip does not have are ignored, as are refs whose channel does
//    not belong to their owner (Owner::Joint with Channel::Mix);
//  - non-finite times, shifts and values are ignored (nothing is written for them), and so are
//    times for new keys outside [0, duration] by more than kSameTime (closer, they are clamped
//    onto its end), and positions beyond reach: a root's x or y beyond kMostRootCoordinate, a
//    target's beyond kMostTargetCoordinate (rig.h), refused as Rig::setRootPosition and
//    Rig::setChainTarget refuse them;
//  - a clip whose duration is not a finite number above 0 gets no new or moved keys.
// A key written for a joint, chain or slot the clip has no entry for adds one at the end of the
// clip's joints, chains or slot tracks.

#include "bonework/animation/clip.h"
#include "bonework/chain.h"
#include "bonework/vec2.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bonework {
class Rig;
}

namespace bonework::animation {

// One track of a clip: what it moves and which channel. Angle, X, Y and Rotation belong to a
// joint (Angle to one with a parent, the others to a root), Target and Mix to a chain, Visible,
// Opacity and Image to a slot.
enum class Channel : std::uint8_t { Angle, X, Y, Rotation, Target, Mix, Visible, Opacity, Image };
enum class Owner : std::uint8_t { Joint, Chain, Slot };
struct TrackRef {
    Owner owner = Owner::Joint;
    std::string name;
    Channel channel = Channel::Angle;
    bool operator==(const TrackRef&) const = default;
};
// A key, found by its track and time: the track's key nearest `time`, within kSameTime.
struct KeyRef {
    TrackRef track;
    double time = 0.0;
    bool operator==(const KeyRef&) const = default;
};

// Times closer than this are the same key time (frames at up to 1000 fps stay apart). Keying
// or pasting onto a key within it replaces that key's value and keeps its time, so rounding in
// a time worked out from pixels or frames never makes a second key beside the first.
inline constexpr double kSameTime = 1e-6;

// The owner a channel belongs to.
Owner ownerOf(Channel channel);

// Every track of the clip that has at least one key, in clip order (joints, then chains, then
// slots, each in the clip's order; within one, channels in enum order).
std::vector<TrackRef> keyedTracks(const Clip& clip);
// The key times of one track, in order (empty when absent).
std::vector<double> keyTimes(const Clip& clip, const TrackRef& track);
// All keys of the clip at `time` (within kSameTime), in keyedTracks order.
std::vector<KeyRef> keysAt(const Clip& clip, double time);
// The keys of the given tracks within [from, to] (either way round, widened by kSameTime), for
// box select: track by track in the order given (a track given twice counts once), each in time
// order.
std::vector<KeyRef> keysIn(const Clip& clip, const std::vector<TrackRef>& tracks, double from, double to);

// Keys the pose of `posed` (a rig with the clip's rig's skeleton, posed) at `time` for the given
// joints (indices into `posed`; others are skipped, repeats count once): a joint with a parent
// gets an `angle` key, clamped into its limits; a root gets `x`, `y` and `rotation` keys (no
// `x` or `y` key where a solver carried it beyond reach). A key
// already at that time (within kSameTime) takes the new value and keeps its curve; otherwise a
// linear key is inserted in order. Returns the number of keys written.
int keyPose(Clip& clip, const Rig& posed, const std::vector<JointIndex>& joints, double time);
// Keys one chain's point target or mix (clamped into [0, 1]), or one slot's visibility, opacity
// (clamped into [0, 1]) or image, at `time`, by the same rule. `rig` is the clip's rig: a chain
// or slot it does not have is not keyed, nor is a target beyond reach, nor an image path a slot
// could not hold (imagePathProblem; whether the file exists is not checked). Returns whether a
// key was written.
bool keyChainTarget(Clip& clip, const Rig& rig, const std::string& chain, double time, Vec2 point);
bool keyChainMix(Clip& clip, const Rig& rig, const std::string& chain, double time, double mix);
bool keySlotVisible(Clip& clip, const Rig& rig, const std::string& slot, double time, bool visible);
bool keySlotOpacity(Clip& clip, const Rig& rig, const std::string& slot, double time, double opacity);
bool keySlotImage(Clip& clip, const Rig& rig, const std::string& slot, double time, const std::string& image);

// Removes the keys. A track left with no keys is gone (the clip has no empty-track state), and
// an owner entry left with no keys at all is removed. Returns the number of keys removed.
int deleteKeys(Clip& clip, const std::vector<KeyRef>& keys);

// Moves the keys by dt seconds, together. The shift is limited so every moved key stays within
// [0, duration] (the group keeps its spacing rather than piling up at an end); a moved key
// landing on an unmoved key's time (within kSameTime) replaces it. `moved`: the moved keys'
// new refs, in the order given (refs to missing keys and repeats left out); `shift`: the shift
// applied (0 for a non-finite dt).
struct MoveResult {
    std::vector<KeyRef> moved;
    double shift = 0.0;
};
MoveResult moveKeys(Clip& clip, const std::vector<KeyRef>& keys, double dt);

// Copied keys: a clip holding them (tracks, values and curves) with times relative to the
// earliest copied key, which is at 0; its duration is the span from the earliest to the latest
// (0 for keys at one time, so the clipboard's clip is not a legal clip by itself).
struct KeyClipboard {
    Clip keys;
    bool empty() const { return keys.joints.empty() && keys.chains.empty() && keys.slotTracks.empty(); }
    bool operator==(const KeyClipboard&) const = default;
};
KeyClipboard copyKeys(const Clip& clip, const std::vector<KeyRef>& keys);
// Pastes the clipboard at `time`: the earliest copied key lands there, the others keep their
// distance to it. Left out: keys that would fall outside [0, duration]; tracks whose joint,
// chain or slot `rig` (the clip's rig) does not have, or whose channel does not fit it (an
// angle onto a root, x onto a joint with a parent); non-finite values, and positions beyond
// reach (a root's x or y, a target). Angles are clamped into
// the joint's limits, mix and opacity into [0, 1], a curve that is not valid becomes linear,
// and an image key whose path breaks imagePathProblem's rules is left out. A pasted key onto an
// existing key time replaces that key (value and curve; the time is kept). Returns the refs of
// the keys written, in the clipboard's order, each once.
std::vector<KeyRef> pasteKeys(Clip& clip, const Rig& rig, const KeyClipboard& clipboard, double time);

// Sets the curve of the keys (Visible and Image keys have none: skipped; an invalid curve,
// isValidCurve, sets nothing). Returns the number of keys whose curve changed.
int setCurve(Clip& clip, const std::vector<KeyRef>& keys, const Curve& curve);
// The curve of a key (nullopt for a Visible or Image key or a missing one).
std::optional<Curve> curveOf(const Clip& clip, const KeyRef& key);

// Sets a new duration (finite, > 0; otherwise nothing changes): keys after it are removed,
// except that a key within kSameTime after it is moved onto it (when no key is within kSameTime
// before it). Returns the number removed.
int setDuration(Clip& clip, double duration);

// A clip name not among `taken`'s names: `base`, else "base 2", "base 3", ... (an empty base
// is "Clip").
std::string uniqueClipName(const std::vector<Clip>& taken, const std::string& base);

} // namespace bonework::animation
