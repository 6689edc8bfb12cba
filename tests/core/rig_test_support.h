#pragma once
// Shared by the rig model tests: short joint descriptions, the sample arm (also with a slot), and
// the check that a refused edit says why and leaves the rig as it was.

#include "bonework/rig.h"

#include "sample_rigs.h"

#include <QTest>

#include <string>

namespace bonework::testing {

inline JointDesc root(const std::string& name, Vec2 p = {}, double rotation = 0)
{
    JointDesc d;
    d.name = name;
    d.position = p;
    d.angle = rotation;
    return d;
}

// A bone 10 long unless told otherwise.
inline JointDesc bone(const std::string& name, JointIndex parent, double length = 10, double angle = 0,
                      double min = -180, double max = 180)
{
    return boneDesc(name, parent, length, angle, min, max);
}

// shoulder -> elbow -> hand, plus a second root "prop".
inline Rig arm()
{
    Rig rig;
    rig.addJoint(root("shoulder", {400, 300}));
    rig.addJoint(bone("elbow", 0, 120, 20, -170, 170));
    rig.addJoint(bone("hand", 1, 100, 30, 0, 150));
    rig.addJoint(root("prop", {0, 0}, 45));
    Chain c;
    c.name = "arm";
    c.root = 0;
    c.tip = 2;
    c.solver = SolverKind::TwoBone;
    c.target.point = {520, 380};
    rig.addChain(c);
    return rig;
}

// arm() with a slot "art" on the elbow's bone.
inline Rig armWithChainAndSlot()
{
    Rig rig = arm();
    Slot s;
    s.name = "art";
    s.joint = 1;
    s.image = "art/a.png";
    rig.addSlot(s);
    return rig;
}

// Applies an edit expected to be refused and checks the rig is unchanged.
template <typename Edit>
void verifyRefused(Rig& rig, Edit edit, const char* expectedWords)
{
    const Rig before = rig;
    const EditResult r = edit(rig);
    QVERIFY2(!r.ok(), "the edit was accepted");
    QVERIFY2(r.error.find(expectedWords) != std::string::npos, r.error.c_str());
    QVERIFY2(rig == before, "a refused edit changed the rig");
}

} // namespace bonework::testing
