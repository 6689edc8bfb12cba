#include "rig_edit_command.h"

#include "document.h"

namespace bonework::editor {
namespace {

bool sameSkeleton(const Rig& a, const Rig& b)
{
    if (a.jointCount() != b.jointCount())
        return false;
    for (std::size_t i = 0; i < a.jointCount(); ++i)
        if (a.parent(static_cast<JointIndex>(i)) != b.parent(static_cast<JointIndex>(i)))
            return false;
    return true;
}

bool sameJoint(const Rig& a, const Rig& b, JointIndex j)
{
    return a.jointName(j) == b.jointName(j) && a.length(j) == b.length(j) && a.minAngle(j) == b.minAngle(j)
           && a.maxAngle(j) == b.maxAngle(j) && a.isPinned(j) == b.isPinned(j) && a.pose(j) == b.pose(j);
}

} // namespace

RigEditCommand::RigEditCommand(Document* document, const QString& text) : m_document(document) { setText(text); }

std::unique_ptr<RigEditCommand> RigEditCommand::between(Document* document, const QString& text, const Rig& before,
                                                        const Rig& after)
{
    if (!sameSkeleton(before, after))
        return nullptr;
    std::unique_ptr<RigEditCommand> command(new RigEditCommand(document, text));
    for (std::size_t i = 0; i < before.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (!sameJoint(before, after, j)) {
            command->m_before.push_back({j, before.joint(j), before.pose(j)});
            command->m_after.push_back({j, after.joint(j), after.pose(j)});
        }
    }
    if (before.chains() != after.chains()) {
        command->m_chainsBefore = before.chains();
        command->m_chainsAfter = after.chains();
    }
    if (before.animations() != after.animations()) {
        command->m_animationsBefore = before.animations();
        command->m_animationsAfter = after.animations();
    }
    const std::vector<Slot>& slotsBefore = before.slotList();
    const std::vector<Slot>& slotsAfter = after.slotList();
    if (slotsBefore.size() != slotsAfter.size()) {
        command->m_slotsBefore = slotsBefore;
        command->m_slotsAfter = slotsAfter;
    } else {
        for (std::size_t i = 0; i < slotsBefore.size(); ++i)
            if (!(slotsBefore[i] == slotsAfter[i]))
                command->m_slotChanges.push_back({static_cast<int>(i), slotsBefore[i], slotsAfter[i]});
    }
    command->m_nameBefore = before.name();
    command->m_nameAfter = after.name();
    return command;
}

void RigEditCommand::apply(Rig& rig, bool after) const
{
    for (const JointRecord& r : after ? m_after : m_before)
        rig.restoreJoint(r.joint, r.desc, r.pose);
    if (m_chainsBefore)
        rig.restoreChains(after ? *m_chainsAfter : *m_chainsBefore);
    if (m_animationsBefore)
        rig.restoreAnimations(after ? *m_animationsAfter : *m_animationsBefore);
    if (m_slotsBefore) {
        rig.restoreSlots(after ? *m_slotsAfter : *m_slotsBefore);
    } else if (!m_slotChanges.empty()) {
        std::vector<Slot> list = rig.slotList();
        for (const SlotRecord& r : m_slotChanges)
            list[static_cast<std::size_t>(r.index)] = after ? r.after : r.before;
        rig.restoreSlots(std::move(list));
    }
    rig.setName(after ? m_nameAfter : m_nameBefore);
}

void RigEditCommand::undo() { m_document->applyRigEdit(*this, false); }

void RigEditCommand::redo() { m_document->applyRigEdit(*this, true); }

std::size_t RigEditCommand::bytes() const
{
    std::size_t total = sizeof(*this) + (m_before.capacity() + m_after.capacity()) * sizeof(JointRecord);
    for (const auto* side : {&m_before, &m_after})
        for (const JointRecord& r : *side)
            total += r.desc.name.capacity();
    if (m_chainsBefore)
        total += (m_chainsBefore->capacity() + m_chainsAfter->capacity()) * sizeof(Chain);
    if (m_animationsBefore) // the clips' shells; their keys are counted roughly, by track
        for (const auto* side : {&*m_animationsBefore, &*m_animationsAfter})
            for (const animation::Clip& clip : *side)
                total += sizeof(clip) + (clip.joints.size() + clip.chains.size() + clip.slotTracks.size()) * 128;
    const auto slotBytes = [](const Slot& s) { return sizeof(Slot) + s.name.capacity() + s.image.capacity(); };
    for (const SlotRecord& r : m_slotChanges)
        total += slotBytes(r.before) + slotBytes(r.after);
    if (m_slotsBefore)
        for (const auto* list : {&*m_slotsBefore, &*m_slotsAfter})
            for (const Slot& s : *list)
                total += slotBytes(s);
    return total;
}

} // namespace bonework::editor
