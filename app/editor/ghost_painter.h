#pragma once
// Drawing Compare Solvers on the canvas: for each other solver, the selected chain as that
// solver poses it (faint dashed bones, a dash pattern and colour per solver, small joints where
// bones are long enough on screen to show them), under the rig, and over it a label by its
// tip with the figures ("fabrik · 0.0042 px · 12 it · 8.1 µs ✓"). Labels that would overlap
// are stacked below one another, each tied to its tip by a thin line.
// A handful of lines and texts per frame; nothing is drawn when the comparison is empty.

#include "canvas_surface.h"
#include "canvas_view.h"

#include <QFont>

namespace bonework::editor {

class SolverComparisonModel;

class GhostPainter {
public:
    GhostPainter();
    // Under the rig, so the chain itself stays in front of the poses it could have.
    void paintGhosts(drawing::CanvasSurface& surface, const drawing::CanvasView& view, const SolverComparisonModel& comparison) const;
    // Over everything.
    void paintLabels(drawing::CanvasSurface& surface, const drawing::CanvasView& view, const SolverComparisonModel& comparison) const;

private:
    QFont m_font;
};

} // namespace bonework::editor
