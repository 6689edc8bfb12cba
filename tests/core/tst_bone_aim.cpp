// The rule of the editor's "rotate" drag: one bone turns toward the point, within its limits;
// nothing else in the skeleton changes. Properties over seeded random trees (the seed is printed
// on failure so a case replays), and the refusals with their reasons.
#include "bonework/bone_aim.h"
#include "bonework/forward_kinematics.h"

#include "random_rigs.h"
#include "rig_test_support.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace bonework;
using namespace bonework::testing;

namespace {

// The turn from the bone's direction to the direction toward `point`, in degrees.
double angleToward(const Rig& rig, JointIndex joint, Vec2 point)
{
    const auto world = forwardKinematics(rig);
    const Vec2 start = world[static_cast<std::size_t>(rig.parent(joint))].position;
    const Vec2 bone = world[static_cast<std::size_t>(joint)].position - start;
    const Vec2 toward = point - start;
    return std::atan2(bone.x * toward.y - bone.y * toward.x, bone.x * toward.x + bone.y * toward.y) * kDegreesPerRadian;
}

} // namespace

class TestBoneAim : public QObject {
    Q_OBJECT
private slots:
    void onlyTheAimedBoneTurnsAndItPointsAtThePointWithinItsLimits()
    {
        constexpr std::uint64_t kSeed = 0xA1B0'2026'1129ULL;
        Engine rng(kSeed);
        int turned = 0, limited = 0;
        for (int round = 0; round < 3000; ++round) {
            RigOptions options;
            options.limits = round % 2 == 1;
            Rig rig = randomTree(rng, uniformInt(rng, 2, 12), options);
            randomizeAngles(rng, rig);
            const auto joint = static_cast<JointIndex>(uniformInt(rng, 1, static_cast<int>(rig.jointCount()) - 1));
            const Vec2 point{uniform(rng, -400, 400), uniform(rng, -400, 400)};
            const Rig before = rig;
            const auto worldBefore = forwardKinematics(rig);
            const BoneAim aim = aimBoneAt(rig, joint, point);
            const QString where = QStringLiteral("seed %1, round %2, joint %3").arg(kSeed).arg(round).arg(joint);

            // Every other joint keeps its angle, every root its place.
            for (std::size_t j = 0; j < rig.jointCount(); ++j) {
                const auto i = static_cast<JointIndex>(j);
                if (i != joint)
                    QVERIFY2(rig.angle(i) == before.angle(i), qPrintable(where));
                if (rig.isRoot(i))
                    QVERIFY2(rig.rootPosition(i) == before.rootPosition(i), qPrintable(where));
            }
            // The bones above it stay put; the bones under it keep their shape (their lengths
            // to the aimed joint).
            const auto world = forwardKinematics(rig);
            for (std::size_t j = 0; j < rig.jointCount(); ++j) {
                const auto i = static_cast<JointIndex>(j);
                if (i != joint && !rig.isAncestor(joint, i))
                    QVERIFY2(norm(world[j].position - worldBefore[j].position) < 1e-9, qPrintable(where));
                else
                    QVERIFY2(std::fabs(distance(world[j].position, world[static_cast<std::size_t>(joint)].position)
                                       - distance(worldBefore[j].position, worldBefore[static_cast<std::size_t>(joint)].position))
                                 < 1e-9,
                             qPrintable(where));
            }
            // Legal, and pointing at the point unless a limit stops it.
            QVERIFY2(rig.checkInvariants().empty(), qPrintable(where));
            const double off = angleToward(rig, joint, point);
            if (aim.limited) {
                ++limited;
                const bool onLimit = std::fabs(rig.angle(joint) - rig.minAngle(joint)) < 1e-9
                                     || std::fabs(rig.angle(joint) - rig.maxAngle(joint)) < 1e-9;
                QVERIFY2(onLimit, qPrintable(where));
            } else {
                QVERIFY2(std::fabs(off) < 1e-7, qPrintable(where + QStringLiteral(": %1 degrees off").arg(off)));
            }
            if (aim.outcome == BoneAimOutcome::Turned)
                ++turned;
            else
                QVERIFY2(rig.angle(joint) == before.angle(joint), qPrintable(where));
        }
        QVERIFY(turned > 2500);
        QVERIFY(limited > 200); // the limited rigs do stop on limits
    }

    void pinsRootsAndRigidBonesRefuseWithAReason()
    {
        Rig rig = arm(); // shoulder -> elbow -> hand, prop
        Rig before = rig;
        BoneAim aim = aimBoneAt(rig, 0, {0, 0});
        QCOMPARE(aim.outcome, BoneAimOutcome::IsRoot);
        QVERIFY(explainBoneAim(rig, 0, aim).find("root") != std::string::npos);

        QVERIFY(rig.setPinned(2, true).ok());
        before = rig;
        aim = aimBoneAt(rig, 2, {0, 0});
        QCOMPARE(aim.outcome, BoneAimOutcome::Pinned);
        QVERIFY(rig == before);
        aim = aimBoneAt(rig, 1, {0, 0});
        QCOMPARE(aim.outcome, BoneAimOutcome::CarriesPin);
        QVERIFY(rig == before);
        QVERIFY2(explainBoneAim(rig, 1, aim).find("pinned hand") != std::string::npos, explainBoneAim(rig, 1, aim).c_str());

        QVERIFY(rig.setPinned(2, false).ok());
        QVERIFY(rig.setLimits(2, 30, 30).ok());
        before = rig;
        aim = aimBoneAt(rig, 2, {0, 0});
        QCOMPARE(aim.outcome, BoneAimOutcome::Rigid);
        QVERIFY(rig == before);
        QVERIFY(explainBoneAim(rig, 2, aim).find("rigid") != std::string::npos);
    }

    void aBoneOnItsLimitSaysSo()
    {
        Rig rig = arm(); // the hand's limits are [0, 150]
        const Vec2 elbow = worldTransformOf(rig, 1).position;
        const Rotation upper = worldTransformOf(rig, 1).rotation;
        const Vec2 behind = elbow + (upper * Rotation::fromDegrees(-60)).direction() * 50.0; // wants -60
        BoneAim aim = aimBoneAt(rig, 2, behind);
        QCOMPARE(aim.outcome, BoneAimOutcome::Turned); // from 30 onto 0
        QCOMPARE(rig.angle(2), 0.0);
        QVERIFY(aim.limited);
        aim = aimBoneAt(rig, 2, behind);
        QCOMPARE(aim.outcome, BoneAimOutcome::Unchanged);
        const std::string why = explainBoneAim(rig, 2, aim);
        QVERIFY2(why.find("limits [0, 150]") != std::string::npos, why.c_str());
    }

    void pointsWithoutADirectionChangeNothing()
    {
        Rig rig = arm();
        const Rig before = rig;
        const Vec2 shoulder = rig.rootPosition(0);
        constexpr double inf = std::numeric_limits<double>::infinity();
        for (Vec2 point : {shoulder, Vec2{std::nan(""), 0}, Vec2{inf, 0}, Vec2{-inf, inf}}) {
            const BoneAim aim = aimBoneAt(rig, 1, point);
            QCOMPARE(aim.outcome, BoneAimOutcome::Unchanged);
            QVERIFY(explainBoneAim(rig, 1, aim).empty());
            QVERIFY(rig == before);
        }
        // Huge but finite: turns, and stays a number.
        const BoneAim aim = aimBoneAt(rig, 1, {1e300, -1e300});
        QCOMPARE(aim.outcome, BoneAimOutcome::Turned);
        QVERIFY(std::isfinite(rig.angle(1)));
        QVERIFY(std::fabs(rig.angle(1) - (-45.0)) < 1e-9);
    }
};

QTEST_APPLESS_MAIN(TestBoneAim)
#include "tst_bone_aim.moc"
