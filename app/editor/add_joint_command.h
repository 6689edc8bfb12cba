#pragma once
// The undo command of adding a joint (a root, or a bone drawn from a joint): it keeps the joint's
// description only, not the rig. A new joint is always appended, so undo removes the last joint
// and redo appends the same description again, at the same index.

#include "applied_command.h"

#include "bonework/rig.h"

namespace bonework::editor {

class Document;

class AddJointCommand : public AppliedCommand {
public:
    // `applied`: the joint is in the rig already, so the first redo (QUndoStack::push) does nothing.
    AddJointCommand(Document* document, const QString& text, JointDesc joint, bool applied);

private:
    void apply() override;
    void revert() override;

    Document* m_document;
    JointDesc m_joint;
};

} // namespace bonework::editor
