#include "bonework/solvers/relax_solver.h"

#include "bonework/angles.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/tree_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace bonework::solvers {
namespace {

// Descents tried from other starting poses when one stalls short of the targets.
constexpr int kMaxRestarts = 40;
// A descent has stalled when, over the last kCheckEvery iterations, no bone of it turned by
// more than kStallDegrees (or its damping ran away)...
constexpr int kCheckEvery = 10;
constexpr double kStallDegrees = 1e-4;
// ... or sooner, when for kPressedIterations in a row some of its bones were pressed against
// their limits while the error fell by less than the fraction kProgress: it sits in a minimum
// that the limits make, which typically misses the targets. Restarting as soon as that shows
// leaves room for many tries; a free descent that is merely slow (targets in conflict, far out
// of reach) is left to settle.
constexpr int kPressedIterations = 5; // (and kProgress, in relax_solver.h)
// A group's roots join its descent after this many iterations in a row in which its bones
// alone did not cut its error by the fraction kProgress.
constexpr int kSlowIterations = 5;
// A pose found after a restart replaces the best one only if its error is lower by this
// fraction: targets in conflict have one answer that every start creeps toward, and swapping
// between near-equal poses would make the answer jump from one solve to the next.
constexpr double kClearlyBetter = 0.01;

// splitmix64: a fixed, portable generator, so restarts are the same on every machine.
std::uint64_t nextRandom(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// Where in its range a joint starts after a restart (0: its minimum, 1: its maximum). Half the
// time anywhere; otherwise within the tenth of the range next to one of its limits, where the
// answers a descent misses most often lie: limits fold the legal poses that reach a target into
// thin slivers along their edges, and a descent from the middle slides past them into a corner.
double restartFraction(std::uint64_t& state)
{
    const double u = static_cast<double>(nextRandom(state) >> 11) * 0x1.0p-53;
    const std::uint64_t pick = nextRandom(state) & 3u;
    if (pick == 0)
        return 0.1 * u;
    if (pick == 1)
        return 1.0 - 0.1 * u;
    return u;
}

} // namespace

std::string RelaxSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return checkEffectorRequest(rig, request);
}

void RelaxSolver::measure(const SolveRequest& request)
{
    std::fill(m_groupError.begin(), m_groupError.end(), 0.0);
    for (std::size_t i = 0; i < request.effectors.size(); ++i) {
        const Effector& e = request.effectors[i];
        const Vec2 r = m_target[i] - m_world[e.joint].position;
        const double s = std::sqrt(e.weight);
        m_residual[2 * i] = s * r.x;
        m_residual[2 * i + 1] = s * r.y;
        if (m_effectorGroup[i] >= 0)
            m_groupError[static_cast<std::size_t>(m_effectorGroup[i])] += e.weight * dot(r, r);
    }
}

void RelaxSolver::updateWorld(const Rig& rig)
{
    // The sweep over the whole rig when the effectors' paths are most of it (it walks memory in
    // order); the list otherwise. Both give the same values.
    if (2 * m_needed.size() > rig.jointCount())
        forwardKinematics(rig, m_world);
    else
        forwardKinematics(rig, m_needed, m_world);
}

bool RelaxSolver::groupWithin(const SolveRequest& request, std::size_t g) const
{
    for (std::size_t i = 0; i < request.effectors.size(); ++i) {
        const Effector& e = request.effectors[i];
        if (m_effectorGroup[i] == static_cast<int>(g) && safeDistance(m_world[e.joint].position, e.target) > request.tolerance)
            return false;
    }
    return true;
}

double RelaxSolver::weightedRootMeanSquare(const SolveRequest& request) const
{
    // Distances and weights scaled by their largest first, so no square or sum can overflow for
    // any finite targets and weights (the result is at most the largest distance).
    double far = 0.0, heaviest = 0.0;
    for (const Effector& e : request.effectors) {
        far = std::max(far, safeDistance(m_world[e.joint].position, e.target));
        heaviest = std::max(heaviest, e.weight);
    }
    if (far == 0.0)
        return 0.0;
    double weights = 0.0, weighted = 0.0, plain = 0.0;
    for (const Effector& e : request.effectors) {
        const double q = safeDistance(m_world[e.joint].position, e.target) / far;
        const double w = heaviest > 0.0 ? e.weight / heaviest : 0.0;
        weights += w;
        weighted += w * q * q;
        plain += q * q;
    }
    const double mean = weights > 0.0 ? weighted / weights : plain / static_cast<double>(request.effectors.size());
    return far * std::sqrt(mean);
}

void RelaxSolver::keepIfBest(std::size_t g, const Rig& rig, bool reached)
{
    Group& group = m_groups[g];
    const double needed = group.restarts == 0 ? group.bestError : (1.0 - kClearlyBetter) * group.bestError;
    if (!reached && !(group.error < needed))
        return;
    group.bestError = group.error;
    group.bestPending = true;
    if (group.restarts > 0 || group.straightened)
        flushBest(g, rig);
}

void RelaxSolver::flushBest(std::size_t g, const Rig& rig)
{
    Group& group = m_groups[g];
    if (!group.bestPending)
        return;
    group.bestPending = false;
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
        m_best[c] = rig.pose(m_variables[c]);
}

bool RelaxSolver::restartStalledGroups(Rig& rig, const SolveRequest& request, bool checkpoint, std::uint64_t& randomState)
{
    bool restarted = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        bool stalled = group.pressedIterations >= kPressedIterations;
        if (checkpoint) {
            stalled = stalled || group.movedSinceCheckpoint < kStallDegrees || group.mu > 1e8;
            group.movedSinceCheckpoint = 0.0;
        }
        // While its roots are held, a group whose bones alone have stopped making progress
        // counts as stalled too (a limb pulled out of reach creeps toward straight).
        const bool held = group.hasRoot && !group.rootsFree;
        stalled = stalled || (held && group.slowIterations >= kSlowIterations);
        // A limb that crawls (near full extension its descent does) starts again too, unless it
        // follows a drag, which must not jump, or its root is free to carry it the rest of the way.
        stalled = stalled
                  || (group.limb && (group.cold || group.searchingFold) && !group.rootsFree
                      && group.slowIterations >= kSlowIterations);
        if (!group.active || !stalled)
            continue;
        group.mu = 1e-3;
        group.pressedIterations = 0;
        group.slowIterations = 0;
        group.movedSinceCheckpoint = 0.0;
        group.progressMark = std::numeric_limits<double>::infinity();
        // The bones alone have done what they can: from here the body follows for the rest.
        if (held) {
            group.rootsFree = true;
            continue;
        }
        // A limb that follows its target searches for another fold once (relax_drag.cpp); one that
        // did, or that a drag left against its limits, stops where it is: a restart would jump it.
        if (group.followed && !group.searchingFold && group.restartable && searchFold(rig, g, request)) {
            restarted = true;
            continue;
        }
        if (!group.restartable || group.restarts == kMaxRestarts || group.heldByLimits
            || (group.followed && !group.searchingFold)) {
            group.active = false; // out of tries: its best pose is put back at the end
            continue;
        }
        // First from the middle of every range (a limb not laid out yet and not following a
        // drag: first straight toward its target, as its limits allow, where targets near its
        // full extension lie), then from pseudo-random legal poses; only bones with no pin below
        // them turn, so every pin stays where it is.
        flushBest(g, rig); // (before the pose moves away from it)
        ++group.restarts;
        group.turnWindow = 0.0; // a restart moves the limb elsewhere by design
        restarted = true;
        group.finishWait = 0;
        const bool layOutFirst = group.limb && !group.warm && !group.straightened;
        if (layOutFirst && group.restarts == 1) {
            layLimbToward(rig, g, request);
            continue;
        }
        const int middle = layOutFirst ? 2 : 1;
        for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
            const JointIndex j = m_variables[c];
            if (m_columnKind[c] != Column::Bone || rig.subtreeHasPin(j))
                continue;
            const double lo = rig.minAngle(j), hi = rig.maxAngle(j);
            const double u = group.restarts == middle ? 0.5 : restartFraction(randomState);
            rig.setAngleClamped(j, lo + (hi - lo) * u);
        }
    }
    return restarted;
}

void RelaxSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    setUp(rig, request);
    const std::size_t effectors = request.effectors.size();
    const std::size_t groups = m_groups.size();

    updateWorld(rig);
    for (HeldPin& pin : m_pins)
        pin.spot = m_world[pin.joint].position;
    // The descent works toward targets kept within a huge but safe distance (squares of
    // residuals cannot overflow); error and reach are measured to the real ones.
    for (std::size_t i = 0; i < effectors; ++i) {
        const Effector& e = request.effectors[i];
        m_target[i] = boundedTarget(m_world[e.joint].position, e.target);
    }
    const bool laidOut = layOutOutOfReachGroups(rig, request);
    const bool limbsSolved = solveTwoBoneLimbs(rig, request);
    if (laidOut || limbsSolved) {
        updateWorld(rig);
        if (carryByRoots(rig, request))
            updateWorld(rig);
    }
    prepareLimbFinish(rig, request);
    measure(request);
    for (std::size_t g = 0; g < groups; ++g) {
        m_groups[g].error = m_groupError[g];
        m_groups[g].bestError = std::numeric_limits<double>::infinity();
        m_groups[g].progressMark = std::numeric_limits<double>::infinity();
        keepIfBest(g, rig, true); // whatever its error (it may overflow): the pose to fall back on
        m_groups[g].active = !m_groups[g].answered && !groupWithin(request, g);
    }
    // Limbs far from targets near their full length start straight toward them; the pose they
    // started from stays on record, to go back to if the descent finds nothing better.
    const bool straightened = straightenLimbs(rig, request);
    if (straightened) {
        updateWorld(rig);
        measure(request);
        for (std::size_t g = 0; g < groups; ++g)
            if (m_groups[g].straightened) {
                m_groups[g].error = m_groupError[g];
                keepIfBest(g, rig);
                m_groups[g].active = !groupWithin(request, g);
                if (!m_groups[g].active)
                    keepIfBest(g, rig, true);
            }
    }
    // A followed limb that lags its target (the last frames missed) looks for another fold from
    // the first iteration (relax_drag.cpp).
    if (searchFoldsFirst(rig, request)) {
        updateWorld(rig);
        measure(request);
        for (std::size_t g = 0; g < groups; ++g)
            if (m_groups[g].foldFirst) {
                m_groups[g].error = m_groupError[g];
                keepIfBest(g, rig);
            }
    }
    std::uint64_t randomState = 0x5eed;
    result.iterations = straightened ? 1 : 0; // laying limbs out is an iteration's work
    const auto anyActive = [&] {
        return std::any_of(m_groups.begin(), m_groups.end(), [](const Group& group) { return group.active; });
    };
    while (result.iterations < request.iterations && anyActive()) {
        ++result.iterations;
        // A group whose descent has stalled frees its roots, or starts again elsewhere.
        if (restartStalledGroups(rig, request, result.iterations % kCheckEvery == 0, randomState)) {
            updateWorld(rig);
            measure(request);
            for (std::size_t g = 0; g < groups; ++g) {
                m_groups[g].error = m_groupError[g];
                keepIfBest(g, rig);
                if (m_groups[g].active && groupWithin(request, g)) {
                    m_groups[g].active = false;
                    keepIfBest(g, rig, true);
                }
            }
        }
        buildSystem(rig, request);
        if (!solveNormal())
            break;
        // Hold joints that sit on a limit the step pushes against, then solve again without them.
        if (holdPressedColumns(rig) && !solveNormal())
            break;
        stepFromSolution(m_step);
        markLimbDistances(request);
        takeStep(rig, request);
        finishLimbs(rig, request);
        for (std::size_t g = 0; g < groups; ++g)
            if (m_groups[g].active && groupWithin(request, g)) {
                m_groups[g].active = false;
                keepIfBest(g, rig, true); // on its targets: this pose, whatever came before
            }
    }
    if ((laidOut || limbsSolved) && result.iterations == 0)
        result.iterations = 1; // the closed-form answer counts as one, as in the chain solvers
    // After restarts each group goes back to its best pose (a no-op when it is the current
    // one); without, its one descent only ever improved. Poses go back to the bit, pins too.
    bool restored = false;
    for (std::size_t g = 0; g < groups; ++g) {
        const Group& group = m_groups[g];
        if (group.searchingFold) {
            endFoldSearch(rig, g, request);
            restored = true;
            continue;
        }
        if (group.restarts == 0 && !group.straightened)
            continue;
        for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
            rig.setPose(m_variables[c], m_best[c]);
        restored = true;
    }
    if (restored)
        updateWorld(rig);

    result.error = weightedRootMeanSquare(request);
    result.reached = true;
    for (const Effector& e : request.effectors)
        if (safeDistance(m_world[e.joint].position, e.target) > request.tolerance)
            result.reached = false;
    // Bones only: a root's range is the whole circle, never a limit.
    collectLimited(rig, m_variables, result.limited);
    std::sort(result.limited.begin(), result.limited.end()); // reported in index order
}

} // namespace bonework::solvers
