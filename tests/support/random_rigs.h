#pragma once
// Seeded random rigs and targets for property tests and benchmarks. Header-only, no Qt.
// Every generator takes the caller's engine, so a failing case replays from its seed.

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"

#include <random>
#include <string>

namespace bonework::testing {

using Engine = std::mt19937_64;

struct RigOptions {
    bool limits = false;        // random [min, max] per joint (some rigid, some narrow)
    double pinChance = 0.0;     // chance that a joint is pinned
    double minLength = 5.0;
    double maxLength = 100.0;
};

inline double uniform(Engine& rng, double lo, double hi)
{
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}

inline int uniformInt(Engine& rng, int lo, int hi) // inclusive
{
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}

// Random limits: mostly ranges of varying width, now and then a rigid joint (min == max).
inline void randomLimits(Engine& rng, double& min, double& max)
{
    const double r = uniform(rng, 0.0, 1.0);
    if (r < 0.08) {
        min = max = std::round(uniform(rng, -90.0, 90.0));
        return;
    }
    const double centre = uniform(rng, -120.0, 120.0);
    const double half = uniform(rng, 5.0, 120.0);
    min = std::max(kMinLimit, centre - half);
    max = std::min(kMaxLimit, centre + half);
}

inline JointDesc randomBone(Engine& rng, std::string name, JointIndex parent, const RigOptions& o)
{
    JointDesc d;
    d.name = std::move(name);
    d.parent = parent;
    d.length = uniform(rng, o.minLength, o.maxLength);
    if (o.limits)
        randomLimits(rng, d.minAngle, d.maxAngle);
    d.angle = d.minAngle == d.maxAngle ? d.minAngle : uniform(rng, d.minAngle, d.maxAngle);
    d.pinned = o.pinChance > 0.0 && uniform(rng, 0.0, 1.0) < o.pinChance;
    return d;
}

inline JointDesc randomRoot(Engine& rng, std::string name)
{
    JointDesc d;
    d.name = std::move(name);
    d.position = {uniform(rng, -500.0, 500.0), uniform(rng, -500.0, 500.0)};
    d.angle = uniform(rng, -180.0, 180.0);
    return d;
}

// A root followed by `bones` joints in a line (joint i's parent is i - 1).
inline Rig randomChain(Engine& rng, int bones, const RigOptions& o = {})
{
    Rig rig;
    rig.reserve(static_cast<std::size_t>(bones) + 1);
    rig.addJoint(randomRoot(rng, "j0"));
    for (int i = 1; i <= bones; ++i)
        rig.addJoint(randomBone(rng, "j" + std::to_string(i), i - 1, o));
    return rig;
}

// How far the chain ending at `tip` reaches: its bones' lengths from the tip up to its root.
inline double chainReach(const Rig& rig, JointIndex tip)
{
    double length = 0.0;
    for (JointIndex j = tip; !rig.isRoot(j); j = rig.parent(j))
        length += rig.length(j);
    return length;
}
// The same for a randomChain, whose tip is its last joint.
inline double chainReach(const Rig& rig) { return chainReach(rig, static_cast<JointIndex>(rig.jointCount() - 1)); }

// A root and `joints - 1` more, each hanging from a random earlier joint (so: branching).
inline Rig randomTree(Engine& rng, int joints, const RigOptions& o = {})
{
    Rig rig;
    rig.reserve(static_cast<std::size_t>(joints));
    rig.addJoint(randomRoot(rng, "j0"));
    for (int i = 1; i < joints; ++i) {
        // Favour recent joints so trees have long limbs rather than being all star.
        const int lo = std::max(0, i - 6);
        rig.addJoint(randomBone(rng, "j" + std::to_string(i), uniformInt(rng, lo, i - 1), o));
    }
    return rig;
}

// Sets every non-root angle to a random legal value (uniform within its limits).
inline void randomizeAngles(Engine& rng, Rig& rig)
{
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isRoot(j))
            continue;
        rig.setAngleClamped(j, uniform(rng, rig.minAngle(j), rig.maxAngle(j)));
    }
}

// A target the joint can reach: where it lands under random legal angles of the same rig
// (root and pins unchanged only if nothing pinned lies between; callers without pins get exact
// reachability).
inline Vec2 reachableTarget(Engine& rng, const Rig& rig, JointIndex joint)
{
    Rig copy = rig;
    randomizeAngles(rng, copy);
    return forwardKinematics(copy)[joint].position;
}

// A target out of reach: beyond the sum of the bone lengths from the root above `joint`.
inline Vec2 unreachableTarget(Engine& rng, const Rig& rig, JointIndex joint)
{
    double reach = 0.0;
    JointIndex j = joint;
    for (; !rig.isRoot(j); j = rig.parent(j))
        reach += rig.length(j);
    const double angle = uniform(rng, -180.0, 180.0) * kRadiansPerDegree;
    const double r = reach * uniform(rng, 1.05, 3.0) + 1.0;
    const Vec2 base = rig.rootPosition(j);
    return {base.x + r * std::cos(angle), base.y + r * std::sin(angle)};
}

} // namespace bonework::testing
