#include "bonework/animation/clip_recorder.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/animation/key_reduction.h"
#include "bonework/forward_kinematics.h"
#include "bonework/reach_below.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace bonework::animation {
namespace {

constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;

// A track of a free angle may wrap (179 to -179): split it there and hold the value before the
// wrap (a stepped key), so no interpolation turns the long way round between two frames.
void reduceAngles(std::span<const double> times, std::span<const double> values, double tolerance, bool unwrapped,
                  std::vector<Key>& out)
{
    std::size_t start = 0;
    for (std::size_t i = 1; i <= values.size(); ++i) {
        const bool wraps = i < values.size() && !unwrapped && std::fabs(values[i] - values[i - 1]) > 180.0;
        if (i < values.size() && !wraps)
            continue;
        reduceTrack(times.subspan(start, i - start), values.subspan(start, i - start), tolerance, out);
        if (wraps)
            out.back().curve = Curve{Curve::Kind::Stepped};
        start = i;
    }
}

} // namespace

ClipRecorder::ClipRecorder(const Rig& setup)
    : m_setup(setup), m_angles(setup.jointCount()), m_x(setup.jointCount()), m_y(setup.jointCount())
{
}

bool ClipRecorder::capture(double seconds, const Rig& pose)
{
    if (!std::isfinite(seconds) || (!m_times.empty() && !(seconds > m_times.back())) || pose.jointCount() != m_setup.jointCount())
        return false;
    m_times.push_back(seconds);
    for (std::size_t i = 0; i < pose.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        double angle = pose.angle(j);
        if (pose.isRoot(j)) {
            // A root's rotation is any number: follow it round rather than wrapping at 180.
            if (!m_angles[i].empty())
                angle = m_angles[i].back() + std::remainder(angle - m_angles[i].back(), 360.0);
            m_x[i].push_back(pose.rootPosition(j).x);
            m_y[i].push_back(pose.rootPosition(j).y);
        }
        m_angles[i].push_back(angle);
    }
    const std::vector<WorldTransform> world = forwardKinematics(pose);
    for (const WorldTransform& w : world)
        m_positions.push_back(w.position);
    return true;
}

Clip ClipRecorder::finish(const std::string& name, double tolerance) const
{
    const double start = m_times.empty() ? 0.0 : m_times.front();
    const double duration = m_times.size() > 1 ? m_times.back() - start : 1.0 / 60.0;
    std::vector<double> times(m_times.size());
    std::transform(m_times.begin(), m_times.end(), times.begin(), [&](double t) { return t - start; });
    if (!times.empty())
        times.back() = std::min(times.back(), duration); // exactly the duration despite rounding

    // Every error source on the way from a root to a joint (its x, y, rotation and each angle
    // above it) with an equal share, `sources` of them at most: together within the tolerance.
    const double sources = static_cast<double>(m_setup.deepestJointDepth()) + 3;
    Clip clip;
    for (double share = tolerance; ; share /= 2) {
        const bool last = share <= tolerance / sources;
        clip = reduced(name, last ? tolerance / sources : share, times);
        clip.duration = duration;
        if (last || worstError(clip, times) <= tolerance)
            break;
    }
    return clip;
}

Clip ClipRecorder::reduced(const std::string& name, double share, const std::vector<double>& times) const
{
    Clip clip;
    clip.name = name;
    if (times.empty())
        return clip;
    const std::vector<double> reach = reachBelow(m_setup);
    for (std::size_t i = 0; i < m_setup.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        JointTracks tracks;
        tracks.joint = m_setup.jointName(j);
        // Turning the bone that ends at j moves j (its length away) and everything below it.
        const double lever = reach[i] + (m_setup.isRoot(j) ? 0.0 : m_setup.length(j));
        const double angleTolerance = lever > 0.0 ? share / lever * kDegreesPerRadian : 360.0;
        if (m_setup.isRoot(j)) {
            reduceTrack(times, m_x[i], share, tracks.x);
            reduceTrack(times, m_y[i], share, tracks.y);
            reduceAngles(times, m_angles[i], angleTolerance, true, tracks.rotation);
        } else {
            const bool free = m_setup.minAngle(j) <= -180.0 && m_setup.maxAngle(j) >= 180.0;
            reduceAngles(times, m_angles[i], angleTolerance, !free, tracks.angle);
        }
        clip.joints.push_back(std::move(tracks));
    }
    for (const Chain& chain : m_setup.chains())
        if (chain.holds())
            clip.chains.push_back({chain.name, {}, {Key{0.0, 0.0, {}}}});
    return clip;
}

double ClipRecorder::worstError(const Clip& clip, const std::vector<double>& times) const
{
    ClipSampler sampler;
    if (!sampler.bind(m_setup, clip).empty())
        return std::numeric_limits<double>::infinity();
    Rig pose = m_setup;
    std::vector<WorldTransform> world(m_setup.jointCount());
    double worst = 0.0;
    for (std::size_t f = 0; f < times.size(); ++f) {
        sampler.sample(times[f], pose);
        forwardKinematics(pose, world);
        for (std::size_t j = 0; j < world.size(); ++j)
            worst = std::max(worst, distance(world[j].position, m_positions[f * world.size() + j]));
    }
    return worst;
}

} // namespace bonework::animation
