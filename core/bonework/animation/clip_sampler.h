#pragma once
// Sampling a clip: the pose of the rig at time t. The keyed channels are interpolated (each
// key's curve shapes the way to the next; before its first key a channel keeps the setup pose,
// as in Spine, and after its last key it holds that key), then every chain whose mix is above 0
// is solved toward its keyed or setup target by its own solver, in chain order, blended by its
// mix (solvers::ChainHolder, as while posing). Unkeyed channels keep the setup pose. Forward
// kinematics is the caller's (into its own array).
//
//   ClipSampler sampler;
//   if (auto error = sampler.bind(setupRig, clip); !error.empty()) ...
//   Rig pose = setupRig;            // once
//   sampler.sample(0.5, pose);      // every frame: deterministic, no allocation once warm
//
// Chains follow their targets through the clip as they would while played, without refolding.
// A searching solver (fabrik, ccd, reach, relax, follow) solved afresh at each time could find
// another fold of the chain from one frame to the next (a turn of 120 degrees in 1/60 s). So the
// clip is played once, frame by frame at kTrailRate and at its end (the chains' trail, worked out
// as far as samples ask for it; with a frame just before and one at each stepped key, so that a
// chain keeps its old aim up to the key, as a runtime's does): frame 0 is solved from the keyed pose, every later frame
// continues each chain from the one before, told its last target (chain_frame.h). A sample at a
// frame's time is that frame; one between two frames takes the pose between theirs (each joint
// of the chain that share of its way, not solved again: a solve there could move a chain that
// lags its target as far as a whole frame does), its tip a fraction of a pixel off the target
// where both frames reach it. Either way a sample is the same whatever was sampled before.
// A chain whose keyed pose reaches its target already keeps it (the pose an animator keyed);
// elsewhere a searching chain's keyed angles only blend with its solve by its mix. `two-bone`,
// exact in closed form, needs no trail.
//
// Every pose is legal: keys lie within the joints' limits, curves never overshoot them, and the
// chains' solvers keep lengths, limits and pins.

#include "bonework/animation/clip.h"
#include "bonework/rig.h"
#include "bonework/solvers/chain_frame.h"
#include "bonework/solvers/chain_holder.h"

#include <string>
#include <vector>

namespace bonework::animation {

class ClipSampler {
public:
    // Frames per second of the chains' trail (see above), for clips whose trail would hold at
    // most kTrailPoses poses; longer ones are followed at a lower rate.
    static constexpr double kTrailRate = 60.0;
    static constexpr std::size_t kTrailPoses = std::size_t{1} << 18;

    // Resolves the clip's names against `setup` (the rig in its setup pose; both must outlive
    // the sampler's use and stay unchanged). Returns why it cannot, or empty. Allocates the
    // chains' trail (its frames are worked out when samples first need them).
    std::string bind(const Rig& setup, const Clip& clip);
    // Poses `pose` (a copy of the setup rig: same joints, chains and slots) at time t, clamped
    // into [0, duration] (NaN: 0). Returns how many chains held.
    int sample(double t, Rig& pose);
    // How the last sample's chains went (ChainHolder's results, one per chain of the rig).
    std::span<const solvers::ChainHoldResult> chainResults() const { return m_holder.results(); }

    // The rate the chains' trail is followed at (0: the clip needs none).
    double trailRate() const { return m_trailRate; }

private:
    // The keyed channels at t (clamped already) on `pose`, from the setup pose.
    void poseKeyed(double t, Rig& pose) const;
    // Sizes the chains' trail for the bound clip (none when no chain needs one).
    void bindTrail();
    // The times the keyed inputs jump (stepped keys, tracks' first keys), within the clip.
    std::vector<double> jumpTimes() const;
    // The time of frame f of the trail (see m_times).
    double frameTime(std::size_t f) const;
    // Frame f of the trail (its chains as the hold at its time left them).
    solvers::ChainFrame frame(std::size_t f);
    // Works the trail out up to frame f.
    void followUpTo(std::size_t f);
    // The frame `share` (0 to 1) of the way from frame f to frame f + 1 (in the spare frame).
    solvers::ChainFrame between(std::size_t f, double share);

    struct Bound {
        const std::vector<Key>* keys;
        JointIndex joint;
    };
    const Rig* m_setup = nullptr;
    const Clip* m_clip = nullptr;
    std::vector<Bound> m_angles, m_x, m_y, m_rotations;
    std::vector<std::pair<const ChainTracks*, int>> m_chains;
    std::vector<std::pair<const SlotTracks*, int>> m_slots;
    solvers::ChainHolder m_holder;
    // The chains' trail: m_frames frames, the first m_followed of them worked out, and one more
    // for between().
    double m_trailRate = 0.0;
    // The frames' times: g / rate up to the clip's end (the last at it), and a frame just before
    // each jump of the keyed inputs and one at it.
    std::vector<double> m_times;
    std::size_t m_frames = 0;
    std::size_t m_followed = 0;
    solvers::ChainFrameLayout m_layout;
    std::vector<unsigned char> m_held;
    std::vector<Vec2> m_targets;
    std::vector<Rig::JointPose> m_poses;
    Rig m_scratch; // the trail's frames are posed here
};

// A track's value at time t: `setup` before its first key (and for an empty track), the
// last key's after its last.
double sampleTrack(const std::vector<Key>& keys, double t, double setup);
Vec2 sampleTrack(const std::vector<PointKey>& keys, double t, Vec2 setup);
bool sampleTrack(const std::vector<SwitchKey>& keys, double t, bool setup);
const std::string& sampleTrack(const std::vector<ImageKey>& keys, double t, const std::string& setup);

} // namespace bonework::animation
