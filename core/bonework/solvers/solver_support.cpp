#include "bonework/solvers/solver_support.h"

#include "bonework/angles.h"
#include "bonework/solvers/law_of_cosines.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonework::solvers {

std::string quotedJointName(const Rig& rig, JointIndex j) { return '"' + rig.jointName(j) + '"'; }

static bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

std::string validateChainRequest(const Rig& rig, const SolveRequest& request, int requiredBones)
{
    if (request.effectors.empty())
        return "no effector: give the tip joint and its target";
    const Effector& effector = request.effectors.front();
    if (!rig.isValidJoint(effector.joint))
        return "the effector joint (index " + std::to_string(effector.joint) + ") does not exist";
    if (request.root != kNoJoint && !rig.isValidJoint(request.root))
        return "the root joint (index " + std::to_string(request.root) + ") does not exist";
    const JointIndex tip = effector.joint;
    const JointIndex root = request.root == kNoJoint ? rig.rootOf(tip) : request.root;
    if (tip == root)
        return "the chain has no bone between its root " + quotedJointName(rig, root) + " and its tip";
    if (!rig.isAncestor(root, tip))
        return "the tip " + quotedJointName(rig, tip) + " is not under the root " + quotedJointName(rig, root);
    if (requiredBones > 0) {
        int bones = 0;
        for (JointIndex j = tip; j != root; j = rig.parent(j))
            ++bones;
        if (bones != requiredBones)
            return "the chain from " + quotedJointName(rig, root) + " to " + quotedJointName(rig, tip) + " is "
                   + std::to_string(bones) + (bones == 1 ? " bone" : " bones") + " long, not "
                   + std::to_string(requiredBones);
    }
    if (!finite(effector.target))
        return "the target must be finite";
    return checkSolveSettings(request);
}

std::string checkSolveSettings(const SolveRequest& request)
{
    if (request.iterations < 1)
        return "iterations must be at least 1";
    if (!std::isfinite(request.tolerance) || request.tolerance < 0.0)
        return "the tolerance must be a finite number >= 0";
    return {};
}

bool unitDirectionCareful(Vec2 v, Rotation& out)
{
    if (!finite(v) || (v.x == 0.0 && v.y == 0.0))
        return false;
    // Scale by a power of two first: exact, and the squares can neither overflow nor vanish.
    const int e = std::ilogb(std::max(std::fabs(v.x), std::fabs(v.y)));
    const Vec2 scaled{std::scalbn(v.x, -e), std::scalbn(v.y, -e)};
    const double inv = 1.0 / std::sqrt(scaled.x * scaled.x + scaled.y * scaled.y);
    out = {scaled.x * inv, scaled.y * inv};
    return true;
}

void collectLimited(const Rig& rig, std::span<const JointIndex> joints, std::vector<JointIndex>& limited)
{
    limited.clear();
    for (JointIndex j : joints)
        if (rig.isOnLimit(j))
            limited.push_back(j);
}

double safeDistance(Vec2 a, Vec2 b)
{
    const Vec2 d = b - a;
    const double d2 = d.x * d.x + d.y * d.y;
    // The plain square root unless the square could overflow or lose everything to underflow.
    if (d2 < 1e300 && (d2 > 1e-300 || d2 == 0.0))
        return std::sqrt(d2);
    const double largest = std::numeric_limits<double>::max();
    if (finite(d)) {
        const double h = std::hypot(d.x, d.y); // infinite when the distance is beyond the doubles
        return h <= largest ? h : largest;
    }
    // The difference itself overflowed: halve first.
    const double h = std::hypot(0.5 * b.x - 0.5 * a.x, 0.5 * b.y - 0.5 * a.y);
    return h > largest * 0.5 ? largest : 2.0 * h;
}

Vec2 boundedTargetCareful(Vec2 base, Vec2 target)
{
    constexpr double kFar = 1e100;
    Rotation dir;
    const double hx = 0.5 * target.x - 0.5 * base.x;
    const double hy = 0.5 * target.y - 0.5 * base.y;
    if (!unitDirection({hx, hy}, dir))
        return base;
    return base + dir.direction() * kFar;
}

void ChainState::reserve(std::size_t bones)
{
    const std::size_t size = bones + 1;
    if (m_joints.size() < size) {
        m_joints.resize(size);
        m_length.resize(size);
        m_limits.resize(size);
        m_local.resize(size);
        m_position.resize(size);
        m_world.resize(size);
    }
}

void ChainState::load(const Rig& rig, const ChainPath& path)
{
    const std::span<const JointIndex> joints = path.movableJoints();
    m_bones = static_cast<int>(joints.size()) - 1;
    const std::size_t size = joints.size();
    reserve(size - 1);
    const WorldTransform base = worldTransformOf(rig, joints.front());
    m_basePosition = base.position;
    m_baseRotation = base.rotation;
    m_joints[0] = joints.front();
    m_totalLength = 0.0;
    m_allFree = true;
    for (std::size_t k = 1; k < size; ++k) {
        const JointIndex j = joints[k];
        m_joints[k] = j;
        m_length[k] = rig.length(j);
        m_totalLength += m_length[k];
        m_local[k] = rig.localRotation(j);
        RotationLimits& lim = m_limits[k];
        // Limits rarely change between solves: the rig's rotation form is copied only then (kept
        // here, next to the chain, for the inner loops).
        if (lim.min != rig.minAngle(j) || lim.max != rig.maxAngle(j))
            lim = rig.rotationLimits(j);
        m_allFree = m_allFree && lim.free;
    }
}

Vec2 ChainState::forward()
{
    Vec2 p = m_basePosition;
    Rotation w = m_baseRotation;
    m_position[0] = p;
    m_world[0] = w;
    for (int k = 1; k <= m_bones; ++k) {
        const auto i = static_cast<std::size_t>(k);
        // Solvers compose rotations without renormalising; drift is removed here, off their
        // critical path.
        m_local[i] = renormalized(m_local[i]);
        w = w * m_local[i];
        p += w.direction() * m_length[i];
        m_world[i] = w;
        m_position[i] = p;
    }
    return p;
}

double triangleTwiceArea(double x, double y, double z)
{
    if (x < y) std::swap(x, y);
    if (x < z) std::swap(x, z);
    if (y < z) std::swap(y, z);
    const double p = (x + (y + z)) * (z - (x - y)) * (z + (x - y)) * (x + (y - z));
    return p > 0.0 ? 0.5 * std::sqrt(p) : 0.0;
}

Vec2 chainTipPosition(const Rig& rig, const ChainPath& path)
{
    const std::span<const JointIndex> joints = path.joints();
    const WorldTransform base = worldTransformOf(rig, joints.front());
    Vec2 p = base.position;
    Rotation w = base.rotation;
    for (std::size_t k = 1; k < joints.size(); ++k) {
        w = w * rig.localRotation(joints[k]);
        p += w.direction() * rig.length(joints[k]);
    }
    return p;
}

void ChainState::store(Rig& rig, const ChainPath& path, Vec2 target, double tolerance, SolveResult& result)
{
    // The tip is measured from the rotations the rig now holds (clamping may differ from ours
    // by rounding), walking the movable part as it is written; the fixed part above it is
    // unchanged, so its end is the base this state was loaded with.
    Vec2 tip = m_basePosition;
    Rotation w = m_baseRotation;
    for (int k = 1; k <= m_bones; ++k) {
        const auto i = static_cast<std::size_t>(k);
        const JointIndex j = m_joints[i];
        if (!(m_local[i] == rig.localRotation(j)))
            rig.setRotationClamped(j, m_local[i]);
        w = w * rig.localRotation(j);
        tip += w.direction() * m_length[i];
    }
    reportWithTip(rig, path, tip, target, tolerance, result);
}

bool layOutStraightIfOutOfReach(ChainState& state, Vec2 target)
{
    if (!state.allFree() || state.bones() < 1 || safeDistance(state.basePosition(), target) < state.totalLength())
        return false;
    Rotation toTarget;
    if (!unitDirection(target - state.basePosition(), toTarget))
        return false; // only a chain of zero length could be this far from a target on its base
    const std::span<Rotation> local = state.local();
    local[1] = state.baseRotation().inverse() * toTarget;
    for (int k = 2; k <= state.bones(); ++k)
        local[static_cast<std::size_t>(k)] = Rotation{};
    state.forward();
    return true;
}

void reportUnchanged(const Rig& rig, const ChainPath& path, Vec2 target, double tolerance, SolveResult& result)
{
    reportWithTip(rig, path, chainTipPosition(rig, path), target, tolerance, result);
}

void reportWithTip(const Rig& rig, const ChainPath& path, Vec2 tip, Vec2 target, double tolerance, SolveResult& result)
{
    result.error = safeDistance(tip, target);
    result.reached = result.error <= tolerance;
    collectLimited(rig, path.movableJoints().subspan(1), result.limited);
}

} // namespace bonework::solvers
