#include "bonework/exporters/chain_keeping.h"

#include "bonework/exporters/message_text.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/exporters/clip_plan.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/two_bone_solver.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace bonework::exporters {
namespace {

using solvers::TwoBoneSolver;

// Degrees a kept chain's joint stays inside its limits beyond its turn to the next sample.
constexpr double kLimitClearance = 0.01;

// How far angle `degrees` lies inside joint j's limits (negative: outside); a free joint's is
// unbounded.
double insideLimits(const Rig& rig, JointIndex j, double degrees)
{
    if (rig.minAngle(j) <= -180.0 && rig.maxAngle(j) >= 180.0)
        return HUGE_VAL;
    return std::min(degrees - rig.minAngle(j), rig.maxAngle(j) - degrees);
}

// The turn between two angles in degrees, the short way.
double turnBetween(double a, double b) { return std::fabs(std::remainder(b - a, 360.0)); }

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
    // A pin at or below the elbow holds the arm (the two-bone solver keeps it in place).
    if (rig.subtreeHasPin(middle))
        return "a pin on it or below it";
    if (chain.target.isAttached())
        return "an attached target";
    const auto tracks = std::find_if(clip.chains.begin(), clip.chains.end(),
                                     [&](const animation::ChainTracks& t) { return t.chain == chain.name; });
    const std::vector<animation::PointKey> none;
    const std::vector<animation::PointKey>& target = tracks == clip.chains.end() ? none : tracks->target;
    if (chain.mix != 1.0 || (tracks != clip.chains.end() && std::any_of(tracks->mix.begin(), tracks->mix.end(),
                                                                        [](const animation::Key& k) { return k.value != 1.0; })))
        return "a mix below 1";
    if (frameGrid)
        for (const animation::PointKey& k : target)
            if (!onFrameGrid(k.time, fps))
                return "target keys off the frame grid";
    for (int other : holding) {
        if (other == chainIndex)
            continue;
        const Chain& o = rig.chains()[static_cast<std::size_t>(other)];
        for (JointIndex j = o.tip; j != o.root && j != kNoJoint; j = rig.parent(j))
            if (j == tip || j == middle || (other > chainIndex && isAncestorOrSelf(rig, j, middle)))
                return "chain " + inQuotes(o.name) + " turns its joints after it";
    }
    // Strictly within reach at every frame and key time, with a margin of 0.1 % of the reach,
    // and clear of the joints' limits: there Bonework's two-bone solve is the exact pose for the
    // chain's bend, as the runtime's IK is (which has no limits).
    const double a = rig.length(middle), b = rig.length(tip), margin = 1e-3 * (a + b);
    std::vector<double> times;
    const int frames = static_cast<int>(std::ceil(clip.duration * fps - 1e-6));
    for (int f = 0; f <= frames; ++f)
        times.push_back(std::min(static_cast<double>(f) / fps, clip.duration));
    for (const animation::PointKey& k : target)
        times.push_back(k.time);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    animation::ClipSampler sampler;
    if (!sampler.bind(rig, clip).empty())
        return "the clip cannot be sampled";
    Rig pose = rig;
    std::vector<TwoBoneSolver::Angles> exact;
    for (double t : times) {
        sampler.sample(t, pose);
        const WorldTransform base = worldTransformOf(pose, chain.root);
        const Vec2 to = animation::sampleTrack(target, t, chain.target.point);
        const double d = std::hypot(to.x - base.position.x, to.y - base.position.y);
        // At full extension the runtime's IK and ours may straighten the arm differently by a
        // hair, so a target that close counts as out of reach, and says so.
        if (d >= a + b - margin)
            return "its target at or past full reach (within 0.1%) at " + numberText(t) + " s";
        if (d <= std::fabs(a - b) + margin)
            return "its target too close to the chain's root to reach at " + numberText(t) + " s";
        exact.push_back(TwoBoneSolver::closedForm(base.position, base.rotation, a, b, to, chain.bend, base.rotation));
    }
    // Each angle clear of its limits at every sample by more than it turns to the next one, so
    // that it stays clear between them too.
    for (std::size_t i = 0; i < exact.size(); ++i) {
        const std::size_t next = std::min(i + 1, exact.size() - 1);
        const double firstTurn = turnBetween(exact[i].first, exact[next].first) + kLimitClearance;
        const double secondTurn = turnBetween(exact[i].second, exact[next].second) + kLimitClearance;
        for (const auto& [j, angle, turn] : {std::tuple{middle, exact[i].first, firstTurn}, std::tuple{tip, exact[i].second, secondTurn}}) {
            if (insideLimits(rig, j, angle) <= turn)
                return "its limits would hold " + rig.jointName(j) + " near " + numberText(times[i]) + " s";
        }
    }
    return {};
}

std::vector<animation::PointKey> keptTargetKeys(const std::vector<animation::PointKey>& keys, int fps)
{
    std::vector<animation::PointKey> out;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        animation::PointKey k = keys[i];
        if (k.curve.kind != animation::Curve::Kind::Bezier) {
            out.push_back(k);
            continue;
        }
        k.curve = {};
        out.push_back(k);
        if (i + 1 == keys.size())
            continue;
        const double end = keys[i + 1].time;
        // Every frame strictly between this key and the next (a frame within a microsecond of
        // either is that key's).
        for (double f = std::floor(k.time * fps) + 1; f / fps < end - 1e-6; ++f)
            if (f / fps > k.time + 1e-6)
                out.push_back({f / fps, animation::sampleTrack(keys, f / fps, k.point), {}});
    }
    return out;
}

} // namespace bonework::exporters
