#pragma once
// Drawing Compare Solvers on the canvas: for each other solver, the selected chain as that
// solver poses it (faint dashed bones, small joints, in the solver's colour), and a label by its
// tip with the figures ("fabrik · 0.0042 px · 12 it · 8.1 µs ✓"). Labels that would overlap
// are stacked below one another, each tied to its tip by a thin line when moved away from it.
// A handful of lines and texts per frame; nothing is drawn when the comparison is empty.

#include "canvas_view.h"

#include <QFont>

class QPainter;

namespace bonework::editor {

class SolverComparisonModel;

class GhostPainter {
public:
    GhostPainter();
    void paint(QPainter* painter, const CanvasView& view, const SolverComparisonModel& comparison) const;

private:
    QFont m_font;
};

} // namespace bonework::editor
