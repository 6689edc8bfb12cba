// RelaxSolver's exact finish for limbs (see relax_solver.h): a group of one effector and no pins
// is a chain from its anchor down to the effector, and where its descent crawls (near full
// extension every turn moves the tip almost across the line it must lengthen) two of its joints
// put the tip on the target by the law of cosines (two_joint_finish.h), as fabrik and ccd do.

#include "bonework/solvers/relax_solver.h"

#include "bonework/solvers/chain_search.h"
#include "bonework/solvers/two_joint_finish.h"

#include <algorithm>

namespace bonework::solvers {
namespace {

// A limb tries to finish after an iteration that leaves more than kSlowShare of its distance
// to the target, when that is within kFinishShare of its length (farther, two joints rarely
// can, and trying every pair costs more than an iteration); as in chain_search.cpp.
constexpr double kSlowShare = 0.5;
constexpr double kFinishShare = 0.05;
// After a finish found no pair, the next kFinishRetry crawling iterations do not try again: a
// crawl barely changes the pose, and a limb pressed short of a target it cannot reach (a drag
// past its limits) would pay for every pair on every iteration.
constexpr int kFinishRetry = 4;
// A limb whose tip starts within kWarmShare of its length of the target follows a drag: its
// finish keeps every joint within kWindowDegrees of where the solve found it, and a crawl does
// not restart it, so the limb never visibly jumps between frames.
constexpr double kWarmShare = 0.05;
constexpr double kWindowDegrees = 1.0;
constexpr int kWarmCrawl = 5; // iterations in a row that cut the error by under kProgress
// A limb with limits may lie as close as they let it (a drag past them), so only farther than
// kFarShare of its length from its target is its start cold (as in chain_search.h).
constexpr double kFarShare = 0.5;
// A cold free limb whose target lies within kNearStretch of its length short of it starts
// straight toward it: from a fold the descent creeps toward such targets, and the finish has
// room only when the limb's two parts are nearly straight. (Beyond its length it is laid out in
// closed form anyway. A limited limb, straight as its limits allow, may be far from any pose
// that reaches: it gets that pose as its first restart instead; laid out at once, it took more
// iterations and reached less on limited chains clicked around, 300 bones.)
constexpr double kNearStretch = 2e-2;

} // namespace

bool RelaxSolver::anyBoneOnLimit(const Rig& rig, JointIndex effector) const
{
    for (JointIndex j = effector; !rig.isRoot(j) && m_variable[j] >= 0; j = rig.parent(j))
        if (rig.minAngle(j) < rig.maxAngle(j) && (rig.angle(j) == rig.minAngle(j) || rig.angle(j) == rig.maxAngle(j)))
            return true;
    return false;
}

void RelaxSolver::prepareLimbFinish(const Rig& rig, const SolveRequest& request)
{
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        group.limb = false;
        if (group.hasPins || m_soleEffector[g] < 0)
            continue;
        const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
        // The bones the descent turns: the run of variables above the effector, up to its anchor.
        int turning = 0;
        bool free = true;
        double length = 0.0;
        JointIndex top = e.joint;
        for (JointIndex j = e.joint; !rig.isRoot(j) && m_variable[j] >= 0; j = rig.parent(j)) {
            length += rig.length(j);
            turning += rig.minAngle(j) < rig.maxAngle(j) ? 1 : 0;
            free = free && rig.rotationLimits(j).free;
            m_limbStart[static_cast<std::size_t>(m_variable[j])] = rig.localRotation(j);
            top = j;
        }
        if (turning < 2 || !(length > 0.0))
            continue;
        group.limb = true;
        group.limbTop = top;
        group.limbLength = length;
        const double distance = safeDistance(m_world[e.joint].position, e.target);
        group.warm = distance <= kWarmShare * length;
        // A limb told its last target follows it (relax_drag.cpp): never cold, whatever its lag.
        const std::optional<double> moved = followedMove(e, length);
        group.followed = moved.has_value();
        // Nothing holds a free limb short of its target: any start that is not warm is cold.
        group.cold = !group.followed && distance > (free ? kWarmShare : kFarShare) * length;
        group.limbFree = free;
        // A warm limb, or one short of its target but not cold with a bone on a limit (where a
        // drag past what the limits allow leaves it; a new target rarely finds a bone exactly on
        // a limit), follows a drag: a turn window (relax_drag.cpp) the size chain_search.h gives
        // (fewer joints that can turn have to turn further to follow the same motion). A limb
        // told its last target follows it whatever its pose, in a window that widens with the
        // target's move instead (relax_drag.cpp).
        // (Angles only where a descent follows: a rig may owe them, and working one out costs an
        // atan2; a group answered in closed form needs none.)
        if (group.answered)
            continue;
        group.heldByLimits = !group.cold && !group.followed && anyBoneOnLimit(rig, e.joint);
        if (!group.warm && !group.heldByLimits && !group.followed)
            continue;
        const double share = std::min(1.0, double(turning) / ChainSearch::kWindowJoints);
        group.turnWindow =
            std::min(group.followed ? ChainSearch::followWindowDegrees(*moved, length) : ChainSearch::kWindowDegrees / share, 180.0);
        for (JointIndex j = e.joint; j != rig.parent(top); j = rig.parent(j)) {
            m_limbStartAngle[static_cast<std::size_t>(m_variable[j])] = rig.angle(j);
            if (group.followed)
                m_followStart[static_cast<std::size_t>(m_variable[j])] = rig.pose(j);
        }
    }
}

void RelaxSolver::markLimbDistances(const SolveRequest& request)
{
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        if (m_groups[g].limb) {
            const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
            m_groups[g].distance = safeDistance(m_world[e.joint].position, e.target);
        }
}

void RelaxSolver::layLimbToward(Rig& rig, std::size_t g, const SolveRequest& request)
{
    const Group& group = m_groups[g];
    const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
    // Every bone below the top as straight as its limits allow; the tip as seen from the top
    // joint, in the top bone's frame, built up from the effector.
    Vec2 below;
    for (JointIndex j = e.joint; j != group.limbTop; j = rig.parent(j)) {
        rig.setAngleClamped(j, 0.0);
        below = rig.localRotation(j).apply(below + Vec2{rig.length(j), 0.0});
    }
    below += Vec2{rig.length(group.limbTop), 0.0};
    // The top bone turns the whole limb so its tip points at the target, as far as its limits allow.
    const WorldTransform& anchor = m_world[rig.parent(group.limbTop)];
    Rotation toTarget, tipWay;
    if (unitDirection(boundedTarget(anchor.position, e.target) - anchor.position, toTarget) && unitDirection(below, tipWay))
        rig.setRotationClamped(group.limbTop, renormalized(anchor.rotation.inverse() * toTarget * tipWay.inverse()));
}

bool RelaxSolver::straightenLimbs(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        group.straightened = false;
        if (!group.limb || !group.limbFree || !group.cold || !group.active)
            continue;
        const Effector& e = request.effectors[static_cast<std::size_t>(m_soleEffector[g])];
        const Vec2 anchor = m_world[rig.parent(group.limbTop)].position;
        const double distance = safeDistance(anchor, e.target);
        if (distance < (1.0 - kNearStretch) * group.limbLength || distance > group.limbLength)
            continue;
        flushBest(g, rig);
        layLimbToward(rig, g, request);
        group.straightened = true;
        any = true;
    }
    return any;
}

bool RelaxSolver::finishLimbs(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        if (!group.limb)
            continue;
        const auto i = static_cast<std::size_t>(m_soleEffector[g]);
        const Effector& e = request.effectors[i];
        const double before = group.distance;
        const double after = safeDistance(m_world[e.joint].position, e.target);
        if (!group.active || !(after > request.tolerance) || !(after > kSlowShare * before)
            || !(after <= kFinishShare * group.limbLength))
            continue;
        // A drag's descent usually lands within a few iterations, its small turns spread over
        // the limb; a finish after every slow one would heap them on two joints frame after
        // frame. So a warm limb finishes only once its descent has crawled for a while.
        if (group.warm && group.slowIterations < kWarmCrawl)
            continue;
        if (group.finishWait > 0) {
            --group.finishWait;
            continue;
        }
        m_limbPath.build(rig, rig.parent(group.limbTop), e.joint);
        if (m_limbPath.lastFixed() != 0)
            continue; // (a group without pins has none below its bones)
        m_limbChain.load(rig, m_limbPath);
        m_limbChain.forward();
        TurnWindow window;
        if (!group.searchingFold && (group.warm || group.turnWindow > 0.0)) {
            const std::span<const JointIndex> joints = m_limbPath.joints();
            for (std::size_t k = 1; k < joints.size(); ++k)
                m_limbReference[k] = m_limbStart[static_cast<std::size_t>(m_variable[joints[k]])];
            // A limb held short by its limits finishes within its turn window (relax_drag.cpp).
            const double cap = group.warm ? kWindowDegrees : group.turnWindow;
            window = {std::span<const Rotation>(m_limbReference).first(joints.size()), Rotation::fromDegrees(cap)};
        }
        if (!finishWithTwoJoints(m_limbChain, m_target[i], window)) {
            group.finishWait = kFinishRetry;
            continue;
        }
        flushBest(g, rig);
        const std::span<const Rotation> local = m_limbChain.local();
        for (int k = 1; k <= m_limbChain.bones(); ++k) {
            const JointIndex j = m_limbChain.joint(k);
            if (!(local[static_cast<std::size_t>(k)] == rig.localRotation(j)))
                rig.setRotationClamped(j, local[static_cast<std::size_t>(k)]);
        }
        any = true;
    }
    if (!any)
        return false;
    updateWorld(rig);
    measure(request);
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        if (m_groups[g].active) { // (unchanged for the groups that did not finish)
            m_groups[g].error = m_groupError[g];
            keepIfBest(g, rig);
        }
    return true;
}

} // namespace bonework::solvers
