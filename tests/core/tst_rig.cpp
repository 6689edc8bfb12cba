// The rig model's structure: adding, removing, renaming and reparenting joints, chains, the names
// of solvers and bends, copies, a big rig, and the derived structure through random edits. Every
// refusal leaves the rig unchanged, and the invariants hold after every edit.
#include "rig_test_support.h"

#include "bonework/forward_kinematics.h"
#include "bonework/reach_below.h"
#include "bonework/rig.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::testing;

class TestRig : public QObject {
    Q_OBJECT
private slots:
    void addJointBuildsAValidForest()
    {
        const Rig rig = arm();
        QCOMPARE(rig.jointCount(), std::size_t(4));
        QCOMPARE(rig.rootCount(), std::size_t(2));
        QCOMPARE(rig.findJoint("hand"), 2);
        QCOMPARE(rig.findJoint("nobody"), kNoJoint);
        QVERIFY(rig.isAncestor(0, 2));
        QVERIFY(!rig.isAncestor(2, 0));
        QVERIFY(!rig.isAncestor(2, 2));
        QCOMPARE(rig.rootOf(2), 0);
        QCOMPARE(rig.children(0), std::vector<JointIndex>{1});
        QCOMPARE(rig.subtree(1), (std::vector<JointIndex>{1, 2}));
        QVERIFY(rig.checkInvariants().empty());
        JointIndex added = kNoJoint;
        Rig r2 = rig;
        QVERIFY(r2.addJoint(bone("finger", 2, 5), &added));
        QCOMPARE(added, 4);
    }

    // reach_below.h: the longest path of bones under each joint, its own bone left out; the
    // joints added in an order where a later branch is the longer one.
    void reachBelowIsTheLongestPathUnderEachJoint()
    {
        Rig rig;
        QVERIFY(rig.addJoint(root("root")));           // 0
        QVERIFY(rig.addJoint(bone("a", 0, 10)));        // 1
        QVERIFY(rig.addJoint(bone("b", 1, 20)));        // 2
        QVERIFY(rig.addJoint(bone("c", 1, 5)));         // 3
        QVERIFY(rig.addJoint(bone("d", 3, 30)));        // 4
        QVERIFY(rig.addJoint(bone("e", 0, 7)));         // 5
        QVERIFY(rig.addJoint(root("other", {50, 0}))); // 6
        QCOMPARE(reachBelow(rig), (std::vector<double>{45, 35, 0, 30, 0, 0, 0}));
        QVERIFY(reachBelow(Rig()).empty());
    }

    void addJointRefusals()
    {
        Rig rig = arm();
        verifyRefused(rig, [](Rig& r) { return r.addJoint(root("")); }, "needs a name");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(root("elbow")); }, "already a joint named \"elbow\"");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 99)); }, "parent joint does not exist");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 0, 0)); }, "greater than 0");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 0, -1)); }, "greater than 0");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 0, NAN)); }, "greater than 0");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 0, 10, 0, 10, 5)); }, "greater than the maximum");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 0, 10, 0, -200, 5)); }, "within [-180, 180]");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(bone("x", 0, 10, 50, -10, 10)); }, "outside its limits");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(root("x", {INFINITY, 0})); }, "finite");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(root("x", {}, 181)); }, "within [-180, 180]");
    }

    void rigidJointsAreAllowed()
    {
        Rig rig = arm();
        QVERIFY(rig.addJoint(bone("head", 0, 20, 15, 15, 15)));
        QVERIFY(rig.checkInvariants().empty());
    }

    void removeJointTakesItsSubtreeAndChains()
    {
        Rig rig = arm();
        QVERIFY(rig.removeJoint(1));
        QCOMPARE(rig.jointCount(), std::size_t(2));
        QCOMPARE(rig.findJoint("hand"), kNoJoint);
        QCOMPARE(rig.findJoint("prop"), 1);
        QVERIFY(rig.chains().empty());
        QVERIFY(rig.checkInvariants().empty());
        verifyRefused(rig, [](Rig& r) { return r.removeJoint(7); }, "no such joint");
    }

    void removeJointRemapsIndicesOfTheRest()
    {
        Rig rig;
        rig.addJoint(root("a"));
        rig.addJoint(root("b"));
        rig.addJoint(bone("a1", 0));
        rig.addJoint(bone("b1", 1));
        rig.addJoint(bone("b2", 3));
        Chain c;
        c.name = "b";
        c.root = 1;
        c.tip = 4;
        QVERIFY(rig.addChain(c));
        QVERIFY(rig.removeJoint(0));
        QCOMPARE(rig.jointCount(), std::size_t(3));
        QCOMPARE(rig.parent(rig.findJoint("b2")), rig.findJoint("b1"));
        QCOMPARE(rig.chains()[0].root, rig.findJoint("b"));
        QCOMPARE(rig.chains()[0].tip, rig.findJoint("b2"));
        QVERIFY(rig.checkInvariants().empty());
    }

    void renameJoint()
    {
        Rig rig = arm();
        QVERIFY(rig.renameJoint(1, "forearm"));
        QCOMPARE(rig.jointName(1), std::string("forearm"));
        QVERIFY(rig.renameJoint(1, "forearm")); // renaming to itself is fine
        verifyRefused(rig, [](Rig& r) { return r.renameJoint(1, "hand"); }, "already a joint named");
        verifyRefused(rig, [](Rig& r) { return r.renameJoint(1, ""); }, "needs a name");
        verifyRefused(rig, [](Rig& r) { return r.renameJoint(-1, "x"); }, "no such joint");
    }

    void reparentKeepsWorldPositions()
    {
        Rig rig = arm();
        rig.removeChain(0); // the chain shoulder..hand would break
        const auto before = forwardKinematics(rig);
        // Hang the elbow (with its hand) from the prop.
        QVERIFY(rig.reparentJoint(rig.findJoint("elbow"), rig.findJoint("prop")));
        QVERIFY2(rig.checkInvariants().empty(), rig.checkInvariants().c_str());
        const auto after = forwardKinematics(rig);
        for (const char* name : {"shoulder", "elbow", "hand", "prop"}) {
            const Vec2 a = before[arm().findJoint(name)].position;
            const Vec2 b = after[rig.findJoint(name)].position;
            QVERIFY2(distance(a, b) < 1e-9, name);
        }
        QCOMPARE(rig.parent(rig.findJoint("elbow")), rig.findJoint("prop"));
        // Parents still come before children after the move.
        for (std::size_t i = 0; i < rig.jointCount(); ++i)
            QVERIFY(rig.parent(static_cast<JointIndex>(i)) < static_cast<JointIndex>(i));
    }

    void reparentToRootAndBack()
    {
        Rig rig = arm();
        rig.removeChain(0);
        const auto before = forwardKinematics(rig);
        QVERIFY(rig.reparentJoint(2, kNoJoint));
        QVERIFY(rig.isRoot(2));
        QVERIFY(distance(forwardKinematics(rig)[2].position, before[2].position) < 1e-9);
        QVERIFY(rig.reparentJoint(2, 1));
        QVERIFY(std::fabs(rig.length(2) - 100) < 1e-9);
        QVERIFY(rig.checkInvariants().empty());
    }

    void reparentRefusals()
    {
        Rig rig = arm();
        verifyRefused(rig, [](Rig& r) { return r.reparentJoint(0, 2); }, "cycle");
        verifyRefused(rig, [](Rig& r) { return r.reparentJoint(1, 1); }, "cycle");
        verifyRefused(rig, [](Rig& r) { return r.reparentJoint(2, 3); }, "break the chain \"arm\"");
        verifyRefused(rig, [](Rig& r) { return r.reparentJoint(9, 0); }, "no such joint");
        // The hand stays under the shoulder, but three bones down: no longer a two-bone chain.
        JointIndex wrist = kNoJoint;
        QVERIFY(rig.addJoint(bone("wrist", 1, 50, 0, -90, 90), &wrist));
        verifyRefused(rig, [&](Rig& r) { return r.reparentJoint(2, wrist); }, "break the chain \"arm\"");
        // A joint lying exactly on its would-be parent has no bone direction.
        Rig stacked;
        stacked.addJoint(root("a", {5, 5}));
        stacked.addJoint(root("b", {5, 5}));
        verifyRefused(stacked, [](Rig& r) { return r.reparentJoint(1, 0); }, "sits on");
    }

    void derivedStructureFollowsEveryEdit()
    {
        // A seeded run of random edits (add, pin, unpin, remove, reparent); after each one the
        // rig's record of pins below every joint and its child links must match a scan of the
        // rig from scratch. checkInvariants compares the same, so any drift also names the joint.
        const unsigned seed = 20261123u;
        std::mt19937 rng(seed);
        Rig rig;
        rig.addJoint(root("r0"));
        int names = 0;
        const auto pick = [&] { return static_cast<JointIndex>(std::uniform_int_distribution<std::size_t>(0, rig.jointCount() - 1)(rng)); };
        for (int step = 0; step < 3000; ++step) {
            const int what = std::uniform_int_distribution<int>(0, 11)(rng);
            const auto degrees = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
            if (what <= 3 || rig.jointCount() < 3) {
                JointDesc d = bone("j" + std::to_string(++names), pick(), 10, degrees(-90, 90));
                if (what == 1)
                    d.minAngle = -90, d.maxAngle = 90;
                d.pinned = what == 0;
                rig.addJoint(d);
            } else if (what == 10) {
                // Posed as a solver poses it: the rig holds the rotation, the degrees are owed.
                rig.setRotationClamped(pick(), Rotation::fromDegrees(degrees(-180, 180)));
            } else if (what == 11) {
                const JointIndex j = pick();
                const double a = degrees(-180, 180), b = degrees(-180, 180);
                if (!rig.isRoot(j))
                    QVERIFY(rig.setLimits(j, std::min(a, b), std::max(a, b)));
            } else if (what <= 6) {
                const JointIndex j = pick();
                rig.setPinned(j, !rig.isPinned(j));
            } else if (what == 7 && rig.jointCount() > 20) {
                rig.removeJoint(pick());
            } else if (what == 8 || what == 9) {
                const JointIndex j = pick();
                const JointIndex p = std::uniform_int_distribution<int>(0, 5)(rng) == 0 ? kNoJoint : pick();
                rig.reparentJoint(j, p); // may be refused: a cycle, or j on top of p
            }
            for (std::size_t i = 0; i < rig.jointCount(); ++i) {
                const auto j = static_cast<JointIndex>(i);
                bool expected = false;
                for (JointIndex k : rig.subtree(j))
                    expected = expected || rig.isPinned(k);
                if (rig.subtreeHasPin(j) != expected)
                    QFAIL(qPrintable(QStringLiteral("seed %1, step %2: joint %3").arg(seed).arg(step).arg(i)));
                // The child links list exactly the joints whose parent is j, in index order.
                std::vector<JointIndex> linked, scanned;
                for (JointIndex c = rig.firstChild(j); c != kNoJoint; c = rig.nextSibling(c))
                    linked.push_back(c);
                for (std::size_t k = 0; k < rig.jointCount(); ++k)
                    if (rig.parent(static_cast<JointIndex>(k)) == j)
                        scanned.push_back(static_cast<JointIndex>(k));
                if (linked != scanned)
                    QFAIL(qPrintable(QStringLiteral("seed %1, step %2: children of joint %3").arg(seed).arg(step).arg(i)));
            }
            QVERIFY2(rig.checkInvariants().empty(), rig.checkInvariants().c_str());
        }
    }

    void chains()
    {
        Rig rig = arm();
        Chain c = rig.chains()[0];
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "already a chain named");
        c.name = "other";
        c.tip = 3;
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "is not under the root");
        c.tip = 1;
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "exactly two bones");
        c.solver = SolverKind::Fabrik;
        c.iterations = 0;
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "iterations");
        c.iterations = 5;
        c.tolerance = -1;
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "tolerance");
        c.tolerance = 0.1;
        // A target point lies as far out as a root may (rig.h), and may lie that far.
        c.target.point = {0, -2e300};
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "the target must lie within 1e300 of the origin on each axis");
        verifyRefused(rig, [&](Rig& r) { return r.setChain(0, c); }, "the target must lie within 1e300 of the origin on each axis");
        c.target.point = {NAN, 0};
        verifyRefused(rig, [&](Rig& r) { return r.addChain(c); }, "the target must be finite");
        c.target.point = {kMostTargetCoordinate, -kMostTargetCoordinate};
        c.name = "edge";
        QVERIFY(rig.addChain(c));
        QVERIFY(rig.removeChain(1));
        c.name = "other";
        c.target.joint = 3; // attached to the prop
        QVERIFY(rig.addChain(c));
        QCOMPARE(rig.findChain("other"), 1);
        c.name = "renamed";
        QVERIFY(rig.setChain(1, c));
        QCOMPARE(rig.chains()[1].name, std::string("renamed"));
        verifyRefused(rig, [&](Rig& r) { return r.setChain(1, rig.chains()[0]); }, "already a chain named");
        QVERIFY(rig.removeJoint(3)); // removing the target joint removes the chain attached to it
        QCOMPARE(rig.chains().size(), std::size_t(1));
        QVERIFY(rig.removeChain(0));
        verifyRefused(rig, [](Rig& r) { return r.removeChain(0); }, "no such chain");
    }

    void solverAndBendNames()
    {
        for (SolverKind k : kAllSolvers)
            QCOMPARE(solverFromName(solverName(k)), std::optional<SolverKind>(k));
        QCOMPARE(solverName(SolverKind::TwoBone), std::string_view("two-bone"));
        QVERIFY(!solverFromName("FABRIK"));
        QCOMPARE(bendFromName("negative"), std::optional<BendDirection>(BendDirection::Negative));
        QVERIFY(!bendFromName("left"));
    }

    void copiesAreIndependent()
    {
        const Rig a = arm();
        Rig b = a;
        b.setAngle(1, 0);
        QVERIFY(a.angle(1) == 20);
        QVERIFY(!(a == b));
    }

    void tenThousandJoints()
    {
        // A wide and deep rig: 100 limbs of 100 joints under one root.
        Rig rig;
        rig.reserve(10001);
        rig.addJoint(root("root"));
        for (int limb = 0; limb < 100; ++limb) {
            JointIndex parent = 0;
            for (int k = 0; k < 100; ++k) {
                JointIndex added = kNoJoint;
                QVERIFY(rig.addJoint(bone("l" + std::to_string(limb) + "_" + std::to_string(k), parent, 2,
                                          k == 0 ? limb * 3.6 - 180 : 1, -180, 180),
                                     &added));
                parent = added;
            }
        }
        QCOMPARE(rig.jointCount(), std::size_t(10001));
        const auto w = forwardKinematics(rig);
        for (std::size_t i = 1; i < w.size(); ++i)
            QVERIFY(std::fabs(distance(w[rig.parent(static_cast<JointIndex>(i))].position, w[i].position) - 2) < 1e-9);
        // Moving a limb under another keeps the order rule and every position.
        const JointIndex limbStart = rig.findJoint("l10_0");
        QVERIFY(rig.reparentJoint(limbStart, rig.findJoint("l99_99")));
        QVERIFY(rig.checkInvariants().empty());
        QVERIFY(rig.removeJoint(rig.findJoint("l50_0")));
        QCOMPARE(rig.jointCount(), std::size_t(10001 - 100));
        QVERIFY(rig.checkInvariants().empty());
    }
};

QTEST_APPLESS_MAIN(TestRig)
#include "tst_rig.moc"
