#pragma once
// The undo command behind every edit: the rig before and after. A rig is flat arrays, so a copy
// is cheap and restoring one is exact; one class serves every kind of edit, named by its text
// ("Rename elbow", "Move hand"). Commands with the same merge key (one drag) merge into one step.

#include "bonework/rig.h"

#include <QUndoCommand>

namespace bonework::editor {

class Document;

class RigSnapshotCommand : public QUndoCommand {
public:
    // mergeKey 0: never merges. Otherwise commands pushed in a row with the same key merge.
    RigSnapshotCommand(Document* document, const QString& text, Rig before, Rig after, quint64 mergeKey = 0);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey ? kMergeableId : -1; }
    bool mergeWith(const QUndoCommand* other) override;

    const Rig& before() const { return m_before; }
    const Rig& after() const { return m_after; }

private:
    static constexpr int kMergeableId = 0x426f6e65; // "Bone"
    Document* m_document;
    Rig m_before;
    Rig m_after;
    quint64 m_mergeKey;
};

} // namespace bonework::editor
