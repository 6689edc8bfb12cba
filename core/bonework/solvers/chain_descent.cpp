#include "bonework/solvers/chain_descent.h"

#include <algorithm>
#include <cmath>

namespace bonework::solvers {
namespace {

// The rotation by `radians` (at most kMaxStepRadians) without trigonometry: the Taylor series
// to fifth order, then brought to unit length; a step only has to go the right way, and it is
// measured before it is kept.
Rotation smallTurn(double radians)
{
    const double t2 = radians * radians;
    return renormalized({1.0 - 0.5 * t2 * (1.0 - t2 / 12.0), radians * (1.0 - t2 / 6.0 * (1.0 - t2 / 20.0))});
}

} // namespace

void ChainDescent::reserve(std::size_t bones)
{
    const std::size_t size = bones + 1;
    if (m_saved.size() < size) {
        m_saved.resize(size);
        m_held.resize(size);
        m_turn.resize(size);
        m_push.resize(size);
        m_tanQuarter.resize(size);
    }
}

void ChainDescent::prepare(const ChainState& state)
{
    reserve(static_cast<std::size_t>(state.bones()));
    // Offsets from the middle of a range are measured as tan(offset / 2), which needs no
    // trigonometry and grows monotonically over the whole circle; this is its value at a limit.
    for (int k = 1; k <= state.bones(); ++k) {
        const RotationLimits& limits = state.limits(k);
        double t = 0.0;
        if (!limits.free && limits.min != limits.max) {
            const double s = limits.sinHalfWidth;
            const double c = (limits.narrow ? 1.0 : -1.0) * std::sqrt(std::max(0.0, 1.0 - s * s));
            t = 1.0 + c > 1e-9 ? s / (1.0 + c) : 0.0; // nearly the whole circle: no push
        }
        m_tanQuarter[static_cast<std::size_t>(k)] = t;
    }
}

void ChainDescent::start(const TurnWindow& window)
{
    m_damping = kStartDamping;
    m_steps = 0;
    m_mark = std::numeric_limits<double>::infinity();
    m_slow = false;
    m_pressedSteps = 0;
    m_progressMark = std::numeric_limits<double>::infinity();
    m_window = window;
}

bool ChainDescent::pressed(const ChainState& state, int k, Rotation local, double step) const
{
    const RotationLimits& limits = state.limits(k);
    if (limits.min == limits.max)
        return true; // rigid
    if (m_window.pressed(k, local, step))
        return true;
    return !limits.free && ((step > 0.0 && local == limits.atMax) || (step < 0.0 && local == limits.atMin));
}

bool ChainDescent::computeTurns(ChainState& state, Vec2 tip, Vec2 e, double& largest, bool& anyHeld)
{
    // J's column for bone k is the tip's velocity when the bone turns: the lever from the bone's
    // start to the tip, turned a quarter. J Jᵀ is 2 x 2 (one effector), so a step costs a few
    // sweeps over the chain. Bones pressed against a limit by the step are held out of it and
    // the step solved again without them.
    const int n = state.bones();
    const std::span<const Vec2> pos = state.positions();
    const std::span<Rotation> local = state.local();
    std::fill(m_held.begin(), m_held.begin() + n + 1, 0);
    anyHeld = false;
    double d00 = 0.0, d01 = 0.0, d11 = 0.0, det = 0.0;
    Vec2 y;
    for (int pass = 0; pass < 2; ++pass) {
        double a00 = 0.0, a01 = 0.0, a11 = 0.0;
        for (int k = 1; k <= n; ++k) {
            if (m_held[static_cast<std::size_t>(k)])
                continue;
            const Vec2 r = tip - pos[static_cast<std::size_t>(k - 1)];
            a00 += r.y * r.y;
            a01 -= r.x * r.y;
            a11 += r.x * r.x;
        }
        const double lambda = m_damping * std::max({a00, a11, 1e-12});
        d00 = a00 + lambda;
        d01 = a01;
        d11 = a11 + lambda;
        det = d00 * d11 - d01 * d01;
        if (!(det > 0.0) || !std::isfinite(det))
            return false;
        y = {(d11 * e.x - d01 * e.y) / det, (d00 * e.y - d01 * e.x) / det};
        bool held = false;
        for (int k = 1; pass == 0 && k <= n; ++k) {
            const auto i = static_cast<std::size_t>(k);
            const Vec2 r = tip - pos[i - 1];
            if (pressed(state, k, local[i], r.x * y.y - r.y * y.x)) {
                m_held[i] = 1;
                held = true;
                anyHeld = anyHeld || state.limits(k).min != state.limits(k).max;
            }
        }
        if (!held)
            break;
    }
    // The push toward the middle of the ranges, less its part that would move the tip
    // (J's null space: g - Jᵀ (J Jᵀ + λ)⁻¹ J g).
    Vec2 jg;
    for (int k = 1; k <= n; ++k) {
        const auto i = static_cast<std::size_t>(k);
        m_push[i] = 0.0;
        if (m_held[i] || !(m_tanQuarter[i] > 0.0))
            continue;
        const Rotation offset = local[i] * state.limits(k).centre.inverse();
        const double u = offset.s / (1.0 + offset.c) / m_tanQuarter[i]; // -1 at the minimum, 1 at the maximum
        const double over = std::fabs(u) - kCentreZone;
        if (!(over > 0.0))
            continue;
        m_push[i] = (u > 0.0 ? -kCentring : kCentring) * std::min(1.0, over / (1.0 - kCentreZone));
        const Vec2 r = tip - pos[i - 1];
        jg += Vec2{-r.y, r.x} * m_push[i];
    }
    const Vec2 z{(d11 * jg.x - d01 * jg.y) / det, (d00 * jg.y - d01 * jg.x) / det};
    largest = 0.0;
    for (int k = 1; k <= n; ++k) {
        const auto i = static_cast<std::size_t>(k);
        m_turn[i] = 0.0;
        if (m_held[i])
            continue;
        const Vec2 r = tip - pos[i - 1];
        m_turn[i] = r.x * (y.y - z.y) - r.y * (y.x - z.x) + m_push[i];
        largest = std::max(largest, std::fabs(m_turn[i]));
    }
    return largest > 0.0;
}

Vec2 ChainDescent::step(ChainState& state, Vec2 tip, Vec2 target)
{
    const int n = state.bones();
    const std::span<Rotation> local = state.local();
    const double error = safeDistance(tip, target);
    if (m_steps++ % kCheckEvery == 0) {
        m_slow = error > (1.0 - kProgress) * m_mark;
        m_mark = error;
    }
    if (error < (1.0 - kProgress) * m_progressMark) {
        m_progressMark = error;
        m_pressedSteps = 0;
    }
    double largest = 0.0;
    bool anyHeld = false;
    if (!computeTurns(state, tip, target - tip, largest, anyHeld)) {
        m_damping = std::numeric_limits<double>::infinity(); // nothing can turn: stalled
        return tip;
    }
    // One scale for every bone keeps the step's direction (the least-squares one).
    const double scale = largest > kMaxStepRadians ? kMaxStepRadians / largest : 1.0;
    std::copy(local.begin() + 1, local.begin() + n + 1, m_saved.begin() + 1);
    bool clipped = false;
    for (int k = 1; k <= n; ++k) {
        const auto i = static_cast<std::size_t>(k);
        if (m_held[i])
            continue;
        const Rotation wanted = renormalized(smallTurn(scale * m_turn[i]) * local[i]);
        local[i] = m_window.clamp(state.limits(k), k, state.limits(k).clamp(wanted));
        clipped = clipped || !(local[i] == wanted);
    }
    if (anyHeld || clipped)
        ++m_pressedSteps;
    const Vec2 next = state.forward();
    if (safeDistance(next, target) < error) {
        m_damping = std::max(m_damping * 0.3, 1e-9);
        return next;
    }
    std::copy(m_saved.begin() + 1, m_saved.begin() + n + 1, local.begin() + 1);
    m_damping *= 10.0;
    return state.forward();
}

} // namespace bonework::solvers
