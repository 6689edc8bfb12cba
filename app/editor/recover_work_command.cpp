#include "recover_work_command.h"

#include "document.h"

namespace bonework::editor {

RecoverWorkCommand::RecoverWorkCommand(Document* document, const QString& text, Rig before, Rig recovered)
    : m_document(document), m_before(std::move(before)), m_recovered(std::move(recovered))
{
    setText(text);
}

void RecoverWorkCommand::undo() { m_document->replaceRig(m_before); }

void RecoverWorkCommand::redo() { m_document->replaceRig(m_recovered); }

} // namespace bonework::editor
