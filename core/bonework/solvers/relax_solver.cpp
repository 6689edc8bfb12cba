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

// The largest turn one step may give a bone: keeps big corrections smooth over iterations.
constexpr double kMaxStepDegrees = 30.0;
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
constexpr int kPressedIterations = 5;
constexpr double kProgress = 0.01;
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

bool RelaxSolver::computeStep()
{
    const std::size_t rows = m_residual.size();
    const std::size_t cols = m_variables.size();
    // Normal matrix over the rows (small: two per effector), skipping held columns. Rows of
    // different groups share no column, so it is block diagonal; one factorisation serves all.
    for (std::size_t a = 0; a < rows; ++a) {
        for (std::size_t b = a; b < rows; ++b) {
            double s = 0.0;
            const double* ra = &m_jacobian[a * cols];
            const double* rb = &m_jacobian[b * cols];
            for (std::size_t c = 0; c < cols; ++c)
                if (!m_held[c])
                    s += ra[c] * rb[c];
            m_normal[a * rows + b] = s;
            m_normal[b * rows + a] = s;
        }
        m_normal[a * rows + a] += m_rowDamping[a];
        m_rhs[a] = m_residual[a];
    }
    // Cholesky in place (the matrix is symmetric positive definite thanks to the damping).
    for (std::size_t k = 0; k < rows; ++k) {
        double d = m_normal[k * rows + k];
        for (std::size_t p = 0; p < k; ++p)
            d -= m_normal[k * rows + p] * m_normal[k * rows + p];
        if (!(d > 0.0) || !std::isfinite(d))
            return false;
        d = std::sqrt(d);
        m_normal[k * rows + k] = d;
        for (std::size_t i = k + 1; i < rows; ++i) {
            double s = m_normal[i * rows + k];
            for (std::size_t p = 0; p < k; ++p)
                s -= m_normal[i * rows + p] * m_normal[k * rows + p];
            m_normal[i * rows + k] = s / d;
        }
    }
    for (std::size_t i = 0; i < rows; ++i) { // forward substitution
        double s = m_rhs[i];
        for (std::size_t p = 0; p < i; ++p)
            s -= m_normal[i * rows + p] * m_rhs[p];
        m_rhs[i] = s / m_normal[i * rows + i];
    }
    for (std::size_t i = rows; i-- > 0;) { // back substitution
        double s = m_rhs[i];
        for (std::size_t p = i + 1; p < rows; ++p)
            s -= m_normal[p * rows + i] * m_rhs[p];
        m_rhs[i] = s / m_normal[i * rows + i];
    }
    for (std::size_t c = 0; c < cols; ++c) {
        double s = 0.0;
        if (!m_held[c])
            for (std::size_t r = 0; r < rows; ++r)
                s += m_jacobian[r * cols + c] * m_rhs[r];
        m_step[c] = std::clamp(s, -kMaxStepDegrees, kMaxStepDegrees);
    }
    return true;
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

bool RelaxSolver::layOutOutOfReachGroups(Rig& rig, const SolveRequest& request)
{
    m_soleEffector.assign(m_groups.size(), -1);
    for (std::size_t i = 0; i < request.effectors.size(); ++i) {
        const int g = m_effectorGroup[i];
        if (g >= 0) {
            int& sole = m_soleEffector[static_cast<std::size_t>(g)];
            sole = sole == -1 ? static_cast<int>(i) : -2;
        }
    }
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        m_groups[g].answered = false;
        if (m_soleEffector[g] < 0)
            continue;
        // One effector: the bones it may turn are the run of joints above it up to one that
        // stays put (a root, a pinned subtree, request.root): the anchor.
        const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
        double length = 0.0;
        JointIndex top = e.joint;
        for (JointIndex j = e.joint; m_variable[j] >= 0; j = rig.parent(j)) {
            length += rig.length(j);
            top = j;
        }
        const JointIndex anchor = rig.parent(top);
        const Vec2 from = m_world[anchor].position;
        if (!(safeDistance(from, e.target) > length))
            continue;
        Rotation toTarget;
        if (!unitDirection(boundedTarget(from, e.target) - from, toTarget))
            continue;
        const Rotation first = m_world[anchor].rotation.inverse() * toTarget;
        // Straight: the top bone along the line to the target, every bone below it at 0.
        bool legal = rig.rotationLimits(top).contains(first);
        for (JointIndex j = e.joint; legal && j != top; j = rig.parent(j))
            legal = rig.minAngle(j) <= 0.0 && rig.maxAngle(j) >= 0.0;
        if (!legal)
            continue;
        rig.setRotationClamped(top, first);
        for (JointIndex j = e.joint; j != top; j = rig.parent(j))
            rig.setAngleClamped(j, 0.0);
        m_groups[g].answered = true;
        any = true;
    }
    return any;
}

bool RelaxSolver::solveTwoBoneLimbs(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        if (group.answered || m_soleEffector[g] < 0 || group.endColumn - group.firstColumn < 2)
            continue;
        // Columns run in joint order, so the last two are the parent's bone and the effector's
        // own. Any above them must be rigid (a clavicle, a hip): they hold the limb's base still.
        const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
        if (m_variables[group.endColumn - 1] != e.joint || m_variables[group.endColumn - 2] != rig.parent(e.joint))
            continue;
        bool restRigid = true;
        for (std::size_t c = group.firstColumn; c + 2 < group.endColumn && restRigid; ++c)
            restRigid = rig.minAngle(m_variables[c]) == rig.maxAngle(m_variables[c]);
        if (!restRigid)
            continue;
        m_twoBone.runOnLimb(rig, e, request.tolerance, m_limbResult);
        group.answered = true;
        any = true;
    }
    return any;
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
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
        m_best[c] = rig.angle(m_variables[c]);
}

void RelaxSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    setUp(rig, request);
    const std::size_t effectors = request.effectors.size();
    const std::size_t cols = m_variables.size();
    const std::size_t groups = m_groups.size();

    updateWorld(rig);
    // The descent works toward targets kept within a huge but safe distance (squares of
    // residuals cannot overflow); error and reach are measured to the real ones.
    for (std::size_t i = 0; i < effectors; ++i) {
        const Effector& e = request.effectors[i];
        m_target[i] = boundedTarget(m_world[e.joint].position, e.target);
    }
    const bool laidOut = layOutOutOfReachGroups(rig, request);
    const bool limbsSolved = solveTwoBoneLimbs(rig, request);
    if (laidOut || limbsSolved)
        updateWorld(rig);
    measure(request);
    for (std::size_t g = 0; g < groups; ++g) {
        m_groups[g].error = m_groupError[g];
        m_groups[g].bestError = std::numeric_limits<double>::infinity();
        m_groups[g].progressMark = std::numeric_limits<double>::infinity();
        keepIfBest(g, rig);
        m_groups[g].active = !m_groups[g].answered && !groupWithin(request, g);
    }
    std::uint64_t randomState = 0x5eed;
    result.iterations = 0;
    const auto anyActive = [&] {
        return std::any_of(m_groups.begin(), m_groups.end(), [](const Group& group) { return group.active; });
    };
    while (result.iterations < request.iterations && anyActive()) {
        ++result.iterations;
        // A group whose descent has stalled starts again elsewhere: first from the middle of
        // every range, then from pseudo-random legal poses.
        const bool checkpoint = result.iterations % kCheckEvery == 0;
        bool restarted = false;
        for (std::size_t g = 0; g < groups; ++g) {
            Group& group = m_groups[g];
            bool stalled = group.pressedIterations >= kPressedIterations;
            if (checkpoint) {
                stalled = stalled || group.movedSinceCheckpoint < kStallDegrees || group.mu > 1e8;
                group.movedSinceCheckpoint = 0.0;
            }
            if (!group.active || !stalled)
                continue;
            if (group.restarts == kMaxRestarts) {
                group.active = false; // out of tries: its best pose is put back at the end
                continue;
            }
            ++group.restarts;
            for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
                const JointIndex j = m_variables[c];
                const double lo = rig.minAngle(j), hi = rig.maxAngle(j);
                const double u = group.restarts == 1 ? 0.5 : restartFraction(randomState);
                rig.setAngleClamped(j, lo + (hi - lo) * u);
            }
            group.mu = 1e-3;
            group.pressedIterations = 0;
            group.movedSinceCheckpoint = 0.0;
            group.progressMark = std::numeric_limits<double>::infinity();
            restarted = true;
        }
        if (restarted) {
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
        // Jacobian: turning bone j by one degree moves every effector below it around j's
        // parent. Groups that are done contribute nothing (zero rows, held columns).
        std::fill(m_jacobian.begin(), m_jacobian.end(), 0.0);
        for (Group& group : m_groups)
            group.largest = 0.0;
        for (std::size_t i = 0; i < effectors; ++i) {
            const int g = m_effectorGroup[i];
            if (g < 0 || !m_groups[static_cast<std::size_t>(g)].active)
                continue;
            Group& group = m_groups[static_cast<std::size_t>(g)];
            const Effector& e = request.effectors[i];
            const double s = std::sqrt(e.weight) * kRadiansPerDegree;
            const Vec2 p = m_world[e.joint].position;
            for (JointIndex j = e.joint; !rig.isRoot(j); j = rig.parent(j)) {
                const int c = m_variable[j];
                if (c < 0)
                    continue;
                const Vec2 arm = p - m_world[rig.parent(j)].position;
                m_jacobian[2 * i * cols + static_cast<std::size_t>(c)] = -s * arm.y;
                m_jacobian[(2 * i + 1) * cols + static_cast<std::size_t>(c)] = s * arm.x;
                group.largest = std::max(group.largest, s * s * dot(arm, arm));
            }
        }
        for (std::size_t i = 0; i < effectors; ++i) {
            const int g = m_effectorGroup[i];
            const bool live = g >= 0 && m_groups[static_cast<std::size_t>(g)].active;
            // Damping relative to the largest diagonal entry of the group's J Jᵀ.
            const double damping = live ? m_groups[static_cast<std::size_t>(g)].mu * std::max(m_groups[static_cast<std::size_t>(g)].largest, 1e-12) : 1.0;
            m_rowDamping[2 * i] = damping;
            m_rowDamping[2 * i + 1] = damping;
            if (!live) {
                m_residual[2 * i] = 0.0;
                m_residual[2 * i + 1] = 0.0;
            }
        }
        for (const Group& group : m_groups)
            std::fill(m_held.begin() + static_cast<std::ptrdiff_t>(group.firstColumn),
                      m_held.begin() + static_cast<std::ptrdiff_t>(group.endColumn), group.active ? 0 : 1);
        if (!computeStep())
            break;
        // Hold joints that sit on a limit the step pushes against, then solve again without them.
        bool held = false;
        for (Group& group : m_groups) {
            group.pressed = false;
            for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
                const JointIndex j = m_variables[c];
                const double a = rig.angle(j);
                if (m_held[c])
                    continue;
                if ((a <= rig.minAngle(j) && m_step[c] < 0.0) || (a >= rig.maxAngle(j) && m_step[c] > 0.0)) {
                    if (rig.minAngle(j) == kMinLimit && rig.maxAngle(j) == kMaxLimit)
                        continue; // a free joint just wraps around
                    m_held[c] = 1;
                    group.pressed = true;
                    held = true;
                }
            }
        }
        if (held && !computeStep())
            break;
        for (std::size_t c = 0; c < cols; ++c) {
            const JointIndex j = m_variables[c];
            m_saved[c] = rig.angle(j);
            if (m_step[c] != 0.0)
                rig.setAngleClamped(j, m_saved[c] + m_step[c]);
        }
        updateWorld(rig);
        measure(request);
        // Each group keeps its step only if its own weighted error fell.
        bool reverted = false;
        for (std::size_t g = 0; g < groups; ++g) {
            Group& group = m_groups[g];
            if (!group.active)
                continue;
            if (m_groupError[g] < group.error) {
                group.error = m_groupError[g];
                group.mu = std::max(group.mu * 0.3, 1e-9);
                keepIfBest(g, rig);
                for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
                    group.movedSinceCheckpoint = std::max(group.movedSinceCheckpoint, std::fabs(m_step[c]));
            } else {
                for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
                    rig.setAngleClamped(m_variables[c], m_saved[c]);
                group.mu *= 10.0;
                reverted = true;
            }
            if (group.error < (1.0 - kProgress) * group.progressMark) {
                group.progressMark = group.error;
                group.pressedIterations = 0;
            } else if (group.pressed) {
                ++group.pressedIterations;
            } else {
                group.pressedIterations = 0;
            }
        }
        if (reverted) {
            updateWorld(rig);
            measure(request); // the residuals of the reverted groups
        }
        for (std::size_t g = 0; g < groups; ++g)
            if (m_groups[g].active && groupWithin(request, g)) {
                m_groups[g].active = false;
                keepIfBest(g, rig, true); // on its targets: this pose, whatever came before
            }
    }
    if ((laidOut || limbsSolved) && result.iterations == 0)
        result.iterations = 1; // the closed-form answer counts as one, as in the chain solvers
    // After restarts each group goes back to its best pose (a no-op when it is the current
    // one); without, its one descent only ever improved.
    bool restored = false;
    for (std::size_t g = 0; g < groups; ++g) {
        const Group& group = m_groups[g];
        if (group.restarts == 0)
            continue;
        for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
            rig.setAngleClamped(m_variables[c], m_best[c]);
        restored = true;
    }
    if (restored)
        updateWorld(rig);

    result.error = weightedRootMeanSquare(request);
    result.reached = true;
    for (const Effector& e : request.effectors)
        if (safeDistance(m_world[e.joint].position, e.target) > request.tolerance)
            result.reached = false;
    collectLimited(rig, m_variables, result.limited);
    std::sort(result.limited.begin(), result.limited.end()); // reported in index order
}

} // namespace bonework::solvers
