// The simulation with the real solvers on the example rigs, under every driver: every pose legal
// for thousands of steps, follow chains dragged along, the elbow bending the chosen way, the ball
// inside and kicked exactly on contact, the snake within its limits and the canvas, the gunner's
// hands on the rifle. Each test names the seed it ran with.
#include "sim_test_inputs.h"
#include "sim_test_support.h"

#include "pose_checks.h"

#include "bonework/forward_kinematics.h"

#include <QtTest>

#include <cmath>

using namespace bonework;
using namespace bonework::testing;
using sim::DriverKind;
using sim::Simulation;
using sim::SimulationSettings;

namespace {

// Joints a fixed-root chain must leave in place: its root.
std::vector<JointIndex> fixedJoints(const Rig& rig, const SimulationSettings& s)
{
    if (s.effector.chain < 0)
        return {};
    const Chain& chain = rig.chains()[s.effector.chain];
    if (chain.solver == SolverKind::Follow)
        return {};
    return {chain.root};
}

} // namespace

class TestSimulation : public QObject {
    Q_OBJECT
private slots:
    void cursorDriverKeepsEveryPoseLegal_data();
    void cursorDriverKeepsEveryPoseLegal();
    void followDragsTheWholeChain();
    void twoBoneReachesAndSwitchesBend();
    void ballStaysInsideAndIsKickedOnContact();
    void snakeKeepsLimitsAndStaysOnTheCanvas();
    void gunnerHandsStayOnTheRifle();
    void gunnerSolveOrderDoesNotDependOnChainOrder();
};

void TestSimulation::cursorDriverKeepsEveryPoseLegal_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("chain");
    QTest::addColumn<QString>("joint");
    QTest::newRow("single reach") << "single-segment.rig.json" << "reach" << "";
    QTest::newRow("single drag") << "single-segment.rig.json" << "drag" << "";
    QTest::newRow("chain-6 drag") << "chain-6.rig.json" << "drag" << "";
    QTest::newRow("chain-6 reach") << "chain-6.rig.json" << "reach" << "";
    QTest::newRow("chain-50 drag") << "chain-50.rig.json" << "drag" << "";
    QTest::newRow("chain-50 reach") << "chain-50.rig.json" << "reach" << "";
    QTest::newRow("elbow") << "elbow.rig.json" << "arm" << "";
    QTest::newRow("humanoid hand follow") << "humanoid.rig.json" << "" << "hand_r";
    QTest::newRow("humanoid head follow") << "humanoid.rig.json" << "" << "head";
    QTest::newRow("humanoid leg") << "humanoid.rig.json" << "leg_l" << "";
    QTest::newRow("humanoid hand relax") << "humanoid.rig.json" << "" << "relax:hand_l";
    QTest::newRow("snake head relax") << "snake.rig.json" << "" << "relax:head";
}

void TestSimulation::cursorDriverKeepsEveryPoseLegal()
{
    QFETCH(QString, file);
    QFETCH(QString, chain);
    QFETCH(QString, joint);
    const Rig rig = loadExample(file);
    SimulationSettings s;
    s.driver = DriverKind::Cursor;
    s.seed = 20241122;
    if (!chain.isEmpty()) {
        s.effector.chain = rig.findChain(chain.toStdString());
    } else {
        // "solver:joint", or a joint alone for follow (the editor's two default solvers).
        const bool relax = joint.startsWith(QStringLiteral("relax:"));
        s.effector.joint = rig.findJoint(joint.mid(relax ? 6 : 0).toStdString());
        s.effector.solver = relax ? SolverKind::Relax : SolverKind::Follow;
    }
    Simulation simulation(rig, s);
    QVERIFY2(simulation.error().empty(), simulation.error().c_str());
    const auto fixed = fixedJoints(rig, s);
    WanderingCursor cursor(s.seed);
    double travelled = 0.0;
    Vec2 last = simulation.world()[simulation.effectorJoint()].position;
    for (long i = 0; i < 2000; ++i) {
        simulation.setCursor(cursor.next(s.bounds));
        simulation.step();
        const auto why = checkLegalPose(rig, simulation.rig(), fixed);
        QVERIFY2(why.empty(), qPrintable(seedNote(s.seed, i) + QString::fromStdString(why)));
        const Vec2 tip = simulation.world()[simulation.effectorJoint()].position;
        travelled += distance(last, tip);
        last = tip;
    }
    QCOMPARE(simulation.stepCount(), std::uint64_t(2000));
    QVERIFY2(travelled > 2000.0, qPrintable(QStringLiteral("the effector hardly moved: %1").arg(travelled)));
}

void TestSimulation::followDragsTheWholeChain()
{
    // A follow chain puts its tip exactly on the cursor however far it is: the root is dragged.
    for (const char* file : {"single-segment.rig.json", "chain-6.rig.json", "chain-50.rig.json"}) {
        const Rig rig = loadExample(file);
        Simulation simulation(rig, chainSettings(rig, "drag", DriverKind::Cursor));
        WanderingCursor cursor(5);
        for (long i = 0; i < 600; ++i) {
            const Vec2 c = cursor.next(simulation.settings().bounds);
            simulation.setCursor(c);
            simulation.step();
            const Vec2 tip = simulation.world()[simulation.effectorJoint()].position;
            QVERIFY2(distance(tip, c) < 1e-6, qPrintable(seedNote(5, i) + file));
        }
        QVERIFY(distance(simulation.rig().rootPosition(0), rig.rootPosition(0)) > 1.0);
    }
}

void TestSimulation::twoBoneReachesAndSwitchesBend()
{
    const Rig rig = loadExample(QStringLiteral("elbow.rig.json"));
    Simulation simulation(rig, chainSettings(rig, "arm", DriverKind::Cursor));
    const Chain& arm = rig.chains()[0];
    const double a = rig.length(rig.parent(arm.tip)), b = rig.length(arm.tip);
    const Vec2 shoulder = rig.rootPosition(arm.root);
    sim::Random random(99);
    int reachedChecks = 0;
    for (long i = 0; i < 3000; ++i) {
        if (i % 500 == 250)
            simulation.setDrivenBend(simulation.drivenBend() == BendDirection::Positive ? BendDirection::Negative
                                                                                        : BendDirection::Positive);
        const Vec2 c{random.uniform(0.0, 1200.0), random.uniform(0.0, 800.0)};
        simulation.setCursor(c);
        simulation.step();
        QVERIFY(checkLegalPose(rig, simulation.rig(), std::span(&arm.root, 1)).empty());
        const double d = distance(shoulder, c);
        // Inside the band the elbow's limits allow (|angle| <= 165), the hand is on the cursor and
        // the elbow bends the chosen way.
        if (d > 70.0 && d < a + b - 1.0) {
            ++reachedChecks;
            QVERIFY2(distance(simulation.world()[arm.tip].position, c) < 1e-6, qPrintable(seedNote(99, i)));
            const double elbow = simulation.rig().angle(arm.tip);
            QVERIFY2(simulation.drivenBend() == BendDirection::Positive ? elbow > 0.0 : elbow < 0.0,
                     qPrintable(seedNote(99, i) + QString::number(elbow)));
        } else if (d >= a + b) {
            // Out of reach: pointing straight at the cursor.
            QVERIFY(std::fabs(simulation.rig().angle(arm.tip)) < 1e-6);
        }
    }
    QVERIFY(reachedChecks > 1000);
}

void TestSimulation::ballStaysInsideAndIsKickedOnContact()
{
    const Rig rig = loadExample(QStringLiteral("ball-arm.rig.json"));
    for (std::uint64_t seed : {1ULL, 2ULL, 12345ULL}) {
        Simulation simulation(rig, chainSettings(rig, "arm", DriverKind::BouncingBall, seed));
        QVERIFY2(simulation.error().empty(), simulation.error().c_str());
        const auto& ballSettings = simulation.settings().ball;
        const auto& bounds = simulation.settings().bounds;
        const JointIndex base = rig.chains()[0].root;
        std::uint64_t touches = 0;
        for (long i = 0; i < 5000; ++i) {
            const std::uint64_t kicksBefore = simulation.ball().kicks;
            simulation.step();
            const auto& ball = simulation.ball();
            const QString where = seedNote(seed, i);
            const auto why = checkLegalPose(rig, simulation.rig(), std::span(&base, 1));
            QVERIFY2(why.empty(), qPrintable(where + QString::fromStdString(why)));
            const double r = ballSettings.radius;
            QVERIFY2(ball.position.x - r >= bounds.left && ball.position.x + r <= bounds.right
                         && ball.position.y - r >= bounds.top && ball.position.y + r <= bounds.bottom,
                     qPrintable(where + "the ball left the bounds"));
            // The effector reached for where the ball was this step.
            QCOMPARE(simulation.effectorTarget(), ball.position);
            // A kick exactly when the tip touches the ball.
            const Vec2 tip = simulation.world()[simulation.effectorJoint()].position;
            const bool touching = distance(tip, ball.position) <= r;
            QVERIFY2(ball.touched == touching, qPrintable(where + "contact misjudged"));
            QCOMPARE(ball.kicks, kicksBefore + (touching ? 1 : 0));
            if (touching) {
                ++touches;
                QCOMPARE(ball.lastKick.y, -ballSettings.upwardKick);
                QVERIFY(std::fabs(ball.lastKick.x) <= ballSettings.sidewaysKick);
            } else {
                QCOMPARE(ball.lastKick, Vec2{});
            }
        }
        // The arm does play with the ball.
        QVERIFY2(touches > 20, qPrintable(QStringLiteral("seed %1: %2 touches").arg(seed).arg(touches)));
    }
}

void TestSimulation::snakeKeepsLimitsAndStaysOnTheCanvas()
{
    const Rig rig = loadExample(QStringLiteral("snake.rig.json"));
    const std::uint64_t seed = 8;
    Simulation simulation(rig, chainSettings(rig, "body", DriverKind::Steering, seed));
    QVERIFY2(simulation.error().empty(), simulation.error().c_str());
    const auto& bounds = simulation.settings().bounds;
    sim::Random keys(seed);
    sim::SteeringKeys held;
    bool hitEdge = false;
    double travelled = 0.0;
    Vec2 last = simulation.world()[simulation.effectorJoint()].position;
    for (long i = 0; i < 6000; ++i) {
        if (i % 40 == 0) // a player who mostly holds Up and turns now and then
            held = {keys.uniform01() < 0.85, keys.uniform01() < 0.35, keys.uniform01() < 0.35};
        simulation.setKeys(held);
        simulation.step();
        const QString where = seedNote(seed, i);
        const auto why = checkLegalPose(rig, simulation.rig());
        QVERIFY2(why.empty(), qPrintable(where + QString::fromStdString(why)));
        const Rig& pose = simulation.rig();
        for (JointIndex j = 1; j < static_cast<JointIndex>(pose.jointCount()); ++j)
            QVERIFY2(pose.angle(j) >= pose.minAngle(j) && pose.angle(j) <= pose.maxAngle(j),
                     qPrintable(where + QString::fromStdString(pose.jointName(j))));
        const Vec2 head = simulation.world()[simulation.effectorJoint()].position;
        // Inside, up to the rounding of placing the head through its angles (1e-6 px).
        const double eps = 1e-6;
        QVERIFY2(head.x >= bounds.left - eps && head.x <= bounds.right + eps && head.y >= bounds.top - eps
                     && head.y <= bounds.bottom + eps,
                 qPrintable(where + QStringLiteral("head at %1, %2").arg(head.x).arg(head.y)));
        QVERIFY2(distance(head, simulation.effectorTarget()) < 1e-6, qPrintable(where + "the head lags its target"));
        hitEdge = hitEdge || head.x < bounds.left + eps || head.x > bounds.right - eps || head.y < bounds.top + eps
                  || head.y > bounds.bottom - eps;
        travelled += distance(last, head);
        last = head;
    }
    QVERIFY(hitEdge);
    QVERIFY2(travelled > 10000.0, qPrintable(QString::number(travelled)));
}

namespace {

// Runs the gunner with the cursor wandering and checks that each arm whose grip is within its
// reach holds it. Returns how many hand checks were made.
long runGunner(const Rig& rig, const SimulationSettings& settings, long steps)
{
    const std::uint64_t seed = settings.seed;
    Simulation simulation(rig, settings);
    if (!simulation.error().empty() || !simulation.skippedChains().empty())
        return -1;
    WanderingCursor cursor(seed);
    long checks = 0;
    for (long i = 0; i < steps; ++i) {
        simulation.setCursor(cursor.next(simulation.settings().bounds));
        simulation.step();
        const Rig& pose = simulation.rig();
        const auto world = simulation.world();
        const auto why = checkLegalPose(rig, pose);
        if (!why.empty()) {
            qWarning("%s", qPrintable(seedNote(seed, i) + QString::fromStdString(why)));
            return -1;
        }
        for (const Chain& arm : pose.chains()) {
            if (!arm.target.isAttached() || arm.solver != SolverKind::TwoBone)
                continue;
            const double a = pose.length(pose.parent(arm.tip)), b = pose.length(arm.tip);
            const double d = distance(world[arm.root].position, world[arm.target.joint].position);
            if (d < std::fabs(a - b) || d > a + b)
                continue;
            ++checks;
            const double off = distance(world[arm.tip].position, world[arm.target.joint].position);
            if (off > 1e-6) {
                qWarning("%s", qPrintable(seedNote(seed, i) + QStringLiteral("%1 is %2 px off its grip")
                                                                  .arg(QString::fromStdString(arm.name))
                                                                  .arg(off)));
                return -1;
            }
        }
    }
    return checks;
}

} // namespace

void TestSimulation::gunnerHandsStayOnTheRifle()
{
    const Rig rig = loadExample(QStringLiteral("gunner.rig.json"));
    for (std::uint64_t seed : {1ULL, 6ULL}) {
        const long checks = runGunner(rig, chainSettings(rig, "aim", DriverKind::Cursor, seed), 3000);
        QVERIFY2(checks == 2 * 3000, qPrintable(QStringLiteral("seed %1: %2 checks").arg(seed).arg(checks)));
    }
    // And the rifle did turn toward the cursor.
    Simulation simulation(rig, chainSettings(rig, "aim", DriverKind::Cursor));
    const JointIndex grip = rig.findJoint("grip"), shoulder = rig.findJoint("shoulder_near");
    for (Vec2 c : {Vec2{900.0, 300.0}, Vec2{800.0, 700.0}}) {
        simulation.setCursor(c);
        simulation.step();
        const auto w = simulation.world();
        const Vec2 along = w[grip].position - w[shoulder].position, toCursor = c - w[shoulder].position;
        QVERIFY(std::fabs(cross(along, toCursor)) / (norm(along) * norm(toCursor)) < 1e-6);
    }
}

void TestSimulation::gunnerSolveOrderDoesNotDependOnChainOrder()
{
    // A gunner whose aim chain is itself attached (to a free "sight" joint that the cursor
    // drags), with its chains listed arms first: the rifle must still be aimed before the arms
    // reach for its grips, or the hands would hold where the grips were a step ago.
    const Rig original = loadExample(QStringLiteral("gunner.rig.json"));
    Rig rig = original;
    JointIndex sight = kNoJoint;
    JointDesc sightDesc;
    sightDesc.name = "sight";
    sightDesc.position = original.chains()[original.findChain("aim")].target.point;
    QVERIFY(rig.addJoint(sightDesc, &sight));
    while (!rig.chains().empty())
        QVERIFY(rig.removeChain(0));
    for (auto it = original.chains().rbegin(); it != original.chains().rend(); ++it) {
        Chain chain = *it;
        if (chain.name == "aim")
            chain.target = ChainTarget{{}, sight};
        QVERIFY(rig.addChain(chain));
    }
    QCOMPARE(rig.chains().back().name, std::string("aim"));
    SimulationSettings settings;
    settings.driver = DriverKind::Cursor;
    settings.effector.joint = sight;
    settings.effector.solver = SolverKind::Follow;
    settings.seed = 4;
    {
        const Simulation simulation(rig, settings);
        const auto order = simulation.attachedOrder();
        QCOMPARE(order.size(), std::size_t(3));
        QCOMPARE(rig.chains()[order[0]].name, std::string("aim"));
    }
    QCOMPARE(runGunner(rig, settings, 1500), 2L * 1500);
}

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
