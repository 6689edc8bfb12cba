#include "pose_command.h"

#include "document.h"

namespace bonework::editor {

PoseCommand::PoseCommand(Document* document, const QString& text, PoseChange change, quint64 mergeKey, bool applied)
    : AppliedCommand(text, applied), m_document(document), m_change(std::move(change)), m_mergeKey(mergeKey)
{
}

void PoseCommand::apply() { m_document->applyPoseChange(m_change, true); }

void PoseCommand::revert() { m_document->applyPoseChange(m_change, false); }

bool PoseCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const PoseCommand*>(other);
    if (m_mergeKey == 0 || next->m_mergeKey != m_mergeKey)
        return false;
    // Both are relative to the drag's start: the later one says everything. QUndoStack deletes
    // `other` right after a merge, so its change can be moved rather than copied.
    m_change = std::move(const_cast<PoseCommand*>(next)->m_change);
    setObsolete(m_change.empty());
    return true;
}

} // namespace bonework::editor
