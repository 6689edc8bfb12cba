#pragma once
// The joints of a chain from its fixed base down to its tip, and which of its bones a solver may
// turn. Any solver that poses one chain can use it:
//
//   ChainPath path;                        // keep it in the solver: it reuses its buffers
//   path.build(rig, request.root, tip);    // root kNoJoint: the root joint above the tip
//   for (JointIndex j : path.movableJoints().subspan(1)) ...  // the bones the solver may turn
//
// joints()[0] is the fixed base; joints()[k] (k >= 1) is the joint at the end of the chain's k-th
// bone, whose angle is relative to the bone of joints()[k - 1]. Pinned joints stay put, so a pin
// splits the chain: only the bones after the last pinned joint of the chain may turn. A pin that
// hangs off the chain on a side branch counts as pinning the chain joint that branch leaves from
// (turning any bone above it would move the pin). When the tip (or something under it) is
// pinned, nothing may turn.

#include "bonework/rig.h"

#include <span>
#include <vector>

namespace bonework::solvers {

class ChainPath {
public:
    // Room for short chains from the start: a solver that meets its first limb mid-session
    // (relax's two-bone limbs) must not allocate then.
    ChainPath() { m_joints.reserve(8); }

    // Fills the path for a validated request (tip valid and under root). Allocates only when
    // the chain is longer than any seen before by this object. Costs the chain's length.
    void build(const Rig& rig, JointIndex root, JointIndex tip);
    // Room for chains of up to `bones` bones, so that building one later allocates nothing.
    void reserve(std::size_t bones) { m_joints.reserve(bones + 1); }

    // The base, then every joint down to the tip (so indices increase along it).
    std::span<const JointIndex> joints() const { return {m_joints.data(), m_joints.size()}; }
    int boneCount() const { return static_cast<int>(m_joints.size()) - 1; }
    JointIndex base() const { return m_joints.front(); }
    JointIndex tip() const { return m_joints.back(); }

    // Position in joints() of the last joint that must stay put: 0 (the base) when no pin
    // holds the chain, boneCount() when nothing may move.
    int lastFixed() const { return m_lastFixed; }
    int movableBoneCount() const { return boneCount() - m_lastFixed; }
    // The movable part: joints()[lastFixed()] (its fixed base) down to the tip.
    std::span<const JointIndex> movableJoints() const { return joints().subspan(static_cast<std::size_t>(m_lastFixed)); }

private:
    std::vector<JointIndex> m_joints;
    int m_lastFixed = 0;
};

} // namespace bonework::solvers
