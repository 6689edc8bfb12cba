// The rig model's joint values: lengths, angles, root positions, pins and limits, set and
// refused (the rig left unchanged); angles clamped into the limits; and rotations handed over by
// solvers, whose degrees are owed until read.
#include "rig_test_support.h"

#include "bonework/angles.h"
#include "bonework/rig.h"
#include "bonework/vec2.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

using namespace bonework;
using namespace bonework::testing;

class TestRigValues : public QObject {
    Q_OBJECT
private slots:
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
        QVERIFY(rig.setChainTarget(0, {{-kMostTargetCoordinate, kMostTargetCoordinate}, kNoJoint})); // the bound itself
        QCOMPARE(rig.chains()[0].target.point, (Vec2{-1e300, 1e300}));

        verifyRefused(rig, [](Rig& r) { return r.setLength(1, 0); }, "greater than 0");
        verifyRefused(rig, [](Rig& r) { return r.setLength(0, 5); }, "root joint has no bone");
        // Past these a pose could lie beyond the doubles (bones of 1e308 made solvers answer NaN).
        verifyRefused(rig, [](Rig& r) { return r.setLength(1, 1e291); }, "at most 1e290");
        verifyRefused(rig, [](Rig& r) { return r.setRootPosition(0, {0, -2e300}); }, "within 1e300");
        verifyRefused(rig, [](Rig& r) { return r.addJoint(boneDesc("far", 0, 1e300)); }, "at most 1e290");
        {
            // A joint at the end of a bone from a root at the edge lies past it: no root there.
            Rig edge;
            QVERIFY(edge.addJoint(root("root", {kMostRootCoordinate, 0})));
            QVERIFY(edge.addJoint(boneDesc("tip", 0, kMostBoneLength)));
            verifyRefused(edge, [](Rig& r) { return r.reparentJoint(1, kNoJoint); },
                          "\"tip\" lies too far from the origin to be a root: the root position must lie within 1e300");
        }
        // A chain's target as far as a root (a solver works with the target less the joints).
        verifyRefused(rig, [](Rig& r) { return r.setChainTarget(0, {{1.7e308, 0}, kNoJoint}); },
                      "the target must lie within 1e300 of the origin on each axis");
        verifyRefused(rig, [](Rig& r) { return r.setChainTarget(0, {{0, std::nextafter(-1e300, -INFINITY)}, kNoJoint}); },
                      "within 1e300");
        verifyRefused(rig, [](Rig& r) { return r.setChainTarget(0, {{0, INFINITY}, kNoJoint}); }, "the target must be finite");
        verifyRefused(rig, [](Rig& r) { return r.setAngle(2, 160); }, "the angle lies outside its limits [0, 150]"); // as typed, not 0.000000
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
};

QTEST_APPLESS_MAIN(TestRigValues)
#include "tst_rig_values.moc"
