#include "add_bone_tool.h"

#include "document.h"
#include "rig_painter.h"

#include "bonework/bone_placement.h"


#include <cmath>

namespace bonework::editor {
namespace {

constexpr double kMinimumDragPixels = 4.0; // shorter is a click, not a bone

} // namespace

void AddBoneTool::press(const ToolEvent& event)
{
    Document& document = m_host.editedDocument();
    const int joint = jointUnder(event);
    m_from = joint >= 0 ? joint : document.addRoot(event.rig.x(), event.rig.y());
    if (m_from < 0)
        return;
    document.setSelectedJoint(m_from);
    m_host.refreshWorld(); // a root just added has no world transform yet
    m_end = event.rig;
}

QPointF AddBoneTool::boneEnd(const ToolEvent& event) const
{
    if (!(event.modifiers & Qt::ShiftModifier))
        return event.rig;
    return drawing::toPoint(snapBoneEnd(m_host.world()[m_from], {event.rig.x(), event.rig.y()}));
}

void AddBoneTool::move(const ToolEvent& event)
{
    if (m_from < 0)
        return;
    m_end = boneEnd(event);
    m_host.requestUpdate();
}

void AddBoneTool::release(const ToolEvent& event)
{
    if (m_from < 0)
        return;
    const QPointF end = boneEnd(event);
    const QPointF from = drawing::toPoint(m_host.world()[m_from].position);
    if (std::hypot(end.x() - from.x(), end.y() - from.y()) * m_host.view().zoom >= kMinimumDragPixels)
        m_host.editedDocument().addBone(m_from, end.x(), end.y());
    m_from = -1;
}

void AddBoneTool::paintOverlay(drawing::CanvasSurface& surface, const drawing::CanvasView& view) const
{
    if (m_from < 0 || static_cast<std::size_t>(m_from) >= m_host.world().size())
        return;
    const drawing::Stroke dashed{drawing::RigPainter::kSelection, 2, {4.0, 2.0}}; // QPen's Qt::DashLine
    surface.line(view.fromRig(drawing::toPoint(m_host.world()[m_from].position)), view.fromRig(m_end), dashed);
}

} // namespace bonework::editor
