// The simulation with the real solvers on the example rigs: deterministic for a seed, every pose
// legal for thousands of steps under every driver, the ball inside and kicked exactly on contact,
// the snake within its limits and the canvas, the gunner's hands on the rifle, and no allocation
// per step. Each test names the seed it ran with.
#include "sim_test_support.h"

#include "pose_checks.h"

#include "bonework/forward_kinematics.h"

#include <QtTest>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

// Counts heap allocations so a test can prove that steps allocate nothing. Every replaceable
// form is replaced (plain, array, nothrow, aligned), so allocation and release always pair up
// (AddressSanitizer checks that they do).
namespace {
std::atomic<long> g_allocations{0};

void* countedAlloc(std::size_t size, std::size_t alignment = 0) noexcept
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (size == 0)
        size = 1;
    if (alignment <= alignof(std::max_align_t))
        return std::malloc(size);
    return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

void* countedAllocOrThrow(std::size_t size, std::size_t alignment = 0)
{
    if (void* p = countedAlloc(size, alignment))
        return p;
    throw std::bad_alloc();
}
} // namespace

void* operator new(std::size_t size) { return countedAllocOrThrow(size); }
void* operator new[](std::size_t size) { return countedAllocOrThrow(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return countedAlloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return countedAlloc(size); }
void* operator new(std::size_t size, std::align_val_t a) { return countedAllocOrThrow(size, std::size_t(a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return countedAllocOrThrow(size, std::size_t(a)); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept
{
    return countedAlloc(size, std::size_t(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept
{
    return countedAlloc(size, std::size_t(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

using namespace bonework;
using namespace bonework::testing;
using sim::DriverKind;
using sim::Simulation;
using sim::SimulationSettings;

namespace {

SimulationSettings chainSettings(const Rig& rig, const char* chain, DriverKind driver, std::uint64_t seed = 1)
{
    SimulationSettings s;
    s.driver = driver;
    s.effector.chain = rig.findChain(chain);
    s.seed = seed;
    return s;
}

// A cursor that wanders the canvas (smooth sweeps with now and then a jump), from a seed.
class WanderingCursor {
public:
    explicit WanderingCursor(std::uint64_t seed) : m_random(seed) {}
    Vec2 next(const sim::Bounds& b)
    {
        if (m_step++ % 90 == 0) {
            m_goal = {m_random.uniform(b.left - 100.0, b.right + 100.0), m_random.uniform(b.top - 100.0, b.bottom + 100.0)};
            if (m_random.uniform01() < 0.3)
                m_at = m_goal; // a jump
        }
        m_at = m_at + (m_goal - m_at) * 0.08;
        return m_at;
    }

private:
    sim::Random m_random;
    Vec2 m_at{600.0, 400.0};
    Vec2 m_goal{600.0, 400.0};
    long m_step = 0;
};

QString seedNote(std::uint64_t seed, long step)
{
    return QStringLiteral("seed %1, step %2: ").arg(seed).arg(step);
}

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
    void sameSeedIsBitIdenticalAndSeedsDiffer();
    void restartReplaysAndKeepsThePoseBeforePlay();
    void stepsDoNotDependOnFrameRate();
    void snakeKeepsLimitsAndStaysOnTheCanvas();
    void gunnerHandsStayOnTheRifle();
    void gunnerSolveOrderDoesNotDependOnChainOrder();
    void stepsAllocateNothing();
    void badSettingsAreReportedNotRun();
    void settingsChangeWhilePlaying();
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

void TestSimulation::sameSeedIsBitIdenticalAndSeedsDiffer()
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

void TestSimulation::restartReplaysAndKeepsThePoseBeforePlay()
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

void TestSimulation::stepsDoNotDependOnFrameRate()
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

void TestSimulation::stepsAllocateNothing()
{
    for (const auto& value : exampleEntries()) {
        const QJsonObject e = value.toObject();
        const Rig rig = loadExample(e.value(QStringLiteral("file")).toString());
        Simulation simulation(rig, *settingsFor(e, rig));
        WanderingCursor cursor(2);
        std::vector<Vec2> path(600);
        for (Vec2& p : path)
            p = cursor.next(simulation.settings().bounds);
        const long before = g_allocations.load();
        for (int i = 0; i < 600; ++i) {
            simulation.setCursor(path[i]);
            simulation.setKeys({true, i % 100 < 30, false});
            simulation.step();
        }
        const long allocations = g_allocations.load() - before;
        QVERIFY2(allocations == 0, qPrintable(e.value(QStringLiteral("title")).toString()
                                              + QStringLiteral(": %1 allocations in 600 steps").arg(allocations)));
    }
}

void TestSimulation::badSettingsAreReportedNotRun()
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

void TestSimulation::settingsChangeWhilePlaying()
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

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
