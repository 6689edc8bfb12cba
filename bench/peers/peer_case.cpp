#include "peer_case.h"

#include "random_rigs.h"

#include "bonework/angles.h"

#include <algorithm>
#include <cmath>

namespace bonework::peers {

double PlainChain::totalLength() const
{
    double total = 0.0;
    for (double l : length)
        total += l;
    return total;
}

PlainChain plainChainOf(const Rig& rig)
{
    PlainChain c;
    c.base = rig.rootPosition(0);
    c.baseAngle = rig.angle(0) * kRadiansPerDegree;
    const auto bones = static_cast<JointIndex>(rig.jointCount()) - 1;
    for (JointIndex j = 1; j <= bones; ++j) {
        c.length.push_back(rig.length(j));
        c.minAngle.push_back(rig.minAngle(j) * kRadiansPerDegree);
        c.maxAngle.push_back(rig.maxAngle(j) * kRadiansPerDegree);
        c.limited.push_back(rig.rotationLimits(j).free ? 0 : 1);
        c.startAngles.push_back(rig.angle(j) * kRadiansPerDegree);
    }
    return c;
}

std::vector<PeerCase> makeCases(int bones, bool limits, int count)
{
    std::vector<PeerCase> cases;
    cases.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        testing::Engine rng(0x9eed5000u + static_cast<std::uint64_t>(bones) * 1000u + (limits ? 500u : 0u)
                            + static_cast<std::uint64_t>(i));
        testing::RigOptions options;
        options.limits = limits;
        PeerCase c;
        c.bones = bones;
        c.limits = limits;
        c.rig = testing::randomChain(rng, bones, options);
        c.target = testing::reachableTarget(rng, c.rig, static_cast<JointIndex>(bones));
        c.plain = plainChainOf(c.rig);
        cases.push_back(std::move(c));
    }
    return cases;
}

double wrapRadians(double a)
{
    a = std::remainder(a, 2.0 * kPi); // [-pi, pi]
    return a == -kPi ? kPi : a;
}

Vec2 tipOf(const PlainChain& chain, std::span<const double> angles)
{
    Vec2 p = chain.base;
    double w = chain.baseAngle;
    for (int k = 0; k < chain.bones(); ++k) {
        w += angles[static_cast<std::size_t>(k)];
        p += Vec2{std::cos(w), std::sin(w)} * chain.length[static_cast<std::size_t>(k)];
    }
    return p;
}

std::string whyAnglesIllegal(const PlainChain& chain, std::span<const double> angles)
{
    constexpr double kSlack = 1e-9 * kRadiansPerDegree; // rounding of the degrees a rig would hold
    for (int k = 0; k < chain.bones(); ++k) {
        const auto i = static_cast<std::size_t>(k);
        const double a = angles[i];
        if (!std::isfinite(a))
            return "bone " + std::to_string(k + 1) + " has no finite angle";
        if (!chain.limited[i])
            continue;
        const double w = wrapRadians(a);
        // pi and -pi are the same angle: a range that starts at -180 degrees holds +180 too.
        const bool inside = (w >= chain.minAngle[i] - kSlack && w <= chain.maxAngle[i] + kSlack)
                            || (w - 2.0 * kPi >= chain.minAngle[i] - kSlack && w - 2.0 * kPi <= chain.maxAngle[i] + kSlack);
        if (!inside)
            return "bone " + std::to_string(k + 1) + " at " + std::to_string(w * kDegreesPerRadian) + " deg, limits ["
                   + std::to_string(chain.minAngle[i] * kDegreesPerRadian) + ", "
                   + std::to_string(chain.maxAngle[i] * kDegreesPerRadian) + "]";
    }
    return {};
}

Turn turnBetween(std::span<const double> before, std::span<const double> after)
{
    Turn t;
    for (std::size_t k = 0; k < std::min(before.size(), after.size()); ++k) {
        const double d = std::fabs(wrapRadians(after[k] - before[k])) * kDegreesPerRadian;
        t.largest = std::max(t.largest, d);
        t.sum += d;
    }
    return t;
}

} // namespace bonework::peers
