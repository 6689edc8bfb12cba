#pragma once
// What a pose edit changed: the exact poses (Rig::JointPose) of the joints it moved, before and
// after, and the chain targets it moved. A drag on a 10,000-joint rig that bends one limb keeps
// a few dozen entries instead of two copies of the rig.

#include "bonework/rig.h"

#include <span>
#include <vector>

namespace bonework::editor {

struct PoseChange {
    struct Joint {
        JointIndex joint;
        Rig::JointPose before, after;
    };
    struct Target {
        int chain;
        Vec2 before, after;
    };
    std::vector<Joint> joints;   // in joint order
    std::vector<Target> targets; // in chain order

    bool empty() const { return joints.empty() && targets.empty(); }
    // The entries that change what a user sees (Rig::readsSame): a hold may rewrite how a chain's
    // joint holds its angle without turning it, which undo keeps to the bit but a key ignores.
    PoseChange shown(const Rig& rig) const;
    bool shows(const Rig& rig) const;
    // Memory held, for the undo budget (docs/benchmarks.md).
    std::size_t bytes() const
    {
        return sizeof(*this) + joints.capacity() * sizeof(Joint) + targets.capacity() * sizeof(Target);
    }
    // Puts the before (or after) poses and targets on `rig`, which has the same joints and chains.
    void apply(Rig& rig, bool after) const;
};

// The poses of some joints (and every chain's target) as they were when taken: the start of an
// edit. changesFrom() then lists what the edit changed among them.
class PoseSnapshot {
public:
    void take(const Rig& rig, std::span<const JointIndex> joints); // joints in increasing order
    void takeAll(const Rig& rig);
    PoseChange changesIn(const Rig& rig) const;
    bool isEmpty() const { return m_joints.empty() && m_targets.empty(); }

private:
    void takeTargets(const Rig& rig);
    std::vector<JointIndex> m_joints;
    std::vector<Rig::JointPose> m_poses;
    std::vector<Vec2> m_targets; // every chain's fixed target point
};

} // namespace bonework::editor
