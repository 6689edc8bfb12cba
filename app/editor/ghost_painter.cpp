#include "ghost_painter.h"

#include "solver_colours.h"
#include "solver_comparison_model.h"

#include <QFontMetricsF>

#include <algorithm>
#include <array>

namespace bonework::editor {
namespace {

const QColor kLabelBox(0x14, 0x15, 0x17, 230); // near black: every solver colour reads on it
constexpr double kGhostAlpha = 0.75;
constexpr double kGap = 3.0;      // between stacked labels
constexpr double kPadding = 5.0;  // inside a label's box
constexpr double kOffset = 14.0;  // from the tip to its label
constexpr double kJointSpacing = 12.0; // bones shorter on screen show no joint circles

// A dash pattern per solver besides its colour, so ghosts stay apart where colours are hard to
// tell (overlapping, or for a reader who cannot tell them).
const QList<qreal>& dashesOf(SolverKind kind)
{
    // By SolverKind: follow dotted, reach long, fabrik medium, ccd short, two-bone dash-dot,
    // relax even.
    static const QList<qreal> patterns[] = {{1.0, 2.0}, {6.0, 2.5}, {4.0, 2.5}, {2.0, 2.0}, {7.0, 2.0, 1.5, 2.0}, {3.0, 3.5}};
    static_assert(std::size(patterns) == std::size(kAllSolvers));
    return patterns[static_cast<std::size_t>(kind)];
}

struct Label {
    int row = 0;
    QPointF tip;
    QRectF box;
};

} // namespace

GhostPainter::GhostPainter() { m_font.setPixelSize(11); }

void GhostPainter::paintGhosts(drawing::CanvasSurface& surface, const drawing::CanvasView& view, const SolverComparisonModel& comparison) const
{
    for (const solvers::SolverOutcome& o : comparison.outcomes()) {
        if (o.current || o.joints.empty()) // the chain itself shows its own solver
            continue;
        QColor colour = solverColour(o.kind);
        colour.setAlphaF(kGhostAlpha);
        const drawing::Stroke bone{colour, 2.0, dashesOf(o.kind), false};
        const drawing::Stroke joint{colour, 1.5};
        QPointF previous = view.fromRig(drawing::toPoint(o.joints.front()));
        for (std::size_t k = 1; k < o.joints.size(); ++k) {
            const QPointF p = view.fromRig(drawing::toPoint(o.joints[k]));
            surface.line(previous, p, bone);
            previous = p;
        }
        // Joints only where bones are long on screen: on a dense chain they would hide it.
        for (std::size_t k = 1; k + 1 < o.joints.size(); ++k) {
            const QPointF d = view.fromRig(drawing::toPoint(o.joints[k])) - view.fromRig(drawing::toPoint(o.joints[k - 1]));
            if (d.x() * d.x() + d.y() * d.y() >= kJointSpacing * kJointSpacing)
                surface.ellipse(view.fromRig(drawing::toPoint(o.joints[k])), 2.5, 2.5, joint, Qt::transparent);
        }
        surface.ellipse(previous, 3.5, 3.5, joint, colour); // the tip
    }
}

void GhostPainter::paintLabels(drawing::CanvasSurface& surface, const drawing::CanvasView& view, const SolverComparisonModel& comparison) const
{
    const auto outcomes = comparison.outcomes();
    std::array<Label, std::size(kAllSolvers)> labels;
    std::size_t labelCount = 0;
    const QFontMetricsF metrics(m_font);
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const solvers::SolverOutcome& o = outcomes[i];
        if (o.current || o.joints.empty())
            continue;
        Label& label = labels[labelCount++];
        label.row = static_cast<int>(i);
        label.tip = view.fromRig(drawing::toPoint(o.joints.back()));
        const QSizeF size(metrics.horizontalAdvance(comparison.label(label.row)) + 2 * kPadding, metrics.height() + kPadding);
        // Beyond the tip, away from the chain's root (where the rest of the rig tends to be),
        // unless that side has no room.
        const bool rightward = label.tip.x() >= view.fromRig(drawing::toPoint(o.joints.front())).x();
        const double right = label.tip.x() + kOffset, left = label.tip.x() - kOffset - size.width();
        const bool fitsRight = right + size.width() <= view.size.width(), fitsLeft = left >= 0.0;
        QPointF at((rightward && fitsRight) || !fitsLeft ? right : left, label.tip.y() - size.height() / 2);
        at.setY(std::max(at.y(), kGap));
        label.box = QRectF(at, size);
    }
    if (labelCount == 0)
        return;

    // Stack: from the topmost down, each label moves below any placed one it would overlap.
    const auto above = [](const Label& a, const Label& b) { return a.box.top() < b.box.top() || (a.box.top() == b.box.top() && a.row < b.row); };
    for (std::size_t i = 1; i < labelCount; ++i) // a handful: insertion sort
        for (std::size_t k = i; k > 0 && above(labels[k], labels[k - 1]); --k)
            std::swap(labels[k], labels[k - 1]);
    for (std::size_t i = 0; i < labelCount; ++i) {
        for (bool moved = true; moved;) {
            moved = false;
            for (std::size_t k = 0; k < i; ++k) {
                if (labels[i].box.intersects(labels[k].box.adjusted(-kGap, -kGap, kGap, kGap))) {
                    labels[i].box.moveTop(labels[k].box.bottom() + kGap);
                    moved = true;
                }
            }
        }
    }

    for (std::size_t i = 0; i < labelCount; ++i) {
        const Label& label = labels[i];
        const QColor colour = solverColour(outcomes[static_cast<std::size_t>(label.row)].kind);
        QColor tie = colour;
        tie.setAlphaF(0.6);
        const QPointF end(std::clamp(label.tip.x(), label.box.left(), label.box.right()), label.box.center().y());
        surface.line(label.tip, end, drawing::Stroke{tie, 1.0});
        surface.roundedRect(label.box, 3, kLabelBox);
        const QRectF swatch(label.box.topLeft(), QSizeF(2.5, label.box.height()));
        const QPointF corners[4] = {swatch.topLeft(), swatch.topRight(), swatch.bottomRight(), swatch.bottomLeft()};
        surface.polygon(corners, drawing::Stroke{}, colour);
        surface.text(label.box.adjusted(kPadding, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, comparison.label(label.row), m_font, colour);
    }
}

} // namespace bonework::editor
