// The simulation's parts that need no solver: random numbers, the fixed-step clock, the ball,
// the steering and the order in which attached chains are solved.
#include "bonework/sim/bouncing_ball.h"
#include "bonework/sim/fixed_step_clock.h"
#include "bonework/sim/random.h"
#include "bonework/sim/solve_order.h"
#include "bonework/sim/steering.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace bonework;
using namespace bonework::sim;

class TestSimParts : public QObject {
    Q_OBJECT
private slots:
    void splitMixMatchesTheReferenceSequence();
    void xoshiroMatchesTheReferenceSequence();
    void uniformStaysInRangeAndReseedReplays();
    void clockRunsWholeStepsIndependentOfFrameRate();
    void clockAppliesSpeedAndIgnoresBadInput();
    void clockCapsCatchUpAfterAStall();
    void ballStaysInsideAndLosesHeight();
    void ballKicksOnlyOnContact();
    void ballInTinyBoundsStaysCentred();
    void steeringAcceleratesToTheCapAndDecays();
    void steeringTurnsAndStaysInBounds();
    void solveOrderPutsCarriersFirst();
    void solveOrderKeepsRigOrderForCycles();
};

void TestSimParts::splitMixMatchesTheReferenceSequence()
{
    // The published splitmix64 outputs for seed 0.
    SplitMix64 mix(0);
    QCOMPARE(mix.next(), 0xe220a8397b1dcdafULL);
    QCOMPARE(mix.next(), 0x6e789e6aa1b965f4ULL);
    QCOMPARE(mix.next(), 0x06c45d188009454fULL);
}

void TestSimParts::xoshiroMatchesTheReferenceSequence()
{
    // xoshiro256** seeded by four splitmix64 words; values from an independent implementation
    // of both published algorithms.
    Random zero(0);
    QCOMPARE(zero.next(), 0x99ec5f36cb75f2b4ULL);
    QCOMPARE(zero.next(), 0xbf6e1f784956452aULL);
    QCOMPARE(zero.next(), 0x1a5f849d4933e6e0ULL);
    QCOMPARE(zero.next(), 0x6aa594f1262d2d2cULL);
    Random answer(42);
    QCOMPARE(answer.next(), 0x15780b2e0c2ec716ULL);
    QCOMPARE(answer.next(), 0x6104d9866d113a7eULL);
}

void TestSimParts::uniformStaysInRangeAndReseedReplays()
{
    Random a(7);
    double lo = 1.0, hi = 0.0, sum = 0.0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
        const double u = a.uniform(-3.0, 5.0);
        QVERIFY2(u >= -3.0 && u < 5.0, qPrintable(QString::number(u)));
        const double v = a.uniform01();
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        sum += v;
    }
    QVERIFY(lo < 0.001 && hi > 0.999);
    QVERIFY(std::fabs(sum / n - 0.5) < 0.01);
    Random b(7), c(8);
    b.next();
    b.reseed(7);
    Random fresh(7);
    QVERIFY(b == fresh);
    QVERIFY(!(c == fresh));
}

void TestSimParts::clockRunsWholeStepsIndependentOfFrameRate()
{
    for (double fps : {24.0, 30.0, 59.94, 60.0, 75.0, 144.0, 240.0}) {
        FixedStepClock clock;
        long steps = 0;
        const int frames = static_cast<int>(std::lround(10.0 * fps));
        for (int f = 0; f < frames; ++f)
            steps += clock.advance(1.0 / fps);
        // Ten seconds of frames are 600 steps, give or take the step still in the accumulator.
        QVERIFY2(std::abs(steps - 600) <= 1, qPrintable(QStringLiteral("%1 fps: %2 steps").arg(fps).arg(steps)));
        QVERIFY(clock.pendingFraction() >= 0.0 && clock.pendingFraction() < 1.0);
    }
}

void TestSimParts::clockAppliesSpeedAndIgnoresBadInput()
{
    FixedStepClock clock;
    long steps = 0;
    for (int f = 0; f < 600; ++f)
        steps += clock.advance(1.0 / 60.0, 0.25);
    QVERIFY2(std::abs(steps - 150) <= 1, qPrintable(QString::number(steps)));
    const double pending = clock.pendingFraction();
    QCOMPARE(clock.advance(-1.0), 0);
    QCOMPARE(clock.advance(std::numeric_limits<double>::quiet_NaN()), 0);
    QCOMPARE(clock.advance(1.0, -2.0), 0);
    QCOMPARE(clock.advance(std::numeric_limits<double>::infinity()), 0);
    QCOMPARE(clock.pendingFraction(), pending);
    clock.reset();
    QCOMPARE(clock.pendingFraction(), 0.0);
}

void TestSimParts::clockCapsCatchUpAfterAStall()
{
    FixedStepClock clock(1.0 / 60.0, 5);
    QCOMPARE(clock.advance(3.0), 5); // a three-second stall: five steps, the rest dropped
    QCOMPARE(clock.pendingFraction(), 0.0);
    QCOMPARE(clock.advance(2.5 / 60.0), 2);
    QVERIFY(std::fabs(clock.pendingFraction() - 0.5) < 1e-9);
}

void TestSimParts::ballStaysInsideAndLosesHeight()
{
    BallSettings settings;
    settings.start = Vec2{100.0, 100.0};
    settings.startVelocity = {700.0, -300.0};
    const Bounds bounds;
    BouncingBall ball;
    ball.reset(settings, bounds);
    double highestLate = bounds.bottom; // smallest y in the last second (y grows downwards)
    const int steps = 20 * 60;
    for (int i = 0; i < steps; ++i) {
        ball.move(1.0 / 60.0);
        const Vec2 p = ball.state().position;
        const double r = settings.radius;
        QVERIFY2(p.x - r >= bounds.left && p.x + r <= bounds.right && p.y - r >= bounds.top
                     && p.y + r <= bounds.bottom,
                 qPrintable(QStringLiteral("step %1: ball at %2, %3").arg(i).arg(p.x).arg(p.y)));
        if (i >= steps - 60)
            highestLate = std::min(highestLate, p.y);
    }
    QVERIFY(ball.state().bounces > 10);
    QCOMPARE(ball.state().kicks, std::uint64_t(0));
    // With restitution below 1 the bounces die down: after 20 s it no longer rises far.
    QVERIFY2(highestLate > bounds.bottom - settings.radius - 60.0, qPrintable(QString::number(highestLate)));
}

void TestSimParts::ballKicksOnlyOnContact()
{
    BallSettings settings;
    settings.start = Vec2{600.0, 300.0};
    settings.startVelocity = {0.0, 0.0};
    BouncingBall ball;
    ball.reset(settings, Bounds{});
    Random random(3);
    ball.touch({600.0 + settings.radius + 0.5, 300.0}, random); // just out of reach
    QVERIFY(!ball.state().touched);
    QCOMPARE(ball.state().lastKick, Vec2{});
    QCOMPARE(ball.state().velocity, Vec2{});
    QCOMPARE(ball.state().kicks, std::uint64_t(0));

    Random expected(3);
    for (int i = 1; i <= 200; ++i) {
        const Vec2 before = ball.state().velocity;
        ball.touch(ball.state().position + Vec2{0.0, settings.radius}, random); // exactly touching
        QVERIFY(ball.state().touched);
        const Vec2 kick = ball.state().lastKick;
        QCOMPARE(kick.y, -settings.upwardKick);
        QCOMPARE(kick.x, expected.uniform(-settings.sidewaysKick, settings.sidewaysKick));
        QVERIFY(std::fabs(kick.x) <= settings.sidewaysKick);
        QCOMPARE(ball.state().velocity, before + kick);
        QCOMPARE(ball.state().kicks, std::uint64_t(i));
    }
}

void TestSimParts::ballInTinyBoundsStaysCentred()
{
    BallSettings settings;
    settings.radius = 50.0;
    const Bounds tiny{0.0, 0.0, 40.0, 30.0};
    BouncingBall ball;
    ball.reset(settings, tiny);
    for (int i = 0; i < 100; ++i) {
        ball.move(1.0 / 60.0);
        QCOMPARE(ball.state().position, (Vec2{20.0, 15.0}));
        QVERIFY(std::isfinite(ball.state().velocity.x) && std::isfinite(ball.state().velocity.y));
    }
}

void TestSimParts::steeringAcceleratesToTheCapAndDecays()
{
    SteeringSettings settings;
    const double dt = 1.0 / 60.0;
    Steering steering;
    steering.reset(settings, dt, 0.0);
    const Bounds bounds{-1e6, -1e6, 1e6, 1e6};
    Vec2 p{0.0, 0.0};
    double previous = 0.0;
    for (int i = 0; i < 120; ++i) {
        const Vec2 next = steering.advance({true, false, false}, p, bounds);
        const double speed = steering.state().speed;
        QVERIFY(speed >= previous && speed <= settings.maxSpeed);
        QVERIFY(std::fabs(next.x - p.x - speed * dt) < 1e-9 && std::fabs(next.y - p.y) < 1e-9);
        previous = speed;
        p = next;
    }
    QCOMPARE(steering.state().speed, settings.maxSpeed);
    for (int i = 0; i < 6; ++i) // 0.1 s: one half-life
        p = steering.advance({}, p, bounds);
    QVERIFY(std::fabs(steering.state().speed - settings.maxSpeed / 2.0) < 1e-9);
    for (int i = 0; i < 600; ++i)
        p = steering.advance({}, p, bounds);
    QVERIFY(steering.state().speed < 1e-6);
}

void TestSimParts::steeringTurnsAndStaysInBounds()
{
    SteeringSettings settings;
    const double dt = 1.0 / 60.0;
    Steering steering;
    steering.reset(settings, dt, 0.0);
    const Bounds bounds;
    Vec2 p{600.0, 400.0};
    // Right turns clockwise on screen (positive degrees), Left the other way; both cancel.
    steering.advance({false, false, true}, p, bounds);
    QVERIFY(std::fabs(steering.state().heading - settings.turnRate * dt) < 1e-9);
    steering.advance({false, true, true}, p, bounds);
    QVERIFY(std::fabs(steering.state().heading - settings.turnRate * dt) < 1e-9);
    steering.advance({false, true, false}, p, bounds);
    QVERIFY(std::fabs(steering.state().heading) < 1e-9);

    // Full throttle in circles and straight lines for a minute: never outside, edges reached.
    Random random(11);
    bool touchedEdge = false;
    SteeringKeys keys;
    for (int i = 0; i < 3600; ++i) {
        if (i % 45 == 0)
            keys = {random.uniform01() < 0.9, random.uniform01() < 0.3, random.uniform01() < 0.3};
        p = steering.advance(keys, p, bounds);
        QVERIFY2(bounds.contains(p), qPrintable(QStringLiteral("step %1: %2, %3").arg(i).arg(p.x).arg(p.y)));
        touchedEdge = touchedEdge || p.x == bounds.left || p.x == bounds.right || p.y == bounds.top
                      || p.y == bounds.bottom;
        QVERIFY(steering.state().heading > -180.0 && steering.state().heading <= 180.0);
    }
    QVERIFY(touchedEdge);
}

namespace {

Chain makeChain(const char* name, JointIndex root, JointIndex tip, SolverKind solver)
{
    Chain chain;
    chain.name = name;
    chain.root = root;
    chain.tip = tip;
    chain.solver = solver;
    return chain;
}

// A shoulder with a rifle bone (grip, foregrip) and an arm hanging from the same shoulder.
Rig gunnerLikeRig(bool armsFirst)
{
    Rig rig;
    rig.addJoint({"body", kNoJoint, {100.0, 100.0}});
    rig.addJoint({"shoulder", 0, {}, 0.0, 20.0});
    rig.addJoint({"grip", 1, {}, 0.0, 40.0});
    rig.addJoint({"foregrip", 2, {}, 0.0, 40.0, 0.0, 0.0});
    rig.addJoint({"elbow", 1, {}, 60.0, 40.0});
    rig.addJoint({"hand", 4, {}, -90.0, 40.0});
    rig.addJoint({"other_elbow", 0, {}, 120.0, 50.0});
    rig.addJoint({"other_hand", 6, {}, -90.0, 50.0});
    Chain aim = makeChain("aim", 1, 2, SolverKind::Reach);
    aim.target.point = {200.0, 100.0};
    Chain arm = makeChain("arm", 1, 5, SolverKind::TwoBone);
    arm.target.joint = 2;
    Chain other = makeChain("other", 0, 7, SolverKind::Fabrik);
    other.target.joint = 3;
    if (armsFirst) {
        rig.addChain(other);
        rig.addChain(arm);
        rig.addChain(aim);
    } else {
        rig.addChain(aim);
        rig.addChain(arm);
        rig.addChain(other);
    }
    return rig;
}

} // namespace

void TestSimParts::solveOrderPutsCarriersFirst()
{
    const Rig rig = gunnerLikeRig(true); // chains: other(0), arm(1), aim(2)
    QCOMPARE(rig.chains().size(), std::size_t(3));
    QVERIFY(chainCanMove(rig, rig.chains()[2], 2));  // aim turns the grip
    QVERIFY(chainCanMove(rig, rig.chains()[2], 3));  // and the foregrip on it
    QVERIFY(!chainCanMove(rig, rig.chains()[2], 4)); // not the elbow beside it
    QVERIFY(!chainCanMove(rig, rig.chains()[1], 2)); // the arm does not move the grip
    // "other" (rooted at the body) moves its own arm only.
    QVERIFY(!chainCanMove(rig, rig.chains()[0], 3));

    // Aim is not attached, so it is not in the list; with it solved first (driven), the arms keep
    // rig order. Without a driven chain the attached ones keep theirs too.
    QCOMPARE(attachedChainOrder(rig, 2), (std::vector<int>{0, 1}));

    // Make aim attached too (to the other hand): now it must run before both arms.
    Rig attached = rig;
    Chain aim = attached.chains()[2];
    aim.target = {};
    aim.target.joint = 7;
    QVERIFY(attached.setChain(2, aim));
    // With "other" made a point target, the attached ones are arm and aim; aim moves the grip
    // the arm holds, so aim comes first although the rig lists it last.
    Chain other = attached.chains()[0];
    other.target = {};
    other.target.point = {0.0, 0.0};
    QVERIFY(attached.setChain(0, other));
    QCOMPARE(attachedChainOrder(attached), (std::vector<int>{2, 1}));
}

void TestSimParts::solveOrderKeepsRigOrderForCycles()
{
    // Two two-bone arms on two roots, each reaching for the other's hand: no order is right.
    Rig rig;
    rig.addJoint({"a", kNoJoint, {0.0, 0.0}});
    rig.addJoint({"a1", 0, {}, 0.0, 10.0});
    rig.addJoint({"a2", 1, {}, 10.0, 10.0});
    rig.addJoint({"b", kNoJoint, {50.0, 0.0}});
    rig.addJoint({"b1", 3, {}, 180.0, 10.0});
    rig.addJoint({"b2", 4, {}, -10.0, 10.0});
    Chain a = makeChain("a", 0, 2, SolverKind::TwoBone);
    a.target.joint = 5;
    Chain b = makeChain("b", 3, 5, SolverKind::TwoBone);
    b.target.joint = 2;
    QVERIFY(rig.addChain(a));
    QVERIFY(rig.addChain(b));
    QVERIFY(chainCanMove(rig, rig.chains()[0], 2) && chainCanMove(rig, rig.chains()[1], 5));
    QCOMPARE(attachedChainOrder(rig), (std::vector<int>{0, 1}));
    QCOMPARE(attachedChainOrder(rig, 0), (std::vector<int>{1}));
}

QTEST_GUILESS_MAIN(TestSimParts)
#include "tst_sim_parts.moc"
