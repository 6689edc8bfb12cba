#pragma once
// Reach with a fixed base (references S1 reach, S3): each pass turns every bone toward the target
// from the tip back, as if the tip were dragged onto it, then re-seats each bone at its parent's
// end. One pass per iteration, so a chain following a moving target converges over frames.

#include "bonework/solvers/chain_workspace.h"
#include "bonework/solvers/solver.h"

#include <vector>

namespace bonework {

class ReachSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Reach; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;

private:
    ChainWorkspace m_chain;
    std::vector<Vec2> m_directions; // the world direction each bone wants, from the drag pass
};

} // namespace bonework
