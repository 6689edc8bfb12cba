#pragma once
// The undo commands of structural edits that shift joint indices: removing a joint (with its
// subtree) and reparenting one. Each keeps the affected subtree as it stood (Rig::SubtreeRecord),
// not the rig: undo puts the record back, redo repeats the edit, which gives the same result on
// the same rig.

#include "applied_command.h"

#include "bonework/rig.h"

namespace bonework::editor {

class Document;

class RemoveJointCommand : public AppliedCommand {
public:
    // `removed`: recordSubtree(joint) read before the removal. `applied`: the joint is gone already.
    RemoveJointCommand(Document* document, const QString& text, JointIndex joint, Rig::SubtreeRecord removed,
                       bool applied);
    // How many joints the command keeps (the removed subtree's).
    std::size_t keptJoints() const { return m_removed.joints.size(); }

private:
    void apply() override;
    void revert() override;

    Document* m_document;
    JointIndex m_joint;
    Rig::SubtreeRecord m_removed;
};

class ReparentJointCommand : public AppliedCommand {
public:
    // `before`: recordSubtree(joint) read before the reparent; `movedTo`: the joint's index after
    // it (a reparent under a later joint moves the subtree's block). `applied`: done already.
    ReparentJointCommand(Document* document, const QString& text, JointIndex joint, JointIndex newParent,
                         JointIndex movedTo, Rig::SubtreeRecord before, bool applied);
    std::size_t keptJoints() const { return m_before.joints.size(); }

private:
    void apply() override;
    void revert() override;

    Document* m_document;
    JointIndex m_joint;
    JointIndex m_newParent;
    JointIndex m_movedTo;
    Rig::SubtreeRecord m_before;
};

} // namespace bonework::editor
