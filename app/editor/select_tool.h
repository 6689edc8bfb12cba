#pragma once
// The Select tool: a click selects the joint or chain target under it, else the topmost image
// (slot) under it, or clears the selection; dragging a root moves it, dragging an image or one
// of the selected image's handles (slot_handles.h) moves, rotates, scales it or moves its pivot;
// each drag is one undo step. With bones hidden (View > Show Bones), images alone are picked.
// A drag from a joint it does not move (not a root) or a chain target says, once, that the
// Pose tool moves those: nothing moving with no word looked broken.

#include "canvas_tool.h"
#include "slot_handles.h"

namespace bonework::editor {

class SelectTool : public PoseDragTool {
public:
    explicit SelectTool(CanvasToolHost& host) : PoseDragTool(host) {}
    void press(const ToolEvent& event) override;
    void move(const ToolEvent& event) override;
    void release(const ToolEvent& event) override;
    void cancel() override;
    void paintOverlay(drawing::CanvasSurface& surface, const drawing::CanvasView& view) const override;

private:
    bool pressSlot(const ToolEvent& event);
    SlotHandle m_slotHandle = SlotHandle::None; // the slot drag under way, if any
    QString m_poseHint; // said when the press on a joint or target becomes a drag; empty: nothing to say
    QPointF m_pressView;
    Slot m_slotStart;
    QPointF m_pressRig;
    WorldTransform m_frame;
    QSizeF m_imageSize;
};

} // namespace bonework::editor
