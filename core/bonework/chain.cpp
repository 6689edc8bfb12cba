#include "bonework/chain.h"

namespace bonework {

std::string_view solverName(SolverKind kind)
{
    switch (kind) {
    case SolverKind::Follow: return "follow";
    case SolverKind::Reach: return "reach";
    case SolverKind::Fabrik: return "fabrik";
    case SolverKind::Ccd: return "ccd";
    case SolverKind::TwoBone: return "two-bone";
    case SolverKind::Relax: return "relax";
    }
    return "fabrik";
}

std::optional<SolverKind> solverFromName(std::string_view name)
{
    for (SolverKind kind : kAllSolvers)
        if (solverName(kind) == name)
            return kind;
    return std::nullopt;
}

std::string_view bendName(BendDirection bend)
{
    return bend == BendDirection::Positive ? "positive" : "negative";
}

std::optional<BendDirection> bendFromName(std::string_view name)
{
    if (name == "positive") return BendDirection::Positive;
    if (name == "negative") return BendDirection::Negative;
    return std::nullopt;
}

} // namespace bonework
