#pragma once
// Fixed sample rigs shared by the property tests and the benchmarks. Header-only, no Qt.

#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"

#include <string>
#include <vector>

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

// A big rig for the editor's scaling checks: a hub with (joints - 1) / 10 limbs of ten 10-unit
// bones fanning out; limb 0 (joints 1..10) is a fabrik chain "limb0" from the hub to its tip.
inline constexpr int kHubLimbBones = 10;
inline Rig hubRig(int joints)
{
    Rig rig;
    rig.reserve(static_cast<std::size_t>(joints));
    rig.addJoint(JointDesc{.name = "hub"});
    const int limbs = (joints - 1) / kHubLimbBones;
    for (int limb = 0; limb < limbs; ++limb) {
        JointIndex j = 0;
        for (int b = 0; b < kHubLimbBones; ++b) {
            JointDesc d;
            d.name = "l" + std::to_string(limb) + "_" + std::to_string(b);
            d.parent = j;
            d.length = 10;
            d.angle = b == 0 ? 360.0 * limb / limbs - 180.0 : 4.0;
            d.minAngle = b == 0 ? -180 : -90;
            d.maxAngle = b == 0 ? 180 : 90;
            rig.addJointWithNewName(d, &j);
        }
    }
    Chain chain;
    chain.name = "limb0";
    chain.root = 0;
    chain.tip = kHubLimbBones;
    chain.solver = SolverKind::Fabrik;
    std::vector<WorldTransform> world(rig.jointCount());
    forwardKinematics(rig, world);
    chain.target.point = world[chain.tip].position;
    rig.addChain(chain);
    return rig;
}

} // namespace bonework::testing
