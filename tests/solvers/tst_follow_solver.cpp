// Property tests of the follow solver over seeded random rigs: the dragged joint lands exactly,
// pins hold, a snake keeps its limits and a figure is pulled along by its hand. Every failure
// message names its seed so the case replays.
#include "tree_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"

#include <QTest>

#include <cmath>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

double tolFor(Vec2 t) { return 1e-9 * (1.0 + std::fabs(t.x) + std::fabs(t.y)); }

// A 10-node snake whose nodes bend at most 30 degrees either way (S8).
Rig snake()
{
    Rig rig;
    JointDesc head;
    head.name = "head";
    head.position = {600, 400};
    head.angle = 180; // the body trails to the left of the head
    rig.addJoint(head);
    for (int i = 1; i < 10; ++i) {
        JointDesc d;
        d.name = "node" + std::to_string(i);
        d.parent = i - 1;
        d.length = 30;
        d.minAngle = -30;
        d.maxAngle = 30;
        rig.addJoint(d);
    }
    return rig;
}

} // namespace

class TestFollowSolver : public QObject {
    Q_OBJECT
private slots:
    void followLandsExactlyAndStaysLegal_data()
    {
        QTest::addColumn<bool>("limits");
        QTest::newRow("free") << false;
        QTest::newRow("limited") << true;
    }
    void followLandsExactlyAndStaysLegal()
    {
        QFETCH(bool, limits);
        auto solver = makeSolver(SolverKind::Follow);
        SolveResult result;
        for (int i = 0; i < cases(1500); ++i) {
            const std::uint64_t seed = 1000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = limits;
            Rig rig = (i % 2) ? randomTree(rng, uniformInt(rng, 2, 80), options)
                              : randomChain(rng, uniformInt(rng, 1, 100), options);
            const Rig before = rig;
            const Effector e{uniformInt(rng, 0, static_cast<int>(rig.jointCount()) - 1),
                             {uniform(rng, -2000, 2000), uniform(rng, -2000, 2000)}, 1.0};
            const SolveRequest r = request(e);
            QVERIFY2(solver->validate(rig, r).empty(), seedMessage(seed, solver->validate(rig, r)));
            solver->run(rig, r, result);
            const std::string bad = checkLegalPose(before, rig);
            QVERIFY2(bad.empty(), seedMessage(seed, bad));
            const Vec2 landed = forwardKinematics(rig)[e.joint].position;
            QVERIFY2(distance(landed, e.target) <= tolFor(e.target), seedMessage(seed, "missed the target"));
            QVERIFY2(result.reached, seedMessage(seed, "not reported as reached"));
        }
    }

    void followKeepsPinsAndGetsClose()
    {
        auto solver = makeSolver(SolverKind::Follow);
        SolveResult result;
        for (int i = 0; i < cases(400); ++i) {
            const std::uint64_t seed = 5000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = (i % 2) == 0;
            options.pinChance = 0.1;
            Rig rig = randomTree(rng, uniformInt(rng, 3, 40), options);
            rig.setPinned(0, (i % 3) == 0);
            const Rig before = rig;
            const Effector e{uniformInt(rng, 0, static_cast<int>(rig.jointCount()) - 1),
                             reachableTarget(rng, rig, 0), 1.0};
            solver->run(rig, request(e), result);
            const std::string bad = checkLegalPose(before, rig);
            QVERIFY2(bad.empty(), seedMessage(seed, bad));
            QVERIFY2(std::isfinite(result.error), seedMessage(seed, "error is not finite"));
        }
    }

    void snakeDraggedByItsHeadKeepsItsLimits()
    {
        // S8: the whole snake follows its head, and no node ever bends past 30 degrees.
        Rig rig = snake();
        auto solver = makeSolver(SolverKind::Follow);
        SolveResult result;
        for (int step = 0; step < 2000; ++step) {
            const double t = step * 0.02;
            const Effector e{0, {600 + 300 * std::cos(t) * std::sin(0.7 * t), 400 + 250 * std::sin(1.3 * t)}, 1.0};
            const Rig before = rig;
            solver->run(rig, request(e), result);
            const std::string bad = checkLegalPose(before, rig);
            QVERIFY2(bad.empty(), qPrintable(QString("step %1: %2").arg(step).arg(bad.c_str())));
            QVERIFY(distance(rig.rootPosition(0), e.target) < 1e-9);
            for (JointIndex j = 1; j < 10; ++j)
                QVERIFY(std::fabs(rig.angle(j)) <= 30.0);
        }
    }

    void draggingAHandDragsTheFigure()
    {
        // S7: pulling a hand far away brings the whole figure along, keeping its rigid head.
        Rig rig = figure();
        const Rig before = rig;
        auto solver = makeSolver(SolverKind::Follow);
        SolveResult result;
        const JointIndex hand = rig.findJoint("handR");
        const Effector e{hand, {1400, 200}, 1.0};
        solver->run(rig, request(e), result);
        QVERIFY(checkLegalPose(before, rig).empty());
        const auto w = forwardKinematics(rig);
        QVERIFY(distance(w[hand].position, e.target) < 1e-9);
        QVERIFY2(distance(w[0].position, forwardKinematics(before)[0].position) > 500,
                 "the pelvis should have been pulled along");
        QCOMPARE(rig.angle(rig.findJoint("head")), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestFollowSolver)
#include "tst_follow_solver.moc"
