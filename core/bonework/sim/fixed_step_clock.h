#pragma once
// Turns real elapsed time into whole simulation steps, so the motion does not depend on the
// frame rate: the caller adds each frame's elapsed seconds (times a speed factor) and runs the
// number of steps returned. What is left over waits for the next frame.

namespace bonework::sim {

inline constexpr double kDefaultStepSeconds = 1.0 / 60.0;

class FixedStepClock {
public:
    // `maxStepsPerAdvance` bounds the catch-up after a stall (a breakpoint, a dragged window):
    // time beyond it is dropped rather than replayed in one burst.
    explicit FixedStepClock(double stepSeconds = kDefaultStepSeconds, int maxStepsPerAdvance = 8);

    // Adds `realSeconds * speed` (both clamped to >= 0; non-finite input counts as 0) and returns
    // how many whole steps are due now, at most maxStepsPerAdvance.
    int advance(double realSeconds, double speed = 1.0);
    // The part of a step waiting in the accumulator, in [0, 1): for drawing between steps.
    double pendingFraction() const { return m_accumulated / m_stepSeconds; }
    double stepSeconds() const { return m_stepSeconds; }
    int maxStepsPerAdvance() const { return m_maxSteps; }
    void reset() { m_accumulated = 0.0; }

private:
    double m_stepSeconds;
    int m_maxSteps;
    double m_accumulated = 0.0;
};

} // namespace bonework::sim
