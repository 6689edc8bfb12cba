#pragma once
// Sampling a clip: the pose of the rig at time t. The keyed channels are interpolated (each
// key's curve shapes the way to the next; before its first key a channel keeps the setup pose,
// as in Spine, and after its last key it holds that key), then every chain whose mix is above 0 is solved toward its keyed or setup target
// by its own solver, in chain order, blended by its mix (solvers::ChainHolder, as while
// posing). Unkeyed channels keep the setup pose. Forward kinematics is the caller's (into its
// own array).
//
//   ClipSampler sampler;
//   if (auto error = sampler.bind(setupRig, clip); !error.empty()) ...
//   Rig pose = setupRig;            // once
//   sampler.sample(0.5, pose);      // every frame: deterministic, no allocation once warm
//
// Every pose is legal: keys lie within the joints' limits, curves never overshoot them, and the
// chains' solvers keep lengths, limits and pins.

#include "bonework/animation/clip.h"
#include "bonework/rig.h"
#include "bonework/solvers/chain_holder.h"

#include <string>
#include <vector>

namespace bonework::animation {

class ClipSampler {
public:
    // Resolves the clip's names against `setup` (the rig in its setup pose; both must outlive
    // the sampler's use and stay unchanged). Returns why it cannot, or empty.
    std::string bind(const Rig& setup, const Clip& clip);
    // Poses `pose` (a copy of the setup rig: same joints, chains and slots) at time t, clamped
    // into [0, duration] (NaN: 0). Returns how many chains held.
    int sample(double t, Rig& pose);
    // How the last sample's chains went (ChainHolder's results, one per chain of the rig).
    std::span<const solvers::ChainHoldResult> chainResults() const { return m_holder.results(); }

private:
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
};

// A track's value at time t: `setup` before its first key (and for an empty track), the
// last key's after its last.
double sampleTrack(const std::vector<Key>& keys, double t, double setup);
Vec2 sampleTrack(const std::vector<PointKey>& keys, double t, Vec2 setup);
bool sampleTrack(const std::vector<SwitchKey>& keys, double t, bool setup);
const std::string& sampleTrack(const std::vector<ImageKey>& keys, double t, const std::string& setup);

} // namespace bonework::animation
