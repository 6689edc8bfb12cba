// PLACEHOLDER: the Reach solver; replaced by its implementation.
#include "bonework/solvers/reach_solver.h"

namespace bonework {

std::string ReachSolver::validate(const Rig&, const SolveRequest&) const { return "not implemented yet"; }
void ReachSolver::run(Rig&, const SolveRequest&, SolveResult& result) { result = {}; }

} // namespace bonework
