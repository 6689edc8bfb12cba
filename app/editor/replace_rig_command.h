#pragma once
// The undo command that replaces the whole rig at once, whatever the differences: recovering
// unsaved work after a crash (undo goes back to the file as saved) and reloading a file another
// program changed (undo brings back the rig as it was here). It keeps both rigs; it is pushed
// once per recovery or reload, never per edit.

#include "bonework/rig.h"

#include <QUndoCommand>

namespace bonework::editor {

class Document;

class ReplaceRigCommand : public QUndoCommand {
public:
    ReplaceRigCommand(Document* document, const QString& text, Rig before, Rig after);

    void undo() override;
    void redo() override;

private:
    Document* m_document;
    Rig m_before;
    Rig m_after;
};

} // namespace bonework::editor
