#pragma once
// How the searching chain solvers (fabrik, ccd) spend their iterations, so that they reach what
// is reachable and stay smooth under a moving target. A solver brings its own iteration (a FABRIK
// pass, a CCD sweep: a ChainPass); the search decides when it runs and what else does.
//
// Every solve first follows the target continuously: the descent (ChainDescent), each joint
// kept within kWindowDegrees of where the solve started (a TurnWindow). A few steps of it tell
// the two kinds of start apart:
//   settled: the tip starts near the target (within kWarmShare of the chain's length: every
//     frame of a drag), or the descent can barely bring it closer (the chain already lies as
//     close as it gets nearby: a drag past what the limits allow). Such a solve must not jump,
//     or the chain visibly refolds while the pointer barely moves; it searches inside the window
//     only, with the descent and the solver's own passes taking turns.
//   cold: anything else (a click somewhere new). The solver's own passes run free from there;
//     where they stall, the descent free of the window, then the descent from restart poses
//     (restart_pose.h), while iterations last. The best pose found is the answer.
// After every iteration that leaves more than half the error, two joints try to finish exactly
// (two_joint_finish.h), within the window when there is one: that is what reaches targets near
// full extension, where every iterative method crawls.
//
// Every iteration counts in the result, whichever strategy ran it. Allocates only in prepare().

#include "bonework/solvers/chain_descent.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/turn_window.h"

#include <vector>

namespace bonework::solvers {

// One iteration of a solver's own method on the chain.
class ChainPass {
public:
    // Called once before the first pass of a cold solve: may put the chain in a better starting
    // pose for the passes (FABRIK lays it straight at a target near full stretch). Needs
    // positions() current and leaves them current; returns the tip.
    virtual Vec2 begin(ChainState& state, Vec2 tip, Vec2 target) = 0;
    // One pass from the current pose (positions() current) toward target, every joint kept
    // within its limits and `window`; returns the tip and leaves positions() current.
    virtual Vec2 pass(ChainState& state, Vec2 tip, Vec2 target, const TurnWindow& window) = 0;

protected:
    ~ChainPass() = default;
};

class ChainSearch {
public:
    // The largest turn (degrees) of any joint in a settled solve, for chains with at least
    // kWindowJoints joints that can turn; chains with fewer get proportionally more.
    static constexpr double kWindowDegrees = 8.0;
    static constexpr int kWindowJoints = 8;
    // A start is settled when the tip is within this share of the chain's length of the target...
    static constexpr double kWarmShare = 0.05;
    // ... or when kProbeSteps kept steps of the descent bring it closer by less than this share.
    static constexpr double kSettledShare = 0.005;
    static constexpr int kProbeSteps = 3;
    // A start farther than this share of the chain's length from the target is cold outright.
    static constexpr double kFarShare = 0.5;

    // Sizes the buffers for `state`'s chain; call every solve, before run().
    void prepare(const ChainState& state);
    // Solves toward `target` from the pose in `state` (positions() current); leaves the answer in
    // local(), positions() current. Returns the iterations used (at most `iterations`).
    int run(ChainState& state, ChainPass& passes, Vec2 target, int iterations, double tolerance);

private:
    // The window of a settled solve: around the pose it started from (m_start), kWindowDegrees
    // divided by `share` (at most a half turn).
    TurnWindow windowFor(const ChainState& state, double share) const;
    // Passes until the tip is within the tolerance, they stall, or `budget` runs out.
    Vec2 runPasses(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance,
                   const TurnWindow& window);
    // Steps of the running descent until the tip is within the tolerance, it stalls, `budget`
    // runs out or it has taken `steps` steps that it kept.
    Vec2 runDescent(ChainState& state, Vec2 tip, Vec2 target, int& budget, int steps, double tolerance,
                    const TurnWindow& window);
    // A settled solve: the running descent, then passes and descents take turns inside
    // `window` while either helps.
    void searchWithin(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance,
                      const TurnWindow& window);
    // A cold solve: the passes free, then the descent free, then restarts.
    void searchEverywhere(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance);
    // Keeps the chain's pose (tip at `tip`) if it beats the best so far.
    void keepIfBest(ChainState& state, Vec2 tip, Vec2 target);

    ChainDescent m_descent;
    std::vector<Rotation> m_start; // the pose the solve started from
    std::vector<Rotation> m_best;  // the best pose so far
    double m_bestError = 0.0;
};

} // namespace bonework::solvers
