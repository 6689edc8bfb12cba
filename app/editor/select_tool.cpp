#include "select_tool.h"

#include "document.h"

namespace bonework::editor {

void SelectTool::press(const ToolEvent& event)
{
    Document& document = m_host.editedDocument();
    const int joint = jointUnder(event);
    const int target = chainTargetUnder(event);
    if (target >= 0 && joint < 0) { // joints win where a target sits on one
        document.setSelectedChain(target);
        return;
    }
    document.setSelectedJoint(joint);
    if (joint >= 0 && document.rig().isRoot(joint)) {
        document.posing()->beginMoveRoot(joint);
        m_dragging = true;
    }
}

void SelectTool::move(const ToolEvent& event)
{
    if (m_dragging)
        m_host.editedDocument().posing()->moveRootTo(event.rig.x(), event.rig.y());
}

} // namespace bonework::editor
