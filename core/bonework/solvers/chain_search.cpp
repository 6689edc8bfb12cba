#include "bonework/solvers/chain_search.h"

#include "bonework/solvers/restart_pose.h"
#include "bonework/solvers/two_joint_finish.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonework::solvers {
namespace {

// Passes have stalled after this many in a row that do not beat the best error by the share
// kPassProgress (they can cycle, so progress from one pass to the next proves nothing, and they
// can crawl, which the descent or the exact finish does better).
constexpr int kStallPasses = 3;
constexpr double kPassProgress = 0.05;
// The descent and the passes inside a window take turns while together they gain this share.
constexpr double kProgress = 1e-3;
// Every pair of joints tries to finish exactly after an iteration that leaves more than
// kSlowShare of the error with the tip within kFinishShare of the chain's length of the target
// (farther, two joints rarely can, and trying every pair costs more than an iteration). Outside a
// window the last two bones also try after every other iteration (a constant cost); inside one
// they do not, since the descent's turns, spread over the chain, are the smoother answer.
constexpr double kSlowShare = 0.5;
constexpr double kFinishShare = 0.05;

// No limit on kept descent steps.
constexpr int kAnySteps = std::numeric_limits<int>::max();

// The exact finish after an iteration that took the error from `before` to `after`; whether it
// moved the chain (positions() then current).
bool finish(ChainState& state, Vec2 target, const TurnWindow& window, double before, double after, double tolerance)
{
    if (!(after > tolerance))
        return false;
    const bool crawling = after > kSlowShare * before && after <= kFinishShare * state.totalLength();
    return (crawling || !window.active()) && finishWithTwoJoints(state, target, window, !crawling);
}

} // namespace

void ChainSearch::prepare(const ChainState& state)
{
    m_descent.prepare(state);
    reserve(static_cast<std::size_t>(state.bones()));
}

void ChainSearch::reserve(std::size_t bones)
{
    m_descent.reserve(bones);
    const std::size_t size = bones + 1;
    if (m_start.size() < size) {
        m_start.resize(size);
        m_best.resize(size);
        m_fold.resize(size);
    }
}

void ChainSearch::keepIfBest(ChainState& state, Vec2 tip, Vec2 target)
{
    const double error = safeDistance(tip, target);
    if (error < m_bestError) {
        m_bestError = error;
        const std::span<const Rotation> local = state.local();
        std::copy(local.begin() + 1, local.begin() + state.bones() + 1, m_best.begin() + 1);
    }
}

Vec2 ChainSearch::runPasses(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget, double tolerance,
                            const TurnWindow& window)
{
    double mark = std::numeric_limits<double>::infinity();
    int sinceProgress = 0;
    while (budget > 0) {
        const double error = safeDistance(tip, target);
        if (error <= tolerance)
            break;
        if (error < (1.0 - kPassProgress) * mark) {
            mark = error;
            sinceProgress = 0;
        } else if (++sinceProgress >= kStallPasses) {
            break;
        }
        --budget;
        const Vec2 before = tip;
        tip = passes.pass(state, tip, target, window);
        const double after = safeDistance(tip, target);
        if (finish(state, target, window, error, after, tolerance))
            tip = state.positions()[static_cast<std::size_t>(state.bones())];
        keepIfBest(state, tip, target);
        if (tip == before)
            break; // a fixed point
    }
    return tip;
}

Vec2 ChainSearch::runDescent(ChainState& state, Vec2 tip, Vec2 target, int& budget, int steps, double tolerance,
                             const TurnWindow& window)
{
    while (budget > 0 && steps > 0 && !m_descent.stalled()) {
        const double error = safeDistance(tip, target);
        if (error <= tolerance)
            break;
        --budget;
        const Vec2 before = tip;
        tip = m_descent.step(state, tip, target);
        if (!(tip == before))
            --steps;
        const double after = safeDistance(tip, target);
        if (finish(state, target, window, error, after, tolerance))
            tip = state.positions()[static_cast<std::size_t>(state.bones())];
        keepIfBest(state, tip, target);
    }
    return tip;
}

Vec2 ChainSearch::searchWithin(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget,
                               double tolerance, const TurnWindow& window)
{
    tip = runDescent(state, tip, target, budget, kAnySteps, tolerance, window);
    while (budget > 0 && m_bestError > tolerance) {
        const double before = m_bestError;
        tip = runPasses(state, passes, tip, target, budget, tolerance, window);
        if (m_bestError <= tolerance)
            break;
        m_descent.start(window);
        tip = runDescent(state, tip, target, budget, kAnySteps, tolerance, window);
        if (!(m_bestError < (1.0 - kProgress) * before))
            break; // neither helps any more
    }
    return tip;
}

void ChainSearch::searchEverywhere(ChainState& state, ChainPass& passes, Vec2 tip, Vec2 target, int& budget,
                                   double tolerance)
{
    if (budget <= 0)
        return;
    const TurnWindow anywhere;
    const Vec2 before = tip;
    tip = passes.begin(state, tip, target);
    if (!(tip == before)) {
        --budget; // laying the chain out is an iteration's work
        keepIfBest(state, tip, target);
    }
    tip = runPasses(state, passes, tip, target, budget, tolerance, anywhere);
    // Beyond the chain's length from its base no pose reaches the target: once the descent has
    // done what it can, other starting poses would only repeat the search.
    const bool mayReach = safeDistance(state.basePosition(), target) <= state.totalLength();
    for (int restart = -1; budget > 0 && m_bestError > tolerance && (restart < 0 || mayReach); ++restart) {
        if (restart >= 0) {
            restartPose(state, restart);
            tip = state.forward();
        }
        m_descent.start();
        tip = runDescent(state, tip, target, budget, kAnySteps, tolerance, anywhere);
    }
}

Vec2 ChainSearch::backToStart(ChainState& state)
{
    const int n = state.bones();
    std::copy(m_start.begin() + 1, m_start.begin() + n + 1, state.local().begin() + 1);
    return state.forward();
}

double ChainSearch::searchFold(ChainState& state, ChainPass& passes, Vec2 target, int& budget, double tolerance)
{
    // A search of its own from the start, its best pose kept apart in m_fold.
    std::swap(m_best, m_fold);
    const double kept = m_bestError;
    const Vec2 tip = backToStart(state);
    std::copy(m_start.begin(), m_start.end(), m_best.begin());
    m_bestError = safeDistance(tip, target);
    // Beyond the chain's length from its base no fold reaches.
    if (safeDistance(state.basePosition(), target) <= state.totalLength())
        searchEverywhere(state, passes, tip, target, budget, tolerance);
    const double found = m_bestError;
    std::swap(m_best, m_fold);
    m_bestError = kept;
    return found;
}

void ChainSearch::follow(ChainState& state, ChainPass& passes, Vec2 target, int& budget, double tolerance, double moved,
                         bool lagging)
{
    const double length = state.totalLength();
    const TurnWindow window = windowFor(state, followWindowDegrees(moved, length));
    const double startError = m_bestError;
    Vec2 tip = state.positions()[static_cast<std::size_t>(state.bones())];
    m_descent.start(window);
    double foldError = std::numeric_limits<double>::infinity();
    double foldGain = kFoldGain; // how much nearer than the window's best another fold must come
    if (!lagging) {
        // Keeping up: the window; where it stalls short, another fold with what is left.
        searchWithin(state, passes, tip, target, budget, tolerance, window);
        if (m_bestError > tolerance && budget > 0)
            foldError = searchFold(state, passes, target, budget, tolerance);
    } else if (passes.findsFoldsQuickly()) {
        // Lagging (the last frames missed), with passes that find another fold in a few
        // iterations: that first, with half of them; the window with the rest unless it reached.
        int share = std::max(1, budget / 2);
        budget -= share;
        foldError = searchFold(state, passes, target, share, tolerance);
        budget += share;
        if (!(foldError <= tolerance)) {
            tip = backToStart(state);
            m_descent.start(window);
            searchWithin(state, passes, tip, target, budget, tolerance, window);
        }
    } else {
        // Lagging, with passes that crawl on long chains: judged as run() judges a start it is
        // told nothing of. Far behind, or gaining fast in a few steps of the descent, the target
        // has moved on from this fold: another fold with every iteration, taken whenever it
        // comes nearer. Barely gaining, the limits hold the chain short: the window.
        bool settled = false;
        if (startError <= kFarShare * length) {
            tip = runDescent(state, tip, target, budget, kProbeSteps, tolerance, window);
            settled = startError - m_bestError < kSettledShare * length;
        }
        if (m_bestError > tolerance && settled) {
            searchWithin(state, passes, tip, target, budget, tolerance, window);
        } else if (m_bestError > tolerance) {
            foldError = searchFold(state, passes, target, budget, tolerance);
            foldGain = 1.0;
        }
    }
    if (foldError <= tolerance || foldError < foldGain * m_bestError) {
        for (int k = 1; k <= state.bones(); ++k) {
            const auto i = static_cast<std::size_t>(k);
            m_best[i] = window.toward(state.limits(k), k, m_fold[i]);
        }
    }
}

double ChainSearch::turningShare(const ChainState& state)
{
    int turning = 0;
    for (int k = 1; k <= state.bones(); ++k)
        turning += state.limits(k).min != state.limits(k).max ? 1 : 0;
    return std::min(1.0, double(turning) / kWindowJoints);
}

TurnWindow ChainSearch::windowFor(const ChainState& state, double degrees) const
{
    return {std::span<const Rotation>(m_start).first(static_cast<std::size_t>(state.bones()) + 1),
            Rotation::fromDegrees(std::min(degrees, 180.0))};
}

int ChainSearch::run(ChainState& state, ChainPass& passes, Vec2 target, int iterations, double tolerance,
                     std::optional<Vec2> previousTarget)
{
    const int n = state.bones();
    const std::span<Rotation> local = state.local();
    std::copy(local.begin() + 1, local.begin() + n + 1, m_start.begin() + 1);
    std::copy(local.begin() + 1, local.begin() + n + 1, m_best.begin() + 1);
    Vec2 tip = state.positions()[static_cast<std::size_t>(n)];
    const double startError = safeDistance(tip, target);
    const double length = state.totalLength();
    m_bestError = startError;
    int budget = iterations;
    if (startError <= tolerance)
        return 0;
    const bool followed = follows(previousTarget, target, length);
    const double moved = followed ? safeDistance(*previousTarget, target) : length;
    if (iterations <= kProbeSteps) {
        // Too few iterations to probe or search (a chain solved one step per frame, as the
        // tutorials' CCD and FABRIK are): the solver's own passes. Following a target, they run
        // within the window, so a chain stepped once a frame never refolds between frames either.
        runPasses(state, passes, tip, target, budget, tolerance,
                  followed ? windowFor(state, followWindowDegrees(moved, length)) : TurnWindow{});
    } else if (followed) {
        follow(state, passes, target, budget, tolerance, moved, startError > turningShare(state) * kWarmShare * length);
    } else if (startError > kFarShare * length) {
        searchEverywhere(state, passes, tip, target, budget, tolerance);
    } else {
        // Few joints that can turn have to turn further to follow the same motion of the target:
        // their window is wider and their warm zone narrower, in proportion.
        const double share = turningShare(state);
        const TurnWindow window = windowFor(state, kWindowDegrees / std::max(share, 1e-3));
        m_descent.start(window);
        if (startError <= share * kWarmShare * length) {
            searchWithin(state, passes, tip, target, budget, tolerance, window);
        } else if (state.allFree()) {
            // Without limits nothing holds a chain short of a target (and its passes reach what
            // is reachable directly), so it is never settled: no probe.
            searchEverywhere(state, passes, tip, target, budget, tolerance);
        } else {
            // A few steps of the continuous answer tell a settled start from a cold one.
            tip = runDescent(state, tip, target, budget, kProbeSteps, tolerance, window);
            const bool settled = startError - m_bestError < kSettledShare * length;
            if (m_bestError > tolerance) {
                if (settled)
                    searchWithin(state, passes, tip, target, budget, tolerance, window);
                else
                    searchEverywhere(state, passes, tip, target, budget, tolerance);
            }
        }
    }
    std::copy(m_best.begin() + 1, m_best.begin() + n + 1, local.begin() + 1);
    state.forward();
    return iterations - budget;
}

} // namespace bonework::solvers
