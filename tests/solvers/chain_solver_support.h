#pragma once
// Shared by the chain solver tests: the four chain solvers, the case count scaled by
// BONEWORK_PROPERTY_SCALE, failure messages that name the seed, and one solve of one effector.

#include "bonework/chain.h"
#include "bonework/rig.h"
#include "bonework/solvers/solver.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace bonework::testing {

inline constexpr SolverKind kChainSolvers[] = {SolverKind::Reach, SolverKind::Fabrik, SolverKind::Ccd,
                                               SolverKind::TwoBone};

// n scaled by BONEWORK_PROPERTY_SCALE (default 1; below 1 for slow sanitizer builds), at least 1.
inline int scaled(int n)
{
    const double scale = qEnvironmentVariableIsSet("BONEWORK_PROPERTY_SCALE")
                             ? qEnvironmentVariable("BONEWORK_PROPERTY_SCALE").toDouble()
                             : 1.0;
    return std::max(1, static_cast<int>(n * (scale > 0.0 ? scale : 1.0)));
}

inline std::string seedText(SolverKind kind, std::uint64_t seed, const std::string& what)
{
    return std::string(solverName(kind)) + " seed " + std::to_string(seed) + ": " + what;
}

// Solves one effector on `rig` in place (`previousTarget`: the last frame's, in a motion); a refused request is a bug in the test, so it aborts.
inline solvers::SolveResult solve(solvers::Solver& solver, Rig& rig, JointIndex tip, Vec2 target,
                                  JointIndex root = kNoJoint, int iterations = 100, double tolerance = 0.01,
                                  BendDirection bend = BendDirection::Positive,
                                  std::optional<Vec2> previousTarget = std::nullopt)
{
    const solvers::Effector effector{tip, target, 1.0, previousTarget};
    solvers::SolveRequest request;
    request.effectors = std::span<const solvers::Effector>(&effector, 1);
    request.root = root;
    request.iterations = iterations;
    request.tolerance = tolerance;
    request.bend = bend;
    solvers::SolveResult result;
    const std::string why = solver.validate(rig, request);
    if (!why.empty())
        qFatal("unexpected refusal: %s", why.c_str());
    solver.run(rig, request, result);
    return result;
}

} // namespace bonework::testing
