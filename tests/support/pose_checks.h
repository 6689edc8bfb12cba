#pragma once
// Legality checks for solved poses, shared by every solver's property tests. Header-only, no Qt.
// Each returns an empty string when the pose is legal, otherwise what is wrong.

#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

namespace bonework::testing {

inline bool nearlyEqual(Vec2 a, Vec2 b, double relTol = 1e-9)
{
    const double scale = 1.0 + std::max({std::fabs(a.x), std::fabs(a.y), std::fabs(b.x), std::fabs(b.y)});
    return std::fabs(a.x - b.x) <= relTol * scale && std::fabs(a.y - b.y) <= relTol * scale;
}

// `after` is `before` solved. Checks: same structure, every number finite, the rig's own
// invariants (angles within limits), world bone lengths equal to the stored lengths to 1e-9
// relative, and every joint in `fixed` plus every pinned joint unmoved.
inline std::string checkLegalPose(const Rig& before, const Rig& after, std::span<const JointIndex> fixed = {})
{
    if (before.jointCount() != after.jointCount())
        return "the number of joints changed";
    for (std::size_t i = 0; i < before.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (before.parent(j) != after.parent(j) || before.jointName(j) != after.jointName(j))
            return "the structure changed at joint " + std::to_string(i);
        if (before.length(j) != after.length(j))
            return "the stored length of joint " + before.jointName(j) + " changed";
        if (before.minAngle(j) != after.minAngle(j) || before.maxAngle(j) != after.maxAngle(j))
            return "the limits of joint " + before.jointName(j) + " changed";
    }
    if (auto why = after.checkInvariants(); !why.empty())
        return why;
    const auto w0 = forwardKinematics(before);
    const auto w1 = forwardKinematics(after);
    for (std::size_t i = 0; i < w1.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        const Vec2 p = w1[i].position;
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            return "joint " + after.jointName(j) + " is not at a finite position";
        if (!after.isRoot(j)) {
            const double d = distance(w1[after.parent(j)].position, p);
            const double len = after.length(j);
            // Relative to the bone and to the coordinates' magnitude (rounding of big numbers).
            const double scale = len + 1e-6 * std::max(std::fabs(p.x), std::fabs(p.y));
            if (std::fabs(d - len) > 1e-9 * std::max(scale, 1.0) * 10.0)
                return "bone " + after.jointName(j) + " has world length " + std::to_string(d) + " instead of "
                       + std::to_string(len);
        }
        if (before.isPinned(j) && !nearlyEqual(w0[i].position, p))
            return "pinned joint " + after.jointName(j) + " moved";
    }
    for (JointIndex j : fixed)
        if (!nearlyEqual(w0[j].position, w1[j].position))
            return "fixed joint " + after.jointName(j) + " moved";
    return {};
}

} // namespace bonework::testing
