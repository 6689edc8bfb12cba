#pragma once
// The steering driver (reference S8): the driven joint (a snake's head) is steered with three
// keys. Up accelerates up to a speed cap; without Up the speed decays; Left and Right turn the
// heading (Left counter-clockwise on screen, Right clockwise). The next target is the joint's
// position plus one step of motion, clamped into the bounds, so the head never leaves them.

#include "bonework/sim/bounds.h"
#include "bonework/vec2.h"

#include <string_view>

namespace bonework::sim {

struct SteeringSettings {
    double acceleration = 900.0; // px/s² while Up is held
    double maxSpeed = 300.0;     // px/s
    double turnRate = 150.0;     // degrees/s while Left or Right is held
    double speedHalfLife = 0.1;  // s: without Up, the speed halves this often (0: stops at once)
    bool operator==(const SteeringSettings&) const = default;
};

std::string_view checkSteeringSettings(const SteeringSettings& settings);

struct SteeringKeys {
    bool up = false;
    bool left = false;
    bool right = false;
    bool operator==(const SteeringKeys&) const = default;
};

struct SteeringState {
    double heading = 0.0; // degrees, in (-180, 180], clockwise on screen positive
    double speed = 0.0;   // px/s, in [0, maxSpeed]
};

class Steering {
public:
    // `dt` is the step length; the per-step decay factor is computed here once.
    void reset(const SteeringSettings& settings, double dt, double headingDegrees);
    // New settings while playing: heading and speed are kept (the speed within the new cap).
    void configure(const SteeringSettings& settings, double dt);
    // One step: updates speed and heading from the keys and returns where the joint at `from`
    // should go, inside `bounds`.
    Vec2 advance(const SteeringKeys& keys, Vec2 from, const Bounds& bounds);
    const SteeringState& state() const { return m_state; }

private:
    SteeringSettings m_settings;
    double m_dt = 0.0;
    double m_decayPerStep = 0.0;
    SteeringState m_state;
};

} // namespace bonework::sim
