#include "bonework/solvers/fabrik_solver.h"

#include "bonework/solvers/chain_solve_start.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonework::solvers {

std::string FabrikSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void FabrikSolver::restartPose(int restart)
{
    // The first restart puts every bone in the middle of its range; later ones spread the
    // angles by a low-discrepancy sequence (deterministic: no random state).
    const std::span<Rotation> local = m_state.local();
    for (int k = 1; k <= m_state.bones(); ++k) {
        const RotationLimits& lim = m_state.limits(k);
        const double spread = restart == 0 ? 0.5 : std::fmod(0.5 + 0.6180339887498949 * restart + 0.7548776662466927 * k, 1.0);
        local[static_cast<std::size_t>(k)] = Rotation::fromDegrees(lim.min + spread * (lim.max - lim.min));
    }
}

void FabrikSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    if (startChainSolve(rig, request, m_path, m_state, &m_twoBone, result) == ChainStart::Settled)
        return;
    const Effector& effector = request.effectors.front();
    const int n = m_state.bones();
    const Vec2 base = m_state.basePosition();
    const Vec2 target = boundedTarget(base, effector.target);
    const std::span<Rotation> local = m_state.local();
    const std::span<Vec2> pos = m_state.positions();
    const std::span<Rotation> world = m_state.world();
    // Out of reach of a chain without limits the answer is the chain straight at the target;
    // the passes would only confirm it.
    if (layOutStraightIfOutOfReach(m_state, target)) {
        result.iterations = 1;
        m_state.store(rig, m_path, effector.target, request.tolerance, result);
        return;
    }

    if (m_best.size() < static_cast<std::size_t>(n) + 1)
        m_best.resize(static_cast<std::size_t>(n) + 1);
    const double totalLength = m_state.totalLength();
    // Restarts only make sense when the target is within the chain's length of its base.
    const bool mayReach = safeDistance(base, target) <= totalLength;
    double bestError = std::numeric_limits<double>::infinity();
    double lastError = std::numeric_limits<double>::infinity();
    int stalled = 0;
    int restarts = 0;

    // Lays the chain out from the fixed base, each bone pointing toward the point pos[k] as
    // nearly as its limits allow; returns the tip.
    const auto layOut = [&] {
        Vec2 p = base;
        Rotation w = m_state.baseRotation();
        for (int k = 1; k <= n; ++k) {
            const auto i = static_cast<std::size_t>(k);
            Rotation dir;
            if (!unitDirection(pos[i] - p, dir))
                dir = world[i];
            const Rotation relative{w.c * dir.c + w.s * dir.s, w.c * dir.s - w.s * dir.c};
            const Rotation wanted = m_state.limits(k).clamp(relative);
            local[i] = wanted;
            // Within the limits the bone points exactly along dir: no product on the critical
            // path. Clamped: compose (renormalised, or errors would compound bone by bone).
            w = wanted == relative ? dir : renormalized(w * wanted);
            world[i] = w;
            p += w.direction() * m_state.length(k);
            pos[i] = p;
        }
        return p;
    };

    Vec2 tip = m_state.forward();
    Rotation toTarget;
    if (!mayReach || safeDistance(base, target) >= totalLength * (1.0 - 1e-9)) {
        // At or beyond full stretch FABRIK only creeps toward the answer; the answer is the
        // chain straight at the target (as straight as the limits allow), so start there.
        if (unitDirection(target - base, toTarget)) {
            double along = 0.0;
            for (int k = 1; k <= n; ++k) {
                along += m_state.length(k);
                pos[static_cast<std::size_t>(k)] = base + toTarget.direction() * along;
            }
            tip = layOut();
        }
    }
    for (int iteration = 0; iteration < request.iterations; ++iteration) {
        const double error = safeDistance(tip, target);
        if (error <= request.tolerance)
            break;
        stalled = error < lastError * (1.0 - kProgress) ? 0 : stalled + 1;
        lastError = error;
        if (stalled >= kStallLimit) {
            if (!mayReach)
                break; // a fixed point (or as good as one): more passes would repeat it
            // Limits have trapped the chain: keep this pose if it is the best so far and
            // start again from a spread of legal poses.
            if (error < bestError) {
                bestError = error;
                std::copy(local.begin() + 1, local.begin() + n + 1, m_best.begin() + 1);
            }
            restartPose(restarts++);
            tip = m_state.forward();
            stalled = 0;
            lastError = std::numeric_limits<double>::infinity();
        }
        ++result.iterations;
        // Backward: the tip onto the target, each joint dragged after the one below it.
        // Each bone also keeps the angle to the bone below it legal (that bone's limits, seen
        // from above), so the dragged chain is already nearly a legal pose.
        Vec2 next = target;
        Rotation below; // world direction of bone k + 1 as just placed
        for (int k = n; k >= 1; --k) {
            const auto i = static_cast<std::size_t>(k);
            Rotation back;
            Rotation bone = world[i]; // on top of each other: keep the bone's direction
            if (unitDirection(next - pos[i - 1], back))
                bone = back;
            if (k < n) {
                const Rotation turn = bone.inverse() * below;
                const Rotation legal = m_state.limits(k + 1).clamp(turn);
                if (!(legal == turn)) // within the limits the bone keeps its fresh unit direction
                    bone = renormalized(below * legal.inverse()); // unnormalised, errors would compound
            }
            pos[i] = next;
            next -= bone.direction() * m_state.length(k);
            below = bone;
        }
        // Forward: from the fixed base, each bone toward its dragged end, within its limits.
        Vec2 p = layOut();
        // Near full stretch FABRIK converges slowly; the last two bones can often finish exactly.
        if (safeDistance(p, target) > request.tolerance && finishWithTwoBones(m_state, target))
            p = pos[static_cast<std::size_t>(n)];
        pos[0] = base;
        bool changed = p != tip;
        tip = p;
        // Limits can hold FABRIK's pull away from where the target is reachable; a coordinate-
        // descent sweep turns each bone directly toward it and gets it out.
        const double after = safeDistance(tip, target);
        if (mayReach && after > request.tolerance && after > kSweepBelowProgress * error) {
            bool swept = false;
            tip = ccdSweep(m_state, tip, target, swept);
            if (swept)
                tip = m_state.forward();
            changed = changed || swept;
        }
        if (!changed)
            stalled = kStallLimit; // a fixed point: restart or stop at the next check
    }
    // A pose kept from before a restart wins if it came closer (no restart: nothing to compare).
    if (bestError < std::numeric_limits<double>::infinity() && bestError < safeDistance(m_state.forward(), target))
        std::copy(m_best.begin() + 1, m_best.begin() + n + 1, local.begin() + 1);
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

} // namespace bonework::solvers
