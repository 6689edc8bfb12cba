// PLACEHOLDER: the TwoBone solver; replaced by its implementation.
#include "bonework/solvers/two_bone_solver.h"

namespace bonework {

std::string TwoBoneSolver::validate(const Rig&, const SolveRequest&) const { return "not implemented yet"; }
void TwoBoneSolver::run(Rig&, const SolveRequest&, SolveResult& result) { result = {}; }

} // namespace bonework
