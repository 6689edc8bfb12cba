#include "bonework/solvers/solver.h"

#include "bonework/solvers/ccd_solver.h"
#include "bonework/solvers/fabrik_solver.h"
#include "bonework/solvers/follow_solver.h"
#include "bonework/solvers/reach_solver.h"
#include "bonework/solvers/relax_solver.h"
#include "bonework/solvers/two_bone_solver.h"

namespace bonework::solvers {

std::unique_ptr<Solver> makeSolver(SolverKind kind)
{
    switch (kind) {
    case SolverKind::Follow: return std::make_unique<FollowSolver>();
    case SolverKind::Reach: return std::make_unique<ReachSolver>();
    case SolverKind::Fabrik: return std::make_unique<FabrikSolver>();
    case SolverKind::Ccd: return std::make_unique<CcdSolver>();
    case SolverKind::TwoBone: return std::make_unique<TwoBoneSolver>();
    case SolverKind::Relax: return std::make_unique<RelaxSolver>();
    }
    return nullptr;
}

SolveRequest defaultRequest(std::span<const Effector> effectors)
{
    SolveRequest request;
    request.effectors = effectors;
    request.iterations = kDefaultSolveIterations;
    request.tolerance = kDefaultSolveTolerance;
    return request;
}

SolveRequest chainRequest(const Chain& chain, const Effector& effector)
{
    SolveRequest request;
    request.effectors = std::span<const Effector>(&effector, 1);
    request.root = chain.root;
    request.iterations = chain.iterations;
    request.tolerance = chain.tolerance;
    request.bend = chain.bend;
    return request;
}

} // namespace bonework::solvers
