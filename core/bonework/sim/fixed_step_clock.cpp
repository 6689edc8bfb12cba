#include "bonework/sim/fixed_step_clock.h"

#include <cmath>

namespace bonework::sim {

FixedStepClock::FixedStepClock(double stepSeconds, int maxStepsPerAdvance)
    : m_stepSeconds(std::isfinite(stepSeconds) && stepSeconds > 0.0 ? stepSeconds : kDefaultStepSeconds)
    , m_maxSteps(maxStepsPerAdvance > 0 ? maxStepsPerAdvance : 1)
{
}

int FixedStepClock::advance(double realSeconds, double speed)
{
    const double seconds = std::isfinite(realSeconds) && realSeconds > 0.0 ? realSeconds : 0.0;
    const double factor = std::isfinite(speed) && speed > 0.0 ? speed : 0.0;
    m_accumulated += seconds * factor;
    const double due = std::floor(m_accumulated / m_stepSeconds);
    if (due >= m_maxSteps) {
        // Catch up at most this far; the rest of a long stall is forgotten.
        m_accumulated = 0.0;
        return m_maxSteps;
    }
    const int steps = static_cast<int>(due);
    m_accumulated -= steps * m_stepSeconds;
    if (m_accumulated < 0.0) // rounding of the subtraction
        m_accumulated = 0.0;
    return steps;
}

} // namespace bonework::sim
