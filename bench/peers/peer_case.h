#pragma once
// The seeded cases every contender of the peers benchmark solves, and the chain in plain form
// (radians, plain arrays) that the scalar references and KDL read.
//
// A case is a random planar chain (the property tests' generator, tests/support/random_rigs.h),
// its start pose (the generator's random legal angles) and a target: the tip of another random
// legal pose, so a pose that reaches it exactly always exists.

#include "bonework/rig.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bonework::peers {

// A chain in plain numbers. Bone k (0-based) is length[k] long; its angle is relative to bone
// k - 1 (bone 0: to baseAngle) in radians, and when limited[k] it must lie within
// [minAngle[k], maxAngle[k]] (wrapped into (-pi, pi], as the rig's degrees are).
struct PlainChain {
    Vec2 base;
    double baseAngle = 0.0;
    std::vector<double> length;
    std::vector<double> minAngle;
    std::vector<double> maxAngle;
    std::vector<unsigned char> limited;
    std::vector<double> startAngles; // the case's start pose

    int bones() const { return static_cast<int>(length.size()); }
    double totalLength() const;
};

// The chain of a rig that is one line from its root (joint 0) down to joint n.
PlainChain plainChainOf(const Rig& rig);

struct PeerCase {
    int bones = 0;
    bool limits = false;
    Rig rig;          // the chain in its start pose
    PlainChain plain; // the same chain and pose in plain form
    Vec2 target;      // the tip of a random legal pose
};

// `count` cases of `bones` bones, the same for every run with the same arguments.
std::vector<PeerCase> makeCases(int bones, bool limits, int count);

// An angle brought into (-pi, pi].
double wrapRadians(double a);

// The tip of `chain` posed with `angles` (radians), by trigonometry.
Vec2 tipOf(const PlainChain& chain, std::span<const double> angles);

// Why `angles` break the chain's limits (which bone, by how much); empty when they do not.
// Angle-form poses keep bone lengths by construction, so limits are all there is to check.
std::string whyAnglesIllegal(const PlainChain& chain, std::span<const double> angles);

// The largest turn of any bone from pose `before` to pose `after`, and the sum of all bones'
// turns (for a mean), in degrees.
struct Turn {
    double largest = 0.0;
    double sum = 0.0;
};
Turn turnBetween(std::span<const double> before, std::span<const double> after);

} // namespace bonework::peers
