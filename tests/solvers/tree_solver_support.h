#pragma once
// Shared by the tree solver tests (follow, relax): the case count scaled by
// BONEWORK_PROPERTY_SCALE, failure messages that name the seed, a request for one effector, and
// a small limited figure.

#include "bonework/rig.h"
#include "bonework/solvers/solver.h"

#include <QByteArray>
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>

namespace bonework::testing {

// Scales the number of random cases: BONEWORK_PROPERTY_SCALE=0.2 for slow (sanitizer) builds.
inline int cases(int n)
{
    const char* scale = std::getenv("BONEWORK_PROPERTY_SCALE");
    const double k = scale ? std::atof(scale) : 1.0;
    return std::max(1, static_cast<int>(n * (k > 0 ? k : 1.0)));
}

inline QByteArray seedMessage(std::uint64_t seed, const std::string& what)
{
    return QByteArray("seed ") + QByteArray::number(static_cast<qulonglong>(seed)) + ": " + what.c_str();
}

inline solvers::SolveRequest request(const solvers::Effector& e, int iterations = 100, double tolerance = 0.01)
{
    solvers::SolveRequest r;
    r.effectors = std::span<const solvers::Effector>(&e, 1);
    r.iterations = iterations;
    r.tolerance = tolerance;
    return r;
}

// A small figure: pelvis root, spine, neck, rigid head, arms and legs with limited elbows/knees.
inline Rig figure()
{
    Rig rig;
    auto add = [&](const char* name, const char* parent, double length, double angle, double min = -180,
                   double max = 180) {
        JointDesc d;
        d.name = name;
        d.parent = rig.findJoint(parent);
        d.length = length;
        d.angle = angle;
        d.minAngle = min;
        d.maxAngle = max;
        QVERIFY(rig.addJoint(d));
    };
    JointDesc pelvis;
    pelvis.name = "pelvis";
    pelvis.position = {400, 400};
    pelvis.angle = -90;
    rig.addJoint(pelvis);
    add("chest", "pelvis", 80, 0, -30, 30);
    add("neck", "chest", 20, 0, -20, 20);
    add("head", "neck", 25, 0, 0, 0);
    add("elbowL", "chest", 50, -150, -180, -60);
    add("handL", "elbowL", 45, -20, -150, 0);
    add("elbowR", "chest", 50, 150, 60, 180);
    add("handR", "elbowR", 45, 20, 0, 150);
    add("kneeL", "pelvis", 60, 160, 100, 180);
    add("footL", "kneeL", 55, 0, -5, 140);
    add("kneeR", "pelvis", 60, -160, -180, -100);
    add("footR", "kneeR", 55, 0, -140, 5);
    return rig;
}

} // namespace bonework::testing
