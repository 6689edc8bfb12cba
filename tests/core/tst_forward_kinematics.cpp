// Forward kinematics against hand-computed poses.
#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "random_rigs.h"

#include <QTest>

#include <cmath>

using namespace bonework;

namespace {

void verifyNear(Vec2 actual, Vec2 expected, double tol = 1e-9)
{
    QVERIFY2(std::fabs(actual.x - expected.x) <= tol && std::fabs(actual.y - expected.y) <= tol,
             qPrintable(QStringLiteral("got (%1, %2), expected (%3, %4)")
                            .arg(actual.x, 0, 'g', 17).arg(actual.y, 0, 'g', 17)
                            .arg(expected.x, 0, 'g', 17).arg(expected.y, 0, 'g', 17)));
}

JointDesc root(const char* name, Vec2 p, double rotation)
{
    JointDesc d;
    d.name = name;
    d.position = p;
    d.angle = rotation;
    return d;
}

JointDesc bone(const char* name, JointIndex parent, double length, double angle)
{
    JointDesc d;
    d.name = name;
    d.parent = parent;
    d.length = length;
    d.angle = angle;
    return d;
}

} // namespace

class TestForwardKinematics : public QObject {
    Q_OBJECT
private slots:
    void theIssueArm()
    {
        // The arm of the format's example: shoulder (400, 300), elbow 120 at 20 deg, hand 100 at +30.
        Rig rig;
        QVERIFY(rig.addJoint(root("shoulder", {400, 300}, 0)));
        QVERIFY(rig.addJoint(bone("elbow", 0, 120, 20)));
        QVERIFY(rig.addJoint(bone("hand", 1, 100, 30)));
        const auto w = forwardKinematics(rig);
        const double r20 = 20 * kPi / 180, r50 = 50 * kPi / 180;
        verifyNear(w[0].position, {400, 300});
        verifyNear(w[1].position, {400 + 120 * std::cos(r20), 300 + 120 * std::sin(r20)});
        verifyNear(w[2].position, {400 + 120 * std::cos(r20) + 100 * std::cos(r50),
                                   300 + 120 * std::sin(r20) + 100 * std::sin(r50)});
        QVERIFY(std::fabs(w[2].rotation.degrees() - 50) < 1e-12);
    }

    void rightAnglesAreExact()
    {
        // Root rotated 90 (pointing down on screen), then a right turn (clockwise) points left.
        Rig rig;
        rig.addJoint(root("r", {10, 20}, 90));
        rig.addJoint(bone("a", 0, 5, 0));
        rig.addJoint(bone("b", 1, 3, 90));
        rig.addJoint(bone("c", 2, 2, -90));
        const auto w = forwardKinematics(rig);
        QCOMPARE(w[1].position, (Vec2{10, 25}));
        QCOMPARE(w[2].position, (Vec2{7, 25}));
        QCOMPARE(w[3].position, (Vec2{7, 27}));
    }

    void branchesShareTheirParentsFrame()
    {
        Rig rig;
        rig.addJoint(root("hips", {0, 0}, -90)); // pointing up the screen
        rig.addJoint(bone("spine", 0, 10, 0));
        rig.addJoint(bone("left", 1, 4, -90));
        rig.addJoint(bone("right", 1, 4, 90));
        const auto w = forwardKinematics(rig);
        QCOMPARE(w[1].position, (Vec2{0, -10}));
        QCOMPARE(w[2].position, (Vec2{-4, -10}));
        QCOMPARE(w[3].position, (Vec2{4, -10}));
    }

    void severalRootsAreIndependent()
    {
        Rig rig;
        rig.addJoint(root("a", {0, 0}, 0));
        rig.addJoint(root("b", {100, 100}, 180));
        rig.addJoint(bone("a1", 0, 1, 0));
        rig.addJoint(bone("b1", 1, 1, 0));
        const auto w = forwardKinematics(rig);
        QCOMPARE(w[2].position, (Vec2{1, 0}));
        QCOMPARE(w[3].position, (Vec2{99, 100}));
    }

    void longChainKeepsEveryBoneLength()
    {
        Rig rig;
        rig.addJoint(root("j0", {0, 0}, 0));
        for (int i = 1; i <= 1000; ++i)
            rig.addJoint(bone(("j" + std::to_string(i)).c_str(), i - 1, 1.0 + (i % 7), (i % 13) - 6.5));
        const auto w = forwardKinematics(rig);
        for (int i = 1; i <= 1000; ++i)
            QVERIFY(std::fabs(distance(w[i - 1].position, w[i].position) - rig.length(i)) < 1e-9);
    }

    void spanVersionWritesIntoCallersBuffer()
    {
        Rig rig;
        rig.addJoint(root("r", {1, 2}, 0));
        rig.addJoint(bone("a", 0, 3, 0));
        std::vector<WorldTransform> buffer(2);
        forwardKinematics(rig, buffer);
        QCOMPARE(buffer[1].position, (Vec2{4, 2}));
    }

    void listedJointsMatchTheFullSweep()
    {
        // For random trees, the joints above a few random joints (closed upward, index order):
        // the same bits as the sweep over the whole rig, and nothing else written.
        for (unsigned seed = 1; seed <= 200; ++seed) {
            testing::Engine rng(seed);
            const Rig rig = testing::randomTree(rng, 2 + static_cast<int>(seed % 80));
            std::vector<unsigned char> listed(rig.jointCount(), 0);
            for (int k = 0; k < 3; ++k)
                for (JointIndex j = testing::uniformInt(rng, 0, static_cast<int>(rig.jointCount()) - 1); j != kNoJoint;
                     j = rig.parent(j))
                    listed[j] = 1;
            std::vector<JointIndex> joints;
            for (std::size_t i = 0; i < listed.size(); ++i)
                if (listed[i])
                    joints.push_back(static_cast<JointIndex>(i));
            const WorldTransform untouched{{-7.0, -7.0}, {0.0, 1.0}};
            std::vector<WorldTransform> some(rig.jointCount(), untouched);
            forwardKinematics(rig, joints, some);
            const std::vector<WorldTransform> all = forwardKinematics(rig);
            for (std::size_t i = 0; i < listed.size(); ++i) {
                const WorldTransform& expected = listed[i] ? all[i] : untouched;
                QVERIFY2(some[i].position == expected.position && some[i].rotation == expected.rotation,
                         qPrintable(QStringLiteral("seed %1, joint %2").arg(seed).arg(i)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestForwardKinematics)
#include "tst_forward_kinematics.moc"
