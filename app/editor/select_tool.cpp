#include "select_tool.h"

#include "document.h"

#include "bonework/slot_placement.h"

#include <QLineF>

namespace bonework::editor {
namespace {

QString dragName(SlotHandle handle, const QString& name)
{
    switch (handle) {
    case SlotHandle::Rotate: return QObject::tr("Rotate %1").arg(name);
    case SlotHandle::Scale: return QObject::tr("Scale %1").arg(name);
    case SlotHandle::Pivot: return QObject::tr("Move pivot of %1").arg(name);
    default: return QObject::tr("Move %1").arg(name);
    }
}

// Shift takes the pivot marker where it lies on the image (plain drags there move the image).
bool pivotKey(const ToolEvent& event) { return event.modifiers.testFlag(Qt::ShiftModifier); }

} // namespace

void SelectTool::press(const ToolEvent& event)
{
    Document& document = m_host.editedDocument();
    // The selected image's handles first: they sit on top of everything.
    const SlotHandle handle = document.selectedSlot() >= 0 ? slotHandleAt(document, m_host.world(), m_host.view(),
                                                                           document.selectedSlot(), event.view, pivotKey(event))
                                                           : SlotHandle::None;
    if (handle != SlotHandle::None && handle != SlotHandle::Move) {
        pressSlot(event);
        return;
    }
    const bool bones = m_host.bonesShown();
    const int joint = bones ? jointUnder(event) : -1;
    const int target = bones ? chainTargetUnder(event) : -1;
    m_pressView = event.view;
    m_poseHint.clear();
    if (target >= 0 && joint < 0) { // joints win where a target sits on one
        document.setSelectedChain(target);
        m_poseHint = QObject::tr("The Select tool moves roots and images: drag chain targets with the Pose tool (R)");
        return;
    }
    if (joint < 0 && pressSlot(event))
        return;
    document.setSelectedJoint(joint);
    if (joint < 0)
        document.setSelectedSlot(-1);
    if (joint >= 0 && document.rig().isRoot(joint)) {
        document.posing()->beginMoveRoot(joint);
        m_dragging = true;
    } else if (joint >= 0) {
        m_poseHint = QObject::tr("The Select tool moves roots and images: turn joints with the Pose tool (R)");
    }
}

bool SelectTool::pressSlot(const ToolEvent& event)
{
    Document& document = m_host.editedDocument();
    int index = document.selectedSlot();
    SlotHandle handle = slotHandleAt(document, m_host.world(), m_host.view(), index, event.view, pivotKey(event));
    if (handle == SlotHandle::None) {
        index = slotUnder(document, m_host.world(), m_host.view(), event.view);
        if (index < 0)
            return false;
        handle = SlotHandle::Move;
    }
    document.setSelectedSlot(index);
    if (!document.beginSlotDrag(index))
        return true;
    m_slotHandle = handle;
    m_slotStart = document.rig().slotList()[static_cast<std::size_t>(index)];
    m_pressRig = event.rig;
    m_frame = slotFrame(document.rig(), m_host.world(), m_slotStart.joint);
    m_imageSize = document.slotImages().size(m_slotStart.image);
    return true;
}

void SelectTool::move(const ToolEvent& event)
{
    if (m_slotHandle != SlotHandle::None) {
        m_host.editedDocument().dragSlot(draggedSlot(m_slotStart, m_slotHandle, m_pressRig, event.rig, m_frame, m_imageSize));
        return;
    }
    if (m_dragging)
        m_host.editedDocument().posing()->moveRootTo(event.rig.x(), event.rig.y());
    // A few pixels make it a drag, not a click's wobble.
    if (!m_poseHint.isEmpty() && QLineF(m_pressView, event.view).length() > 4.0) {
        emit m_host.editedDocument().notice(m_poseHint);
        m_poseHint.clear();
    }
}

void SelectTool::release(const ToolEvent& event)
{
    if (m_slotHandle != SlotHandle::None)
        move(event);
    cancel();
}

void SelectTool::cancel()
{
    m_poseHint.clear();
    if (m_slotHandle != SlotHandle::None) {
        m_host.editedDocument().endSlotDrag(dragName(m_slotHandle, QString::fromStdString(m_slotStart.name)));
        m_slotHandle = SlotHandle::None;
        return;
    }
    PoseDragTool::cancel();
}

void SelectTool::paintOverlay(drawing::CanvasSurface& surface, const drawing::CanvasView& view) const
{
    const Document& document = m_host.editedDocument();
    paintSlotHandles(surface, view, document, m_host.world(), document.selectedSlot());
}

} // namespace bonework::editor
