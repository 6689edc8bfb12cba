#pragma once
// Seeded inputs for playing the motion preview without a user, as `bonework-cli record` does:
// a cursor that wanders smoothly between random points, and steering keys that hold forward
// and turn left or right now and then. The same seed gives the same inputs at the same times.

#include "bonework/sim/bounds.h"
#include "bonework/sim/random.h"
#include "bonework/sim/steering.h"
#include "bonework/vec2.h"

#include <cstdint>

namespace bonework::sim {

// A new waypoint inside `bounds` every `legSeconds`; between two, the cursor eases out of one
// and into the next (smoothstep), so it never jumps.
class CursorPath {
public:
    CursorPath(const Bounds& bounds, std::uint64_t seed, double legSeconds = 0.75);
    Vec2 at(double seconds) const;

private:
    Vec2 waypoint(std::uint64_t index) const;
    Bounds m_bounds;
    std::uint64_t m_seed;
    double m_leg;
};

// Forward always; a turn (left or right) of 0.2 to 0.8 s every 0.5 to 1.5 s.
class SteeringScript {
public:
    explicit SteeringScript(std::uint64_t seed);
    // Times must not go backwards.
    SteeringKeys at(double seconds);

private:
    Random m_random;
    double m_turnStart = 0.0, m_turnEnd = 0.0;
    bool m_left = false;
    void plan(double after);
};

} // namespace bonework::sim
