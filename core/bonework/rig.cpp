#include "bonework/rig.h"

#include "bonework/angles.h"
#include "bonework/rig_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace bonework {

using rig_rules::finite;
using rig_rules::quoted;

std::string boundText(double bound)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", bound); // "1e+300"
    std::string out = text;
    if (const auto plus = out.find("e+"); plus != std::string::npos)
        out.erase(plus + 1, 1);
    return out;
}

std::string rig_rules::checkLimits(double min, double max)
{
    if (!finite(min) || !finite(max))
        return "angle limits must be finite numbers";
    if (min < kMinLimit || max > kMaxLimit)
        return "angle limits must lie within [-180, 180]";
    if (min > max)
        return "the minimum angle limit is greater than the maximum";
    return {};
}

using rig_rules::checkLimits;

namespace {

// Why a root-only edit (position, rotation) cannot apply to j; empty when it can.
std::string checkRootEdit(const Rig& rig, JointIndex j, const char* what)
{
    if (!rig.isValidJoint(j))
        return "no such joint";
    if (!rig.isRoot(j))
        return std::string("only a root joint has a ") + what + " of its own";
    return {};
}

} // namespace

JointDesc Rig::joint(JointIndex j) const
{
    JointDesc d;
    d.name = m_names[j];
    d.parent = m_parent[j];
    d.position = m_rootPosition[j];
    d.angle = angle(j);
    d.length = m_length[j];
    d.minAngle = m_min[j];
    d.maxAngle = m_max[j];
    d.pinned = m_pinned[j] != 0;
    return d;
}

JointIndex Rig::findJoint(std::string_view name) const
{
    for (std::size_t i = 0; i < m_names.size(); ++i)
        if (m_names[i] == name)
            return static_cast<JointIndex>(i);
    return kNoJoint;
}

bool Rig::isAncestor(JointIndex ancestor, JointIndex j) const
{
    for (JointIndex p = m_parent[j]; p != kNoJoint; p = m_parent[p])
        if (p == ancestor)
            return true;
    return false;
}

JointIndex Rig::rootOf(JointIndex j) const
{
    while (m_parent[j] != kNoJoint)
        j = m_parent[j];
    return j;
}

std::size_t Rig::deepestJointDepth() const
{
    // Parents come before their children, so one pass down the index order has each depth.
    std::vector<std::size_t> depth(m_parent.size(), 0);
    std::size_t deepest = 0;
    for (std::size_t i = 0; i < depth.size(); ++i) {
        if (m_parent[i] != kNoJoint)
            depth[i] = depth[static_cast<std::size_t>(m_parent[i])] + 1;
        deepest = std::max(deepest, depth[i]);
    }
    return deepest;
}

std::vector<JointIndex> Rig::children(JointIndex j) const
{
    std::vector<JointIndex> result;
    for (JointIndex c = m_firstChild[j]; c != kNoJoint; c = m_nextSibling[c])
        result.push_back(c);
    return result;
}

std::size_t Rig::rootCount() const
{
    return static_cast<std::size_t>(std::count(m_parent.begin(), m_parent.end(), kNoJoint));
}

std::vector<JointIndex> Rig::subtree(JointIndex j) const
{
    // Parents come before children, so one forward sweep marks every descendant.
    std::vector<JointIndex> result{j};
    std::vector<unsigned char> inside(jointCount(), 0);
    inside[j] = 1;
    for (std::size_t i = static_cast<std::size_t>(j) + 1; i < jointCount(); ++i) {
        if (m_parent[i] != kNoJoint && inside[m_parent[i]]) {
            inside[i] = 1;
            result.push_back(static_cast<JointIndex>(i));
        }
    }
    return result;
}

int Rig::findChain(std::string_view name) const
{
    for (std::size_t i = 0; i < m_chains.size(); ++i)
        if (m_chains[i].name == name)
            return static_cast<int>(i);
    return -1;
}

void Rig::reserve(std::size_t joints)
{
    m_names.reserve(joints);
    m_parent.reserve(joints);
    m_length.reserve(joints);
    m_angle.reserve(joints);
    m_min.reserve(joints);
    m_max.reserve(joints);
    m_pinned.reserve(joints);
    m_rootPosition.reserve(joints);
    m_localRotation.reserve(joints);
    m_limits.reserve(joints);
    m_subtreeHasPin.reserve(joints);
    m_firstChild.reserve(joints);
    m_lastChild.reserve(joints);
    m_nextSibling.reserve(joints);
}

void Rig::appendJoint(const JointDesc& d)
{
    const bool root = d.parent == kNoJoint;
    m_names.push_back(d.name);
    m_parent.push_back(d.parent);
    m_length.push_back(root ? 0.0 : d.length);
    m_angle.push_back(d.angle);
    m_min.push_back(root ? kMinLimit : d.minAngle);
    m_max.push_back(root ? kMaxLimit : d.maxAngle);
    m_pinned.push_back(d.pinned ? 1 : 0);
    m_rootPosition.push_back(root ? d.position : Vec2{});
    m_localRotation.push_back(Rotation::fromDegrees(d.angle));
    m_limits.emplace_back();
    refreshRotationLimits(static_cast<JointIndex>(jointCount() - 1));
    m_subtreeHasPin.push_back(0);
    if (d.pinned)
        markPinAbove(static_cast<JointIndex>(jointCount() - 1));
    linkLastJoint();
}

void Rig::linkLastJoint()
{
    const auto j = static_cast<JointIndex>(m_firstChild.size());
    m_firstChild.push_back(kNoJoint);
    m_lastChild.push_back(kNoJoint);
    m_nextSibling.push_back(kNoJoint);
    const JointIndex p = m_parent[j];
    if (p == kNoJoint)
        return;
    if (m_lastChild[p] == kNoJoint)
        m_firstChild[p] = j;
    else
        m_nextSibling[m_lastChild[p]] = j;
    m_lastChild[p] = j;
}

void Rig::recomputeChildLinks()
{
    m_firstChild.clear();
    m_lastChild.clear();
    m_nextSibling.clear();
    while (m_firstChild.size() < jointCount())
        linkLastJoint();
}

void Rig::markPinAbove(JointIndex j)
{
    for (; j != kNoJoint && !m_subtreeHasPin[j]; j = m_parent[j])
        m_subtreeHasPin[j] = 1;
}

void Rig::recomputeSubtreePins()
{
    const std::size_t n = jointCount();
    m_subtreeHasPin.assign(n, 0);
    // Children come after their parents: one sweep from the end passes the marks upward.
    for (std::size_t i = n; i-- > 0;) {
        if (m_pinned[i])
            m_subtreeHasPin[i] = 1;
        if (m_subtreeHasPin[i] && m_parent[i] != kNoJoint)
            m_subtreeHasPin[m_parent[i]] = 1;
    }
}

EditResult Rig::setLength(JointIndex j, double len)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (isRoot(j))
        return EditResult::refused("a root joint has no bone");
    if (!finite(len) || len <= 0.0)
        return EditResult::refused("the bone length must be greater than 0");
    if (len > kMostBoneLength)
        return EditResult::refused(rig_rules::kBoneTooLong);
    m_length[j] = len;
    return EditResult::success();
}

EditResult Rig::setAngle(JointIndex j, double degrees)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (isRoot(j))
        return setRootRotation(j, degrees);
    if (!finite(degrees))
        return EditResult::refused("the angle must be a finite number");
    if (degrees < m_min[j] || degrees > m_max[j])
        return EditResult::refused("the angle lies outside its limits [" + degreesText(m_min[j]) + ", "
                                   + degreesText(m_max[j]) + "]");
    m_angle[j] = degrees;
    m_localRotation[j] = Rotation::fromDegrees(degrees);
    return EditResult::success();
}

EditResult Rig::setLimits(JointIndex j, double min, double max)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (isRoot(j))
        return EditResult::refused("a root joint has no angle limits");
    if (auto why = checkLimits(min, max); !why.empty())
        return EditResult::refused(why);
    // The angle as read under the old limits, in degrees from here on (a rotation the rig held
    // stays when the angle still fits).
    const double current = angle(j);
    m_min[j] = min;
    m_max[j] = max;
    refreshRotationLimits(j);
    const double clamped = std::clamp(current, min, max);
    m_angle[j] = clamped;
    if (clamped != current)
        m_localRotation[j] = Rotation::fromDegrees(clamped);
    clampAngleKeys(j);
    return EditResult::success();
}

EditResult Rig::setRootPosition(JointIndex j, Vec2 position)
{
    if (auto why = checkRootEdit(*this, j, "position"); !why.empty())
        return EditResult::refused(why);
    if (!finite(position))
        return EditResult::refused("the position must be finite");
    if (!rootWithinReach(position))
        return EditResult::refused(rig_rules::kRootTooFar);
    m_rootPosition[j] = position;
    return EditResult::success();
}

EditResult Rig::setRootRotation(JointIndex j, double degrees)
{
    if (auto why = checkRootEdit(*this, j, "rotation"); !why.empty())
        return EditResult::refused(why);
    if (!finite(degrees))
        return EditResult::refused("the rotation must be a finite number");
    const double a = wrapDegrees(degrees);
    m_angle[j] = a;
    m_localRotation[j] = Rotation::fromDegrees(a);
    return EditResult::success();
}

EditResult Rig::setPinned(JointIndex j, bool pinned)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    const bool was = m_pinned[j] != 0;
    m_pinned[j] = pinned ? 1 : 0;
    if (pinned)
        markPinAbove(j);
    else if (was)
        recomputeSubtreePins(); // another pin may still hold the joints above
    return EditResult::success();
}

void Rig::setAngleClamped(JointIndex j, double degrees)
{
    const double a = m_parent[j] == kNoJoint ? wrapDegrees(degrees) : clampToLimits(degrees, m_min[j], m_max[j]);
    m_angle[j] = a;
    m_localRotation[j] = Rotation::fromDegrees(a);
}

void Rig::setRotationOnLimitOrCareful(JointIndex j, Rotation rotation)
{
    const RotationLimits& limits = m_limits[j]; // the whole circle for a root
    // A solver that clamped a bone onto a limit hands over the limit's own rotation.
    if (!limits.free && (rotation == limits.atMin || rotation == limits.atMax)) {
        setOnLimit(j, rotation == limits.atMax);
        return;
    }
    const double m2 = rotation.c * rotation.c + rotation.s * rotation.s;
    if (!(std::fabs(m2 - 1.0) <= 1e-6)) {
        // Not a rotation (zero, far from unit length, not finite): only its direction counts.
        if (std::isfinite(rotation.c) && std::isfinite(rotation.s) && (rotation.c != 0.0 || rotation.s != 0.0))
            setAngleClamped(j, rotation.degrees());
        return;
    }
    // One Newton step takes a rotation off unit length by e to about 1.5 e^2.
    const double k = 0.5 * (3.0 - m2);
    const Rotation unit{rotation.c * k, rotation.s * k};
    if (!limits.free) {
        // Outside the limits, or within rounding of one (a limit's rotation renormalised, or
        // composed on the way): on that limit. What is left lies clearly inside, so its
        // degrees, when read, need no clamping and never sit on a limit.
        const Rotation legal = limits.clamp(unit);
        if (!(legal == unit)) {
            setOnLimit(j, legal == limits.atMax);
            return;
        }
        if (withinRounding(unit, limits.atMin) || withinRounding(unit, limits.atMax)) {
            setOnLimit(j, withinRounding(unit, limits.atMax));
            return;
        }
    }
    m_localRotation[j] = unit;
    m_angle[j] = std::numeric_limits<double>::quiet_NaN(); // owed: worked out when read
}

double Rig::degreesOf(JointIndex j, Rotation rotation) const
{
    // The rotation lies clearly within the limits (setRotationClamped saw to it), so its
    // degrees do too, up to the last bits of the atan2 that the clamp absorbs.
    // A root's range is the whole circle, which (-180, 180] always lies in.
    const double d = rotation.degrees();
    return d >= m_min[j] && d <= m_max[j] ? d : clampToLimits(d, m_min[j], m_max[j]);
}

bool Rig::operator==(const Rig& o) const
{
    return m_name == o.m_name && m_names == o.m_names && m_parent == o.m_parent
           && m_length == o.m_length && m_min == o.m_min && m_max == o.m_max && m_pinned == o.m_pinned
           && m_rootPosition == o.m_rootPosition && m_chains == o.m_chains && m_slots == o.m_slots
           && m_animations == o.m_animations
           && sameAngles(o);
}

bool Rig::sameAngles(const Rig& o) const
{
    // Called once the limits compared equal: then the same rotation reads as the same angle,
    // so owed degrees are worked out only where the rotations differ.
    for (std::size_t i = 0; i < jointCount(); ++i) {
        const double a = m_angle[i];
        const double b = o.m_angle[i];
        if (a == a && b == b) {
            if (a != b)
                return false;
        } else if (!(a != a && b != b && m_localRotation[i] == o.m_localRotation[i])) {
            const auto j = static_cast<JointIndex>(i);
            if (angle(j) != o.angle(j))
                return false;
        }
    }
    return true;
}

void Rig::restoreJoint(JointIndex j, const JointDesc& desc, const JointPose& pose)
{
    m_names[j] = desc.name;
    m_length[j] = desc.length;
    if (m_min[j] != desc.minAngle || m_max[j] != desc.maxAngle) {
        m_min[j] = desc.minAngle;
        m_max[j] = desc.maxAngle;
        refreshRotationLimits(j);
    }
    if ((m_pinned[j] != 0) != desc.pinned) {
        m_pinned[j] = desc.pinned ? 1 : 0;
        recomputeSubtreePins();
    }
    setPose(j, pose);
}

bool Rig::JointPose::operator==(const JointPose& other) const
{
    return std::memcmp(&angle, &other.angle, sizeof angle) == 0 && rotation.c == other.rotation.c
           && rotation.s == other.rotation.s && rootPosition.x == other.rootPosition.x
           && rootPosition.y == other.rootPosition.y;
}

} // namespace bonework
