#pragma once
// The undo command of View > Node Shape: how the editor draws joints (a setting the rig file
// keeps for the editor, io::EditorSettings), before and after.

#include "bonework/io/editor_settings.h"

#include <QUndoCommand>

namespace bonework::editor {

class Document;

class NodeShapeCommand : public QUndoCommand {
public:
    NodeShapeCommand(Document* document, io::NodeShape before, io::NodeShape after);
    void undo() override;
    void redo() override;

private:
    Document* m_document;
    io::NodeShape m_before, m_after;
};

} // namespace bonework::editor
