#pragma once
// Reach (S1, S3): the chain's tip reaches for the target and the chain follows it, with the
// base fixed. One pass: from the tip's bone back to the base's, each bone turns to point from
// its current start toward the point it must reach (first the target, then the new start of the
// bone below it); then every bone is re-seated at its parent's end, keeping the directions it
// took (within its limits). In angle form the re-seating is implicit: a bone's angle is relative
// to its parent. Limits act twice: while turning back, a bone keeps the angle to the bone below
// it legal; while re-seating, each bone is clamped relative to its parent. One pass is one
// iteration, so a game calling it once per frame with iterations = 1 sees the arm ease toward a
// moving target; more iterations run more passes (stopping once within the tolerance or when
// passes stop making progress).

#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_support.h"

namespace bonework::solvers {

class ReachSolver final : public Solver {
public:
    SolverKind kind() const override { return SolverKind::Reach; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
    void reserve(const Rig& rig, std::size_t mostEffectors) override;

private:
    // Within one solve: stop after this many passes in a row that each cut the error by less
    // than kProgress (an out-of-reach target: the arm is as straight as it gets).
    // (Measured: stopping after 3 slow passes cost 4 points of reach rate with limits, as
    // limited chains creep before they get free; 10 keeps it.)
    static constexpr double kProgress = 1e-5;
    static constexpr int kStallLimit = 10;
    ChainPath m_path;
    ChainState m_state;
};

} // namespace bonework::solvers
