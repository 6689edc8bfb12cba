// Hand-picked cases for the chain solvers (reach, fabrik, ccd, two-bone): refused requests, the
// chain path and the pins that hold it, hard inputs, a pinned elbow, reach converging over frames,
// and no allocation once warm.
#include "chain_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"
#include "sample_rigs.h"

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"

#include <QTest>

#include <array>
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
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

std::string validateMessage(SolverKind kind, const Rig& rig, JointIndex tip, JointIndex root = kNoJoint)
{
    const Effector effector{tip, {0.0, 0.0}, 1.0};
    SolveRequest request;
    request.effectors = std::span<const Effector>(&effector, 1);
    request.root = root;
    return makeSolver(kind)->validate(rig, request);
}

JointDesc rootJoint(const char* name, Vec2 position = {})
{
    JointDesc d;
    d.name = name;
    d.position = position;
    return d;
}

} // namespace

class TestChainSolverEdges : public QObject {
    Q_OBJECT

private slots:
    void refusesBadRequests()
    {
        Rig rig;
        rig.addJoint(rootJoint("root"));
        rig.addJoint(boneDesc("a", 0, 10));
        rig.addJoint(boneDesc("b", 1, 10));
        rig.addJoint(boneDesc("c", 2, 10));
        rig.addJoint(boneDesc("side", 1, 10));
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
        rig.addJoint(rootJoint("root"));
        for (int i = 1; i <= 5; ++i)
            rig.addJoint(boneDesc("j" + std::to_string(i), i - 1, 10));
        rig.addJoint(boneDesc("side", 2, 10)); // 6, hangs from j2
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
        rig.setPinned(6, false);
        rig.addJoint(rootJoint("other"));            // 7
        rig.addJoint(boneDesc("otherBone", 7, 10)); // 8
        rig.setPinned(8, true); // in another tree: holds nothing of this chain
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.lastFixed(), 0);
        rig.addJoint(boneDesc("belowTip", 5, 10)); // 9
        rig.setPinned(9, true); // under the tip: nothing may turn
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.movableBoneCount(), 0);
        rig.setPinned(9, false);
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.lastFixed(), 0);
        rig.setPinned(5, true);
        path.build(rig, kNoJoint, 5);
        QCOMPARE(path.movableBoneCount(), 0);
    }

    // Hand-picked hard inputs for every chain solver: nothing non-finite, a legal pose.
    void edgeCases()
    {
        for (SolverKind kind : kChainSolvers) {
            auto solver = makeSolver(kind);
            std::string failure;
            auto check = [&](const Rig& before, JointIndex tip, Vec2 target, const char* what) {
                Rig rig = before;
                const SolveResult r = solve(*solver, rig, tip, target);
                std::string why = checkLegalPose(before, rig, std::array<JointIndex, 1>{0});
                if (why.empty() && !std::isfinite(r.error))
                    why = "error not finite";
                if (!why.empty() && failure.empty())
                    failure = std::string(solverName(kind)) + " " + what + ": " + why;
                return r;
            };
            Rig straight;
            straight.addJoint(rootJoint("root", {10, 20}));
            straight.addJoint(boneDesc("a", 0, 30));
            straight.addJoint(boneDesc("b", 1, 30));
            check(straight, 2, {10, 20}, "target on the root");
            check(straight, 2, {70, 20}, "target exactly at reach, straight chain");
            SolveResult r = check(straight, 2, {10, 80}, "target exactly at reach, straight chain turned");
            QVERIFY2(r.reached || kind == SolverKind::Reach || kind == SolverKind::Ccd,
                     (std::string(solverName(kind)) + " misses a target at full reach by " + std::to_string(r.error)).c_str());
            check(straight, 2, {1e12, -1e12}, "target at 1e12");
            check(straight, 2, {-1e300, 1e300}, "target at 1e300");
            // Farther than the largest double from the chain: the error saturates, never infinite.
            check(straight, 2, {-1.7e308, 1.7e308}, "target at the edge of the doubles");
            check(straight, 2, {10, 20 + 1e-300}, "target next to the root");
            Rig atOrigin = straight;
            atOrigin.setRootPosition(0, {0, 0});
            check(atOrigin, 2, {0, 1e-320}, "target a subnormal distance from the root");
            check(atOrigin, 2, {5e-324, -5e-324}, "target the least double from the root");
            Rig rigid = straight;
            rigid.setLimits(1, 0, 0);
            rigid.setLimits(2, 45, 45);
            r = check(rigid, 2, {0, 100}, "zero-width limits");
            QCOMPARE(r.limited, (std::vector<JointIndex>{1, 2}));
            Rig pinned = straight;
            for (JointIndex j = 0; j < 3; ++j)
                pinned.setPinned(j, true);
            Rig copy = pinned;
            r = check(pinned, 2, {0, 100}, "all joints pinned");
            QCOMPARE(r.iterations, 0);
            Rig solvedPinned = pinned;
            solve(*solver, solvedPinned, 2, {0, 100});
            QVERIFY(solvedPinned == copy);
            Rig folded = straight;
            folded.setAngle(2, 180);
            check(folded, 2, {10, 20}, "folded onto the root");
            check(folded, 2, {50, 50}, "folded chain");
            QVERIFY2(failure.empty(), failure.c_str());
        }
    }

    // A pinned elbow splits the chain: only the part below it moves, and it still reaches.
    void pinSplitsTheChain()
    {
        for (SolverKind kind : {SolverKind::Reach, SolverKind::Fabrik, SolverKind::Ccd}) {
            Rig rig;
            rig.addJoint(rootJoint("root"));
            for (int i = 1; i <= 4; ++i)
                rig.addJoint(boneDesc("j" + std::to_string(i), i - 1, 10));
            rig.setPinned(2, true);
            Rig solved = rig;
            const SolveResult r = solve(*makeSolver(kind), solved, 4, {20, 15}, kNoJoint, 100, 1e-6);
            QCOMPARE(solved.angle(1), rig.angle(1));
            QCOMPARE(solved.angle(2), rig.angle(2));
            QVERIFY2(r.reached, std::string(solverName(kind)).c_str()); // (20,0) + two bones of 10 reach (20,15)
            QVERIFY(checkLegalPose(rig, solved).empty());
        }
    }

    // reach converges over frames: one pass per frame toward a target that stays put.
    void reachConvergesOverFrames()
    {
        Engine rng(4242);
        Rig rig = randomChain(rng, 6);
        const Vec2 target = reachableTarget(rng, rig, 6);
        auto solver = makeSolver(SolverKind::Reach);
        double previous = 1e300;
        int frames = 0;
        for (; frames < 200; ++frames) {
            const SolveResult r = solve(*solver, rig, 6, target, kNoJoint, 1, 1e-6);
            QCOMPARE(r.iterations, r.reached && frames > 0 ? r.iterations : 1);
            QVERIFY(r.error <= previous + 1e-9);
            previous = r.error;
            if (r.reached)
                break;
        }
        QVERIFY2(frames > 1 && frames < 200, qPrintable(QString::number(frames)));
    }

    // Once warm, solving allocates nothing (the scratch lives in the solver and the result).
    void noAllocationOnceWarm()
    {
        for (SolverKind kind : kChainSolvers) {
            Engine rng(99);
            RigOptions o;
            o.limits = true;
            o.pinChance = 0.05;
            const int bones = kind == SolverKind::TwoBone ? 2 : 60;
            Rig rig = randomChain(rng, bones, o);
            const auto tip = static_cast<JointIndex>(bones);
            std::vector<Vec2> targets;
            for (int i = 0; i < 50; ++i)
                targets.push_back(i % 2 ? reachableTarget(rng, rig, tip) : unreachableTarget(rng, rig, tip));
            auto solver = makeSolver(kind);
            const Effector first{tip, targets[0], 1.0};
            SolveRequest request;
            request.effectors = std::span<const Effector>(&first, 1);
            request.iterations = 50;
            SolveResult result;
            result.limited.reserve(rig.jointCount());
            solver->run(rig, request, result); // warm up
            const long long before = g_allocations.load();
            for (const Vec2& t : targets) {
                const Effector e{tip, t, 1.0};
                request.effectors = std::span<const Effector>(&e, 1);
                solver->run(rig, request, result);
            }
            QCOMPARE(g_allocations.load() - before, 0LL);
        }
    }
};

QTEST_APPLESS_MAIN(TestChainSolverEdges)
#include "tst_chain_solver_edges.moc"
