#include "add_joint_command.h"

#include "document.h"

namespace bonework::editor {

AddJointCommand::AddJointCommand(Document* document, const QString& text, JointDesc joint, bool applied)
    : m_document(document), m_joint(std::move(joint)), m_skipRedo(applied)
{
    setText(text);
}

void AddJointCommand::undo() { m_document->applyJointAdded(m_joint, false); }

void AddJointCommand::redo()
{
    if (m_skipRedo) {
        m_skipRedo = false;
        return;
    }
    m_document->applyJointAdded(m_joint, true);
}

} // namespace bonework::editor
