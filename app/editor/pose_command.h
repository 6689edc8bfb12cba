#pragma once
// The undo command of a pose edit: a drag (Pose tool, moving a root), Reset Pose, Keep Pose. It
// keeps only what changed (PoseChange). A drag pushes one per mouse move, each relative to the
// drag's start, and they merge into one step (the drag's serial is the merge key, so the next
// drag starts a new step); a drag that ends where it began leaves no step (obsolete).

#include "applied_command.h"
#include "pose_change.h"

namespace bonework::editor {

class Document;

class PoseCommand : public AppliedCommand {
public:
    // `applied`: the change is on the rig already (a drag solves in place), so the first redo,
    // which QUndoStack::push calls, has nothing to do.
    PoseCommand(Document* document, const QString& text, PoseChange change, quint64 mergeKey, bool applied);

    int id() const override { return m_mergeKey ? kPoseDragId : -1; }
    bool mergeWith(const QUndoCommand* other) override;

    const PoseChange& change() const { return m_change; }

private:
    void apply() override;
    void revert() override;

    static constexpr int kPoseDragId = 0x506f7365; // "Pose"
    Document* m_document;
    PoseChange m_change;
    quint64 m_mergeKey;
};

} // namespace bonework::editor
