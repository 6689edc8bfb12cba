#pragma once
// Where a rig's chains were at one frame of a motion that is replayed rather than dragged (a clip
// sampled at any time: animation/clip_sampler.h): per chain, whether it held, the target it was
// solved toward, and its solved pose (the joints of its path below the base, before any blend).
// A hold that starts from such a frame continues each chain from there, told its last target, as
// a drag's next frame does (ChainHolder::hold), so the chain follows a moving target without
// refolding; a hold can also record the frame it leaves, for the next one.
//
// ChainFrameLayout says where each chain's poses sit in a frame; a frame is a view into storage
// its owner keeps, so that many frames can share one allocation.

#include "bonework/rig.h"

#include <cstddef>
#include <span>
#include <vector>

namespace bonework::solvers {

class ChainFrameLayout {
public:
    // Room for every chain of `rig` (the rig's chains and skeleton must not change while frames
    // laid out so are used with it). Allocates.
    void build(const Rig& rig);

    std::size_t chainCount() const { return m_first.empty() ? 0 : m_first.size() - 1; }
    // Poses in a frame: the sum of the chains' path lengths below their bases.
    std::size_t poseCount() const { return m_first.empty() ? 0 : m_first.back(); }
    // Chain i's poses: [first(i), first(i + 1)).
    std::size_t first(std::size_t chain) const { return m_first[chain]; }
    std::size_t poseCountOf(std::size_t chain) const { return m_first[chain + 1] - m_first[chain]; }
    // The joint whose pose sits at `pose` in a frame.
    JointIndex joint(std::size_t pose) const { return m_joints[pose]; }

private:
    std::vector<std::size_t> m_first; // per chain, then the end
    std::vector<JointIndex> m_joints; // per pose
};

struct ChainFrame {
    std::span<unsigned char> held;   // per chain: solved in this frame (else: start it afresh)
    std::span<Vec2> targets;         // per chain: the target it was solved toward
    std::span<Rig::JointPose> poses; // per chain, from layout.first(i): its path below the base
};

} // namespace bonework::solvers
