#pragma once
// A named IK chain: the joints from `root` down to `tip`, solved by one solver toward a target.

#include "bonework/vec2.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bonework {

using JointIndex = std::int32_t;
inline constexpr JointIndex kNoJoint = -1;

enum class SolverKind : std::uint8_t { Follow, Reach, Fabrik, Ccd, TwoBone, Relax };
inline constexpr SolverKind kAllSolvers[] = {SolverKind::Follow, SolverKind::Reach, SolverKind::Fabrik,
                                             SolverKind::Ccd,    SolverKind::TwoBone, SolverKind::Relax};

// The names used in rig files and on the command line: follow, reach, fabrik, ccd, two-bone, relax.
std::string_view solverName(SolverKind kind);
std::optional<SolverKind> solverFromName(std::string_view name);

// Positive: the second bone turns clockwise on screen relative to the first (positive angle).
enum class BendDirection : std::uint8_t { Positive, Negative };
std::string_view bendName(BendDirection bend);
std::optional<BendDirection> bendFromName(std::string_view name);

// Where a chain reaches for: a fixed point, or the world position of another joint
// (so the target rides along with that joint's bone).
struct ChainTarget {
    Vec2 point;
    JointIndex joint = kNoJoint;
    bool isAttached() const { return joint != kNoJoint; }
    bool operator==(const ChainTarget&) const = default;
};

struct Chain {
    std::string name;
    JointIndex root = kNoJoint;
    JointIndex tip = kNoJoint;
    SolverKind solver = SolverKind::Fabrik;
    int iterations = 10;
    double tolerance = 0.01;
    BendDirection bend = BendDirection::Positive;
    ChainTarget target{};
    // How strongly the chain holds, 0 to 1 (as Spine's IK mix): its joints take mix of the way
    // from their unsolved angles to their solved ones. 0: the chain does not hold at all.
    double mix = 1.0;
    // Whether the chain holds when other joints move (mix above 0).
    bool holds() const { return mix > 0.0; }
    bool operator==(const Chain&) const = default;
};

} // namespace bonework
