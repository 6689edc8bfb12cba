#include "bonework/rig_origin.h"

#include "bonework/animation/clip.h"

#include <cmath>

namespace bonework {

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
        const Vec2 at = moved.rootPosition(joint) - point;
        if (!rootWithinReach(at) || !moved.setRootPosition(joint, at))
            return beyond("root \"" + moved.jointName(joint) + "\"");
    }
    for (std::size_t c = 0; c < moved.chains().size(); ++c) {
        ChainTarget target = moved.chains()[c].target;
        target.point = target.point - point;
        if (!targetWithinReach(target.point) || !moved.setChainTarget(static_cast<int>(c), target))
            return beyond("the target of chain \"" + moved.chains()[c].name + "\"");
    }
    for (std::size_t a = 0; a < moved.animations().size(); ++a) {
        animation::Clip clip = moved.animations()[a];
        for (animation::JointTracks& t : clip.joints) {
            for (animation::Key& k : t.x)
                k.value -= point.x;
            for (animation::Key& k : t.y)
                k.value -= point.y;
        }
        for (animation::ChainTracks& t : clip.chains)
            for (animation::PointKey& k : t.target)
                k.point = k.point - point;
        const std::string name = clip.name;
        if (const EditResult set = moved.setAnimation(static_cast<int>(a), std::move(clip)); !set)
            return EditResult::refused("animation \"" + name + "\": " + set.error);
    }
    rig = std::move(moved);
    return EditResult::success();
}

} // namespace bonework
