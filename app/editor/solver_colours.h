#pragma once
// One colour per solver, shared by the canvas's ghosts and the Compare Solvers table: the
// Okabe-Ito palette (told apart with every common colour-vision deficiency), without its dark
// blue and black, which vanish on the dark canvas. Each reads at 4.5:1 or more as text on the
// ghost labels' near-black box.

#include "bonework/chain.h"

#include <QColor>

namespace bonework::editor {

inline QColor solverColour(SolverKind kind)
{
    switch (kind) {
    case SolverKind::Follow: return QColor(0xcc, 0x79, 0xa7);  // reddish purple
    case SolverKind::Reach: return QColor(0x56, 0xb4, 0xe9);   // sky blue
    case SolverKind::Fabrik: return QColor(0x00, 0x9e, 0x73);  // bluish green
    case SolverKind::Ccd: return QColor(0xd5, 0x5e, 0x00);     // vermillion
    case SolverKind::TwoBone: return QColor(0xf0, 0xe4, 0x42); // yellow
    case SolverKind::Relax: return QColor(0xe6, 0x9f, 0x00);   // orange
    }
    return QColor(0xd8, 0xde, 0xe4);
}

} // namespace bonework::editor
