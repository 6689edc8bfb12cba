// PLACEHOLDER: the Fabrik solver; replaced by its implementation.
#include "bonework/solvers/fabrik_solver.h"

namespace bonework {

std::string FabrikSolver::validate(const Rig&, const SolveRequest&) const { return "not implemented yet"; }
void FabrikSolver::run(Rig&, const SolveRequest&, SolveResult& result) { result = {}; }

} // namespace bonework
