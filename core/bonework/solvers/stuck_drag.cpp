#include "bonework/solvers/stuck_drag.h"

#include <algorithm>

namespace bonework::solvers {
namespace {

bool isRigid(const Rig& rig, JointIndex j) { return !rig.isRoot(j) && rig.minAngle(j) == rig.maxAngle(j); }

} // namespace

std::string explainStuckDrag(const Rig& rig, JointIndex joint, JointIndex held, bool rootsHeld,
                             std::span<const JointIndex> limited)
{
    if (!rig.isValidJoint(joint))
        return {};
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
            heldBy = "the root " + rig.jointName(j) + " is held in place";
            break;
        }
        if (!isRigid(rig, j))
            ++turnable;
        const JointIndex p = rig.parent(j);
        if (rig.isPinned(p)) {
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
