// The rule for a drawn bone (the editor's Add Bone tool): its length and angle in the parent's
// frame, the snapped direction, and the refusal of a click that is not a bone.
#include "bonework/bone_placement.h"

#include <QTest>

#include <cmath>

using namespace bonework;

class TestBonePlacement : public QObject {
    Q_OBJECT
private slots:
    void lengthAndAngleInTheParentsFrame()
    {
        const WorldTransform from{{100, 100}, Rotation::fromDegrees(90)}; // the parent points down
        const auto bone = boneTo(from, {100, 150});                     // straight on
        QVERIFY(bone);
        QCOMPARE(bone->length, 50.0);
        QVERIFY(std::fabs(bone->angle) < 1e-9);
        const auto right = boneTo(from, {150, 100}); // to screen right: -90 in the parent's frame
        QVERIFY(right && std::fabs(right->angle + 90) < 1e-9);
    }

    void aClickIsNotABone()
    {
        const WorldTransform from{{0, 0}, Rotation{}};
        QVERIFY(!boneTo(from, {0.5, 0.5}));
        QVERIFY(!boneTo(from, {std::nan(""), 0}));
        QVERIFY(boneTo(from, {kMinimumDrawnBoneLength, 0}));
    }

    void snappingKeepsTheLengthAndRoundsTheAngle()
    {
        const WorldTransform from{{10, 20}, Rotation::fromDegrees(30)};
        for (double degrees = -180; degrees <= 180; degrees += 7.3) {
            const Vec2 end = from.position + (from.rotation * Rotation::fromDegrees(degrees)).direction() * 40.0;
            const Vec2 snapped = snapBoneEnd(from, end);
            const auto bone = boneTo(from, snapped);
            QVERIFY(bone);
            QCOMPARE(bone->length, 40.0);
            const double steps = bone->angle / kBoneSnapDegrees;
            // Exactly a multiple of the step, as it is saved (not 29.999999999999986).
            QVERIFY2(steps == std::round(steps), qPrintable(QString::number(bone->angle, 'g', 17)));
            QVERIFY(std::fabs(std::remainder(bone->angle - degrees, 360.0)) <= kBoneSnapDegrees / 2 + 1e-9);
        }
        QCOMPARE(snapBoneEnd(from, from.position).x, from.position.x); // on the joint: unchanged
    }
};

QTEST_APPLESS_MAIN(TestBonePlacement)
#include "tst_bone_placement.moc"
