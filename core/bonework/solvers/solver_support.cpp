#include "bonework/solvers/solver_support.h"

#include "bonework/angles.h"

#include <cmath>

namespace bonework {

std::string checkCommonRequest(const Rig& rig, const SolveRequest& request)
{
    if (request.effectors.empty())
        return "the request names no effector (a joint and its target)";
    for (const Effector& e : request.effectors) {
        if (!rig.isValidJoint(e.joint))
            return "the effector joint does not exist";
        if (!std::isfinite(e.target.x) || !std::isfinite(e.target.y))
            return "the target of \"" + rig.jointName(e.joint) + "\" is not a finite point";
        if (!std::isfinite(e.weight) || e.weight < 0.0)
            return "the weight of \"" + rig.jointName(e.joint) + "\" must be a finite number >= 0";
    }
    if (request.root != kNoJoint && !rig.isValidJoint(request.root))
        return "the root joint does not exist";
    if (request.iterations < 1)
        return "iterations must be at least 1";
    if (!std::isfinite(request.tolerance) || request.tolerance < 0.0)
        return "the tolerance must be a finite number >= 0";
    return {};
}

JointIndex chainBase(const Rig& rig, const SolveRequest& request)
{
    if (request.root != kNoJoint)
        return request.root;
    return rig.rootOf(request.effectors.front().joint);
}

std::string checkChainRequest(const Rig& rig, const SolveRequest& request)
{
    if (auto why = checkCommonRequest(rig, request); !why.empty())
        return why;
    const JointIndex tip = request.effectors.front().joint;
    const JointIndex base = chainBase(rig, request);
    if (tip == base)
        return "the tip \"" + rig.jointName(tip) + "\" is the chain's root: there is no bone to turn";
    if (!rig.isAncestor(base, tip))
        return "the tip \"" + rig.jointName(tip) + "\" is not under the root \"" + rig.jointName(base) + "\"";
    return {};
}

void markPinnedSubtrees(const Rig& rig, std::vector<unsigned char>& out)
{
    const std::size_t n = rig.jointCount();
    out.assign(n, 0);
    // Children come after parents, so a backward sweep passes marks upward.
    for (std::size_t i = n; i-- > 0;) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isPinned(j))
            out[i] = 1;
        if (out[i] && !rig.isRoot(j))
            out[rig.parent(j)] = 1;
    }
}

void freeChainBones(const Rig& rig, JointIndex base, JointIndex tip, const std::vector<unsigned char>& pinnedBelow,
                    std::vector<JointIndex>& bones)
{
    bones.clear();
    // Walk up from the tip; stop at the base or at the first bone that cannot turn.
    for (JointIndex j = tip; j != base && j != kNoJoint; j = rig.parent(j)) {
        if (pinnedBelow[j])
            bones.clear(); // this bone and everything below it up to here is held by a pin
        else
            bones.push_back(j);
    }
    // Collected tip-first; the solvers want base-first.
    for (std::size_t a = 0, b = bones.size(); a + 1 < b; ++a, --b)
        std::swap(bones[a], bones[b - 1]);
}

void collectLimited(const Rig& rig, const std::vector<JointIndex>& joints, SolveResult& result)
{
    result.limited.clear();
    for (JointIndex j : joints) {
        if (rig.isRoot(j))
            continue;
        const double a = rig.angle(j);
        if (a == rig.minAngle(j) || a == rig.maxAngle(j)) {
            if (rig.minAngle(j) == kMinLimit && rig.maxAngle(j) == kMaxLimit)
                continue; // a free joint at +-180 is not held by anything
            result.limited.push_back(j);
        }
    }
    // Keep index order regardless of how `joints` was ordered (a sorted insert, no allocation).
    for (std::size_t i = 1; i < result.limited.size(); ++i)
        for (std::size_t k = i; k > 0 && result.limited[k - 1] > result.limited[k]; --k)
            std::swap(result.limited[k - 1], result.limited[k]);
}

double turnDegrees(Vec2 from, Vec2 to)
{
    const double c = dot(from, to);
    const double s = cross(from, to);
    if (c == 0.0 && s == 0.0)
        return 0.0;
    return std::atan2(s, c) * kDegreesPerRadian;
}

} // namespace bonework
