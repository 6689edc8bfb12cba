#include "bonework/animation/clip_sampler.h"

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
    return {a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f};
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
    return {};
}

int ClipSampler::sample(double t, Rig& pose)
{
    if (!m_setup)
        return 0;
    const Rig& setup = *m_setup;
    t = std::isnan(t) ? 0.0 : std::clamp(t, 0.0, m_clip->duration);
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
    return m_holder.hold(pose);
}

} // namespace bonework::animation
