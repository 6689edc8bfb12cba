#pragma once
// Fewer keys for a sampled track: keeps the keys a straight line between its neighbours cannot
// stand in for (Ramer-Douglas-Peucker on the values, measured at every sample's time), so the
// reduced track, interpolated linearly, is within `tolerance` of every sample.

#include "bonework/animation/clip.h"

#include <span>
#include <vector>

namespace bonework::animation {

// `times` strictly increasing, one value per time. Appends the kept keys (linear curves, the
// first and last sample always among them) to `out`.
void reduceTrack(std::span<const double> times, std::span<const double> values, double tolerance, std::vector<Key>& out);

} // namespace bonework::animation
