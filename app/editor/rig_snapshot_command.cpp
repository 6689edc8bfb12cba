#include "rig_snapshot_command.h"

#include "document.h"

namespace bonework::editor {

RigSnapshotCommand::RigSnapshotCommand(Document* document, const QString& text, Rig before, Rig after,
                                       quint64 mergeKey)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after)), m_mergeKey(mergeKey)
{
    setText(text);
}

void RigSnapshotCommand::undo() { m_document->replaceRig(m_before); }

void RigSnapshotCommand::redo() { m_document->replaceRig(m_after); }

bool RigSnapshotCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const RigSnapshotCommand*>(other);
    if (next->m_mergeKey != m_mergeKey || m_mergeKey == 0)
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace bonework::editor
