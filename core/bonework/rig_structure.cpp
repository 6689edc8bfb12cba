// Rig's structural edits: adding, removing, renaming and reparenting joints, and putting a
// removed subtree back (undo). Each keeps every parent before its children, and the chains and
// slots pointing at the right joints.
#include "bonework/rig.h"

#include "bonework/angles.h"
#include "bonework/names.h"
#include "bonework/rig_rules.h"

#include <algorithm>

namespace bonework {

using rig_rules::checkLimits;
using rig_rules::finite;
using rig_rules::quoted;

EditResult Rig::addJoint(const JointDesc& d, JointIndex* added)
{
    if (!d.name.empty() && findJoint(d.name) != kNoJoint)
        return EditResult::refused("there is already a joint named " + quoted(d.name));
    return addJointWithNewName(d, added);
}

EditResult Rig::addJointWithNewName(const JointDesc& d, JointIndex* added)
{
    if (d.name.empty())
        return EditResult::refused("a joint needs a name");
    if (hasControlCharacter(d.name))
        return EditResult::refused("a joint's name must not contain control characters");
    if (d.parent != kNoJoint && !isValidJoint(d.parent))
        return EditResult::refused("the parent joint does not exist");
    if (!finite(d.angle))
        return EditResult::refused("the angle must be a finite number");
    if (d.parent == kNoJoint) {
        if (!finite(d.position))
            return EditResult::refused("the root position must be finite");
        if (!rootWithinReach(d.position))
            return EditResult::refused(rig_rules::kRootTooFar);
        if (d.angle < -180.0 || d.angle > 180.0)
            return EditResult::refused("the rotation must lie within [-180, 180]");
    } else {
        if (!finite(d.length) || d.length <= 0.0)
            return EditResult::refused("the bone length must be greater than 0");
        if (d.length > kMostBoneLength)
            return EditResult::refused(rig_rules::kBoneTooLong);
        if (auto why = checkLimits(d.minAngle, d.maxAngle); !why.empty())
            return EditResult::refused(why);
        if (d.angle < d.minAngle || d.angle > d.maxAngle)
            return EditResult::refused("the angle lies outside its limits");
    }
    appendJoint(d);
    if (added)
        *added = static_cast<JointIndex>(jointCount() - 1);
    return EditResult::success();
}

namespace {

// Whether a chain needs a joint that `removed` marks: such a chain goes with the joint.
bool usesRemoved(const Chain& c, const std::vector<unsigned char>& removed)
{
    return removed[c.root] || removed[c.tip] || (c.target.isAttached() && removed[c.target.joint]);
}

} // namespace

std::vector<unsigned char> Rig::subtreeMarks(JointIndex j) const
{
    std::vector<unsigned char> marks(jointCount(), 0);
    for (JointIndex r : subtree(j))
        marks[r] = 1;
    return marks;
}

EditResult Rig::removeJoint(JointIndex j)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    const std::vector<unsigned char> removed = subtreeMarks(j);

    std::vector<JointIndex> newToOld;
    newToOld.reserve(jointCount());
    for (std::size_t i = 0; i < jointCount(); ++i)
        if (!removed[i])
            newToOld.push_back(static_cast<JointIndex>(i));

    std::erase_if(m_chains, [&](const Chain& c) { return usesRemoved(c, removed); });
    std::erase_if(m_slots, [&](const Slot& s) { return removed[s.joint] != 0; });
    applyPermutation(newToOld);
    dropRemovedTracks();
    return EditResult::success();
}

EditResult Rig::renameJoint(JointIndex j, std::string_view newName)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (newName.empty())
        return EditResult::refused("a joint needs a name");
    if (hasControlCharacter(newName))
        return EditResult::refused("a joint's name must not contain control characters");
    const JointIndex other = findJoint(newName);
    if (other != kNoJoint && other != j)
        return EditResult::refused("there is already a joint named " + quoted(newName));
    renameTracks(0, m_names[j], std::string(newName));
    m_names[j] = std::string(newName);
    return EditResult::success();
}

EditResult Rig::reparentJoint(JointIndex j, JointIndex newParent)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (newParent != kNoJoint && !isValidJoint(newParent))
        return EditResult::refused("the new parent does not exist");
    if (newParent == m_parent[j])
        return EditResult::success();
    if (newParent == j || (newParent != kNoJoint && isAncestor(j, newParent)))
        return EditResult::refused(quoted(m_names[newParent]) + " is part of " + quoted(m_names[j])
                                   + "'s own subtree: reparenting would make a cycle");

    // World frames before the change, to keep j where it is on screen.
    std::vector<Vec2> pos(jointCount());
    std::vector<Rotation> rot(jointCount());
    for (std::size_t i = 0; i < jointCount(); ++i) {
        const JointIndex p = m_parent[i];
        if (p == kNoJoint) {
            pos[i] = m_rootPosition[i];
            rot[i] = m_localRotation[i];
        } else {
            rot[i] = rot[p] * m_localRotation[i];
            pos[i] = pos[p] + rot[i].direction() * m_length[i];
        }
    }

    Rig candidate = *this;
    if (newParent == kNoJoint) {
        // A joint at the end of a long branch may lie past where a root may (kMostRootCoordinate).
        if (!rootWithinReach(pos[j]))
            return EditResult::refused(quoted(m_names[j]) + " lies too far from the origin to be a root: "
                                       + rig_rules::kRootTooFar);
        candidate.m_parent[j] = kNoJoint;
        candidate.m_rootPosition[j] = pos[j];
        candidate.m_length[j] = 0.0;
        candidate.m_min[j] = kMinLimit;
        candidate.m_max[j] = kMaxLimit;
        candidate.m_angle[j] = rot[j].degrees();
    } else {
        const Vec2 offset = pos[j] - pos[newParent];
        const double len = norm(offset);
        if (!(len > 1e-9))
            return EditResult::refused(quoted(m_names[j]) + " sits on " + quoted(m_names[newParent])
                                       + ": move it away before reparenting");
        if (len > kMostBoneLength)
            return EditResult::refused(quoted(m_names[j]) + " lies too far from " + quoted(m_names[newParent]) + ": "
                                       + rig_rules::kBoneTooLong);
        const Rotation boneWorld{offset.x / len, offset.y / len};
        const double a = (rot[newParent].inverse() * boneWorld).degrees();
        candidate.m_parent[j] = newParent;
        candidate.m_length[j] = len;
        candidate.m_angle[j] = a;
        candidate.m_min[j] = std::min(m_parent[j] == kNoJoint ? kMinLimit : m_min[j], a);
        candidate.m_max[j] = std::max(m_parent[j] == kNoJoint ? kMaxLimit : m_max[j], a);
    }
    candidate.m_localRotation[j] = Rotation::fromDegrees(candidate.m_angle[j]);
    // Children of j keep their local angles relative to j's bone; re-express them so their world
    // positions stay too.
    const Rotation change = (newParent == kNoJoint ? Rotation{} : rot[newParent]) * candidate.m_localRotation[j];
    const Rotation correction = change.inverse() * rot[j];
    if (!(correction == Rotation{})) {
        for (JointIndex c : children(j)) {
            const double a = wrapDegrees(correction.degrees() + angle(c));
            candidate.m_angle[c] = a;
            candidate.m_localRotation[c] = Rotation::fromDegrees(a);
            candidate.m_min[c] = std::min(m_min[c], a);
            candidate.m_max[c] = std::max(m_max[c], a);
            candidate.refreshRotationLimits(c);
        }
    }
    candidate.refreshRotationLimits(j);
    for (std::size_t ci = 0; ci < candidate.m_chains.size(); ++ci) {
        const Chain& c = candidate.m_chains[ci];
        // Every rule of a chain, not only "the root is above the tip": a two-bone chain must
        // stay two bones long.
        if (!candidate.checkChain(c, static_cast<int>(ci)).empty())
            return EditResult::refused("reparenting would break the chain " + quoted(c.name));
    }
    candidate.keepSlotsInPlace(j, *this);
    // Kept where they are on screen, j's images may lie farther from its new frame than a slot
    // may lie from its bone (kMostSlotOffset).
    for (std::size_t k = 0; k < candidate.m_slots.size(); ++k)
        if (candidate.m_slots[k].joint == j)
            if (auto why = candidate.checkSlot(candidate.m_slots[k], static_cast<int>(k)); !why.empty())
                return EditResult::refused("reparenting would take the slot " + quoted(candidate.m_slots[k].name)
                                           + " too far from its bone: " + why);
    candidate.clampAngleKeys(j);
    candidate.restoreParentOrder(j);
    candidate.recomputeSubtreePins();
    candidate.recomputeChildLinks();
    *this = std::move(candidate);
    return EditResult::success();
}

void Rig::restoreParentOrder(JointIndex moved)
{
    const JointIndex parent = m_parent[moved];
    if (parent < moved)
        return; // still every parent before its children
    // Move the subtree's block, in its own order, to just after the new parent's last
    // descendant: it becomes the parent's last child, and every other joint keeps its order.
    const std::size_t n = jointCount();
    const std::vector<unsigned char> block = subtreeMarks(moved);
    std::vector<unsigned char> underParent(n, 0);
    underParent[parent] = 1;
    JointIndex last = parent;
    for (std::size_t i = static_cast<std::size_t>(parent) + 1; i < n; ++i) {
        if (!block[i] && m_parent[i] != kNoJoint && underParent[m_parent[i]]) {
            underParent[i] = 1;
            last = static_cast<JointIndex>(i);
        }
    }
    std::vector<JointIndex> newToOld;
    newToOld.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (block[i])
            continue;
        newToOld.push_back(static_cast<JointIndex>(i));
        if (static_cast<JointIndex>(i) == last)
            for (std::size_t k = 0; k < n; ++k)
                if (block[k])
                    newToOld.push_back(static_cast<JointIndex>(k));
    }
    applyPermutation(newToOld);
}

void Rig::applyPermutation(const std::vector<JointIndex>& newToOld)
{
    std::vector<JointIndex> oldToNew(jointCount(), kNoJoint);
    for (std::size_t i = 0; i < newToOld.size(); ++i)
        oldToNew[newToOld[i]] = static_cast<JointIndex>(i);

    auto permute = [&](auto& v) {
        std::remove_reference_t<decltype(v)> out;
        out.reserve(newToOld.size());
        for (JointIndex old : newToOld)
            out.push_back(std::move(v[old]));
        v = std::move(out);
    };
    permute(m_names);
    permute(m_parent);
    permute(m_length);
    permute(m_angle);
    permute(m_min);
    permute(m_max);
    permute(m_pinned);
    permute(m_rootPosition);
    permute(m_localRotation);
    permute(m_limits);
    for (JointIndex& p : m_parent)
        if (p != kNoJoint)
            p = oldToNew[p];
    recomputeSubtreePins();
    recomputeChildLinks();
    for (Chain& c : m_chains) {
        c.root = oldToNew[c.root];
        c.tip = oldToNew[c.tip];
        if (c.target.isAttached())
            c.target.joint = oldToNew[c.target.joint];
    }
    for (Slot& slot : m_slots)
        slot.joint = oldToNew[slot.joint];
}

Rig::SubtreeRecord Rig::recordSubtree(JointIndex j) const
{
    SubtreeRecord record;
    record.indices = subtree(j);
    for (JointIndex r : record.indices) {
        record.joints.push_back(joint(r));
        record.poses.push_back(pose(r));
    }
    const std::vector<unsigned char> removed = subtreeMarks(j);
    for (std::size_t c = 0; c < m_chains.size(); ++c) {
        if (usesRemoved(m_chains[c], removed)) {
            record.chainIndices.push_back(static_cast<int>(c));
            record.chains.push_back(m_chains[c]);
        }
    }
    for (std::size_t k = 0; k < m_slots.size(); ++k) {
        if (removed[m_slots[k].joint]) {
            record.slotIndices.push_back(static_cast<int>(k));
            record.slotList.push_back(m_slots[k]);
        }
    }
    record.animations = m_animations;
    return record;
}

void Rig::restoreSubtree(const SubtreeRecord& record)
{
    // Merge the rig's joints and the record's into a new rig in index order: a recorded joint
    // takes its recorded index, the others keep their order around it.
    const std::size_t total = jointCount() + record.indices.size();
    std::vector<JointIndex> oldToNew(jointCount(), kNoJoint);
    Rig merged;
    merged.m_name = m_name;
    merged.reserve(total);
    std::size_t next = 0, old = 0;
    for (std::size_t i = 0; i < total; ++i) {
        const bool recorded = next < record.indices.size() && record.indices[next] == static_cast<JointIndex>(i);
        JointDesc desc;
        JointPose pose;
        if (recorded) {
            desc = record.joints[next];
            pose = record.poses[next++];
        } else {
            const auto j = static_cast<JointIndex>(old++);
            desc = joint(j);
            pose = this->pose(j);
            if (desc.parent != kNoJoint)
                desc.parent = oldToNew[desc.parent];
            oldToNew[j] = static_cast<JointIndex>(i);
        }
        merged.appendJoint(desc);
        merged.setPose(static_cast<JointIndex>(i), pose);
    }
    merged.m_chains.reserve(m_chains.size() + record.chains.size());
    for (Chain c : m_chains) {
        c.root = oldToNew[c.root];
        c.tip = oldToNew[c.tip];
        if (c.target.isAttached())
            c.target.joint = oldToNew[c.target.joint];
        merged.m_chains.push_back(std::move(c));
    }
    for (std::size_t k = 0; k < record.chains.size(); ++k)
        merged.m_chains.insert(merged.m_chains.begin() + record.chainIndices[k], record.chains[k]);
    merged.m_slots.reserve(m_slots.size() + record.slotList.size());
    for (Slot slot : m_slots) {
        slot.joint = oldToNew[slot.joint];
        merged.m_slots.push_back(std::move(slot));
    }
    for (std::size_t k = 0; k < record.slotList.size(); ++k)
        merged.m_slots.insert(merged.m_slots.begin() + record.slotIndices[k], record.slotList[k]);
    merged.m_animations = record.animations;
    *this = std::move(merged);
}

} // namespace bonework
