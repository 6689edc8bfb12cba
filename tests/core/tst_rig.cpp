// The rig model: every edit, every refusal (with the rig left unchanged), and the invariants.
#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"
#include "sample_rigs.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace bonework;

namespace {

JointDesc root(const std::string& name, Vec2 p = {}, double rotation = 0)
{
    JointDesc d;
    d.name = name;
    d.position = p;
    d.angle = rotation;
    return d;
}

// A bone 10 long unless told otherwise.
JointDesc bone(const std::string& name, JointIndex parent, double length = 10, double angle = 0,
               double min = -180, double max = 180)
{
    return testing::boneDesc(name, parent, length, angle, min, max);
}

// shoulder -> elbow -> hand, plus a second root "prop".
Rig arm()
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

} // namespace

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
        // A joint lying exactly on its would-be parent has no bone direction.
        Rig stacked;
        stacked.addJoint(root("a", {5, 5}));
        stacked.addJoint(root("b", {5, 5}));
        verifyRefused(stacked, [](Rig& r) { return r.reparentJoint(1, 0); }, "sits on");
    }

    void valueEditsAndRefusals()
    {
        Rig rig = arm();
        QVERIFY(rig.setLength(1, 50));
        QCOMPARE(rig.length(1), 50.0);
        QVERIFY(rig.setAngle(1, -30));
        QCOMPARE(rig.angle(1), -30.0);
        QCOMPARE(rig.localRotation(1), Rotation::fromDegrees(-30));
        QVERIFY(rig.setRootPosition(0, {1, 2}));
        QCOMPARE(rig.rootPosition(0), (Vec2{1, 2}));
        QVERIFY(rig.setRootRotation(0, 270));
        QCOMPARE(rig.angle(0), -90.0);
        QVERIFY(rig.setPinned(2, true));
        QVERIFY(rig.isPinned(2));
        QVERIFY(rig.setPinned(0, true)); // roots may be pinned too

        verifyRefused(rig, [](Rig& r) { return r.setLength(1, 0); }, "greater than 0");
        verifyRefused(rig, [](Rig& r) { return r.setLength(0, 5); }, "root joint has no bone");
        verifyRefused(rig, [](Rig& r) { return r.setAngle(2, 160); }, "outside its limits");
        verifyRefused(rig, [](Rig& r) { return r.setAngle(2, NAN); }, "finite");
        verifyRefused(rig, [](Rig& r) { return r.setRootPosition(1, {0, 0}); }, "only a root");
        verifyRefused(rig, [](Rig& r) { return r.setRootPosition(0, {NAN, 0}); }, "finite");
        verifyRefused(rig, [](Rig& r) { return r.setRootRotation(1, 0); }, "only a root");
        verifyRefused(rig, [](Rig& r) { return r.setLimits(2, 10, 0); }, "greater than the maximum");
        verifyRefused(rig, [](Rig& r) { return r.setLimits(2, -181, 0); }, "within [-180, 180]");
        verifyRefused(rig, [](Rig& r) { return r.setLimits(0, -10, 10); }, "no angle limits");
    }

    void narrowingLimitsClampsTheAngle()
    {
        Rig rig = arm();
        QVERIFY(rig.setLimits(2, 40, 60)); // the angle was 30
        QCOMPARE(rig.angle(2), 40.0);
        QCOMPARE(rig.localRotation(2), Rotation::fromDegrees(40));
        QVERIFY(rig.checkInvariants().empty());
    }

    void setAngleClampedHoldsLimits()
    {
        Rig rig = arm();
        rig.setAngleClamped(2, 200); // wraps to -160, nearer to 150 than to 0 across the seam
        QCOMPARE(rig.angle(2), 150.0);
        rig.setAngleClamped(2, -5);
        QCOMPARE(rig.angle(2), 0.0);
        rig.setAngleClamped(0, 370); // roots just wrap
        QCOMPARE(rig.angle(0), 10.0);
        QVERIFY(rig.checkInvariants().empty());
    }

    void setRotationClampedKeepsTheSolversRotation()
    {
        Rig rig = arm();
        // Within the limits: the angle is the rotation's, and the rotation itself is kept.
        const Rotation r{std::cos(1.0), std::sin(1.0)};
        rig.setRotationClamped(2, r);
        QCOMPARE(rig.angle(2), r.degrees());
        QVERIFY(std::fabs(rig.localRotation(2).c - r.c) < 1e-15 && std::fabs(rig.localRotation(2).s - r.s) < 1e-15);
        QVERIFY2(rig.checkInvariants().empty(), rig.checkInvariants().c_str());
        // Slightly off unit length (as composed rotations are): renormalised.
        rig.setRotationClamped(1, Rotation{0.6 * (1 + 1e-9), 0.8 * (1 + 1e-9)});
        const Rotation kept = rig.localRotation(1);
        QVERIFY(std::fabs(kept.c * kept.c + kept.s * kept.s - 1.0) < 1e-15);
        QVERIFY(rig.checkInvariants().empty());
        // Outside the limits: clamped like setAngleClamped, rotation from the clamped angle.
        rig.setRotationClamped(2, Rotation::fromDegrees(-100));
        QCOMPARE(rig.angle(2), 0.0);
        QCOMPARE(rig.localRotation(2), Rotation::fromDegrees(0));
        rig.setRotationClamped(2, Rotation::fromDegrees(-160)); // nearer 150 across the seam
        QCOMPARE(rig.angle(2), 150.0);
        // Roots take any rotation.
        rig.setRotationClamped(3, Rotation{-1.0, 0.0});
        QCOMPARE(rig.angle(3), 180.0);
        // Not a rotation: a zero or non-finite one changes nothing; a long one counts by direction.
        const Rig before = rig;
        rig.setRotationClamped(1, Rotation{0.0, 0.0});
        rig.setRotationClamped(1, Rotation{NAN, 1.0});
        rig.setRotationClamped(1, Rotation{INFINITY, 0.0});
        QVERIFY(rig == before);
        rig.setRotationClamped(1, Rotation{0.0, 5.0});
        QCOMPARE(rig.angle(1), 90.0);
        QVERIFY(rig.checkInvariants().empty());
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

    void owedDegreesReadAsTheRotationsAngle()
    {
        // setRotationClamped keeps the rotation and owes the degrees. Read back, they must be
        // what working them out at once would give: the rotation's angle, clamped into the
        // limits, up to the rounding that puts a rotation next to a limit on it. isOnLimit must
        // agree with angle() to the bit, also for rotations within rounding of a limit.
        const unsigned seed = 20261124u;
        std::mt19937 rng(seed);
        auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
        for (int trial = 0; trial < 20000; ++trial) {
            const QString where = QStringLiteral("seed %1, trial %2").arg(seed).arg(trial);
            double lo = uniform(-180, 180), hi = uniform(-180, 180);
            switch (trial % 6) {
            case 0: lo = -180, hi = 180; break;                 // the whole circle
            case 1: hi = lo; break;                            // rigid
            case 2: lo = -180; break;                          // touching the seam
            case 3: hi = 180; break;
            default: if (lo > hi) std::swap(lo, hi);
            }
            Rig rig;
            rig.addJoint(root("r"));
            rig.addJoint(bone("b", 0, 10, std::clamp(0.0, lo, hi), lo, hi));
            // Any direction, or one within a few units in the last place of a limit.
            Rotation r = Rotation::fromDegrees(uniform(-180, 180));
            if (trial % 3 == 0) {
                const Rotation limit = Rotation::fromDegrees(trial % 2 ? lo : hi);
                const double tiny = uniform(-4e-16, 4e-16);
                r = limit * Rotation{std::cos(tiny), std::sin(tiny)};
            }
            rig.setRotationClamped(1, r);

            const double expected = [&] {
                // Working the degrees out at once, as the rig did before it owed them.
                const double m2 = r.c * r.c + r.s * r.s;
                const double k = 0.5 * (3.0 - m2);
                const double wanted = Rotation{r.c * k, r.s * k}.degrees();
                return wanted >= lo && wanted <= hi ? wanted : clampToLimits(wanted, lo, hi);
            }();
            const double a = rig.angle(1);
            QVERIFY2(a >= lo && a <= hi, qPrintable(where));
            // A rotation within rounding (1e-12 radians) of a limit is put on the limit.
            QVERIFY2(std::fabs(angleDifference(a, expected)) <= 1e-10, qPrintable(where + QStringLiteral(": %1 vs %2").arg(a, 0, 'g', 17).arg(expected, 0, 'g', 17)));
            const bool onLimit = (a == lo || a == hi) && !(lo == -180 && hi == 180);
            QVERIFY2(rig.isOnLimit(1) == onLimit, qPrintable(where));
            QCOMPARE(rig.joint(1).angle, a);
            QVERIFY2(rig.checkInvariants().empty(), qPrintable(where + ": " + QString::fromStdString(rig.checkInvariants())));
            // A rig given that angle in degrees is the same rig.
            Rig typed;
            typed.addJoint(root("r"));
            typed.addJoint(bone("b", 0, 10, a, lo, hi));
            QVERIFY2(typed == rig, qPrintable(where));
        }
    }

    void limitsChangeOnOwedDegrees()
    {
        // Narrowing the limits of a joint whose degrees are owed clamps the angle it reads as;
        // widening them keeps it (and the rotation) as it was.
        Rig rig = arm();
        const Rotation r{std::cos(1.0), std::sin(1.0)}; // 57.3 degrees
        rig.setRotationClamped(2, r);
        const double before = rig.angle(2);
        const Rotation held = rig.localRotation(2);
        QVERIFY(rig.setLimits(2, -10, 170));
        QCOMPARE(rig.angle(2), before);
        QCOMPARE(rig.localRotation(2), held);
        QVERIFY(rig.setLimits(2, 0, 40));
        QCOMPARE(rig.angle(2), 40.0);
        QVERIFY(rig.isOnLimit(2));
        QCOMPARE(rig.localRotation(2), Rotation::fromDegrees(40));
        QVERIFY(rig.checkInvariants().empty());
    }

    void equalityIgnoresTheRotationCache()
    {
        // Two rigs with the same angles are equal even when one holds a solver's rotation that
        // differs from the recomputed one in the last bits; any difference in the data is not.
        Rig solved = arm();
        solved.setRotationClamped(1, Rotation{std::cos(0.3), std::sin(0.3)});
        Rig reloaded = arm();
        QVERIFY(reloaded.setAngle(1, solved.angle(1)));
        QVERIFY(solved == reloaded);
        QVERIFY(reloaded.setAngle(1, std::nextafter(solved.angle(1), 0.0)));
        QVERIFY(!(solved == reloaded));
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
        QCOMPARE(nodeShapeFromName("ball"), std::optional<NodeShape>(NodeShape::Ball));
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
