#include "bonework/solvers/stuck_drag.h"

#include "bonework/solvers/pin_limbs.h"

#include <algorithm>

namespace bonework::solvers {
namespace {

bool isRigid(const Rig& rig, JointIndex j) { return !rig.isRoot(j) && rig.minAngle(j) == rig.maxAngle(j); }

// The pins in `root`'s tree, in a depth-first order: those without a limb (which hold everything
// above them) to `holding`, the others to `kept` (at most a few of each, for a message).
void treePins(const Rig& rig, JointIndex root, std::vector<JointIndex>& holding, std::vector<JointIndex>& kept)
{
    std::vector<JointIndex> stack{root};
    while (!stack.empty()) {
        const JointIndex j = stack.back();
        stack.pop_back();
        if (rig.isPinned(j))
            (hasPinLimb(rig, j) ? kept : holding).push_back(j);
        for (JointIndex c = rig.firstChild(j); c != kNoJoint; c = rig.nextSibling(c))
            if (rig.subtreeHasPin(c))
                stack.push_back(c);
    }
}

std::string nameList(const Rig& rig, std::span<const JointIndex> joints)
{
    std::string names;
    for (std::size_t i = 0; i < joints.size() && i < 3; ++i)
        names += (i == 0 ? "" : ", ") + rig.jointName(joints[i]);
    return joints.size() > 3 ? names + ", ..." : names;
}

// The walk shared by both forms: `limbsKeepPins` when a pin with a limb holds only itself.
std::string explain(const Rig& rig, JointIndex joint, JointIndex held, bool rootsHeld, bool limbsKeepPins,
                    const std::string& rootHeldWhy, std::span<const JointIndex> limited)
{
    const std::string& name = rig.jointName(joint);
    if (rig.isPinned(joint))
        return name + " is pinned: unpin it (P) to drag it";
    if (joint == held)
        return name + " is the fixed root of its chain: move it with the Select tool, or drag the chain's tip";

    // Walk up from the joint to what holds the limb in place, counting bones that can turn.
    int turnable = 0;
    JointIndex stop = kNoJoint;
    std::string heldBy;
    for (JointIndex j = joint;; j = rig.parent(j)) {
        if (rig.isRoot(j)) {
            if (!rootsHeld)
                return {}; // the whole tree follows the drag: nothing holds it
            stop = j;
            heldBy = "the root " + rig.jointName(j) + " is held in place" + rootHeldWhy;
            break;
        }
        if (!isRigid(rig, j))
            ++turnable;
        const JointIndex p = rig.parent(j);
        if (rig.isPinned(p) && !(limbsKeepPins && hasPinLimb(rig, p))) {
            stop = p;
            heldBy = rig.jointName(p) + " is pinned";
            break;
        }
        if (p == held) {
            stop = p;
            heldBy = "the chain's root " + rig.jointName(p) + " is held in place";
            break;
        }
    }
    if (turnable == 0) {
        if (stop == joint)
            return name + " is a root held in place while its skeleton has pins: move it with the Select tool (V)";
        return name + " cannot move: " + heldBy + " and every bone between them is rigid (min = max)";
    }

    std::string limits;
    for (JointIndex j = joint; j != stop && !rig.isRoot(j); j = rig.parent(j)) {
        if (std::find(limited.begin(), limited.end(), j) != limited.end())
            limits += (limits.empty() ? "" : ", ") + rig.jointName(j);
    }
    if (!limits.empty())
        return name + " is held by the angle limits of " + limits + " (" + heldBy + ")";
    return {};
}

} // namespace

std::string explainStuckDrag(const Rig& rig, JointIndex joint, JointIndex held, bool rootsHeld,
                             std::span<const JointIndex> limited)
{
    if (!rig.isValidJoint(joint))
        return {};
    return explain(rig, joint, held, rootsHeld, false, {}, limited);
}

std::string explainStuckDrag(const Rig& rig, JointIndex joint, SolverKind kind, JointIndex held,
                             std::span<const JointIndex> limited)
{
    if (!rig.isValidJoint(joint))
        return {};
    if (kind != SolverKind::Follow && kind != SolverKind::Relax)
        return explain(rig, joint, held, true, false, {}, limited);
    // Follow and relax: the root is held by `held` (it and all above it) or by a pin without a
    // limb; a pin with a limb holds only itself.
    const JointIndex root = rig.rootOf(joint);
    std::vector<JointIndex> holding, kept;
    if (rig.subtreeHasPin(root))
        treePins(rig, root, holding, kept);
    const bool heldAbove = held != kNoJoint && rig.rootOf(held) == root;
    std::string why;
    if (!holding.empty() && !heldAbove && !(holding.size() == 1 && holding.front() == root))
        why = " (" + nameList(rig, holding) + (holding.size() == 1 ? " is pinned and holds" : " are pinned and hold")
              + " everything above)";
    std::string reason = explain(rig, joint, held, heldAbove || !holding.empty(), true, why, limited);
    if (reason.empty() && holding.empty() && !heldAbove && !kept.empty())
        // Nothing holds the tree but the pins' limbs: they are what stops the drag.
        reason = rig.jointName(joint) + " cannot go further: the limbs above the pinned " + nameList(rig, kept)
                 + " are at full stretch or at their angle limits";
    return reason;
}

JointIndex defaultChainRoot(const Rig& rig, JointIndex tip)
{
    if (!rig.isValidJoint(tip) || rig.isRoot(tip))
        return kNoJoint;
    JointIndex root = rig.parent(tip);
    int bones = 1;
    while (!rig.isRoot(root) && !rig.isPinned(root)) {
        const JointIndex up = rig.parent(root);
        const auto branches = [&](JointIndex j) { return rig.nextSibling(rig.firstChild(j)) != kNoJoint; };
        if (bones >= 2 && (branches(up) || branches(root)))
            break; // the limb starts here (a shoulder below the chest, a hip below the pelvis)
        root = up;
        ++bones;
    }
    return root;
}

} // namespace bonework::solvers
