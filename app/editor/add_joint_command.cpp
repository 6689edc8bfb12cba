#include "add_joint_command.h"

#include "document.h"

namespace bonework::editor {

AddJointCommand::AddJointCommand(Document* document, const QString& text, JointDesc joint, bool applied)
    : AppliedCommand(text, applied), m_document(document), m_joint(std::move(joint))
{
}

void AddJointCommand::apply() { m_document->applyJointAdded(m_joint, true); }

void AddJointCommand::revert() { m_document->applyJointAdded(m_joint, false); }

} // namespace bonework::editor
