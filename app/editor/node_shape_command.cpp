#include "node_shape_command.h"

#include "document.h"

namespace bonework::editor {

NodeShapeCommand::NodeShapeCommand(Document* document, io::NodeShape before, io::NodeShape after)
    : m_document(document), m_before(before), m_after(after)
{
    setText(QObject::tr("Draw nodes as %1").arg(QString::fromLatin1(io::nodeShapeName(after))));
}

void NodeShapeCommand::undo() { m_document->applyNodeShape(m_before); }

void NodeShapeCommand::redo() { m_document->applyNodeShape(m_after); }

} // namespace bonework::editor
