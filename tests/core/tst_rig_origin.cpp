// Moving a rig's origin (rig_origin.h): everything keeps its place relative to everything else,
// in the setup pose and at every time of every clip; a refusal leaves the rig as it was.

#include "random_clips.h"
#include "rig_test_support.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/rig_origin.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace bonework;
using namespace bonework::testing;

namespace {

// Every joint of `moved` sits at its place in `rig` less `by`, to rounding.
bool shiftedBy(const Rig& rig, const Rig& moved, Vec2 by, QString* why)
{
    const auto before = forwardKinematics(rig), after = forwardKinematics(moved);
    for (std::size_t j = 0; j < before.size(); ++j) {
        const Vec2 expected = before[j].position - by;
        const double off = std::hypot(after[j].position.x - expected.x, after[j].position.y - expected.y);
        const double scale = 1.0 + std::fabs(before[j].position.x) + std::fabs(before[j].position.y) + std::fabs(by.x) + std::fabs(by.y);
        if (off > 1e-9 * scale) {
            *why = QString("joint %1 is %2 off").arg(rig.jointName(static_cast<JointIndex>(j)).c_str()).arg(off);
            return false;
        }
    }
    return true;
}

} // namespace

class TestRigOrigin : public QObject {
    Q_OBJECT

private slots:
    // The setup pose moves whole: roots, targets; angles and slots as they were.
    void theSetupPoseMovesWhole()
    {
        Rig rig = armWithChainAndSlot();
        const Rig before = rig;
        const Vec2 elbow = forwardKinematics(rig)[1].position;
        QVERIFY(moveOrigin(rig, elbow).ok());
        QString why;
        QVERIFY2(shiftedBy(before, rig, elbow, &why), qPrintable(why));
        const Vec2 now = forwardKinematics(rig)[1].position;
        QVERIFY(std::hypot(now.x, now.y) < 1e-9); // the elbow is the origin now
        QVERIFY(std::fabs(rig.chains()[0].target.point.x - (before.chains()[0].target.point.x - elbow.x)) < 1e-9);
        QVERIFY(std::fabs(rig.chains()[0].target.point.y - (before.chains()[0].target.point.y - elbow.y)) < 1e-9);
        QVERIFY(rig.slotList() == before.slotList());
        for (JointIndex j = 0; j < static_cast<JointIndex>(rig.jointCount()); ++j)
            QCOMPARE(rig.angle(j), before.angle(j));
    }

    // Every clip plays the same motion, moved: sampled at 20 times in each of 300 seeded random
    // clips keying every channel (roots' x and y, the chain's target and mix, angles, slots).
    void everyClipPlaysTheSameMotionMoved()
    {
        constexpr unsigned kSeed = 729;
        Engine rng(kSeed);
        for (int i = 0; i < 300; ++i) {
            Rig rig = armWithChainAndSlot();
            animation::Clip clip = randomClipOfEveryChannel(rng, rig);
            QVERIFY2(rig.addAnimation(clip).ok(), qPrintable(QString("seed %1, clip %2").arg(kSeed).arg(i)));
            const Vec2 by{uniform(rng, -2000, 2000), uniform(rng, -2000, 2000)};
            Rig moved = rig;
            QVERIFY(moveOrigin(moved, by).ok());
            animation::ClipSampler before, after;
            QVERIFY(before.bind(rig, rig.animations()[0]).empty() && after.bind(moved, moved.animations()[0]).empty());
            Rig posed = rig, posedMoved = moved;
            for (int s = 0; s <= 20; ++s) {
                const double t = clip.duration * s / 20.0;
                before.sample(t, posed);
                after.sample(t, posedMoved);
                QString why;
                QVERIFY2(shiftedBy(posed, posedMoved, by, &why),
                         qPrintable(QString("seed %1, clip %2 at %3 s: %4").arg(kSeed).arg(i).arg(t).arg(why)));
                for (std::size_t k = 0; k < posed.slotList().size(); ++k)
                    QVERIFY(posed.slotList()[k] == posedMoved.slotList()[k]);
            }
        }
    }

    // The moved values read as a person would write them: 540.59 less 600 is -59.41.
    void movedValuesAreTidy()
    {
        Rig rig;
        QVERIFY(rig.addJoint(root("hip", {540.59, 447.44})));
        QVERIFY(moveOrigin(rig, {600, 430}).ok());
        QCOMPARE(rig.rootPosition(0).x, -59.41);
        QCOMPARE(rig.rootPosition(0).y, 17.44);
    }

    // Beyond the bounds a root or target may lie, or to a point that is not finite: refused,
    // the rig unchanged.
    void farOriginsAreRefused()
    {
        Rig rig = armWithChainAndSlot();
        const Rig before = rig;
        for (const Vec2 p : {Vec2{-2e300, 0}, Vec2{0, 2e300}, Vec2{std::numeric_limits<double>::quiet_NaN(), 0},
                             Vec2{0, std::numeric_limits<double>::infinity()}}) {
            const EditResult result = moveOrigin(rig, p);
            QVERIFY(!result.ok());
            QVERIFY(!result.error.empty());
            QVERIFY(rig == before);
        }
        QCOMPARE(moveOrigin(rig, {-2e300, 0}).error,
                 std::string("root \"shoulder\" would lie more than 1e300 from the new origin on an axis"));
    }
};

QTEST_APPLESS_MAIN(TestRigOrigin)
#include "tst_rig_origin.moc"
