// Plain forward kinematics loops over a parent array (see plain_references.h).
#include "plain_references.h"

#include "bonework/angles.h"

#include <cmath>

namespace bonework::peers {

PlainRig plainRigOf(const Rig& rig)
{
    PlainRig r;
    const std::size_t n = rig.jointCount();
    r.parent.resize(n);
    r.length.resize(n);
    r.angle.resize(n);
    r.cosAngle.resize(n);
    r.sinAngle.resize(n);
    r.rootPosition.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto j = static_cast<JointIndex>(i);
        r.parent[i] = rig.isRoot(j) ? -1 : rig.parent(j);
        r.length[i] = rig.length(j);
        r.angle[i] = rig.angle(j) * kRadiansPerDegree;
        r.cosAngle[i] = rig.localRotation(j).c;
        r.sinAngle[i] = rig.localRotation(j).s;
        r.rootPosition[i] = rig.rootPosition(j);
    }
    return r;
}

void plainForwardKinematicsTrig(const PlainRig& rig, std::span<Vec2> position, std::span<double> worldAngle)
{
    const std::size_t n = rig.parent.size();
    for (std::size_t j = 0; j < n; ++j) {
        const int p = rig.parent[j];
        if (p < 0) {
            position[j] = rig.rootPosition[j];
            worldAngle[j] = rig.angle[j];
            continue;
        }
        const double w = worldAngle[static_cast<std::size_t>(p)] + rig.angle[j];
        worldAngle[j] = w;
        position[j] = position[static_cast<std::size_t>(p)] + Vec2{std::cos(w), std::sin(w)} * rig.length[j];
    }
}

void plainForwardKinematicsCached(const PlainRig& rig, std::span<PlainWorld> out)
{
    const std::size_t n = rig.parent.size();
    for (std::size_t j = 0; j < n; ++j) {
        const int p = rig.parent[j];
        const double lc = rig.cosAngle[j];
        const double ls = rig.sinAngle[j];
        if (p < 0) {
            out[j] = {rig.rootPosition[j].x, rig.rootPosition[j].y, lc, ls};
            continue;
        }
        const PlainWorld& q = out[static_cast<std::size_t>(p)];
        const double c = q.c * lc - q.s * ls;
        const double s = q.s * lc + q.c * ls;
        out[j] = {q.x + c * rig.length[j], q.y + s * rig.length[j], c, s};
    }
}

} // namespace bonework::peers
