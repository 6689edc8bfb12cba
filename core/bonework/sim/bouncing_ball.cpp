#include "bonework/sim/bouncing_ball.h"

#include <algorithm>
#include <cmath>

namespace bonework::sim {

std::string_view checkBallSettings(const BallSettings& s)
{
    const auto finite = [](double v) { return std::isfinite(v); };
    if (!finite(s.radius) || s.radius <= 0.0)
        return "the ball radius must be a finite number > 0";
    if (!finite(s.gravity))
        return "gravity must be finite";
    if (!finite(s.restitution) || s.restitution < 0.0 || s.restitution > 1.0)
        return "restitution must be between 0 and 1";
    if (!finite(s.upwardKick) || !finite(s.sidewaysKick) || s.sidewaysKick < 0.0)
        return "the kicks must be finite (the sideways kick >= 0)";
    if (s.start && (!finite(s.start->x) || !finite(s.start->y)))
        return "the ball's start must be finite";
    if (!finite(s.startVelocity.x) || !finite(s.startVelocity.y))
        return "the ball's start velocity must be finite";
    return {};
}

namespace {

// One axis of the bounce: keeps the centre within [lo, hi] and reflects the velocity, scaled by
// the restitution, when the ball hits an edge moving into it. Returns whether it bounced.
bool bounceAxis(double& position, double& velocity, double lo, double hi, double restitution)
{
    if (lo > hi) // the bounds are narrower than the ball: keep it centred
        lo = hi = (lo + hi) / 2.0;
    if (position < lo) {
        position = lo;
        if (velocity < 0.0)
            velocity = -velocity * restitution;
        return true;
    }
    if (position > hi) {
        position = hi;
        if (velocity > 0.0)
            velocity = -velocity * restitution;
        return true;
    }
    return false;
}

} // namespace

void BouncingBall::reset(const BallSettings& settings, const Bounds& bounds)
{
    m_settings = settings;
    m_bounds = bounds;
    m_state = {};
    m_state.position = settings.start.value_or(
        Vec2{bounds.left + bounds.width() / 4.0, bounds.top + bounds.height() / 4.0});
    m_state.velocity = settings.startVelocity;
    keepInside(); // a start outside the bounds is moved in, so "inside" holds from step 0
}

void BouncingBall::configure(const BallSettings& settings, const Bounds& bounds)
{
    m_settings = settings;
    m_bounds = bounds;
    keepInside();
}

void BouncingBall::keepInside()
{
    // Moved, not bounced: the velocity is left as it is.
    double vx = 0.0, vy = 0.0;
    const double r = m_settings.radius;
    bounceAxis(m_state.position.x, vx, m_bounds.left + r, m_bounds.right - r, 1.0);
    bounceAxis(m_state.position.y, vy, m_bounds.top + r, m_bounds.bottom - r, 1.0);
}

void BouncingBall::move(double dt)
{
    BallState& b = m_state;
    // Semi-implicit Euler: velocity first, then position with the new velocity (stable for a
    // bouncing ball, and it keeps the bounce height from creeping up).
    b.velocity.y += m_settings.gravity * dt;
    b.position += b.velocity * dt;
    const double r = m_settings.radius;
    const bool x = bounceAxis(b.position.x, b.velocity.x, m_bounds.left + r, m_bounds.right - r,
                              m_settings.restitution);
    const bool y = bounceAxis(b.position.y, b.velocity.y, m_bounds.top + r, m_bounds.bottom - r,
                              m_settings.restitution);
    b.bounces += static_cast<std::uint64_t>(x) + static_cast<std::uint64_t>(y);
}

void BouncingBall::touch(Vec2 tip, Random& random)
{
    BallState& b = m_state;
    b.touched = distance(tip, b.position) <= m_settings.radius;
    b.lastKick = {};
    if (!b.touched)
        return;
    // Drawn only on contact, so the random stream advances exactly once per kick.
    b.lastKick = {random.uniform(-m_settings.sidewaysKick, m_settings.sidewaysKick), -m_settings.upwardKick};
    b.velocity += b.lastKick;
    ++b.kicks;
}

} // namespace bonework::sim
