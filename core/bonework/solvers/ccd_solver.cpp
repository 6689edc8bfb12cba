// PLACEHOLDER: the Ccd solver; replaced by its implementation.
#include "bonework/solvers/ccd_solver.h"

namespace bonework {

std::string CcdSolver::validate(const Rig&, const SolveRequest&) const { return "not implemented yet"; }
void CcdSolver::run(Rig&, const SolveRequest&, SolveResult& result) { result = {}; }

} // namespace bonework
