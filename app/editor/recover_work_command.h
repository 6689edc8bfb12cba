#pragma once
// The undo command of recovering unsaved work after a crash: the autosaved rig replaces the one
// opened, whatever their differences, so this one command keeps both rigs. Undo goes back to
// the file as saved; it is pushed once per recovery, never per edit.

#include "bonework/rig.h"

#include <QUndoCommand>

namespace bonework::editor {

class Document;

class RecoverWorkCommand : public QUndoCommand {
public:
    RecoverWorkCommand(Document* document, const QString& text, Rig before, Rig recovered);

    void undo() override;
    void redo() override;

private:
    Document* m_document;
    Rig m_before;
    Rig m_recovered;
};

} // namespace bonework::editor
