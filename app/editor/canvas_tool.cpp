#include "canvas_tool.h"

#include "canvas_hit_test.h"
#include "document.h"

namespace bonework::editor {

int CanvasTool::jointUnder(const ToolEvent& event) const
{
    return jointAt(m_host.editedDocument().rig(), m_host.world(), m_host.view(), event.view);
}

int CanvasTool::chainTargetUnder(const ToolEvent& event) const
{
    return chainTargetAt(m_host.editedDocument(), m_host.view(), event.view);
}

void PoseDragTool::cancel()
{
    if (m_dragging)
        m_host.editedDocument().posing()->endDrag(); // what moved so far stays, as one undo step
    m_dragging = false;
}

} // namespace bonework::editor
