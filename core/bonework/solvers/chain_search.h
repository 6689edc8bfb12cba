#pragma once
// How the searching chain solvers (fabrik, ccd) spend their iterations, so that they reach what
// is reachable and stay smooth under a moving target. A solver brings its own iteration (a FABRIK
// pass, a CCD sweep: a ChainPass); the search decides when it runs and what else does.
//
// A start that continues a motion (the caller gives the last target, Effector::previousTarget)
// is followed when the target moved less than kFollowShare of the chain's length since: whatever
// the pose, no joint turns by more than the window (kWindowDegrees, wider for a faster target).
// When the window cannot reach the target, a cold search from the start looks for a fold that
// does; if one does (or comes much nearer), the chain turns toward it by at most the window, and
// over a few frames it turns over, smoothly, instead of missing until the target comes back to
// the old fold. A chain that keeps up searches its window first; one that lags looks for another
// fold first as far as its passes find one quickly (follow()).
//
// Otherwise two kinds of start, told apart by the pose and the target alone:
//   settled: the tip starts near the target (within kWarmShare of the chain's length: every
//     frame of a drag the chain keeps up with), or, on a chain with limits, a few steps of the
//     continuous descent bring it barely closer (the chain already lies as close as it gets
//     nearby: a drag past what the limits allow). Such a solve must not jump, or the chain visibly refolds while the pointer
//     barely moves: every joint stays within kWindowDegrees of where it started (a TurnWindow),
//     and inside that window the descent (ChainDescent) and the solver's own passes take turns.
//   cold: anything else (a new target somewhere else, or one more than kFarShare of the chain's
//     length away). The solver's own passes run free from the pose as it is; where they stall,
//     the descent free of any window, then the descent from restart poses (restart_pose.h),
//     while iterations last. The best pose found is the answer.
// Chains with fewer than kWindowJoints joints that can turn must turn them further to follow the
// same motion, so their window widens and their warm zone narrows in proportion.
// After every iteration that leaves more than half the error, two joints try to finish exactly
// (two_joint_finish.h), within the window when there is one: that is what reaches targets near
// full extension, where every iterative method crawls.
//
// What a settled start gives up: a target that the chain can reach only from another fold is
// missed until the target comes back within reach of this one (a drag never snaps the chain over).
// Every iteration counts in the result, whichever strategy ran it. Allocates only in prepare().

#include "bonework/solvers/chain_descent.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/turn_window.h"

#include <algorithm>
#include <optional>
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
    // Whether the passes alone find another fold of the chain within a few iterations from any
    // pose (FABRIK's do: each drags the whole chain onto the target; CCD's crawl on long chains).
    // A followed chain that lags its target looks for another fold first when they do.
    virtual bool findsFoldsQuickly() const = 0;

protected:
    ~ChainPass() = default;
};

class ChainSearch {
public:
    // The largest turn (degrees) of any joint in a settled solve, for chains with at least
    // kWindowJoints joints that can turn.
    static constexpr double kWindowDegrees = 8.0;
    static constexpr int kWindowJoints = 8;
    // A start is settled when the tip is within this share of the chain's length of the target
    // (a drag moving the target by up to 2% of it a frame, and a frame that fell behind)...
    static constexpr double kWarmShare = 0.05;
    // ... or when kProbeSteps kept steps of the descent bring it closer by less than this share
    // (under 0.1% of random starts do; most frames of a drag stuck short of its target do).
    static constexpr double kSettledShare = 0.005;
    static constexpr int kProbeSteps = 3;
    // A start farther than this share of the chain's length from the target is cold outright.
    static constexpr double kFarShare = 0.5;
    // A start that knows the last target follows it when the target moved less than this share
    // of the chain's length since (a quick flick of the pointer still moves the chain smoothly;
    // a jump further is a new target).
    static constexpr double kFollowShare = 0.25;
    // A followed start's window is kWindowDegrees while the target moves up to this share of the
    // chain's length a frame, and widens in proportion beyond (a quick flick: the chain keeps up).
    static constexpr double kSteadyShare = 0.02;
    // A followed start turns toward another fold when that fold reaches the target, or comes this
    // much nearer than the best pose within the window (turning over costs frames that miss).
    static constexpr double kFoldGain = 0.5;

    // Whether a solve told the last target (`previous`) follows it: the target moved less than
    // kFollowShare of the chain's `length` since.
    static bool follows(std::optional<Vec2> previous, Vec2 target, double length)
    {
        return previous && safeDistance(*previous, target) < kFollowShare * length;
    }

    // The window of a followed start, degrees each way, for a target that moved `moved` since
    // the last solve on a chain `length` long (relax's followed limbs use it too).
    static double followWindowDegrees(double moved, double length)
    {
        return kWindowDegrees * std::max(1.0, moved / (kSteadyShare * length));
    }

    // Sizes the buffers for `state`'s chain; call every solve, before run().
    void prepare(const ChainState& state);
    // Room for chains of up to `bones` bones, so that prepare() allocates nothing for them.
    void reserve(std::size_t bones);
    // Solves toward `target` from the pose in `state` (positions() current); leaves the answer in
    // local(), positions() current. Returns the iterations used (at most `iterations`).
    // `previousTarget`: the last solve's target when this one continues from its pose.
    int run(ChainState& state, ChainPass& passes, Vec2 target, int iterations, double tolerance,
            std::optional<Vec2> previousTarget = {});

private:
    // A window around the pose the solve started from (m_start), `degrees` wide each way (at most
    // a half turn).
    TurnWindow windowFor(const ChainState& state, double degrees) const;
    // The share of kWindowJoints of the chain's joints that can turn (at most 1).
    static double turningShare(const ChainState& state);
    // Passes until the tip is within the tolerance, they stall, or `budget` runs out.
    Vec2 runPasses(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance,
                   const TurnWindow& window);
    // Steps of the running descent until the tip is within the tolerance, it stalls, `budget`
    // runs out or it has taken `steps` steps that it kept.
    Vec2 runDescent(ChainState& state, Vec2 tip, Vec2 target, int& budget, int steps, double tolerance,
                    const TurnWindow& window);
    // A settled solve: the running descent, then passes and descents take turns inside
    // `window` while either helps.
    Vec2 searchWithin(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance,
                      const TurnWindow& window);
    // A cold solve: the passes free, then the descent free, then restarts.
    void searchEverywhere(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance);
    // A followed start (`lagging`: its tip beyond the warm zone): the window's search and a cold
    // one (searchFold) for another fold; when that fold reaches, or comes kFoldGain nearer than
    // the window's best, the answer is the start turned toward it by at most the window.
    // `moved`: how far the target moved since the last solve.
    void follow(ChainState& state, ChainPass& passes, Vec2 target, int& budget, double tolerance, double moved,
                bool lagging);
    // A cold search from the start, its best pose left in m_fold (m_best untouched); returns its
    // error.
    double searchFold(ChainState& state, ChainPass& passes, Vec2 target, int& budget, double tolerance);
    // Puts the chain back in the pose the solve started from; returns the tip.
    Vec2 backToStart(ChainState& state);
    // Keeps the chain's pose (tip at `tip`) if it beats the best so far.
    void keepIfBest(ChainState& state, Vec2 tip, Vec2 target);

    ChainDescent m_descent;
    std::vector<Rotation> m_start; // the pose the solve started from
    std::vector<Rotation> m_best;  // the best pose so far
    std::vector<Rotation> m_fold;  // a followed start: the best pose of the cold search
    double m_bestError = 0.0;
};

} // namespace bonework::solvers
