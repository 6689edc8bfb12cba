#pragma once
// Shared by the simulation tests: what they feed a simulation (the settings that drive one
// chain, a cursor that wanders the canvas from a seed) and the seed and step that start every
// failure message.

#include "bonework/rig.h"
#include "bonework/sim/simulation.h"

#include <QString>

#include <cstdint>

namespace bonework::testing {

inline sim::SimulationSettings chainSettings(const Rig& rig, const char* chain, sim::DriverKind driver,
                                             std::uint64_t seed = 1)
{
    sim::SimulationSettings s;
    s.driver = driver;
    s.effector.chain = rig.findChain(chain);
    s.seed = seed;
    return s;
}

// A cursor that wanders the canvas (smooth sweeps with now and then a jump), from a seed.
class WanderingCursor {
public:
    explicit WanderingCursor(std::uint64_t seed) : m_random(seed) {}
    Vec2 next(const sim::Bounds& b)
    {
        if (m_step++ % 90 == 0) {
            m_goal = {m_random.uniform(b.left - 100.0, b.right + 100.0), m_random.uniform(b.top - 100.0, b.bottom + 100.0)};
            if (m_random.uniform01() < 0.3)
                m_at = m_goal; // a jump
        }
        m_at = m_at + (m_goal - m_at) * 0.08;
        return m_at;
    }

private:
    sim::Random m_random;
    Vec2 m_at{600.0, 400.0};
    Vec2 m_goal{600.0, 400.0};
    long m_step = 0;
};

inline QString seedNote(std::uint64_t seed, long step)
{
    return QStringLiteral("seed %1, step %2: ").arg(seed).arg(step);
}

} // namespace bonework::testing
