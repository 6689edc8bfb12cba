#include "bonework/rig_origin.h"

#include "bonework/animation/clip.h"

#include <cmath>

namespace bonework {
namespace {

// `v` to 12 significant digits: 540.59 - 600 is -59.40999999999997 in binary; the rig file then
// says -59.41, as a person wrote it. A billionth of the value, far below any pixel.
double tidy(double v)
{
    if (v == 0.0 || !std::isfinite(v))
        return v;
    const int digits = 11 - static_cast<int>(std::floor(std::log10(std::fabs(v))));
    if (digits < -22 || digits > 22) // 10^digits not exact: leave such values as they are
        return v;
    const double scale = std::pow(10.0, std::abs(digits));
    return digits >= 0 ? std::round(v * scale) / scale : std::round(v / scale) * scale;
}

Vec2 tidy(Vec2 p) { return {tidy(p.x), tidy(p.y)}; }

} // namespace

EditResult moveOrigin(Rig& rig, Vec2 point)
{
    if (!std::isfinite(point.x) || !std::isfinite(point.y))
        return EditResult::refused("the new origin must be a finite point");
    Rig moved = rig; // every edit checked on a copy: a refusal leaves the rig as it was
    const auto beyond = [](const std::string& what) {
        return EditResult::refused(what + " would lie more than " + boundText(kMostRootCoordinate)
                                   + " from the new origin on an axis");
    };
    for (std::size_t j = 0; j < moved.jointCount(); ++j) {
        const auto joint = static_cast<JointIndex>(j);
        if (!moved.isRoot(joint))
            continue;
        const Vec2 at = tidy(moved.rootPosition(joint) - point);
        if (!rootWithinReach(at) || !moved.setRootPosition(joint, at))
            return beyond("root \"" + moved.jointName(joint) + "\"");
    }
    for (std::size_t c = 0; c < moved.chains().size(); ++c) {
        ChainTarget target = moved.chains()[c].target;
        target.point = tidy(target.point - point);
        if (!targetWithinReach(target.point) || !moved.setChainTarget(static_cast<int>(c), target))
            return beyond("the target of chain \"" + moved.chains()[c].name + "\"");
    }
    for (std::size_t a = 0; a < moved.animations().size(); ++a) {
        animation::Clip clip = moved.animations()[a];
        for (animation::JointTracks& t : clip.joints) {
            for (animation::Key& k : t.x)
                k.value = tidy(k.value - point.x);
            for (animation::Key& k : t.y)
                k.value = tidy(k.value - point.y);
        }
        for (animation::ChainTracks& t : clip.chains)
            for (animation::PointKey& k : t.target)
                k.point = tidy(k.point - point);
        const std::string name = clip.name;
        if (const EditResult set = moved.setAnimation(static_cast<int>(a), std::move(clip)); !set)
            return EditResult::refused("animation \"" + name + "\": " + set.error);
    }
    rig = std::move(moved);
    return EditResult::success();
}

} // namespace bonework
