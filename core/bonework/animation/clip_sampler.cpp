#include "bonework/animation/clip_sampler.h"

#include "bonework/angles.h"
#include "bonework/animation/clip_rules.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace bonework::animation {
namespace {

// Where t falls: before the first key (nullopt), or the key at or before t and the eased
// fraction of the way to the next one (0 at and after the last key).
template <typename K>
std::optional<std::pair<std::size_t, double>> locate(const std::vector<K>& keys, double t)
{
    const auto next = std::upper_bound(keys.begin(), keys.end(), t, [](double time, const K& k) { return time < k.time; });
    if (next == keys.begin())
        return std::nullopt;
    const auto i = static_cast<std::size_t>(next - keys.begin()) - 1;
    if (next == keys.end())
        return std::pair{i, 0.0};
    const double fraction = (t - keys[i].time) / (next->time - keys[i].time);
    if constexpr (requires { keys[i].curve; })
        return std::pair{i, ease(keys[i].curve, fraction)};
    else
        return std::pair{i, 0.0};
}

} // namespace

double sampleTrack(const std::vector<Key>& keys, double t, double setup)
{
    const auto at = locate(keys, t);
    if (!at)
        return setup;
    const auto [i, f] = *at;
    if (f == 0.0)
        return keys[i].value;
    const double a = keys[i].value, b = keys[i + 1].value;
    // Within [min(a, b), max(a, b)] despite rounding, so a keyed angle never leaves the limits.
    return std::clamp(a + (b - a) * f, std::min(a, b), std::max(a, b));
}

Vec2 sampleTrack(const std::vector<PointKey>& keys, double t, Vec2 setup)
{
    const auto at = locate(keys, t);
    if (!at)
        return setup;
    const auto [i, f] = *at;
    if (f == 0.0)
        return keys[i].point;
    const Vec2 a = keys[i].point, b = keys[i + 1].point;
    // Within the two keys on each axis despite rounding, as a number is: a target between keys
    // within reach (kMostTargetCoordinate) stays within it.
    return {std::clamp(a.x + (b.x - a.x) * f, std::min(a.x, b.x), std::max(a.x, b.x)),
            std::clamp(a.y + (b.y - a.y) * f, std::min(a.y, b.y), std::max(a.y, b.y))};
}

bool sampleTrack(const std::vector<SwitchKey>& keys, double t, bool setup)
{
    const auto at = locate(keys, t);
    return at ? keys[at->first].value : setup;
}

const std::string& sampleTrack(const std::vector<ImageKey>& keys, double t, const std::string& setup)
{
    const auto at = locate(keys, t);
    return at ? keys[at->first].image : setup;
}

std::string ClipSampler::bind(const Rig& setup, const Clip& clip)
{
    if (auto problem = checkClip(setup, clip))
        return problem->toString();
    m_setup = &setup;
    m_clip = &clip;
    m_angles.clear();
    m_x.clear();
    m_y.clear();
    m_rotations.clear();
    m_chains.clear();
    m_slots.clear();
    for (const JointTracks& tracks : clip.joints) {
        const JointIndex j = setup.findJoint(tracks.joint);
        if (!tracks.angle.empty())
            m_angles.push_back({&tracks.angle, j});
        if (!tracks.x.empty())
            m_x.push_back({&tracks.x, j});
        if (!tracks.y.empty())
            m_y.push_back({&tracks.y, j});
        if (!tracks.rotation.empty())
            m_rotations.push_back({&tracks.rotation, j});
    }
    for (const ChainTracks& tracks : clip.chains)
        m_chains.emplace_back(&tracks, setup.findChain(tracks.chain));
    for (const SlotTracks& tracks : clip.slotTracks)
        m_slots.emplace_back(&tracks, setup.findSlot(tracks.slot));
    bindTrail();
    return {};
}

void ClipSampler::bindTrail()
{
    const Rig& setup = *m_setup;
    m_trailRate = 0.0;
    m_frames = m_followed = 0;
    // Only a chain that a searching solver poses, and that holds at some time of the clip, needs it.
    bool needed = false;
    for (std::size_t c = 0; c < setup.chains().size(); ++c) {
        const Chain& chain = setup.chains()[c];
        // Its mix above 0 at some time: the setup mix before its first key (if any), or a key's
        // (a recorded clip keys it to 0 from the start).
        const auto bound = std::find_if(m_chains.begin(), m_chains.end(), [&](const auto& b) { return b.second == static_cast<int>(c); });
        const std::vector<Key>* mix = bound == m_chains.end() ? nullptr : &bound->first->mix;
        const bool holds = ((!mix || mix->empty() || mix->front().time > 0.0) && chain.holds())
                           || (mix && std::any_of(mix->begin(), mix->end(), [](const Key& k) { return k.value > 0.0; }));
        needed = needed || (chain.solver != SolverKind::TwoBone && holds);
    }
    m_layout.build(setup);
    const std::size_t poses = m_layout.poseCount();
    const double duration = m_clip->duration;
    m_times.clear();
    if (!needed || poses == 0 || !(duration > 0.0))
        return;
    // The keyed inputs jump at a stepped key's successor and at a track's first key (before it,
    // the setup pose): the trail gets a frame just before each jump and one at it, so that no
    // sample between two frames blends a pose from after a jump into one before it (a runtime
    // holds the old aim until the key).
    std::vector<double> jumps = jumpTimes();
    // Frames 0, 1, ... at f / rate, and the last at the clip's end: the first f / rate at or
    // beyond it. A lower rate where the trail would hold more than kTrailPoses poses (at least
    // the clip's start and end), worked out first so that the count below stays small. Jumps
    // that would crowd the grid out (more than half the budget) are followed on the grid only.
    const double mostFrames = std::max(2.0, std::floor(double(kTrailPoses) / double(poses)));
    if (2.0 * double(jumps.size()) > 0.5 * mostFrames)
        jumps.clear();
    const double gridFrames = mostFrames - 2.0 * double(jumps.size());
    m_trailRate = std::min(kTrailRate, std::max(1.0, gridFrames - 2.0) / duration);
    double f = std::ceil(duration * m_trailRate);
    while (f > 1.0 && (f - 1.0) / m_trailRate >= duration)
        f -= 1.0;
    while (f / m_trailRate < duration)
        f += 1.0;
    const auto grid = static_cast<std::size_t>(f) + 1;
    m_times.reserve(grid + 2 * jumps.size());
    for (std::size_t g = 0; g < grid; ++g)
        m_times.push_back(std::min(double(g) / m_trailRate, duration));
    for (const double jump : jumps) {
        m_times.push_back(std::nextafter(jump, 0.0));
        m_times.push_back(jump);
    }
    std::sort(m_times.begin(), m_times.end());
    m_times.erase(std::unique(m_times.begin(), m_times.end()), m_times.end());
    m_frames = m_times.size();
    const std::size_t chains = m_layout.chainCount();
    // One frame more: where between() puts the pose between two of the trail's.
    m_held.assign((m_frames + 1) * chains, 0);
    m_targets.assign((m_frames + 1) * chains, Vec2{});
    m_poses.assign((m_frames + 1) * poses, Rig::JointPose{});
    m_scratch = setup;
}

std::vector<double> ClipSampler::jumpTimes() const
{
    std::vector<double> jumps;
    const double duration = m_clip->duration;
    const auto add = [&](const auto& keys) {
        if (keys.empty())
            return;
        if (keys.front().time > 0.0)
            jumps.push_back(keys.front().time);
        for (std::size_t i = 0; i + 1 < keys.size(); ++i)
            if (keys[i].curve.kind == Curve::Kind::Stepped)
                jumps.push_back(keys[i + 1].time);
    };
    for (const auto* bound : {&m_angles, &m_x, &m_y, &m_rotations})
        for (const Bound& b : *bound)
            add(*b.keys);
    for (const auto& [tracks, c] : m_chains) {
        add(tracks->target);
        add(tracks->mix);
    }
    std::erase_if(jumps, [&](double t) { return !(t > 0.0 && t <= duration); });
    std::sort(jumps.begin(), jumps.end());
    jumps.erase(std::unique(jumps.begin(), jumps.end()), jumps.end());
    return jumps;
}

solvers::ChainFrame ClipSampler::between(std::size_t f, double share)
{
    const solvers::ChainFrame a = frame(f), b = frame(f + 1), out = frame(m_frames);
    const Rig& setup = *m_setup;
    const auto degrees = [](const Rig::JointPose& p) { return p.angle == p.angle ? p.angle : p.rotation.degrees(); };
    for (std::size_t i = 0; i < m_layout.chainCount(); ++i) {
        const bool both = a.held[i] && b.held[i];
        out.held[i] = a.held[i];
        out.targets[i] = both ? a.targets[i] + (b.targets[i] - a.targets[i]) * share : a.targets[i];
        for (std::size_t p = m_layout.first(i); p < m_layout.first(i + 1); ++p) {
            if (!both) {
                out.poses[p] = a.poses[p];
                continue;
            }
            // Clamped against rounding: the pose goes into the rig unchecked.
            const JointIndex j = m_layout.joint(p);
            const double angle = clampToLimits(angleBetween(degrees(a.poses[p]), degrees(b.poses[p]), share, setup.rotationLimits(j).free),
                                               setup.minAngle(j), setup.maxAngle(j));
            out.poses[p] = {angle, Rotation::fromDegrees(angle), a.poses[p].rootPosition};
        }
    }
    return out;
}

solvers::ChainFrame ClipSampler::frame(std::size_t f)
{
    const std::size_t chains = m_layout.chainCount(), poses = m_layout.poseCount();
    return {std::span(m_held).subspan(f * chains, chains), std::span(m_targets).subspan(f * chains, chains),
            std::span(m_poses).subspan(f * poses, poses)};
}

void ClipSampler::followUpTo(std::size_t f)
{
    for (; m_followed <= f && m_followed < m_frames; ++m_followed) {
        const std::size_t g = m_followed;
        poseKeyed(frameTime(g), m_scratch);
        const solvers::ChainFrame solved = frame(g);
        const solvers::ChainFrame from = frame(g > 0 ? g - 1 : 0);
        m_holder.hold(m_scratch, m_layout, g > 0 ? &from : nullptr, &solved); // frame 0: from the keyed pose
    }
}

int ClipSampler::sample(double t, Rig& pose)
{
    if (!m_setup)
        return 0;
    t = std::isnan(t) ? 0.0 : std::clamp(t, 0.0, m_clip->duration);
    poseKeyed(t, pose);
    if (m_frames == 0 || !(t > 0.0))
        return m_holder.hold(pose); // no trail, or its frame 0: solved from the keyed pose
    // The last frame before t, and the next, which the trail always has (its last frame is at
    // the clip's end). At the next frame's own time the sample is that frame, worked out as the
    // trail did; before it, the pose between the two.
    const auto next = static_cast<std::size_t>(std::lower_bound(m_times.begin(), m_times.end(), t) - m_times.begin());
    const std::size_t k = std::clamp<std::size_t>(next, 1, m_frames - 1) - 1;
    followUpTo(k + 1);
    if (frameTime(k + 1) > t) {
        const double share = std::clamp((t - frameTime(k)) / (frameTime(k + 1) - frameTime(k)), 0.0, 1.0);
        const solvers::ChainFrame from = between(k, share);
        return m_holder.hold(pose, m_layout, &from, nullptr, solvers::ChainHolder::FrameUse::Place);
    }
    const solvers::ChainFrame from = frame(k);
    return m_holder.hold(pose, m_layout, &from, nullptr);
}

double ClipSampler::frameTime(std::size_t f) const
{
    return m_times[f];
}

void ClipSampler::poseKeyed(double t, Rig& pose) const
{
    const Rig& setup = *m_setup;
    // From the setup pose every time, so a sample never depends on the ones before.
    for (JointIndex j = 0; j < static_cast<JointIndex>(setup.jointCount()); ++j)
        pose.setPose(j, setup.pose(j));
    for (const Bound& b : m_angles)
        pose.setAngleClamped(b.joint, sampleTrack(*b.keys, t, setup.angle(b.joint)));
    for (const Bound& b : m_rotations)
        pose.setAngleClamped(b.joint, sampleTrack(*b.keys, t, setup.angle(b.joint)));
    for (const Bound& b : m_x)
        pose.setRootPositionUnchecked(b.joint, {sampleTrack(*b.keys, t, setup.rootPosition(b.joint).x), pose.rootPosition(b.joint).y});
    for (const Bound& b : m_y)
        pose.setRootPositionUnchecked(b.joint, {pose.rootPosition(b.joint).x, sampleTrack(*b.keys, t, setup.rootPosition(b.joint).y)});
    // Every chain's target and mix and every slot's look too, keyed or not: another clip's
    // sample, or a game's own target (bw_rig_set_chain_target), must not carry over.
    for (int c = 0; c < static_cast<int>(setup.chains().size()); ++c) {
        const Chain& setupChain = setup.chains()[static_cast<std::size_t>(c)];
        pose.setChainLook(c, setupChain.target.point, setupChain.mix);
    }
    for (int s = 0; s < static_cast<int>(setup.slotList().size()); ++s) {
        const Slot& setupSlot = setup.slotList()[static_cast<std::size_t>(s)];
        pose.setSlotLook(s, setupSlot.visible, setupSlot.opacity);
        if (pose.slotList()[static_cast<std::size_t>(s)].image != setupSlot.image) // most are: no copy
            pose.setSlotImageUnchecked(s, setupSlot.image);
    }
    for (const auto& [tracks, c] : m_chains) {
        const Chain& setupChain = setup.chains()[static_cast<std::size_t>(c)];
        pose.setChainLook(c, sampleTrack(tracks->target, t, setupChain.target.point), sampleTrack(tracks->mix, t, setupChain.mix));
    }
    for (const auto& [tracks, s] : m_slots) {
        const Slot& setupSlot = setup.slotList()[static_cast<std::size_t>(s)];
        pose.setSlotLook(s, sampleTrack(tracks->visible, t, setupSlot.visible), sampleTrack(tracks->opacity, t, setupSlot.opacity));
        if (!tracks->image.empty()) // a string's assignment reuses its buffer: no allocation once warm
            pose.setSlotImageUnchecked(s, sampleTrack(tracks->image, t, setupSlot.image));
    }
}

} // namespace bonework::animation
