// How the simulation plays, whatever the driver: deterministic for a seed, a restart replays
// from the pose before play, steps do not depend on the frame rate, no allocation per step, bad
// settings are refused, and settings may change while it plays. Each test names its seed.
#include "counting_allocator.h"
#include "sim_test_inputs.h"
#include "sim_test_support.h"

#include "bonework/forward_kinematics.h"

#include <QtTest>

#include <cstddef>
#include <cstdlib>
#include <limits>

using namespace bonework;
using namespace bonework::testing;
using sim::DriverKind;
using sim::Simulation;
using sim::SimulationSettings;

class TestSimulationPlayback : public QObject {
    Q_OBJECT
private slots:
    void sameSeedIsBitIdenticalAndSeedsDiffer();
    void restartReplaysAndKeepsThePoseBeforePlay();
    void stepsDoNotDependOnFrameRate();
    void stepsAllocateNothing();
    void badSettingsAreReportedNotRun();
    void settingsChangeWhilePlaying();
};

void TestSimulationPlayback::sameSeedIsBitIdenticalAndSeedsDiffer()
{
    const Rig rig = loadExample(QStringLiteral("ball-arm.rig.json"));
    Simulation a(rig, chainSettings(rig, "arm", DriverKind::BouncingBall, 77));
    Simulation b(rig, chainSettings(rig, "arm", DriverKind::BouncingBall, 77));
    Simulation c(rig, chainSettings(rig, "arm", DriverKind::BouncingBall, 78));
    bool differed = false;
    for (long i = 0; i < 4000; ++i) {
        a.step();
        b.step();
        c.step();
        QVERIFY2(a.rig() == b.rig(), qPrintable(seedNote(77, i) + "poses differ"));
        QVERIFY2(a.ball().position == b.ball().position && a.ball().velocity == b.ball().velocity,
                 qPrintable(seedNote(77, i) + "balls differ"));
        differed = differed || !(a.ball().position == c.ball().position);
    }
    QVERIFY(a.ball().kicks > 0);
    QVERIFY2(differed, "seeds 77 and 78 gave the same ball path despite kicks");

    // Every example under its suggested driver: two runs with the same inputs are bit-identical.
    for (const auto& value : exampleEntries()) {
        const QJsonObject e = value.toObject();
        const Rig example = loadExample(e.value(QStringLiteral("file")).toString());
        const auto settings = *settingsFor(e, example);
        Simulation first(example, settings), second(example, settings);
        WanderingCursor cursorA(31), cursorB(31);
        for (int i = 0; i < 1000; ++i) {
            first.setCursor(cursorA.next(settings.bounds));
            second.setCursor(cursorB.next(settings.bounds));
            const sim::SteeringKeys keys{i % 300 < 250, i % 120 < 30, i % 170 < 20};
            first.setKeys(keys);
            second.setKeys(keys);
            first.step();
            second.step();
        }
        QVERIFY2(first.rig() == second.rig(), qPrintable(e.value(QStringLiteral("title")).toString()));
        QVERIFY2(!(first.rig() == example), qPrintable(e.value(QStringLiteral("title")).toString() + " never moved"));
    }
}

void TestSimulationPlayback::restartReplaysAndKeepsThePoseBeforePlay()
{
    const Rig rig = loadExample(QStringLiteral("ball-arm.rig.json"));
    Simulation simulation(rig, chainSettings(rig, "arm", DriverKind::BouncingBall, 3));
    std::vector<Vec2> first;
    for (int i = 0; i < 1500; ++i) {
        simulation.step();
        first.push_back(simulation.world()[simulation.effectorJoint()].position);
    }
    QVERIFY(!(simulation.rig() == rig));
    QVERIFY(simulation.poseBeforePlay() == rig);
    simulation.restart();
    QCOMPARE(simulation.stepCount(), std::uint64_t(0));
    QVERIFY(simulation.rig() == rig);
    QCOMPARE(simulation.ball().kicks, std::uint64_t(0));
    for (int i = 0; i < 1500; ++i) {
        simulation.step();
        QCOMPARE(simulation.world()[simulation.effectorJoint()].position, first[i]);
    }
}

void TestSimulationPlayback::stepsDoNotDependOnFrameRate()
{
    // Ten seconds of play at 30 and at 144 frames per second: the same steps, the same pose.
    const Rig rig = loadExample(QStringLiteral("chain-6.rig.json"));
    Simulation slow(rig, chainSettings(rig, "reach", DriverKind::Cursor));
    Simulation fast(rig, chainSettings(rig, "reach", DriverKind::Cursor));
    slow.setCursor({300.0, 200.0});
    fast.setCursor({300.0, 200.0});
    long slowSteps = 0, fastSteps = 0;
    for (int f = 0; f < 300; ++f)
        slowSteps += slow.advance(1.0 / 30.0);
    for (int f = 0; f < 1440; ++f)
        fastSteps += fast.advance(1.0 / 144.0);
    QVERIFY(std::abs(slowSteps - 600) <= 1 && std::abs(fastSteps - 600) <= 1);
    while (slow.stepCount() < 601)
        slow.step();
    while (fast.stepCount() < 601)
        fast.step();
    QVERIFY(slow.rig() == fast.rig());
    // Half speed runs half the steps.
    Simulation half(rig, chainSettings(rig, "reach", DriverKind::Cursor));
    long halfSteps = 0;
    for (int f = 0; f < 600; ++f)
        halfSteps += half.advance(1.0 / 60.0, 0.5);
    QVERIFY(std::abs(halfSteps - 300) <= 1);
}

void TestSimulationPlayback::stepsAllocateNothing()
{
    for (const auto& value : exampleEntries()) {
        const QJsonObject e = value.toObject();
        const Rig rig = loadExample(e.value(QStringLiteral("file")).toString());
        Simulation simulation(rig, *settingsFor(e, rig));
        WanderingCursor cursor(2);
        std::vector<Vec2> path(600);
        for (Vec2& p : path)
            p = cursor.next(simulation.settings().bounds);
        const long before = allocationCount();
        for (int i = 0; i < 600; ++i) {
            simulation.setCursor(path[i]);
            simulation.setKeys({true, i % 100 < 30, false});
            simulation.step();
        }
        const long allocations = allocationCount() - before;
        QVERIFY2(allocations == 0, qPrintable(e.value(QStringLiteral("title")).toString()
                                              + QStringLiteral(": %1 allocations in 600 steps").arg(allocations)));
    }
}

void TestSimulationPlayback::badSettingsAreReportedNotRun()
{
    const Rig rig = loadExample(QStringLiteral("ball-arm.rig.json"));
    auto s = chainSettings(rig, "arm", DriverKind::BouncingBall);
    s.bounds = {0.0, 0.0, -5.0, 10.0};
    Simulation flat(rig, s);
    QVERIFY(!flat.runnable() && !flat.error().empty());
    flat.step();
    QCOMPARE(flat.stepCount(), std::uint64_t(0));
    QVERIFY(flat.rig() == rig);

    s = chainSettings(rig, "arm", DriverKind::BouncingBall);
    s.ball.restitution = 1.5;
    QVERIFY(!Simulation(rig, s).runnable());

    s = chainSettings(rig, "arm", DriverKind::Cursor);
    s.effector.chain = 7;
    QVERIFY(!Simulation(rig, s).runnable());
    s.effector.chain = -1;
    QVERIFY(!Simulation(rig, s).runnable()); // neither chain nor joint

    // A request the solver refuses: the driver runs, the rig stays, error() says why.
    s = chainSettings(rig, "arm", DriverKind::BouncingBall);
    s.effector = {};
    s.effector.joint = rig.findJoint("hand");
    s.effector.solver = SolverKind::TwoBone; // the hand is five bones from the base
    Simulation refused(rig, s);
    QVERIFY(refused.runnable());
    QVERIFY(!refused.drivenSolveActive());
    QVERIFY(!refused.error().empty());
    for (int i = 0; i < 30; ++i)
        refused.step();
    QVERIFY(refused.rig() == rig);
    QVERIFY(refused.ball().position != sim::BallState{}.position);
}

void TestSimulationPlayback::settingsChangeWhilePlaying()
{
    const Rig rig = loadExample(QStringLiteral("ball-arm.rig.json"));
    Simulation simulation(rig, chainSettings(rig, "arm", DriverKind::BouncingBall, 9));
    for (int i = 0; i < 200; ++i)
        simulation.step();
    const sim::BallState before = simulation.ball();

    // A smaller canvas: the ball is moved inside at once and stays inside.
    const sim::Bounds small{100.0, 100.0, 700.0, 500.0};
    QVERIFY(simulation.setBounds(small));
    QVERIFY(!simulation.setBounds({0.0, 0.0, 0.0, 0.0}));
    QCOMPARE(simulation.settings().bounds, small);
    // A bigger, bouncier ball with no gravity: it keeps its motion.
    sim::BallSettings ball = simulation.settings().ball;
    ball.radius = 40.0;
    ball.gravity = 0.0;
    ball.restitution = 1.0;
    QVERIFY(simulation.setBallSettings(ball));
    ball.radius = -1.0;
    QVERIFY(!simulation.setBallSettings(ball));
    QCOMPARE(simulation.settings().ball.radius, 40.0);
    QCOMPARE(simulation.ball().velocity, before.velocity);
    for (int i = 0; i < 2000; ++i) {
        simulation.step();
        const Vec2 p = simulation.ball().position;
        QVERIFY2(p.x - 40.0 >= small.left && p.x + 40.0 <= small.right && p.y - 40.0 >= small.top
                     && p.y + 40.0 <= small.bottom,
                 qPrintable(seedNote(9, i)));
    }

    // The steering's cap applies to the current speed at once.
    const Rig snake = loadExample(QStringLiteral("snake.rig.json"));
    Simulation steered(snake, chainSettings(snake, "body", DriverKind::Steering));
    steered.setKeys({true, false, false});
    for (int i = 0; i < 120; ++i)
        steered.step();
    QCOMPARE(steered.steering().speed, steered.settings().steering.maxSpeed);
    sim::SteeringSettings slow = steered.settings().steering;
    slow.maxSpeed = 50.0;
    QVERIFY(steered.setSteeringSettings(slow));
    QCOMPARE(steered.steering().speed, 50.0);
    slow.turnRate = std::numeric_limits<double>::infinity();
    QVERIFY(!steered.setSteeringSettings(slow));
}

QTEST_GUILESS_MAIN(TestSimulationPlayback)
#include "tst_simulation_playback.moc"
