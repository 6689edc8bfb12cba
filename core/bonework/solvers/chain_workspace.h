#pragma once
// Scratch state for the solvers that move one chain (reach, fabrik, ccd): the free bones from
// the fixed base to the tip and the world positions along them. Reused between solves, so a warm
// solve allocates nothing.

#include "bonework/solvers/solver.h"

#include <vector>

namespace bonework {

class ChainWorkspace {
public:
    // Finds the bones free to turn between the request's base and its tip and the world frame
    // they hang from; false when no bone can move (the tip or everything above it is pinned).
    bool prepare(const Rig& rig, const SolveRequest& request);

    // Recomputes positions from the rig's current angles: position(0) is the fixed start,
    // position(k + 1) the end of bone k; frame(k) the world direction bone k is measured from.
    void updatePositions(const Rig& rig);

    std::size_t boneCount() const { return m_bones.size(); }
    JointIndex bone(std::size_t k) const { return m_bones[k]; }
    const std::vector<JointIndex>& bones() const { return m_bones; }
    Vec2& position(std::size_t k) { return m_positions[k]; }
    Vec2 tip() const { return m_positions.back(); }
    Rotation baseFrame() const { return m_baseFrame; }

private:
    std::vector<unsigned char> m_pinnedBelow;
    std::vector<JointIndex> m_bones;
    std::vector<Vec2> m_positions;
    Rotation m_baseFrame;
    Vec2 m_start;
};

// The tip's world position and its distance to the target when no bone can move.
double unmovableChainError(const Rig& rig, const SolveRequest& request);

} // namespace bonework
