// Angle helpers: wrapping, clamping to limits on the circle, exact quarter turns.
#include "bonework/angles.h"
#include "bonework/vec2.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace bonework;

class TestAngles : public QObject {
    Q_OBJECT
private slots:
    void wrapsIntoHalfOpenRange_data()
    {
        QTest::addColumn<double>("in");
        QTest::addColumn<double>("out");
        QTest::newRow("zero") << 0.0 << 0.0;
        QTest::newRow("180 stays") << 180.0 << 180.0;
        QTest::newRow("-180 becomes 180") << -180.0 << 180.0;
        QTest::newRow("190") << 190.0 << -170.0;
        QTest::newRow("-190") << -190.0 << 170.0;
        QTest::newRow("720.5") << 720.5 << 0.5;
        QTest::newRow("-540") << -540.0 << 180.0;
    }
    void wrapsIntoHalfOpenRange()
    {
        QFETCH(double, in);
        QFETCH(double, out);
        QCOMPARE(wrapDegrees(in), out);
    }

    void nonFiniteWrapsToZero()
    {
        QCOMPARE(wrapDegrees(std::numeric_limits<double>::infinity()), 0.0);
        QCOMPARE(wrapDegrees(std::numeric_limits<double>::quiet_NaN()), 0.0);
    }

    void clampPicksTheNearerLimitOnTheCircle()
    {
        QCOMPARE(clampToLimits(10.0, -30.0, 30.0), 10.0);
        QCOMPARE(clampToLimits(40.0, -30.0, 30.0), 30.0);
        QCOMPARE(clampToLimits(-100.0, -30.0, 30.0), -30.0);
        // 170 is 40 from 150 but 160 from -30... and -170 is 40 from 150 across the seam.
        QCOMPARE(clampToLimits(-170.0, -30.0, 150.0), 150.0);
        QCOMPARE(clampToLimits(-179.0, 0.0, 180.0), 180.0);
        QCOMPARE(clampToLimits(5.0, 20.0, 20.0), 20.0);
    }

    void rotationsAreExactAtQuarterTurns()
    {
        QCOMPARE(Rotation::fromDegrees(90).c, 0.0);
        QCOMPARE(Rotation::fromDegrees(90).s, 1.0);
        QCOMPARE(Rotation::fromDegrees(-90).s, -1.0);
        QCOMPARE(Rotation::fromDegrees(180).c, -1.0);
        QCOMPARE(Rotation::fromDegrees(360).c, 1.0);
    }

    void rotationRoundTripsThroughDegrees()
    {
        for (double a = -179.5; a <= 180.0; a += 0.5)
            QVERIFY2(std::fabs(Rotation::fromDegrees(a).degrees() - a) < 1e-12, qPrintable(QString::number(a)));
    }

    void rotationComposesClockwiseOnScreen()
    {
        // y is down: a positive angle turns +x toward +y, which is clockwise on screen.
        const Vec2 v = Rotation::fromDegrees(90).apply({1, 0});
        QCOMPARE(v.x, 0.0);
        QCOMPARE(v.y, 1.0);
        const Rotation r = Rotation::fromDegrees(30) * Rotation::fromDegrees(60);
        QVERIFY(std::fabs(r.degrees() - 90.0) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestAngles)
#include "tst_angles.moc"
