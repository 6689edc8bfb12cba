#pragma once
// The undo command of an edit that keeps the skeleton (the same joints under the same parents):
// a rename, a length, an angle, limits, a pin, a root's place, a chain added, changed or
// removed, the rig's name, a slot (image) added, changed, moved or removed. It keeps the joints,
// chains and slots the edit changed, before and after, not two copies of the rig: on a
// 10,000-joint rig a rename keeps one joint, a slot's new opacity keeps that slot.
// Edits that change the skeleton have commands of their own (add_joint_command.h,
// structure_commands.h).

#include "bonework/rig.h"

#include <QUndoCommand>

#include <memory>
#include <optional>
#include <vector>

namespace bonework::editor {

class Document;

class RigEditCommand : public QUndoCommand {
public:
    struct JointRecord {
        JointIndex joint;
        JointDesc desc;
        Rig::JointPose pose;
    };
    // What changed from `before` to `after`; null when their skeletons differ.
    static std::unique_ptr<RigEditCommand> between(Document* document, const QString& text, const Rig& before,
                                                   const Rig& after);

    void undo() override;
    void redo() override;

    // Puts the before (or after) side on `rig`.
    void apply(Rig& rig, bool after) const;
    // The edit moved the whole rig by `shift` (its origin moved, rig_origin.h): the canvas
    // moves its view along, so the rig stays where it was on screen.
    void setShift(Vec2 shift) { m_shift = shift; }
    Vec2 shift() const { return m_shift; }
    // Memory held, for the undo budget.
    std::size_t bytes() const;

private:
    RigEditCommand(Document* document, const QString& text);
    Document* m_document;
    std::vector<JointRecord> m_before, m_after;
    std::optional<std::vector<Chain>> m_chainsBefore, m_chainsAfter;
    // The clips, when the edit changed them (a rename or removal their tracks follow).
    std::optional<std::vector<animation::Clip>> m_animationsBefore, m_animationsAfter;
    // Slots: the changed ones with their indices when the draw order kept its length,
    // otherwise the whole lists (an add, a removal).
    struct SlotRecord {
        int index;
        Slot before, after;
    };
    std::vector<SlotRecord> m_slotChanges;
    std::optional<std::vector<Slot>> m_slotsBefore, m_slotsAfter;
    std::string m_nameBefore, m_nameAfter;
    Vec2 m_shift{};
};

} // namespace bonework::editor
