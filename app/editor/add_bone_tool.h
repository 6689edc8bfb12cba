#pragma once
// The Add Bone tool: press on a joint (or on empty canvas, which adds a root there) and drag to
// where the new bone should end; Shift snaps its direction (bone_placement.h). A click without
// a drag adds nothing but the root.

#include "canvas_tool.h"

namespace bonework::editor {

class AddBoneTool : public CanvasTool {
public:
    explicit AddBoneTool(CanvasToolHost& host) : CanvasTool(host) {}
    void press(const ToolEvent& event) override;
    void move(const ToolEvent& event) override;
    void release(const ToolEvent& event) override;
    void cancel() override { m_from = -1; }
    void paintOverlay(drawing::CanvasSurface& surface, const drawing::CanvasView& view) const override;

private:
    QPointF boneEnd(const ToolEvent& event) const;

    int m_from = -1; // the joint the bone grows from, while drawing
    QPointF m_end;   // rig coordinates
};

} // namespace bonework::editor
