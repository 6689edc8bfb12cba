#include "bonework/exporters/chain_keeping.h"

#include "bonework/exporters/message_text.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/exporters/clip_plan.h"
#include "bonework/forward_kinematics.h"

#include <algorithm>
#include <cmath>

namespace bonework::exporters {
namespace {

bool limited(const Rig& rig, JointIndex j) { return rig.minAngle(j) > -180.0 || rig.maxAngle(j) < 180.0 || rig.isPinned(j); }

bool isAncestorOrSelf(const Rig& rig, JointIndex a, JointIndex j)
{
    for (; j != kNoJoint; j = rig.parent(j))
        if (j == a)
            return true;
    return false;
}

} // namespace

std::string whyNotKept(const Rig& rig, const animation::Clip& clip, int chainIndex, const std::vector<int>& holding, int fps,
                       bool frameGrid)
{
    const Chain& chain = rig.chains()[static_cast<std::size_t>(chainIndex)];
    const JointIndex tip = chain.tip, middle = rig.parent(chain.tip);
    if (middle == kNoJoint || rig.parent(middle) != chain.root || chain.solver != SolverKind::TwoBone)
        return "not a two-bone chain with the two-bone solver";
    if (limited(rig, tip) || limited(rig, middle))
        return "limits or pins";
    if (chain.target.isAttached())
        return "an attached target";
    const auto tracks = std::find_if(clip.chains.begin(), clip.chains.end(),
                                     [&](const animation::ChainTracks& t) { return t.chain == chain.name; });
    const std::vector<animation::PointKey> none;
    const std::vector<animation::PointKey>& target = tracks == clip.chains.end() ? none : tracks->target;
    if (chain.mix != 1.0 || (tracks != clip.chains.end() && std::any_of(tracks->mix.begin(), tracks->mix.end(),
                                                                        [](const animation::Key& k) { return k.value != 1.0; })))
        return "a mix below 1";
    for (const animation::PointKey& k : target) {
        if (k.curve.kind == animation::Curve::Kind::Bezier)
            return "target keys with Bezier curves";
        if (frameGrid && !onFrameGrid(k.time, fps))
            return "target keys off the frame grid";
    }
    for (int other : holding) {
        if (other == chainIndex)
            continue;
        const Chain& o = rig.chains()[static_cast<std::size_t>(other)];
        for (JointIndex j = o.tip; j != o.root && j != kNoJoint; j = rig.parent(j))
            if (j == tip || j == middle || (other > chainIndex && isAncestorOrSelf(rig, j, middle)))
                return "chain " + inQuotes(o.name) + " turns its joints after it";
    }
    // Strictly within reach at every frame and key time, with a margin of 0.1 % of the reach.
    const double a = rig.length(middle), b = rig.length(tip), margin = 1e-3 * (a + b);
    std::vector<double> times;
    const int frames = static_cast<int>(std::ceil(clip.duration * fps - 1e-6));
    for (int f = 0; f <= frames; ++f)
        times.push_back(std::min(static_cast<double>(f) / fps, clip.duration));
    for (const animation::PointKey& k : target)
        times.push_back(k.time);
    animation::ClipSampler sampler;
    if (!sampler.bind(rig, clip).empty())
        return "the clip cannot be sampled";
    Rig pose = rig;
    for (double t : times) {
        sampler.sample(t, pose);
        const Vec2 from = forwardKinematics(pose)[static_cast<std::size_t>(chain.root)].position;
        const Vec2 to = animation::sampleTrack(target, t, chain.target.point);
        const double d = std::hypot(to.x - from.x, to.y - from.y);
        // At full extension the runtime's IK and ours may straighten the arm differently by a
        // hair, so a target that close counts as out of reach, and says so.
        if (d >= a + b - margin)
            return "its target at or past full reach (within 0.1%) at " + numberText(t) + " s";
        if (d <= std::fabs(a - b) + margin)
            return "its target too close to the chain's root to reach at " + numberText(t) + " s";
    }
    return {};
}

} // namespace bonework::exporters
