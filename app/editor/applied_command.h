#pragma once
// An undo command whose change is on the rig already when it is pushed (a drag solved in place,
// a joint the rig has just taken): the first redo, which QUndoStack::push calls, does nothing;
// later redos put the change back. Subclasses say how to apply and revert it.

#include <QUndoCommand>

namespace bonework::editor {

class AppliedCommand : public QUndoCommand {
public:
    void redo() final
    {
        if (m_skipRedo) {
            m_skipRedo = false;
            return;
        }
        apply();
    }
    void undo() final { revert(); }

protected:
    // `applied`: the change is on the rig already.
    AppliedCommand(const QString& text, bool applied) : m_skipRedo(applied) { setText(text); }
    virtual void apply() = 0;
    virtual void revert() = 0;

private:
    bool m_skipRedo;
};

} // namespace bonework::editor
