#pragma once
// The rules every rig edit checks, shared by the files that implement Rig (rig.cpp,
// rig_structure.cpp, rig_chains.cpp, rig_invariants.cpp). Internal: not part of the rig's API.

#include "bonework/vec2.h"

#include <cmath>
#include <string>
#include <string_view>

namespace bonework::rig_rules {

inline bool finite(double v) { return std::isfinite(v); }
inline bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

inline constexpr const char* kBoneTooLong = "the bone length must be at most 1e290";
inline constexpr const char* kRootTooFar = "the root position must lie within 1e300 of the origin on each axis";

inline std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// Why [min, max] cannot be a joint's angle limits; empty when it can.
std::string checkLimits(double min, double max);

} // namespace bonework::rig_rules
