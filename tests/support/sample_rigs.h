#pragma once
// Fixed sample rigs shared by the property tests and the benchmarks. Header-only, no Qt.

#include "bonework/rig.h"

#include <string>

namespace bonework::testing {

// The description of a bone under `parent`, for Rig::addJoint.
inline JointDesc boneDesc(const std::string& name, JointIndex parent, double length, double angle = 0.0,
                          double min = -180.0, double max = 180.0)
{
    JointDesc d;
    d.name = name;
    d.parent = parent;
    d.length = length;
    d.angle = angle;
    d.minAngle = min;
    d.maxAngle = max;
    return d;
}

// Appends a bone under `parent` and returns its joint (kNoJoint if the rig refused it).
inline JointIndex addBone(Rig& rig, const std::string& name, JointIndex parent, double length, double angle,
                          double min = -180.0, double max = 180.0)
{
    JointIndex j = kNoJoint;
    rig.addJoint(boneDesc(name, parent, length, angle, min, max), &j);
    return j;
}

// A spider: a body root with 8 legs of 3 bones (hip free, knee [-120, 0], ankle [0, 150]).
// Leg k's foot is joint 3k + 3.
inline Rig spider()
{
    Rig rig;
    JointDesc body;
    body.name = "body";
    body.position = {600, 400};
    rig.addJoint(body);
    for (int leg = 0; leg < 8; ++leg) {
        const std::string n = "leg" + std::to_string(leg);
        const JointIndex hip = addBone(rig, n + "a", 0, 40, leg * 45.0 - 157.5);
        const JointIndex knee = addBone(rig, n + "b", hip, 50, -40, -120, 0);
        addBone(rig, n + "c", knee, 60, 60, 0, 150);
    }
    return rig;
}

} // namespace bonework::testing
