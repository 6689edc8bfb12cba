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
    return total;
}

} // namespace bonework::editor
