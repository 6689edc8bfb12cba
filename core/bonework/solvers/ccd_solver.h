#pragma once
// Cyclic coordinate descent on one chain with a fixed base: each pass turns every bone, from
// the tip's back to the base's, so that the line from the bone's start to the tip swings onto
// the target, as far as the bone's limits allow. The sweeps run inside ChainSearch (see
// searching_chain_solver.h): a warm start (a drag) follows the target within a few degrees of
// the last pose, since free sweeps with limits can swing bones far from one frame to the next;
// where the sweeps stall short of a target (CCD creeps where the chain must fold, and limits trap
// it), the descent and restarts take over, and two joints finish exactly where iterations crawl.

#include "bonework/solvers/searching_chain_solver.h"

namespace bonework::solvers {

class CcdSolver final : public SearchingChainSolver {
public:
    SolverKind kind() const override { return SolverKind::Ccd; }

private:
    // CCD's iteration, for the search: one sweep from the tip's bone to the base's.
    class Passes final : public ChainPass {
    public:
        Vec2 begin(ChainState& state, Vec2 tip, Vec2 target) override;
        Vec2 pass(ChainState& state, Vec2 tip, Vec2 target, const TurnWindow& window) override;
        bool findsFoldsQuickly() const override { return false; } // one bone at a time: long chains crawl

    private:
        // Targets this close to full stretch (share of the chain's length) start from the
        // chain laid as straight as its limits allow, its first bone toward them.
        static constexpr double kNearStretch = 2e-2;
    };

    ChainPass& passes() override { return m_passes; }

    Passes m_passes;
};

} // namespace bonework::solvers
