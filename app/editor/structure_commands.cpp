#include "structure_commands.h"

#include "document.h"

namespace bonework::editor {

RemoveJointCommand::RemoveJointCommand(Document* document, const QString& text, JointIndex joint,
                                       Rig::SubtreeRecord removed, bool applied)
    : AppliedCommand(text, applied), m_document(document), m_joint(joint), m_removed(std::move(removed))
{
}

void RemoveJointCommand::apply()
{
    m_document->applyStructureChange([this](Rig& rig) { rig.removeJoint(m_joint); });
}

void RemoveJointCommand::revert()
{
    m_document->applyStructureChange([this](Rig& rig) { rig.restoreSubtree(m_removed); });
}

ReparentJointCommand::ReparentJointCommand(Document* document, const QString& text, JointIndex joint,
                                           JointIndex newParent, JointIndex movedTo, Rig::SubtreeRecord before,
                                           bool applied)
    : AppliedCommand(text, applied), m_document(document), m_joint(joint), m_newParent(newParent),
      m_movedTo(movedTo), m_before(std::move(before))
{
}

void ReparentJointCommand::apply()
{
    m_document->applyStructureChange([this](Rig& rig) { rig.reparentJoint(m_joint, m_newParent); });
}

void ReparentJointCommand::revert()
{
    m_document->applyStructureChange([this](Rig& rig) {
        rig.removeJoint(m_movedTo);
        rig.restoreSubtree(m_before);
    });
}

} // namespace bonework::editor
