#include "bonework/animation/clip.h"

#include <algorithm>
#include <cmath>

namespace bonework::animation {

double clipTime(const Clip& clip, double seconds)
{
    const double d = clip.duration;
    if (!std::isfinite(seconds) || !(d > 0.0))
        return 0.0;
    if (!clip.loop)
        return std::clamp(seconds, 0.0, d);
    // fmod is exact (no rounding), so a whole number of turns lands on 0 itself; before the
    // start the clip runs backwards from its end.
    double t = std::fmod(seconds, d);
    if (t < 0.0)
        t += d;
    return t < d ? t + 0.0 : 0.0; // -tiny + d rounds up to d; + 0.0 turns -0 into 0
}

} // namespace bonework::animation
