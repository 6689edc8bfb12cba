#include "bonework/sim/scripted_inputs.h"

#include <algorithm>
#include <cmath>

namespace bonework::sim {

CursorPath::CursorPath(const Bounds& bounds, std::uint64_t seed, double legSeconds)
    : m_bounds(bounds), m_seed(seed), m_leg(legSeconds)
{
}

Vec2 CursorPath::waypoint(std::uint64_t index) const
{
    // Each waypoint from its own stream: any time can be asked for, in any order.
    Random r(m_seed * 0x9e3779b97f4a7c15ULL + index);
    const double x = r.uniform(m_bounds.left, m_bounds.right);
    const double y = r.uniform(m_bounds.top, m_bounds.bottom);
    return {x, y};
}

Vec2 CursorPath::at(double seconds) const
{
    const double legs = std::max(0.0, seconds) / m_leg;
    const double whole = std::floor(legs);
    const auto index = static_cast<std::uint64_t>(whole);
    const double f = legs - whole;
    const double s = f * f * (3.0 - 2.0 * f); // smoothstep: no jump in speed at a waypoint
    const Vec2 a = waypoint(index), b = waypoint(index + 1);
    return {a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s};
}

SteeringScript::SteeringScript(std::uint64_t seed) : m_random(seed) { plan(0.0); }

void SteeringScript::plan(double after)
{
    m_turnStart = after + m_random.uniform(0.5, 1.5);
    m_turnEnd = m_turnStart + m_random.uniform(0.2, 0.8);
    m_left = m_random.uniform01() < 0.5;
}

SteeringKeys SteeringScript::at(double seconds)
{
    while (seconds >= m_turnEnd)
        plan(m_turnEnd);
    const bool turning = seconds >= m_turnStart;
    return {true, turning && m_left, turning && !m_left};
}

} // namespace bonework::sim
