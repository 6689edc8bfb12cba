// The rules behind two editor messages: why a drag moved nothing (for chain solvers, and for
// follow and relax, which move free roots and keep pins by their limbs), and which ancestor
// Make Chain offers first.
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

    // Follow and relax hold a root only when request.root or a pin without a limb holds it, and
    // a pin with a limb (its bone and its parent's may turn) holds only itself.
    void treeSolversFreeRootsAndPinsWithLimbs()
    {
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            Rig rig = line();
            QVERIFY(explainStuckDrag(rig, 0, kind, kNoJoint, {}).empty()); // a free root: nothing holds it
            const std::string held = explainStuckDrag(rig, 0, kind, 0, {});
            QVERIFY2(held.find("fixed root") != std::string::npos, held.c_str());

            // c pinned: b's and c's bones are its limb, so nothing above it is held; d hangs
            // rigidly from c, and only the limb's reach can have stopped it.
            JointIndex d = kNoJoint;
            QVERIFY(rig.addJoint(JointDesc{.name = "d", .parent = 3, .angle = 5, .length = 10, .minAngle = 5, .maxAngle = 5}, &d).ok());
            QVERIFY(rig.setPinned(3, true).ok());
            const std::string kept = explainStuckDrag(rig, d, kind, kNoJoint, {});
            QVERIFY2(kept.find("limbs above the pinned c") != std::string::npos, kept.c_str());
            // The chain solvers still stop at the pin.
            const std::string chain = explainStuckDrag(rig, d, SolverKind::Fabrik, kNoJoint, {});
            QVERIFY2(chain.find("c is pinned") != std::string::npos && chain.find("rigid") != std::string::npos, chain.c_str());

            // a pinned: one bone below the root, no limb, so it holds everything above it.
            Rig holding = line();
            QVERIFY(holding.setPinned(1, true).ok());
            const std::string root = explainStuckDrag(holding, 0, kind, kNoJoint, {});
            QVERIFY2(root.find("root held in place") != std::string::npos, root.c_str());
            const JointIndex limited[] = {3};
            const std::string limbs = explainStuckDrag(holding, 3, kind, kNoJoint, limited);
            QVERIFY2(limbs.find("angle limits of c") != std::string::npos && limbs.find("a is pinned") != std::string::npos,
                     limbs.c_str());
        }
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
