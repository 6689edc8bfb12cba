#include "add_joint_command.h"

#include "document.h"

namespace bonework::editor {

AddJointCommand::AddJointCommand(Document* document, const QString& text, JointDesc joint, bool applied)
    : AppliedCommand(text, applied), m_document(document), m_joint(std::move(joint))
{
}

void AddJointCommand::apply()
{
    m_document->applyStructureChange([this](Rig& rig) { rig.addJoint(m_joint); });
}

void AddJointCommand::revert()
{
    // A new joint is always the last one.
    m_document->applyStructureChange([](Rig& rig) { rig.removeJoint(static_cast<JointIndex>(rig.jointCount() - 1)); });
}

} // namespace bonework::editor
