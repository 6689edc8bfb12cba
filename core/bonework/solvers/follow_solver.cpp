// PLACEHOLDER: the Follow solver; replaced by its implementation.
#include "bonework/solvers/follow_solver.h"

namespace bonework {

std::string FollowSolver::validate(const Rig&, const SolveRequest&) const { return "not implemented yet"; }
void FollowSolver::run(Rig&, const SolveRequest&, SolveResult& result) { result = {}; }

} // namespace bonework
