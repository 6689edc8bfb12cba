#include "bonework/animation/clip_rules.h"

#include "bonework/utf16_order.h"

#include "bonework/names.h"
#include "bonework/rig.h"
#include "bonework/slot.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <charconv>
#include <unordered_set>

namespace bonework::animation {
namespace {

using Where = std::vector<std::variant<std::string, std::size_t>>;

// The shortest text that reads back as v (as the rig file writes numbers).
std::string shortest(double v)
{
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, result.ptr);
}

Where at(Where base, std::variant<std::string, std::size_t> a)
{
    base.push_back(std::move(a));
    return base;
}

std::optional<ClipProblem> problem(Where where, std::string message)
{
    return ClipProblem{std::move(where), std::move(message)};
}

// Times within [0, duration], strictly increasing; `value` checks each key's own numbers.
template <typename K, typename CheckValue>
std::optional<ClipProblem> checkTrack(const Where& where, std::span<const K> keys, double duration, CheckValue checkValue)
{
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const K& key = keys[i];
        const Where keyAt = at(where, i);
        if (!std::isfinite(key.time) || key.time < 0.0 || key.time > duration)
            return problem(at(keyAt, std::string("time")), "must lie within the clip's duration [0, " + shortest(duration)
                                                                + "], not " + shortest(key.time));
        if (i > 0 && !(key.time > keys[i - 1].time))
            return problem(at(keyAt, std::string("time")), "must be later than the key before (" + shortest(keys[i - 1].time)
                                                                + "), not " + shortest(key.time));
        if (auto p = checkValue(keyAt, key))
            return p;
        if constexpr (requires { key.curve; }) {
            if (!isValidCurve(key.curve))
                return problem(at(keyAt, std::string("curve")), "a Bezier curve's numbers must lie within [0, 1]");
        }
    }
    return std::nullopt;
}

auto numberWithin(double min, double max, std::string what)
{
    return [=](const Where& keyAt, const Key& key) -> std::optional<ClipProblem> {
        if (!std::isfinite(key.value) || key.value < min || key.value > max)
            return problem(at(keyAt, std::string("value")),
                           "must lie within " + what + " [" + shortest(min) + ", " + shortest(max) + "], not " + shortest(key.value));
        return std::nullopt;
    };
}

auto finiteNumber()
{
    return [](const Where& keyAt, const Key& key) -> std::optional<ClipProblem> {
        if (!std::isfinite(key.value))
            return problem(at(keyAt, std::string("value")), "must be a finite number");
        return std::nullopt;
    };
}

// Why `v`, at `where`, is not a finite number within [-bound, bound] (a bound of rig.h).
std::optional<ClipProblem> coordinateProblem(const Where& where, double v, double bound)
{
    if (!std::isfinite(v))
        return problem(where, "must be a finite number");
    if (std::fabs(v) > bound)
        return problem(where, "must lie within [-" + boundText(bound) + ", " + boundText(bound) + "], not " + shortest(v));
    return std::nullopt;
}

// A root's x or y key: where the root goes, so as far out as a root may lie.
auto rootCoordinate()
{
    return [](const Where& keyAt, const Key& key) {
        return coordinateProblem(at(keyAt, std::string("value")), key.value, kMostRootCoordinate);
    };
}

} // namespace

std::string ClipProblem::toString() const
{
    std::string out;
    for (const auto& step : where) {
        if (const auto* key = std::get_if<std::string>(&step))
            out += (out.empty() ? "" : ".") + *key;
        else
            out += "[" + std::to_string(std::get<std::size_t>(step)) + "]";
    }
    return out.empty() ? message : out + ": " + message;
}

std::optional<ClipProblem> checkClip(const Rig& rig, const Clip& clip)
{
    if (clip.name.empty())
        return problem({std::string("name")}, "an animation needs a name");
    if (hasControlCharacter(clip.name))
        return problem({std::string("name")}, "must not contain control characters");
    if (!std::isfinite(clip.duration) || !(clip.duration > 0.0))
        return problem({std::string("duration")}, "must be greater than 0, not " + shortest(clip.duration));
    const double d = clip.duration;

    std::unordered_set<std::string> seen;
    for (const JointTracks& tracks : clip.joints) {
        const Where where{std::string("joints"), tracks.joint};
        const JointIndex j = rig.findJoint(tracks.joint);
        if (j == kNoJoint)
            return problem(where, "unknown joint \"" + tracks.joint + "\"");
        if (!seen.insert(tracks.joint).second)
            return problem(where, "the joint is keyed twice");
        const bool root = rig.isRoot(j);
        if (root && !tracks.angle.empty())
            return problem(at(where, std::string("angle")), "a root has no angle: key its x, y and rotation");
        if (!root && !(tracks.x.empty() && tracks.y.empty() && tracks.rotation.empty()))
            return problem(at(where, std::string(tracks.x.empty() ? (tracks.y.empty() ? "rotation" : "y") : "x")),
                           "only a root moves on its own: key this joint's angle");
        if (auto p = checkTrack<Key>(at(where, std::string("angle")), tracks.angle, d,
                                     numberWithin(rig.minAngle(j), rig.maxAngle(j), "the joint's limits")))
            return p;
        for (const auto& [name, keys] : {std::pair{"x", &tracks.x}, {"y", &tracks.y}})
            if (auto p = checkTrack<Key>(at(where, std::string(name)), *keys, d, rootCoordinate()))
                return p;
        if (auto p = checkTrack<Key>(at(where, std::string("rotation")), tracks.rotation, d, finiteNumber()))
            return p;
    }
    seen.clear();
    for (const ChainTracks& tracks : clip.chains) {
        const Where where{std::string("chains"), tracks.chain};
        if (rig.findChain(tracks.chain) < 0)
            return problem(where, "unknown chain \"" + tracks.chain + "\"");
        if (!seen.insert(tracks.chain).second)
            return problem(where, "the chain is keyed twice");
        // A keyed target lies as far out as the chain's own target may.
        auto targetPoint = [](const Where& keyAt, const PointKey& key) {
            if (auto p = coordinateProblem(at(keyAt, std::string("x")), key.point.x, kMostTargetCoordinate))
                return p;
            return coordinateProblem(at(keyAt, std::string("y")), key.point.y, kMostTargetCoordinate);
        };
        if (auto p = checkTrack<PointKey>(at(where, std::string("target")), tracks.target, d, targetPoint))
            return p;
        if (auto p = checkTrack<Key>(at(where, std::string("mix")), tracks.mix, d, numberWithin(0.0, 1.0, "the mix's range")))
            return p;
    }
    seen.clear();
    for (const SlotTracks& tracks : clip.slotTracks) {
        const Where where{std::string("slots"), tracks.slot};
        if (rig.findSlot(tracks.slot) < 0)
            return problem(where, "unknown slot \"" + tracks.slot + "\"");
        if (!seen.insert(tracks.slot).second)
            return problem(where, "the slot is keyed twice");
        auto any = [](const Where&, const SwitchKey&) -> std::optional<ClipProblem> { return std::nullopt; };
        if (auto p = checkTrack<SwitchKey>(at(where, std::string("visible")), tracks.visible, d, any))
            return p;
        if (auto p = checkTrack<Key>(at(where, std::string("opacity")), tracks.opacity, d,
                                     numberWithin(0.0, 1.0, "the opacity's range")))
            return p;
        auto imagePath = [](const Where& keyAt, const ImageKey& key) -> std::optional<ClipProblem> {
            if (const std::string why = imagePathProblem(key.image); !why.empty())
                return problem(at(keyAt, std::string("value")), why);
            return std::nullopt;
        };
        if (auto p = checkTrack<ImageKey>(at(where, std::string("image")), tracks.image, d, imagePath))
            return p;
    }
    return std::nullopt;
}

void sortTracks(Clip& clip)
{
    const auto byName = [](const auto& name) {
        return [name](const auto& a, const auto& b) { return lessInUtf16(a.*name, b.*name); };
    };
    std::stable_sort(clip.joints.begin(), clip.joints.end(), byName(&JointTracks::joint));
    std::stable_sort(clip.chains.begin(), clip.chains.end(), byName(&ChainTracks::chain));
    std::stable_sort(clip.slotTracks.begin(), clip.slotTracks.end(), byName(&SlotTracks::slot));
}

} // namespace bonework::animation
