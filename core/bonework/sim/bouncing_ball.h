#pragma once
// The bouncing-ball driver (reference S4): a ball falls under gravity and bounces off the edges of
// the bounds, losing speed by a restitution factor; the driven chain reaches for it, and every
// step in which the chain's tip touches the ball (distance <= radius) kicks it up and randomly
// sideways. Units are scene pixels and seconds.

#include "bonework/sim/bounds.h"
#include "bonework/sim/random.h"
#include "bonework/vec2.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace bonework::sim {

struct BallSettings {
    double radius = 24.0;           // px
    double gravity = 900.0;         // px/s², downwards (+y)
    double restitution = 0.9;       // share of the speed kept by a bounce, in [0, 1]
    double upwardKick = 60.0;       // px/s taken off the vertical velocity per touching step
    double sidewaysKick = 60.0;     // px/s: each touching step adds a uniform push in [-this, this]
    // Where the ball starts; unset: a quarter of the way in from the top-left of the bounds.
    std::optional<Vec2> start;
    Vec2 startVelocity{300.0, 0.0}; // px/s
    bool operator==(const BallSettings&) const = default;
};

// Why the settings cannot be used (non-finite or negative values); empty when they can.
std::string_view checkBallSettings(const BallSettings& settings);

struct BallState {
    Vec2 position;
    Vec2 velocity;
    bool touched = false;       // the tip touched the ball in the last step
    Vec2 lastKick;              // the velocity change of the last step's kick (0 when none)
    std::uint64_t kicks = 0;    // touching steps so far
    std::uint64_t bounces = 0;  // edge hits so far
};

class BouncingBall {
public:
    void reset(const BallSettings& settings, const Bounds& bounds);
    // New settings or bounds while playing: the ball keeps its motion and is moved inside.
    void configure(const BallSettings& settings, const Bounds& bounds);
    // Gravity, motion and bounces for one step of `dt` seconds; the ball ends inside the bounds
    // (its whole disc when the bounds are wide and tall enough for it).
    void move(double dt);
    // The contact check after the chain has moved: kicks the ball when `tip` touches it.
    void touch(Vec2 tip, Random& random);
    const BallState& state() const { return m_state; }
    const BallSettings& settings() const { return m_settings; }

private:
    BallSettings m_settings;
    Bounds m_bounds;
    BallState m_state;

    void keepInside();
};

} // namespace bonework::sim
