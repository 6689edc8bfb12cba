// Rig::checkInvariants: the full consistency check that tests, the loader and debug builds run.
#include "bonework/rig.h"

#include "bonework/rig_rules.h"
#include "bonework/animation/clip_rules.h"

#include <cmath>

namespace bonework {
namespace {

// How far a cached rotation may differ from Rotation::fromDegrees(angle) in each component:
// a solver's own rotation and the one recomputed from its angle differ by a few ulps.
constexpr double kRotationCacheTolerance = 1e-12;

} // namespace

using rig_rules::checkLimits;
using rig_rules::finite;
using rig_rules::quoted;

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
    for (std::size_t k = 0; k < m_animations.size(); ++k) {
        if (auto problem = animation::checkClip(*this, m_animations[k]))
            return "animation " + quoted(m_animations[k].name) + ": " + problem->toString();
        for (std::size_t other = 0; other < k; ++other)
            if (m_animations[other].name == m_animations[k].name)
                return "animation " + quoted(m_animations[k].name) + ": the name is used twice";
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
    for (std::size_t k = 0; k < m_slots.size(); ++k)
        if (auto why = checkSlot(m_slots[k], static_cast<int>(k)); !why.empty())
            return "slot " + quoted(m_slots[k].name) + ": " + why;
    return {};
}

} // namespace bonework
