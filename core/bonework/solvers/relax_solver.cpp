// PLACEHOLDER: the Relax solver; replaced by its implementation.
#include "bonework/solvers/relax_solver.h"

namespace bonework {

std::string RelaxSolver::validate(const Rig&, const SolveRequest&) const { return "not implemented yet"; }
void RelaxSolver::run(Rig&, const SolveRequest&, SolveResult& result) { result = {}; }

} // namespace bonework
