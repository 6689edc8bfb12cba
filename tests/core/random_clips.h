#pragma once
// Seeded random animation clips for property tests, legal on the rig they are made for
// (animation::checkClip passes). Header-only, no Qt. Every generator takes the caller's engine,
// so a failing case replays from its seed.

#include "random_rigs.h"

#include "bonework/animation/clip.h"
#include "bonework/forward_kinematics.h"

#include <iterator>
#include <string>
#include <vector>

namespace bonework::testing {

// A key at a time (a function, not braces: randomClip's keys draw their value and curve in the
// order a call's arguments are worked out, which its seeded tests were written against).
inline animation::Key keyAt(double time, double value, animation::Curve curve = {})
{
    return {time, value, curve};
}

// Linear, stepped or a Bezier with random numbers in [0, 1], one in three each.
inline animation::Curve randomCurve(Engine& rng)
{
    const int kind = uniformInt(rng, 0, 2);
    if (kind == 1)
        return animation::Curve{animation::Curve::Kind::Stepped};
    if (kind == 2)
        return animation::Curve::bezier(uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1));
    return animation::Curve{};
}

// The image paths random clips key: a small fixed list (paths with a space, "..", non-ASCII).
inline constexpr const char* kRandomImagePaths[] = {"art/a.png", "art/b.png", "art/hand open.png", "../shared/fist.png",
                                                    "art/é.jpg"};

inline std::string randomKeyedImage(Engine& rng)
{
    return kRandomImagePaths[static_cast<std::size_t>(uniformInt(rng, 0, static_cast<int>(std::size(kRandomImagePaths)) - 1))];
}

// 1 to 5 strictly increasing times within [0, duration), one in each of as many equal spans.
inline std::vector<double> randomKeyTimes(Engine& rng, double duration)
{
    std::vector<double> t;
    const int n = uniformInt(rng, 1, 5);
    for (int i = 0; i < n; ++i)
        t.push_back(duration * i / n + uniform(rng, 0.0, duration / n * 0.9));
    return t;
}

// A random clip over every non-root joint's angle and every root's x and rotation: keys
// within the limits, random curves (linear, stepped, Bezier), a duration from 0.1 to 5 s.
inline animation::Clip randomClip(Engine& rng, const Rig& rig)
{
    animation::Clip clip;
    clip.name = "random";
    clip.duration = uniform(rng, 0.1, 5.0);
    for (JointIndex j = 0; j < static_cast<JointIndex>(rig.jointCount()); ++j) {
        animation::JointTracks tracks;
        tracks.joint = rig.jointName(j);
        if (rig.isRoot(j)) {
            for (double t : randomKeyTimes(rng, clip.duration))
                tracks.x.push_back(keyAt(t, uniform(rng, -500, 500), randomCurve(rng)));
            for (double t : randomKeyTimes(rng, clip.duration))
                tracks.rotation.push_back(keyAt(t, uniform(rng, -180, 180), randomCurve(rng)));
        } else {
            for (double t : randomKeyTimes(rng, clip.duration))
                tracks.angle.push_back(keyAt(t, uniform(rng, rig.minAngle(j), rig.maxAngle(j)), randomCurve(rng)));
        }
        clip.joints.push_back(std::move(tracks));
    }
    return clip;
}

// randomClip, then every channel the rig has keyed or not at random: the roots' y, every
// chain's target and mix, every slot's visibility and opacity (and, one slot in two, its
// image, from kRandomImagePaths), some tracks emptied again
// (entries may be left with no keys at all, which the rules allow), and a key now and then on
// 0 or the duration itself.
inline animation::Clip randomClipOfEveryChannel(Engine& rng, const Rig& rig)
{
    animation::Clip clip = randomClip(rng, rig);
    const double d = clip.duration;
    auto maybeEmpty = [&](auto& keys) {
        if (uniformInt(rng, 0, 3) == 0)
            keys.clear();
    };
    auto atTheEnds = [&](auto& keys) {
        if (!keys.empty() && uniformInt(rng, 0, 3) == 0)
            keys.front().time = 0.0;
        if (!keys.empty() && uniformInt(rng, 0, 3) == 0 && keys.back().time < d)
            keys.back().time = d;
    };
    const std::vector<WorldTransform> world = forwardKinematics(rig);
    for (animation::JointTracks& tracks : clip.joints) {
        if (rig.isRoot(rig.findJoint(tracks.joint)))
            for (double t : randomKeyTimes(rng, d))
                tracks.y.push_back(keyAt(t, uniform(rng, -500, 500), randomCurve(rng)));
        for (auto* keys : {&tracks.angle, &tracks.x, &tracks.y, &tracks.rotation}) {
            maybeEmpty(*keys);
            atTheEnds(*keys);
        }
    }
    for (const Chain& chain : rig.chains()) {
        animation::ChainTracks tracks{chain.name, {}, {}};
        for (double t : randomKeyTimes(rng, d)) {
            const Vec2 point = world[static_cast<std::size_t>(chain.tip)].position + Vec2{uniform(rng, -200, 200), uniform(rng, -200, 200)};
            tracks.target.push_back({t, point, randomCurve(rng)});
        }
        for (double t : randomKeyTimes(rng, d))
            tracks.mix.push_back(keyAt(t, uniform(rng, 0, 1), randomCurve(rng)));
        maybeEmpty(tracks.target);
        maybeEmpty(tracks.mix);
        atTheEnds(tracks.target);
        atTheEnds(tracks.mix);
        clip.chains.push_back(std::move(tracks));
    }
    for (const Slot& slot : rig.slotList()) {
        animation::SlotTracks tracks{slot.name, {}, {}, {}};
        for (double t : randomKeyTimes(rng, d))
            tracks.visible.push_back({t, uniformInt(rng, 0, 1) == 1});
        for (double t : randomKeyTimes(rng, d))
            tracks.opacity.push_back(keyAt(t, uniform(rng, 0, 1), randomCurve(rng)));
        if (uniformInt(rng, 0, 1) == 0)
            for (double t : randomKeyTimes(rng, d))
                tracks.image.push_back({t, randomKeyedImage(rng)});
        maybeEmpty(tracks.visible);
        maybeEmpty(tracks.opacity);
        atTheEnds(tracks.visible);
        atTheEnds(tracks.opacity);
        atTheEnds(tracks.image);
        clip.slotTracks.push_back(std::move(tracks));
    }
    return clip;
}

} // namespace bonework::testing
