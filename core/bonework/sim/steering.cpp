#include "bonework/sim/steering.h"

#include "bonework/angles.h"

#include <algorithm>
#include <cmath>

namespace bonework::sim {

std::string_view checkSteeringSettings(const SteeringSettings& s)
{
    if (!std::isfinite(s.acceleration) || s.acceleration < 0.0)
        return "the acceleration must be a finite number >= 0";
    if (!std::isfinite(s.maxSpeed) || s.maxSpeed < 0.0)
        return "the speed cap must be a finite number >= 0";
    if (!std::isfinite(s.turnRate))
        return "the turn rate must be finite";
    if (!std::isfinite(s.speedHalfLife) || s.speedHalfLife < 0.0)
        return "the speed half-life must be a finite number >= 0";
    return {};
}

void Steering::reset(const SteeringSettings& settings, double dt, double headingDegrees)
{
    m_state = {};
    m_state.heading = wrapDegrees(headingDegrees);
    configure(settings, dt);
}

void Steering::configure(const SteeringSettings& settings, double dt)
{
    m_settings = settings;
    m_dt = dt;
    m_decayPerStep = settings.speedHalfLife > 0.0 ? std::exp2(-dt / settings.speedHalfLife) : 0.0;
    m_state.speed = std::min(m_state.speed, settings.maxSpeed);
}

Vec2 Steering::advance(const SteeringKeys& keys, Vec2 from, const Bounds& bounds)
{
    SteeringState& s = m_state;
    if (keys.up)
        s.speed = std::min(s.speed + m_settings.acceleration * m_dt, m_settings.maxSpeed);
    else
        s.speed *= m_decayPerStep;
    // Both keys held cancel out, as in the reference.
    if (keys.left)
        s.heading = wrapDegrees(s.heading - m_settings.turnRate * m_dt);
    if (keys.right)
        s.heading = wrapDegrees(s.heading + m_settings.turnRate * m_dt);
    const double radians = s.heading * kRadiansPerDegree;
    const double travel = s.speed * m_dt;
    return bounds.clamp({from.x + travel * std::cos(radians), from.y + travel * std::sin(radians)});
}

} // namespace bonework::sim
