// What both whole-skeleton solvers, follow and relax, promise over seeded random rigs: finite,
// legal poses for extreme inputs, deterministic answers, no allocation per solve once warm, and
// bad requests refused. Every failure message names its seed so the case replays.
#include "counting_allocator.h"
#include "tree_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"
#include "sample_rigs.h"

#include "bonework/solvers/solver.h"

#include <QTest>

#include <array>
#include <cmath>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

class TestTreeSolvers : public QObject {
    Q_OBJECT
private slots:
    void extremeInputsStayFinite()
    {
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            auto solver = makeSolver(kind);
            SolveResult result;
            for (int i = 0; i < cases(200); ++i) {
                const std::uint64_t seed = 80000 + i;
                Engine rng(seed);
                RigOptions options;
                options.limits = (i % 2) == 0;
                options.pinChance = (i % 5) == 0 ? 1.0 : 0.0; // sometimes every joint pinned
                Rig rig = randomChain(rng, uniformInt(rng, 1, 30), options);
                if (i % 7 == 0)
                    for (JointIndex j = 1; j < static_cast<JointIndex>(rig.jointCount()); ++j)
                        rig.setLimits(j, 0, 0); // a straight, rigid chain
                // Up to the largest doubles: the squared distances overflow unless the solver
                // takes care (relax once reported an infinite error for a target at 1e300).
                // Subnormal distances too, from a root at the origin (see straightChainAtTheOrigin).
                if (i % 4 == 0)
                    rig.setRootPosition(0, {0, 0});
                const Vec2 targets[] = {rig.rootPosition(0), {1e12, -1e12}, {-1e12, 3}, {0, 0}, {1e300, -1e300},
                                        {-1.7e308, 1.7e308}, {0, 1e-320}, {-1e-320, 0}, {5e-324, -5e-324}};
                const double weight = std::array<double, 3>{1.0, 1e300, 0.0}[static_cast<std::size_t>(i % 3)];
                for (Vec2 t : targets) {
                    const Rig before = rig;
                    const Effector e{static_cast<JointIndex>(rig.jointCount() - 1), t, weight};
                    solver->run(rig, request(e), result);
                    const std::string bad = checkLegalPose(before, rig);
                    QVERIFY2(bad.empty(), seedMessage(seed, std::string(solverName(kind)) + ": " + bad));
                    QVERIFY2(std::isfinite(result.error), seedMessage(seed, "error not finite"));
                }
            }
        }
    }

    // A straight chain from the origin dragged by its tip to (0, 1e-320): the pulled joints land
    // a subnormal distance from where others were, and a bone's length over that distance
    // overflowed; follow turned the whole rig into NaN (and reported it reached). Also the far
    // edge of the doubles, below.
    void straightChainAtTheOrigin()
    {
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            auto solver = makeSolver(kind);
            for (const double length : {1.0, 100.0, 1e20}) {
                Rig rig;
                JointDesc root;
                root.name = "r";
                rig.addJoint(root); // at the origin
                rig.addJoint(boneDesc("a", 0, length, 0, -90, 90));
                rig.addJoint(boneDesc("b", 1, length));
                rig.addJoint(boneDesc("c", 2, length, 0, 0, 45));
                for (const Vec2 t : {Vec2{0, 1e-320}, Vec2{1e-320, 0}, Vec2{5e-324, -5e-324}, Vec2{0, 1e-300}}) {
                    Rig solved = rig;
                    // And from the far edge of the doubles to the other edge (follow overflowed
                    // there into infinities and NaN): the same chain with its root at
                    // (1.7e308, -1.7e308), dragged toward (-1.7e308, 1.7e308).
                    const bool far = t.y == 1e-300;
                    if (far)
                        solved.setRootPosition(0, {1.7e308, -1.7e308});
                    const Vec2 target = far ? Vec2{-1.7e308, 1.7e308} : t;
                    const Rig start = solved;
                    SolveResult result;
                    solver->run(solved, request(Effector{3, target, 1.0}), result);
                    const std::string what = std::string(solverName(kind)) + ", bones of " + std::to_string(length);
                    const std::string bad = checkLegalPose(start, solved);
                    QVERIFY2(bad.empty(), (what + ": " + bad).c_str());
                    QVERIFY2(std::isfinite(result.error), (what + ": error not finite").c_str());
                }
            }
        }
    }

    void deterministic()
    {
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            for (int i = 0; i < cases(200); ++i) {
                const std::uint64_t seed = 90000 + i;
                Engine rng(seed);
                RigOptions options;
                options.limits = true;
                const Rig start = randomTree(rng, uniformInt(rng, 2, 40), options);
                const Effector e{static_cast<JointIndex>(start.jointCount() - 1), reachableTarget(rng, start, 0), 1.0};
                Rig a = start, b = start;
                SolveResult ra, rb;
                makeSolver(kind)->run(a, request(e), ra);
                auto reused = makeSolver(kind);
                Rig warm = start;
                reused->run(warm, request(e), rb); // a used solver object gives the same answer
                reused->run(b, request(e), rb);
                QVERIFY2(a == b, seedMessage(seed, "two solves of one input differ"));
                QVERIFY2(ra.error == rb.error && ra.iterations == rb.iterations, seedMessage(seed, "results differ"));
            }
        }
    }

    void noAllocationPerSolveOnceWarm()
    {
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            Engine rng(123);
            RigOptions options;
            options.limits = true;
            Rig rig = randomTree(rng, 60, options);
            auto solver = makeSolver(kind);
            SolveResult result;
            result.limited.reserve(rig.jointCount());
            const Effector first{59, {100, 100}, 1.0};
            solver->run(rig, request(first), result); // warm-up sizes the scratch buffers
            const long before = allocationCount();
            for (int i = 0; i < 200; ++i) {
                const Effector e{static_cast<JointIndex>(i % 60), {std::cos(i * 0.1) * 300, std::sin(i * 0.1) * 300}, 1.0};
                solver->run(rig, request(e), result);
            }
            QVERIFY2(allocationCount() == before,
                     qPrintable(QString("%1 allocated %2 times").arg(solverName(kind).data()).arg(allocationCount() - before)));
        }
    }

    void validateRefusesBadRequests()
    {
        Rig rig = figure();
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            auto solver = makeSolver(kind);
            QVERIFY(!solver->validate(rig, SolveRequest{}).empty());
            const Effector unknown{99, {0, 0}, 1.0};
            QVERIFY(solver->validate(rig, request(unknown)).find("does not exist") != std::string::npos);
            const Effector nan{1, {NAN, 0}, 1.0};
            QVERIFY(solver->validate(rig, request(nan)).find("finite") != std::string::npos);
            const Effector ok{1, {0, 0}, 1.0};
            QVERIFY(solver->validate(rig, request(ok, 0)).find("iterations") != std::string::npos);
            QVERIFY(solver->validate(rig, request(ok)).empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestTreeSolvers)
#include "tst_tree_solvers.moc"
