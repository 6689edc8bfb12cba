#pragma once
// FABRIK (forward and backward reaching IK) on one chain with a fixed base. Each iteration
// drags the chain from the target back to the base keeping bone lengths (backward pass), then
// lays it out again from the fixed base toward those points (forward pass). Limits are applied
// in both: dragging back, each bone keeps the angle to the bone below it legal; laying out, each
// bone takes the legal direction nearest the one FABRIK asks for, so the chain after every
// iteration is an exactly legal pose. A cold solve of a target near full stretch starts from the
// chain laid straight at it. The passes run inside ChainSearch (see searching_chain_solver.h): a
// warm start (a drag) keeps every joint within a few degrees of the last pose, taking turns with
// a continuous descent, since free passes with limits refold the chain from one frame to the
// next; where cold passes stall, the descent and restarts take over; two joints finish exactly
// where iterations crawl (near full stretch).

#include "bonework/solvers/searching_chain_solver.h"

namespace bonework::solvers {

class FabrikSolver final : public SearchingChainSolver {
public:
    SolverKind kind() const override { return SolverKind::Fabrik; }

private:
    // FABRIK's iteration, for the search.
    class Passes final : public ChainPass {
    public:
        Vec2 begin(ChainState& state, Vec2 tip, Vec2 target) override;
        Vec2 pass(ChainState& state, Vec2 tip, Vec2 target, const TurnWindow& window) override;
        bool findsFoldsQuickly() const override { return true; } // each pass drags the whole chain onto the target

    private:
        // Targets this close to full stretch (share of the chain's length) start from the
        // chain laid straight at them.
        static constexpr double kNearStretch = 2e-2;
        // Lays the chain out from the base, bone k toward positions()[k] within its limits and
        // the window; returns the tip.
        static Vec2 layOut(ChainState& state, const TurnWindow& window);
    };

    ChainPass& passes() override { return m_passes; }

    Passes m_passes;
};

} // namespace bonework::solvers
