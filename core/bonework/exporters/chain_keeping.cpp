#include "bonework/exporters/chain_keeping.h"

#include "bonework/exporters/message_text.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/exporters/clip_plan.h"
#include "bonework/forward_kinematics.h"
#include "bonework/reach_below.h"
#include "bonework/solvers/two_bone_solver.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bonework::exporters {
namespace {

using solvers::TwoBoneSolver;

// Degrees a kept chain's joint stays inside its limits beyond its turn to the next sample.
constexpr double kLimitClearance = 0.01;
// The largest gain reported (at full reach exactly it is unbounded): channels above the chain
// are then held to a millionth of their share, which keeps every sample.
constexpr double kLargestGain = 1e6;

// How far angle `degrees` lies inside joint j's limits (negative: outside), where the angle can
// only take values in [lowest, highest]: a limit beyond that can never hold it, so it does not
// count (the elbow's bend keeps its sign: a straight arm on a limit at 0 is clear of it).
double insideLimits(const Rig& rig, JointIndex j, double degrees, double lowest, double highest)
{
    const double below = rig.minAngle(j) <= lowest ? HUGE_VAL : degrees - rig.minAngle(j);
    const double above = rig.maxAngle(j) >= highest ? HUGE_VAL : rig.maxAngle(j) - degrees;
    return std::min(below, above);
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

// The frames of `clip` at `fps` (the last at its end) and its target key times, in order.
std::vector<double> sampleTimes(const animation::Clip& clip, const std::vector<animation::PointKey>& target, int fps)
{
    std::vector<double> times;
    const int frames = static_cast<int>(std::ceil(clip.duration * fps - 1e-6));
    for (int f = 0; f <= frames; ++f)
        times.push_back(std::min(static_cast<double>(f) / fps, clip.duration));
    for (const animation::PointKey& k : target)
        times.push_back(k.time);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

// Why another holding chain keeps chain `chainIndex` (its first turned joint `middle`, its
// target riding on `rider` or kNoJoint) from the runtime's IK: it turns the chain's joints, or
// after it in chain order their ancestors or the rider's (the runtime solves IK after every
// baked angle). Empty when none does.
std::string whyOthersInterfere(const Rig& rig, int chainIndex, const std::vector<int>& holding, JointIndex middle, JointIndex rider)
{
    const JointIndex tip = rig.chains()[static_cast<std::size_t>(chainIndex)].tip;
    for (int other : holding) {
        if (other == chainIndex)
            continue;
        const Chain& o = rig.chains()[static_cast<std::size_t>(other)];
        for (JointIndex j = o.tip; j != o.root && j != kNoJoint; j = rig.parent(j)) {
            if (j == tip || j == middle || (other > chainIndex && isAncestorOrSelf(rig, j, middle)))
                return "chain " + inQuotes(o.name) + " turns its joints after it";
            if (other > chainIndex && rider != kNoJoint && isAncestorOrSelf(rig, j, rider))
                return "chain " + inQuotes(o.name) + " moves its target's joint after it";
        }
    }
    return {};
}

} // namespace

double elbowGain(double a, double b, double d)
{
    // The root moving by e moves the elbow by e itself, turns the line to the target by up to
    // e / d (a / d at the elbow) and changes the distance by up to e, which turns the first
    // bone off that line by |d alpha / d d| (alpha: the angle at the root, law of cosines).
    if (d >= a + b)
        return 1.0 + a / d;
    const double cosAlpha = (a * a + d * d - b * b) / (2.0 * a * d);
    const double sinAlpha = std::sqrt(std::max(0.0, 1.0 - cosAlpha * cosAlpha));
    if (!(sinAlpha > 0.0))
        return HUGE_VAL;
    return 1.0 + a / d + std::fabs(d * d - a * a + b * b) / (2.0 * d * d * sinAlpha);
}

std::string whyNotKept(const Rig& rig, const animation::Clip& clip, int chainIndex, const std::vector<int>& holding, int fps,
                       bool frameGrid, double* gain)
{
    const Chain& chain = rig.chains()[static_cast<std::size_t>(chainIndex)];
    // One bone (the runtimes aim it at the target) or two with the two-bone solver. `middle`:
    // the first joint the chain turns (for one bone, the tip).
    const JointIndex tip = chain.tip;
    const bool oneBone = rig.parent(tip) == chain.root;
    const JointIndex middle = oneBone ? tip : rig.parent(tip);
    if (!oneBone && (middle == kNoJoint || rig.parent(middle) != chain.root || chain.solver != SolverKind::TwoBone))
        return "not a chain of one bone, or of two with the two-bone solver";
    // A pin at or below the elbow holds the arm (the two-bone solver keeps it in place).
    if (rig.subtreeHasPin(middle))
        return "a pin on it or below it";
    // A target riding on a joint is exported as a child of that joint's bone, so the runtime's
    // IK follows the joint as Bonework's does, unless the arm moves the joint itself.
    const JointIndex rider = chain.target.isAttached() ? chain.target.joint : kNoJoint;
    if (rider != kNoJoint && isAncestorOrSelf(rig, middle, rider))
        return "its target rides on a joint it turns";
    const auto tracks = std::find_if(clip.chains.begin(), clip.chains.end(),
                                     [&](const animation::ChainTracks& t) { return t.chain == chain.name; });
    const std::vector<animation::PointKey> none;
    const std::vector<animation::PointKey>& target = tracks == clip.chains.end() ? none : tracks->target;
    // A mix of 1 at every time: every mix key 1, and the setup mix 1 too unless a key at 0
    // switches the chain on from the start (the export then keys the runtime's IK on).
    const std::vector<animation::Key> noMix;
    const std::vector<animation::Key>& mix = tracks == clip.chains.end() ? noMix : tracks->mix;
    if (std::any_of(mix.begin(), mix.end(), [](const animation::Key& k) { return k.value != 1.0; })
        || (chain.mix != 1.0 && (mix.empty() || mix.front().time > 0.0)))
        return "a mix below 1";
    if (frameGrid)
        for (const animation::PointKey& k : target)
            if (!onFrameGrid(k.time, fps))
                return "target keys off the frame grid";
    if (std::string why = whyOthersInterfere(rig, chainIndex, holding, middle, rider); !why.empty())
        return why;
    // At every frame and key time: the target beyond the inner reach, and the joints clear of
    // their limits in the exact pose for the chain's bend (the arm straight toward a target out
    // of reach): there Bonework's two-bone solve is that pose, as the runtime's IK is (which has
    // no limits).
    const double a = rig.length(middle), b = oneBone ? 0.0 : rig.length(tip), margin = 1e-3 * (a + b);
    const std::vector<double> times = sampleTimes(clip, target, fps);
    animation::ClipSampler sampler;
    if (!sampler.bind(rig, clip).empty())
        return "the clip cannot be sampled";
    Rig pose = rig;
    std::vector<TwoBoneSolver::Angles> exact;
    double largestGain = 1.0;
    for (double t : times) {
        sampler.sample(t, pose);
        const WorldTransform base = worldTransformOf(pose, chain.root);
        const Vec2 to = rider != kNoJoint ? worldTransformOf(pose, rider).position : animation::sampleTrack(target, t, chain.target.point);
        const double d = std::hypot(to.x - base.position.x, to.y - base.position.y);
        if (oneBone) {
            // Aimed straight at the target, as the runtimes' one-bone IK aims it (every solver
            // does; checked all the same), and a target off the joint (else no direction).
            if (d <= margin)
                return "its target on the chain's root at " + numberText(t) + " s";
            const Vec2 local = base.rotation.inverse().apply(to - base.position);
            const double aim = std::atan2(local.y, local.x) * 180.0 / std::numbers::pi;
            if (turnBetween(pose.angle(tip), aim) > 1e-6)
                return "it does not point straight at its target at " + numberText(t) + " s";
            exact.push_back({aim, 0.0});
            largestGain = std::max(largestGain, 1.0 + a / d);
            continue;
        }
        // Folded (the target within 0.1% of the inner reach or inside it) the arm turns half
        // round, where the runtimes and Bonework may take either way round.
        if (d <= std::fabs(a - b) + margin)
            return "its target too close to the chain's root to reach at " + numberText(t) + " s";
        exact.push_back(TwoBoneSolver::closedForm(base.position, base.rotation, a, b, to, chain.bend, base.rotation));
        largestGain = std::max(largestGain, elbowGain(a, b, d));
    }
    // Each angle clear of its limits at every sample by more than it turns to the next one, so
    // that it stays clear between them too. The bend keeps the chain's sign.
    const bool positive = chain.bend == BendDirection::Positive;
    for (std::size_t i = 0; i < exact.size(); ++i) {
        const std::size_t next = std::min(i + 1, exact.size() - 1);
        const double firstTurn = turnBetween(exact[i].first, exact[next].first) + kLimitClearance;
        const double secondTurn = turnBetween(exact[i].second, exact[next].second) + kLimitClearance;
        if (insideLimits(rig, middle, exact[i].first, -180.0, 180.0) <= firstTurn)
            return rig.jointName(middle) + " within a frame's turn of its limits at " + numberText(times[i]) + " s";
        if (!oneBone && insideLimits(rig, tip, exact[i].second, positive ? 0.0 : -180.0, positive ? 180.0 : 0.0) <= secondTurn)
            return rig.jointName(tip) + " within a frame's turn of its limits at " + numberText(times[i]) + " s";
    }
    if (gain) {
        // The bones below the elbow turn by the elbow's error over the shorter bone's length at
        // most (and by the root's too), swinging what hangs from them by their reach.
        const double below = reachBelow(rig)[static_cast<std::size_t>(middle)];
        // One bone: its end moves by the root's move plus a / d of it, what hangs below by
        // below / d more.
        const double found = oneBone ? largestGain * (1.0 + below / a) : (largestGain + 1.0) * (1.0 + below / std::min(a, b));
        *gain = std::min(found, kLargestGain);
    }
    return {};
}

std::vector<animation::PointKey> keptTargetKeys(const std::vector<animation::PointKey>& keys, int fps, double between)
{
    std::vector<animation::PointKey> out;
    const auto at = [&](double t) { return animation::sampleTrack(keys, t, keys.front().point); };
    // Halves [t0, t1] while the curve's middle strays more than `between` from the straight line
    // the runtime draws, down to a 32nd of a frame.
    const auto refine = [&](auto&& self, double t0, Vec2 p0, double t1, Vec2 p1, int depth) -> void {
        const double tm = 0.5 * (t0 + t1);
        const Vec2 pm = at(tm), line = (p0 + p1) * 0.5;
        if (depth >= 5 || std::hypot(pm.x - line.x, pm.y - line.y) <= between)
            return;
        self(self, t0, p0, tm, pm, depth + 1);
        out.push_back({tm, pm, {}});
        self(self, tm, pm, t1, p1, depth + 1);
    };
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
        // either is that key's), and off the grid more where the curve bends within a frame.
        double t0 = k.time;
        Vec2 p0 = k.point;
        for (double f = std::floor(k.time * fps) + 1;; ++f) {
            const bool last = !(f / fps < end - 1e-6);
            const double t1 = last ? end : f / fps;
            if (!last && t1 <= k.time + 1e-6)
                continue;
            const Vec2 p1 = last ? keys[i + 1].point : at(t1);
            if (between > 0.0)
                refine(refine, t0, p0, t1, p1, 0);
            if (last)
                break;
            out.push_back({t1, p1, {}});
            t0 = t1;
            p0 = p1;
        }
    }
    return out;
}

} // namespace bonework::exporters
