#pragma once
// The Select tool: a click selects the joint or chain target under it (or clears the
// selection); dragging a root moves it, as one undo step.

#include "canvas_tool.h"

namespace bonework::editor {

class SelectTool : public PoseDragTool {
public:
    explicit SelectTool(CanvasToolHost& host) : PoseDragTool(host) {}
    void press(const ToolEvent& event) override;
    void move(const ToolEvent& event) override;
};

} // namespace bonework::editor
