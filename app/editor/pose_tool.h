#pragma once
// The Pose tool: drag a joint (its chain solves if it is a chain's tip, otherwise the drag
// solver poses its tree) or a chain's target; each drag is one undo step.

#include "canvas_tool.h"

namespace bonework::editor {

class PoseTool : public PoseDragTool {
public:
    explicit PoseTool(CanvasToolHost& host) : PoseDragTool(host) {}
    void press(const ToolEvent& event) override;
    void move(const ToolEvent& event) override;
};

} // namespace bonework::editor
