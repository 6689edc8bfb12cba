// Property tests of the chain solvers (reach, fabrik, ccd, two-bone) over seeded random rigs and
// targets: legal poses, determinism, reach rates, the closed form, edge cases, no allocation.
// Every failure names its seed. BONEWORK_TEST_SCALE (default 1) scales the case counts.
#include "pose_checks.h"
#include "random_rigs.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/two_bone_solver.h"

#include <QTest>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

// Counts every allocation in this executable, so a test can prove a warm solve makes none.
namespace {
std::atomic<long long> g_allocations{0};
}
void* operator new(std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace bonework;
using namespace bonework::testing;

namespace {

constexpr SolverKind kChainSolvers[] = {SolverKind::Reach, SolverKind::Fabrik, SolverKind::Ccd, SolverKind::TwoBone};

int scaled(int n)
{
    const double scale = qEnvironmentVariableIsSet("BONEWORK_TEST_SCALE")
                             ? qEnvironmentVariable("BONEWORK_TEST_SCALE").toDouble()
                             : 1.0;
    return std::max(1, static_cast<int>(n * (scale > 0.0 ? scale : 1.0)));
}

std::string seedText(SolverKind kind, std::uint64_t seed, const std::string& what)
{
    return std::string(solverName(kind)) + " seed " + std::to_string(seed) + ": " + what;
}

struct Case {
    Rig rig;
    JointIndex tip = kNoJoint;
    JointIndex root = kNoJoint;
    Vec2 target;
};

SolveResult solve(Solver& solver, Rig& rig, JointIndex tip, Vec2 target, JointIndex root = kNoJoint,
                  int iterations = 100, double tolerance = 0.01, BendDirection bend = BendDirection::Positive)
{
    const Effector effector{tip, target, 1.0};
    SolveRequest request;
    request.effectors = std::span<const Effector>(&effector, 1);
    request.root = root;
    request.iterations = iterations;
    request.tolerance = tolerance;
    request.bend = bend;
    SolveResult result;
    const std::string why = solver.validate(rig, request);
    if (!why.empty())
        qFatal("unexpected refusal: %s", why.c_str());
    solver.run(rig, request, result);
    return result;
}

std::string validateMessage(SolverKind kind, const Rig& rig, JointIndex tip, JointIndex root = kNoJoint)
{
    const Effector effector{tip, {0.0, 0.0}, 1.0};
    SolveRequest request;
    request.effectors = std::span<const Effector>(&effector, 1);
    request.root = root;
    return makeSolver(kind)->validate(rig, request);
}

// A random case for a chain solver: a chain (two-bone: exactly two bones under the root used),
// now and then hanging below other bones (root not a tree root) and with side branches.
Case randomCase(Engine& rng, SolverKind kind, int maxBones, bool limits, double pinChance, int targetKind)
{
    Case c;
    RigOptions o;
    o.limits = limits;
    o.pinChance = pinChance;
    const int bones = kind == SolverKind::TwoBone ? 2 : uniformInt(rng, 2, maxBones);
    const int above = uniformInt(rng, 0, 1) == 0 ? 0 : uniformInt(rng, 1, 3);
    c.rig = randomChain(rng, bones + above, o);
    c.root = above == 0 && uniformInt(rng, 0, 1) == 0 ? kNoJoint : static_cast<JointIndex>(above);
    c.tip = static_cast<JointIndex>(bones + above);
    // A side branch off a random chain joint rides along (and may carry a pin).
    const auto from = static_cast<JointIndex>(uniformInt(rng, above, bones + above));
    c.rig.addJoint(randomBone(rng, "side", from, o));
    // The fixed root must not move: pins above it are fine, and it is fixed anyway.
    switch (targetKind) {
    case 0: c.target = reachableTarget(rng, c.rig, c.tip); break;
    case 1: c.target = unreachableTarget(rng, c.rig, c.tip); break;
    case 2: c.target = {uniform(rng, -1e12, 1e12), uniform(rng, -1e12, 1e12)}; break;
    default: c.target = forwardKinematics(c.rig)[c.root == kNoJoint ? 0 : c.root].position; break;
    }
    return c;
}

JointIndex fixedRoot(const Case& c) { return c.root == kNoJoint ? c.rig.rootOf(c.tip) : c.root; }

} // namespace

class TestChainSolvers : public QObject {
    Q_OBJECT

private slots:
    void refusesBadRequests()
    {
        Rig rig;
        rig.addJoint({.name = "root"});
        rig.addJoint({.name = "a", .parent = 0, .length = 10});
        rig.addJoint({.name = "b", .parent = 1, .length = 10});
        rig.addJoint({.name = "c", .parent = 2, .length = 10});
        rig.addJoint({.name = "side", .parent = 1, .length = 10});
        for (SolverKind kind : kChainSolvers) {
            QCOMPARE(validateMessage(kind, rig, 42), std::string("the effector joint (index 42) does not exist"));
            QCOMPARE(validateMessage(kind, rig, 3, 17), std::string("the root joint (index 17) does not exist"));
            QCOMPARE(validateMessage(kind, rig, 3, 4), std::string("the tip \"c\" is not under the root \"side\""));
            QCOMPARE(validateMessage(kind, rig, 0), std::string("the chain has no bone between its root \"root\" and its tip"));
            QCOMPARE(validateMessage(kind, rig, 2, 2), std::string("the chain has no bone between its root \"b\" and its tip"));
        }
        QCOMPARE(validateMessage(SolverKind::TwoBone, rig, 3),
                 std::string("the chain from \"root\" to \"c\" is 3 bones long, not 2"));
        QCOMPARE(validateMessage(SolverKind::TwoBone, rig, 1),
                 std::string("the chain from \"root\" to \"a\" is 1 bone long, not 2"));
        QCOMPARE(validateMessage(SolverKind::TwoBone, rig, 3, 1), std::string());
        QCOMPARE(validateMessage(SolverKind::Fabrik, rig, 3, 1), std::string());

        const Effector bad{3, {std::nan(""), 0.0}, 1.0};
        SolveRequest request;
        request.effectors = std::span<const Effector>(&bad, 1);
        QCOMPARE(makeSolver(SolverKind::Ccd)->validate(rig, request), std::string("the target must be finite"));
        const Effector good{3, {1.0, 0.0}, 1.0};
        request.effectors = std::span<const Effector>(&good, 1);
        request.iterations = 0;
        QCOMPARE(makeSolver(SolverKind::Ccd)->validate(rig, request), std::string("iterations must be at least 1"));
        request.iterations = 1;
        request.tolerance = -1.0;
        QCOMPARE(makeSolver(SolverKind::Ccd)->validate(rig, request), std::string("the tolerance must be a finite number >= 0"));
        request.effectors = {};
        QVERIFY(!makeSolver(SolverKind::Ccd)->validate(rig, request).empty());
    }

    void chainPathAndPins()
    {
        Rig rig;
        rig.addJoint({.name = "root"});
        for (int i = 1; i <= 5; ++i)
            rig.addJoint({.name = "j" + std::to_string(i), .parent = i - 1, .length = 10});
        rig.addJoint({.name = "side", .parent = 2, .length = 10}); // 6, hangs from j2
        ChainPath path;
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.boneCount(), 5);
        QCOMPARE(path.base(), 0);
        QCOMPARE(path.lastFixed(), 0);
        rig.setPinned(3, true);
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.lastFixed(), 3);
        QCOMPARE(path.movableBoneCount(), 2);
        QCOMPARE(path.movableJoints().front(), 3);
        rig.setPinned(3, false);
        rig.setPinned(6, true); // a pin on a side branch holds the joint it leaves from
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.lastFixed(), 2);
        path.build(rig, 3, 5); // the branch is above the base: no effect
        QCOMPARE(path.lastFixed(), 0);
        QCOMPARE(path.base(), 3);
        rig.setPinned(5, true);
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.movableBoneCount(), 0);
    }

    // Every chain solver, thousands of random cases: legal pose with the fixed root and pins
    // unmoved, finite, deterministic, honest result.
    void legalAndDeterministic()
    {
        const int cases = scaled(600);
        for (SolverKind kind : kChainSolvers) {
            auto solver = makeSolver(kind);
            auto again = makeSolver(kind);
            for (int i = 0; i < cases; ++i) {
                const std::uint64_t seed = 1000003ull * static_cast<std::uint64_t>(kind) + static_cast<std::uint64_t>(i);
                Engine rng(seed);
                const bool limits = i % 2 == 1;
                const double pins = i % 3 == 2 ? 0.15 : 0.0;
                const int maxBones = i % 10 == 0 ? 100 : 20;
                Case c = randomCase(rng, kind, maxBones, limits, pins, i % 4);
                const int iterations = uniformInt(rng, 1, 60);
                const BendDirection bend = i % 2 ? BendDirection::Positive : BendDirection::Negative;
                Rig solved = c.rig;
                const SolveResult r = solve(*solver, solved, c.tip, c.target, c.root, iterations, 0.01, bend);
                const JointIndex fixed[] = {fixedRoot(c)};
                const std::string why = checkLegalPose(c.rig, solved, fixed);
                QVERIFY2(why.empty(), seedText(kind, seed, why).c_str());
                const Vec2 tip = forwardKinematics(solved)[c.tip].position;
                QVERIFY2(std::isfinite(r.error), seedText(kind, seed, "error not finite").c_str());
                QVERIFY2(std::fabs(r.error - distance(tip, c.target)) <= 1e-9 * (1.0 + r.error),
                         seedText(kind, seed, "error is not the tip's distance").c_str());
                QVERIFY2(r.reached == (r.error <= 0.01), seedText(kind, seed, "reached flag").c_str());
                QVERIFY2(r.iterations >= 0 && r.iterations <= iterations, seedText(kind, seed, "iterations").c_str());
                for (JointIndex j : r.limited)
                    QVERIFY2(solved.angle(j) == solved.minAngle(j) || solved.angle(j) == solved.maxAngle(j),
                             seedText(kind, seed, "limited joint not on a limit").c_str());
                // Joints off the chain keep their local angles.
                const JointIndex side = static_cast<JointIndex>(c.rig.jointCount() - 1);
                QVERIFY2(solved.angle(side) == c.rig.angle(side), seedText(kind, seed, "side branch turned").c_str());
                // Determinism: a fresh solver and a warm one give bit-identical poses.
                Rig twice = c.rig;
                const SolveResult r2 = solve(*again, twice, c.tip, c.target, c.root, iterations, 0.01, bend);
                QVERIFY2(twice == solved && r2.error == r.error && r2.iterations == r.iterations && r2.limited == r.limited,
                         seedText(kind, seed, "not deterministic").c_str());
            }
        }
    }

    // Reachable targets (FK of random legal angles) on chains of 2 to 20 bones, 100 iterations:
    // fabrik at least 99% without limits and 95% with; ccd and reach are reported.
    void reachRates_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<bool>("limits");
        QTest::addColumn<double>("goal");
        QTest::newRow("fabrik") << int(SolverKind::Fabrik) << false << 0.99;
        QTest::newRow("fabrik limits") << int(SolverKind::Fabrik) << true << 0.95;
        QTest::newRow("ccd") << int(SolverKind::Ccd) << false << 0.0;
        QTest::newRow("ccd limits") << int(SolverKind::Ccd) << true << 0.0;
        QTest::newRow("reach") << int(SolverKind::Reach) << false << 0.0;
        QTest::newRow("reach limits") << int(SolverKind::Reach) << true << 0.0;
    }
    void reachRates()
    {
        QFETCH(int, solver);
        QFETCH(bool, limits);
        QFETCH(double, goal);
        const auto kind = static_cast<SolverKind>(solver);
        auto s = makeSolver(kind);
        const int cases = scaled(1000);
        int reached = 0;
        long long iterations = 0;
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 77000000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            RigOptions o;
            o.limits = limits;
            Rig rig = randomChain(rng, uniformInt(rng, 2, 20), o);
            const auto tip = static_cast<JointIndex>(rig.jointCount() - 1);
            const Vec2 target = reachableTarget(rng, rig, tip);
            const SolveResult r = solve(*s, rig, tip, target, kNoJoint, 100, 0.01);
            reached += r.reached ? 1 : 0;
            iterations += r.iterations;
        }
        const double rate = double(reached) / cases;
        qInfo("%s%s: reached %.1f%% of %d reachable targets, %.1f iterations on average", solverName(kind).data(),
              limits ? " with limits" : "", 100.0 * rate, cases, double(iterations) / cases);
        QVERIFY2(rate >= goal, qPrintable(QStringLiteral("rate %1 below %2 (seeds 77000000..)").arg(rate).arg(goal)));
    }
};

QTEST_APPLESS_MAIN(TestChainSolvers)
#include "tst_chain_solvers.moc"
