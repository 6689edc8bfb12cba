#include "bonework/rig.h"

#include "bonework/angles.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

namespace bonework {
namespace {

// How far a cached rotation may differ from Rotation::fromDegrees(angle) in each component:
// a solver's own rotation and the one recomputed from its angle differ by a few ulps.
constexpr double kRotationCacheTolerance = 1e-12;

bool finite(double v) { return std::isfinite(v); }
bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string checkLimits(double min, double max)
{
    if (!finite(min) || !finite(max))
        return "angle limits must be finite numbers";
    if (min < kMinLimit || max > kMaxLimit)
        return "angle limits must lie within [-180, 180]";
    if (min > max)
        return "the minimum angle limit is greater than the maximum";
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

EditResult Rig::addJoint(const JointDesc& d, JointIndex* added)
{
    if (!d.name.empty() && findJoint(d.name) != kNoJoint)
        return EditResult::refused("there is already a joint named " + quoted(d.name));
    return addJointWithNewName(d, added);
}

EditResult Rig::addJointWithNewName(const JointDesc& d, JointIndex* added)
{
    if (d.name.empty())
        return EditResult::refused("a joint needs a name");
    if (d.parent != kNoJoint && !isValidJoint(d.parent))
        return EditResult::refused("the parent joint does not exist");
    if (!finite(d.angle))
        return EditResult::refused("the angle must be a finite number");
    if (d.parent == kNoJoint) {
        if (!finite(d.position))
            return EditResult::refused("the root position must be finite");
        if (d.angle < -180.0 || d.angle > 180.0)
            return EditResult::refused("the rotation must lie within [-180, 180]");
    } else {
        if (!finite(d.length) || d.length <= 0.0)
            return EditResult::refused("the bone length must be greater than 0");
        if (auto why = checkLimits(d.minAngle, d.maxAngle); !why.empty())
            return EditResult::refused(why);
        if (d.angle < d.minAngle || d.angle > d.maxAngle)
            return EditResult::refused("the angle lies outside its limits");
    }
    appendJoint(d);
    if (added)
        *added = static_cast<JointIndex>(jointCount() - 1);
    return EditResult::success();
}

EditResult Rig::removeJoint(JointIndex j)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    std::vector<unsigned char> removed(jointCount(), 0);
    for (JointIndex r : subtree(j))
        removed[r] = 1;

    std::vector<JointIndex> newToOld;
    newToOld.reserve(jointCount());
    for (std::size_t i = 0; i < jointCount(); ++i)
        if (!removed[i])
            newToOld.push_back(static_cast<JointIndex>(i));

    std::erase_if(m_chains, [&](const Chain& c) {
        return removed[c.root] || removed[c.tip] || (c.target.isAttached() && removed[c.target.joint]);
    });
    applyPermutation(newToOld);
    return EditResult::success();
}

EditResult Rig::renameJoint(JointIndex j, std::string_view newName)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (newName.empty())
        return EditResult::refused("a joint needs a name");
    const JointIndex other = findJoint(newName);
    if (other != kNoJoint && other != j)
        return EditResult::refused("there is already a joint named " + quoted(newName));
    m_names[j] = std::string(newName);
    return EditResult::success();
}

EditResult Rig::reparentJoint(JointIndex j, JointIndex newParent)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (newParent != kNoJoint && !isValidJoint(newParent))
        return EditResult::refused("the new parent does not exist");
    if (newParent == m_parent[j])
        return EditResult::success();
    if (newParent == j || (newParent != kNoJoint && isAncestor(j, newParent)))
        return EditResult::refused(quoted(m_names[newParent]) + " is part of " + quoted(m_names[j])
                                   + "'s own subtree: reparenting would make a cycle");

    // World frames before the change, to keep j where it is on screen.
    std::vector<Vec2> pos(jointCount());
    std::vector<Rotation> rot(jointCount());
    for (std::size_t i = 0; i < jointCount(); ++i) {
        const JointIndex p = m_parent[i];
        if (p == kNoJoint) {
            pos[i] = m_rootPosition[i];
            rot[i] = m_localRotation[i];
        } else {
            rot[i] = rot[p] * m_localRotation[i];
            pos[i] = pos[p] + rot[i].direction() * m_length[i];
        }
    }

    Rig candidate = *this;
    if (newParent == kNoJoint) {
        candidate.m_parent[j] = kNoJoint;
        candidate.m_rootPosition[j] = pos[j];
        candidate.m_length[j] = 0.0;
        candidate.m_min[j] = kMinLimit;
        candidate.m_max[j] = kMaxLimit;
        candidate.m_angle[j] = rot[j].degrees();
    } else {
        const Vec2 offset = pos[j] - pos[newParent];
        const double len = norm(offset);
        if (!(len > 1e-9))
            return EditResult::refused(quoted(m_names[j]) + " sits on " + quoted(m_names[newParent])
                                       + ": move it away before reparenting");
        const Rotation boneWorld{offset.x / len, offset.y / len};
        const double a = (rot[newParent].inverse() * boneWorld).degrees();
        candidate.m_parent[j] = newParent;
        candidate.m_length[j] = len;
        candidate.m_angle[j] = a;
        candidate.m_min[j] = std::min(m_parent[j] == kNoJoint ? kMinLimit : m_min[j], a);
        candidate.m_max[j] = std::max(m_parent[j] == kNoJoint ? kMaxLimit : m_max[j], a);
    }
    candidate.m_localRotation[j] = Rotation::fromDegrees(candidate.m_angle[j]);
    // Children of j keep their local angles relative to j's bone; re-express them so their world
    // positions stay too.
    const Rotation change = (newParent == kNoJoint ? Rotation{} : rot[newParent]) * candidate.m_localRotation[j];
    const Rotation correction = change.inverse() * rot[j];
    if (!(correction == Rotation{})) {
        for (JointIndex c : children(j)) {
            const double a = wrapDegrees(correction.degrees() + angle(c));
            candidate.m_angle[c] = a;
            candidate.m_localRotation[c] = Rotation::fromDegrees(a);
            candidate.m_min[c] = std::min(m_min[c], a);
            candidate.m_max[c] = std::max(m_max[c], a);
            candidate.refreshRotationLimits(c);
        }
    }
    candidate.refreshRotationLimits(j);
    for (std::size_t ci = 0; ci < candidate.m_chains.size(); ++ci) {
        const Chain& c = candidate.m_chains[ci];
        if (c.root != c.tip && !candidate.isAncestor(c.root, c.tip))
            return EditResult::refused("reparenting would break the chain " + quoted(c.name));
    }
    candidate.restoreParentOrder();
    candidate.recomputeSubtreePins();
    candidate.recomputeChildLinks();
    *this = std::move(candidate);
    return EditResult::success();
}

void Rig::restoreParentOrder()
{
    const std::size_t n = jointCount();
    bool ordered = true;
    for (std::size_t i = 0; i < n && ordered; ++i)
        ordered = m_parent[i] < static_cast<JointIndex>(i);
    if (ordered)
        return;
    // Depth-first from each root, children in their current index order.
    std::vector<std::vector<JointIndex>> kids(n);
    for (std::size_t i = 0; i < n; ++i)
        if (m_parent[i] != kNoJoint)
            kids[m_parent[i]].push_back(static_cast<JointIndex>(i));
    std::vector<JointIndex> order;
    order.reserve(n);
    std::vector<JointIndex> stack;
    for (std::size_t i = 0; i < n; ++i) {
        if (m_parent[i] != kNoJoint)
            continue;
        stack.push_back(static_cast<JointIndex>(i));
        while (!stack.empty()) {
            const JointIndex j = stack.back();
            stack.pop_back();
            order.push_back(j);
            for (auto it = kids[j].rbegin(); it != kids[j].rend(); ++it)
                stack.push_back(*it);
        }
    }
    applyPermutation(order);
}

void Rig::applyPermutation(const std::vector<JointIndex>& newToOld)
{
    std::vector<JointIndex> oldToNew(jointCount(), kNoJoint);
    for (std::size_t i = 0; i < newToOld.size(); ++i)
        oldToNew[newToOld[i]] = static_cast<JointIndex>(i);

    auto permute = [&](auto& v) {
        std::remove_reference_t<decltype(v)> out;
        out.reserve(newToOld.size());
        for (JointIndex old : newToOld)
            out.push_back(std::move(v[old]));
        v = std::move(out);
    };
    permute(m_names);
    permute(m_parent);
    permute(m_length);
    permute(m_angle);
    permute(m_min);
    permute(m_max);
    permute(m_pinned);
    permute(m_rootPosition);
    permute(m_localRotation);
    permute(m_limits);
    for (JointIndex& p : m_parent)
        if (p != kNoJoint)
            p = oldToNew[p];
    recomputeSubtreePins();
    recomputeChildLinks();
    for (Chain& c : m_chains) {
        c.root = oldToNew[c.root];
        c.tip = oldToNew[c.tip];
        if (c.target.isAttached())
            c.target.joint = oldToNew[c.target.joint];
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
        return EditResult::refused("the angle lies outside its limits [" + std::to_string(m_min[j]) + ", "
                                   + std::to_string(m_max[j]) + "]");
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
    return EditResult::success();
}

EditResult Rig::setRootPosition(JointIndex j, Vec2 position)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (!isRoot(j))
        return EditResult::refused("only a root joint has a position of its own");
    if (!finite(position))
        return EditResult::refused("the position must be finite");
    m_rootPosition[j] = position;
    return EditResult::success();
}

EditResult Rig::setRootRotation(JointIndex j, double degrees)
{
    if (!isValidJoint(j))
        return EditResult::refused("no such joint");
    if (!isRoot(j))
        return EditResult::refused("only a root joint has a rotation of its own");
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

void Rig::setRotationClamped(JointIndex j, Rotation rotation)
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

void Rig::setOnLimit(JointIndex j, bool max)
{
    m_localRotation[j] = max ? m_limits[j].atMax : m_limits[j].atMin;
    m_angle[j] = max ? m_max[j] : m_min[j];
}

bool Rig::withinRounding(Rotation r, Rotation limit)
{
    // 1e-12 radians: far above the rounding of composed rotations (about 1e-15), far below
    // anything that shows (a 1000 px bone's end moves a nanometre of a pixel).
    return dot(r.direction(), limit.direction()) > 0.0 && std::fabs(cross(limit.direction(), r.direction())) <= 1e-12;
}

double Rig::degreesOwed(JointIndex j) const
{
    // The rotation lies clearly within the limits (setRotationClamped saw to it), so its
    // degrees do too, up to the last bits of the atan2 that the clamp absorbs.
    // A root's range is the whole circle, which (-180, 180] always lies in.
    const double d = m_localRotation[j].degrees();
    return d >= m_min[j] && d <= m_max[j] ? d : clampToLimits(d, m_min[j], m_max[j]);
}

bool Rig::operator==(const Rig& o) const
{
    return m_name == o.m_name && m_nodeShape == o.m_nodeShape && m_names == o.m_names && m_parent == o.m_parent
           && m_length == o.m_length && m_min == o.m_min && m_max == o.m_max && m_pinned == o.m_pinned
           && m_rootPosition == o.m_rootPosition && m_chains == o.m_chains && sameAngles(o);
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

std::string Rig::checkChain(const Chain& c, int ignoreIndex) const
{
    if (c.name.empty())
        return "a chain needs a name";
    for (std::size_t i = 0; i < m_chains.size(); ++i)
        if (static_cast<int>(i) != ignoreIndex && m_chains[i].name == c.name)
            return "there is already a chain named " + quoted(c.name);
    if (!isValidJoint(c.root))
        return "the chain's root joint does not exist";
    if (!isValidJoint(c.tip))
        return "the chain's tip joint does not exist";
    if (c.tip != c.root && !isAncestor(c.root, c.tip))
        return "the tip " + quoted(m_names[c.tip]) + " is not under the root " + quoted(m_names[c.root]);
    if (c.tip == c.root && c.solver != SolverKind::Follow && c.solver != SolverKind::Relax)
        return "the chain has no bone between its root and its tip";
    if (c.solver == SolverKind::TwoBone
        && (m_parent[c.tip] == kNoJoint || m_parent[m_parent[c.tip]] != c.root))
        return "a two-bone chain must be exactly two bones long";
    if (c.iterations < 1 || c.iterations > 100000)
        return "iterations must be between 1 and 100000";
    if (!finite(c.tolerance) || c.tolerance < 0.0)
        return "the tolerance must be a finite number >= 0";
    if (c.target.isAttached()) {
        if (!isValidJoint(c.target.joint))
            return "the target joint does not exist";
    } else if (!finite(c.target.point)) {
        return "the target must be finite";
    }
    return {};
}

EditResult Rig::addChain(const Chain& chain)
{
    if (auto why = checkChain(chain); !why.empty())
        return EditResult::refused(why);
    m_chains.push_back(chain);
    return EditResult::success();
}

EditResult Rig::removeChain(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_chains.size())
        return EditResult::refused("no such chain");
    m_chains.erase(m_chains.begin() + index);
    return EditResult::success();
}

EditResult Rig::setChain(int index, const Chain& chain)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_chains.size())
        return EditResult::refused("no such chain");
    if (auto why = checkChain(chain, index); !why.empty())
        return EditResult::refused(why);
    m_chains[index] = chain;
    return EditResult::success();
}

std::string Rig::checkInvariants() const
{
    const std::size_t n = jointCount();
    if (m_names.size() != n || m_length.size() != n || m_angle.size() != n || m_min.size() != n
        || m_max.size() != n || m_pinned.size() != n || m_rootPosition.size() != n || m_localRotation.size() != n
        || m_limits.size() != n || m_subtreeHasPin.size() != n || m_firstChild.size() != n
        || m_lastChild.size() != n || m_nextSibling.size() != n)
        return "internal arrays differ in size";
    for (std::size_t i = 0; i < n; ++i) {
        const std::string who = "joint " + quoted(m_names[i]) + ": ";
        if (m_names[i].empty())
            return "a joint has no name";
        if (findJoint(m_names[i]) != static_cast<JointIndex>(i))
            return who + "the name is not unique";
        if (m_parent[i] >= static_cast<JointIndex>(i))
            return who + "comes before its parent";
        RotationLimits limits;
        limits.set(m_min[i], m_max[i]);
        if (!(m_limits[i] == limits))
            return who + "the limits in rotation form are out of step";
        const Rotation r = m_localRotation[i];
        if (std::isnan(m_angle[i])) {
            // Degrees owed: the rotation is the pose, of unit length and within the limits.
            if (!(std::fabs(r.c * r.c + r.s * r.s - 1.0) <= 1e-12))
                return who + "the rotation is not of unit length";
            if (!limits.free && (!limits.contains(r) || withinRounding(r, limits.atMin) || withinRounding(r, limits.atMax)))
                return who + "the rotation is not clearly within its limits";
        } else {
            if (!finite(m_angle[i]))
                return who + "the angle is not finite";
            // The rotation may be a solver's own, equal to the angle's up to rounding.
            const Rotation exact = Rotation::fromDegrees(m_angle[i]);
            if (!(std::fabs(exact.c - r.c) <= kRotationCacheTolerance && std::fabs(exact.s - r.s) <= kRotationCacheTolerance))
                return who + "the cached rotation is out of step with the angle";
        }
        if (m_parent[i] == kNoJoint) {
            if (!finite(m_rootPosition[i]))
                return who + "the position is not finite";
        } else {
            if (!finite(m_length[i]) || m_length[i] <= 0.0)
                return who + "the length must be greater than 0";
            if (!checkLimits(m_min[i], m_max[i]).empty())
                return who + "invalid limits";
            const double a = angle(static_cast<JointIndex>(i));
            if (!(a >= m_min[i] && a <= m_max[i]))
                return who + "the angle lies outside its limits";
        }
    }
    Rig recomputed;
    recomputed.m_parent = m_parent;
    recomputed.m_pinned = m_pinned;
    recomputed.recomputeSubtreePins();
    recomputed.recomputeChildLinks();
    for (std::size_t i = 0; i < n; ++i) {
        if (recomputed.m_subtreeHasPin[i] != m_subtreeHasPin[i])
            return "joint " + quoted(m_names[i]) + ": the record of pins below it is out of step";
        if (recomputed.m_firstChild[i] != m_firstChild[i] || recomputed.m_lastChild[i] != m_lastChild[i]
            || recomputed.m_nextSibling[i] != m_nextSibling[i])
            return "joint " + quoted(m_names[i]) + ": the child links are out of step";
    }
    for (std::size_t c = 0; c < m_chains.size(); ++c)
        if (auto why = checkChain(m_chains[c], static_cast<int>(c)); !why.empty())
            return "chain " + quoted(m_chains[c].name) + ": " + why;
    return {};
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
