#include "bonework/solvers/tree_support.h"

#include "bonework/angles.h"
#include "bonework/solvers/solver_support.h"

#include <cmath>

namespace bonework::solvers {

std::string checkEffectorRequest(const Rig& rig, const SolveRequest& request)
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
    return checkSolveSettings(request);
}

double turnDegrees(Vec2 from, Vec2 to)
{
    const double c = dot(from, to);
    const double s = cross(from, to);
    if ((c == 0.0 && s == 0.0) || !std::isfinite(c) || !std::isfinite(s))
        return 0.0;
    return std::atan2(s, c) * kDegreesPerRadian;
}

} // namespace bonework::solvers
