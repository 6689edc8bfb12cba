// The rules behind two editor messages: why a drag moved nothing, and which ancestor Make Chain
// offers first.
#include "bonework/solvers/stuck_drag.h"

#include <QTest>

using namespace bonework;
using namespace bonework::solvers;

namespace {

// root -> a -> b -> c, a line of three bones; `rigid` locks b's bone.
Rig line(bool pinRoot = false, bool rigidB = false)
{
    Rig rig;
    JointIndex j = kNoJoint;
    rig.addJoint(JointDesc{.name = "root", .pinned = pinRoot}, &j);
    JointDesc d{.name = "a", .parent = j, .length = 10};
    rig.addJoint(d, &j);
    d = JointDesc{.name = "b", .parent = j, .length = 10};
    if (rigidB) {
        d.minAngle = 0;
        d.maxAngle = 0;
    }
    rig.addJoint(d, &j);
    rig.addJoint(JointDesc{.name = "c", .parent = j, .length = 10}, &j);
    return rig;
}

} // namespace

class TestStuckDrag : public QObject {
    Q_OBJECT
private slots:
    void aPinnedJointSaysSo()
    {
        Rig rig = line();
        QVERIFY(rig.setPinned(3, true).ok());
        const std::string why = explainStuckDrag(rig, 3, kNoJoint, true, {});
        QVERIFY2(why.find("c is pinned") != std::string::npos, why.c_str());
    }

    void rigidBonesBelowAPin()
    {
        Rig rig = line(false, true);
        QVERIFY(rig.setPinned(2, true).ok()); // b pinned: only c's bone could turn ...
        QVERIFY(rig.setLimits(3, 5, 5).ok()); // ... and it is rigid too
        const std::string why = explainStuckDrag(rig, 3, kNoJoint, true, {});
        QVERIFY2(why.find("b is pinned") != std::string::npos && why.find("rigid") != std::string::npos, why.c_str());
    }

    void limitsAreNamed()
    {
        const Rig rig = line();
        const JointIndex limited[] = {2};
        const std::string why = explainStuckDrag(rig, 3, kNoJoint, true, limited);
        QVERIFY2(why.find("angle limits of b") != std::string::npos, why.c_str());
    }

    void aHeldRootAndAChainRoot()
    {
        const Rig rig = line();
        QVERIFY(explainStuckDrag(rig, 0, kNoJoint, true, {}).find("root held in place") != std::string::npos);
        QVERIFY(explainStuckDrag(rig, 1, 1, true, {}).find("fixed root of its chain") != std::string::npos);
        // A free tree follows the drag: no reason to give.
        QVERIFY(explainStuckDrag(rig, 3, kNoJoint, false, {}).empty());
        QVERIFY(explainStuckDrag(rig, 3, kNoJoint, true, {}).empty());
    }

    void defaultChainRootIsTheStartOfTheLimb()
    {
        const Rig rig = line();
        QCOMPARE(defaultChainRoot(rig, 3), JointIndex(0)); // an unbranched line: all of it
        QCOMPARE(defaultChainRoot(rig, 0), kNoJoint);
        // A branch at a: the limb below it starts at b, two bones up from a tip under it.
        Rig branched = line();
        JointIndex other = kNoJoint;
        QVERIFY(branched.addJoint(JointDesc{.name = "d", .parent = 1, .length = 10}, &other).ok());
        JointIndex tip = kNoJoint;
        QVERIFY(branched.addJoint(JointDesc{.name = "e", .parent = 3, .length = 10}, &tip).ok());
        QCOMPARE(defaultChainRoot(branched, tip), JointIndex(2)); // b: e <- c <- b, below branching a
        QCOMPARE(defaultChainRoot(branched, 3), JointIndex(1));   // at least two bones: c <- b <- a
        // A pin stops the climb.
        Rig pinned = line();
        QVERIFY(pinned.setPinned(1, true).ok());
        QCOMPARE(defaultChainRoot(pinned, 3), JointIndex(1));
    }
};

QTEST_APPLESS_MAIN(TestStuckDrag)
#include "tst_stuck_drag.moc"
