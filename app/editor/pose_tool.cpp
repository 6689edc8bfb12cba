#include "pose_tool.h"

#include "document.h"

namespace bonework::editor {

void PoseTool::press(const ToolEvent& event)
{
    Document& document = m_host.editedDocument();
    const int joint = jointUnder(event);
    const int target = chainTargetUnder(event);
    if (target >= 0 && joint < 0) {
        document.setSelectedChain(target);
        document.posing()->beginTargetDrag(target);
        m_dragging = true;
    } else if (joint >= 0) {
        document.setSelectedJoint(joint);
        document.posing()->beginPose(joint);
        m_dragging = true;
    }
}

void PoseTool::move(const ToolEvent& event)
{
    if (m_dragging)
        m_host.editedDocument().posing()->poseTo(event.rig.x(), event.rig.y());
}

} // namespace bonework::editor
