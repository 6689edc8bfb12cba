#include "replace_rig_command.h"

#include "document.h"

namespace bonework::editor {

ReplaceRigCommand::ReplaceRigCommand(Document* document, const QString& text, Rig before, Rig after)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after))
{
    setText(text);
}

void ReplaceRigCommand::undo() { m_document->replaceRig(m_before); }

void ReplaceRigCommand::redo() { m_document->replaceRig(m_after); }

} // namespace bonework::editor
