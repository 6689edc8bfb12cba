// Pins and roots as an animator expects them under follow and relax: a root moves unless it is
// pinned or held, the body following only for what the bones cannot do; a pin holds its joint
// exactly while the bones above it turn (a pin's limb puts it back), so both feet pinned and the
// pelvis dragged down make a crouch, and one foot pinned lets the body swing. Properties over
// seeded random rigs and pins, and the humanoid example dragged as a mouse would. Every failure
// message names its seed (or drag step) so the case replays.
#include "counting_allocator.h"
#include "source_tree.h"
#include "tree_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/pin_limbs.h"
#include "bonework/solvers/solver.h"

#include <QTest>

#include <array>
#include <cmath>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

Rig humanoid()
{
    const std::string path = bonework::testing::sourceTree().toStdString() + "/resources/examples/humanoid.rig.json";
    io::LoadResult loaded = io::loadRigFile(path);
    if (!loaded.ok())
        QTest::qFail(("cannot load " + path).c_str(), __FILE__, __LINE__);
    return loaded.ok() ? *loaded.rig : Rig{};
}

// Whether anything at or above `j` (bones turned, a root moved or turned) differs between the rigs.
bool movedAbove(const Rig& before, const Rig& after, JointIndex j)
{
    for (; j != kNoJoint; j = before.parent(j))
        if (before.angle(j) != after.angle(j) || !(before.rootPosition(j) == after.rootPosition(j)))
            return true;
    return false;
}

// Drags `joint` of `rig` by `step` per mouse move for `moves` moves, each solve starting from the
// last (a warm start, as in the editor); checks every pose against `start` (pins unmoved to 1e-9
// relative, limits, lengths) and calls `check(move)` after each.
template <typename Check>
void drag(Solver& solver, Rig& rig, JointIndex joint, Vec2 step, int moves, Check check)
{
    const Rig start = rig;
    const Vec2 from = forwardKinematics(rig)[joint].position;
    SolveResult result;
    for (int move = 1; move <= moves; ++move) {
        const Effector e{joint, from + step * move, 1.0};
        solver.run(rig, defaultRequest(std::span<const Effector>(&e, 1)), result);
        const std::string bad = checkLegalPose(start, rig);
        QVERIFY2(bad.empty(), qPrintable(QString("move %1: %2").arg(move).arg(bad.c_str())));
        check(move);
        if (QTest::currentTestFailed())
            return;
    }
}

} // namespace

class TestPinsAndRoots : public QObject {
    Q_OBJECT
private slots:
    // Found by fuzz_solvers: a pinned joint folded back onto a free root by two 1e9 px bones.
    // The root moved a fraction of a pixel and the limb, re-posed in closed form at that scale,
    // put the pin back only to 2e-4 px, which its own test (scaled by the bones' reach) passed
    // but the legality check (1e-9 of the coordinates) did not. Such a step is now refused.
    void aHugeFoldedLimbKeepsItsPin()
    {
        Rig rig;
        JointDesc root;
        root.name = "j0";
        root.position = {-910, 700};
        root.angle = 99.529411764705912;
        QVERIFY(rig.addJoint(root));
        JointDesc thigh;
        thigh.name = "j1";
        thigh.parent = 0;
        thigh.length = 1e9;
        thigh.angle = 112.23529411764707;
        QVERIFY(rig.addJoint(thigh));
        JointDesc shin;
        shin.name = "j2";
        shin.parent = 1;
        shin.length = 1e9;
        shin.angle = -180;
        shin.minAngle = -180;
        shin.maxAngle = -10.588235294117652;
        shin.pinned = true;
        QVERIFY(rig.addJoint(shin));
        const Effector effectors[] = {{1, {-910.00000000029218, 699.99999999962552}, 1.0},
                                      {2, {-1e12, -1e12}, 0.5},
                                      {1, {-192156862745.09802, -192156862745.09802}, 0.0}};
        SolveRequest request = defaultRequest(effectors);
        request.iterations = 3;
        request.tolerance = 1.0;
        for (SolverKind kind : {SolverKind::Follow, SolverKind::Relax}) {
            Rig solved = rig;
            SolveResult result;
            makeSolver(kind)->run(solved, request, result);
            const std::string bad = checkLegalPose(rig, solved);
            QVERIFY2(bad.empty(), (std::string(solverName(kind)) + ": " + bad).c_str());
        }
    }

    // The extreme inputs of tst_tree_solvers on branching trees with pins and free roots, each
    // solve starting where the last left off: every pose legal, every error finite. (A weight of
    // 1e300 overflows the descent's squared error; the pose to fall back on must still be legal.)
    void extremeInputsWithPinsStayLegal()
    {
        for (SolverKind kind : {SolverKind::Relax, SolverKind::Follow}) {
            auto solver = makeSolver(kind);
            SolveResult result;
            for (int i = 0; i < cases(300); ++i) {
                const std::uint64_t seed = 76000 + i;
                Engine rng(seed);
                RigOptions options;
                options.limits = i % 2 == 0;
                options.pinChance = i % 3 == 0 ? 0.3 : 0.1;
                Rig rig = randomTree(rng, uniformInt(rng, 2, 30), options);
                const int n = static_cast<int>(rig.jointCount());
                const Vec2 targets[] = {rig.rootPosition(0), {1e12, -1e12}, {-1e12, 3}, {0, 0}, {1e300, -1e300}, {-1.7e308, 1.7e308}};
                const double weight = std::array<double, 3>{1.0, 1e300, 0.0}[static_cast<std::size_t>(i % 3)];
                for (Vec2 t : targets) {
                    const Effector e[] = {{uniformInt(rng, 0, n - 1), t, weight},
                                          {uniformInt(rng, 0, n - 1), forwardKinematics(rig)[0].position, 0.5}};
                    const Rig before = rig;
                    solver->run(rig, defaultRequest(std::span<const Effector>(e, i % 2 == 0 ? 1 : 2)), result);
                    const std::string bad = checkLegalPose(before, rig);
                    QVERIFY2(bad.empty(), seedMessage(seed, std::string(solverName(kind)) + ": " + bad));
                    QVERIFY2(std::isfinite(result.error), seedMessage(seed, "error not finite"));
                }
            }
        }
    }

    // Random trees with random pins and limits, one to four effectors with random weights,
    // request.root mostly unset: every pose is legal, pins unmoved to 1e-9 relative. Bones and
    // roots above a pin with a limb now turn and move while it stays; a pin without one holds
    // everything above it still.
    void pinsHoldWhileTheSkeletonAboveMoves_data()
    {
        QTest::addColumn<int>("kindNumber");
        QTest::newRow("relax") << static_cast<int>(SolverKind::Relax);
        QTest::newRow("follow") << static_cast<int>(SolverKind::Follow);
    }
    void pinsHoldWhileTheSkeletonAboveMoves()
    {
        QFETCH(int, kindNumber);
        const auto kind = static_cast<SolverKind>(kindNumber);
        auto solver = makeSolver(kind);
        SolveResult result;
        const int total = cases(1500);
        int aboveAPin = 0;
        for (int i = 0; i < total; ++i) {
            const std::uint64_t seed = 70000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = true;
            options.pinChance = 0.15;
            Rig rig = randomTree(rng, uniformInt(rng, 3, 40), options);
            const int n = static_cast<int>(rig.jointCount());
            Effector effectors[4];
            const int count = uniformInt(rng, 1, 4);
            for (int k = 0; k < count; ++k)
                effectors[k] = {uniformInt(rng, 0, n - 1), reachableTarget(rng, rig, 0) + Vec2{uniform(rng, -50, 50), uniform(rng, -50, 50)},
                                uniform(rng, 0.0, 1.0)};
            SolveRequest r;
            r.effectors = std::span<const Effector>(effectors, static_cast<std::size_t>(count));
            r.root = i % 5 == 0 ? uniformInt(rng, 0, n - 1) : kNoJoint;
            const Rig before = rig;
            solver->run(rig, r, result);
            std::vector<JointIndex> fixed;
            if (r.root != kNoJoint)
                fixed.push_back(r.root);
            const std::string bad = checkLegalPose(before, rig, fixed);
            QVERIFY2(bad.empty(), seedMessage(seed, bad));
            QVERIFY2(std::isfinite(result.error), seedMessage(seed, "error is not finite"));
            bool above = false;
            for (JointIndex j = 0; j < n; ++j) {
                if (!rig.isPinned(j))
                    continue;
                if (hasPinLimb(rig, j))
                    above = above || movedAbove(before, rig, rig.parent(rig.parent(j)));
                else
                    QVERIFY2(!movedAbove(before, rig, j), seedMessage(seed, "a pin without a limb let the skeleton above it move"));
            }
            aboveAPin += above;
        }
        qInfo("%s: the skeleton above a pin moved in %d of %d cases", solverName(kind).data(), aboveAPin, total);
        QVERIFY2(aboveAPin >= total / 5, qPrintable(QString("only %1 of %2").arg(aboveAPin).arg(total)));
    }

    // A free root (not pinned, not request.root, no pin holding it) lets relax carry any joint to
    // any target: the bones first, the root for the rest. The root's tree follows it whole.
    void freeRootsCarryWhatTheBonesCannot()
    {
        auto solver = makeSolver(SolverKind::Relax);
        SolveResult result;
        const int total = cases(1500);
        int reached = 0;
        for (int i = 0; i < total; ++i) {
            const std::uint64_t seed = 71000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = i % 2 == 0;
            Rig rig = randomTree(rng, uniformInt(rng, 2, 40), options);
            const Effector e{uniformInt(rng, 0, static_cast<int>(rig.jointCount()) - 1),
                             {uniform(rng, -3000, 3000), uniform(rng, -3000, 3000)}, 1.0};
            const Rig before = rig;
            solver->run(rig, request(e), result);
            const std::string bad = checkLegalPose(before, rig);
            QVERIFY2(bad.empty(), seedMessage(seed, bad));
            const double actual = distance(forwardKinematics(rig)[e.joint].position, e.target);
            QVERIFY2(result.reached == (actual <= 0.01), seedMessage(seed, "reached flag disagrees"));
            reached += result.reached;
        }
        QVERIFY2(reached >= total * 0.99, qPrintable(QString("%1 of %2 reached").arg(reached).arg(total)));
    }

    // Bending first: when the bones alone reach the target at once (relax with the root held
    // needs at most 5 iterations, before any stall), relax with the root free gives the very
    // same pose, the root untouched.
    void theBodyStaysWhenTheBonesReach()
    {
        auto solver = makeSolver(SolverKind::Relax);
        SolveResult free, held;
        const int total = cases(1500);
        int quick = 0;
        for (int i = 0; i < total; ++i) {
            const std::uint64_t seed = 72000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = true;
            const Rig rig = randomTree(rng, uniformInt(rng, 3, 40), options);
            const auto joint = static_cast<JointIndex>(uniformInt(rng, 1, static_cast<int>(rig.jointCount()) - 1));
            const Effector e{joint, reachableTarget(rng, rig, joint), 1.0};
            Rig a = rig, b = rig;
            solver->run(a, request(e), free);
            SolveRequest r = request(e);
            r.root = 0;
            solver->run(b, r, held);
            if (!held.reached || held.iterations > 5)
                continue;
            ++quick;
            QVERIFY2(a == b && a.rootPosition(0) == rig.rootPosition(0), seedMessage(seed, "the free root moved though the bones reached"));
        }
        QVERIFY2(quick >= total / 2, qPrintable(QString("only %1 of %2 quick cases").arg(quick).arg(total)));
    }

    // Dragging a free root moves it onto the target, its whole tree with it ("0 it, error 36"
    // before): the humanoid's pelvis and the roots of random trees.
    void aDraggedRootLandsOnItsTarget()
    {
        auto solver = makeSolver(SolverKind::Relax);
        SolveResult result;
        Rig rig = humanoid();
        const JointIndex pelvis = rig.findJoint("pelvis");
        const Effector down{pelvis, {600, 466}, 1.0};
        solver->run(rig, defaultRequest(std::span<const Effector>(&down, 1)), result);
        QVERIFY2(result.reached && result.iterations == 1,
                 qPrintable(QString("%1 it, error %2").arg(result.iterations).arg(result.error)));
        QCOMPARE(rig.rootPosition(pelvis).x, 600.0);
        QCOMPARE(rig.rootPosition(pelvis).y, 466.0);
        for (int i = 0; i < cases(500); ++i) {
            const std::uint64_t seed = 73000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = true;
            Rig tree = randomTree(rng, uniformInt(rng, 1, 30), options);
            const Effector e{0, {uniform(rng, -2000, 2000), uniform(rng, -2000, 2000)}, 1.0};
            const Rig before = tree;
            solver->run(tree, request(e), result);
            const std::string bad = checkLegalPose(before, tree);
            QVERIFY2(bad.empty(), seedMessage(seed, bad));
            QVERIFY2(distance(tree.rootPosition(0), e.target) <= 1e-9, seedMessage(seed, "the root missed its target"));
            for (JointIndex j = 1; j < static_cast<JointIndex>(tree.jointCount()); ++j)
                QVERIFY2(tree.angle(j) == before.angle(j), seedMessage(seed, "a bone turned: the tree should ride along whole"));
        }
    }

    // Both feet pinned, the pelvis dragged straight down 1 px per mouse move: the figure crouches.
    // The pelvis goes down by most of the drag, the feet stay to 1e-9, the knees bend within
    // their limits. In follow too (it hands pinned rigs to relax).
    void bothFeetPinnedThePelvisCrouches_data()
    {
        QTest::addColumn<int>("kindNumber");
        QTest::newRow("relax") << static_cast<int>(SolverKind::Relax);
        QTest::newRow("follow") << static_cast<int>(SolverKind::Follow);
    }
    void bothFeetPinnedThePelvisCrouches()
    {
        QFETCH(int, kindNumber);
        const auto kind = static_cast<SolverKind>(kindNumber);
        Rig rig = humanoid();
        const JointIndex pelvis = rig.findJoint("pelvis");
        const JointIndex shins[] = {rig.findJoint("foot_l"), rig.findJoint("foot_r")}; // their angles bend the knees
        for (JointIndex foot : shins)
            QVERIFY(rig.setPinned(foot, true).ok());
        const Rig start = rig;
        const double y0 = rig.rootPosition(pelvis).y;
        auto solver = makeSolver(kind);
        drag(*solver, rig, pelvis, {0, 1}, 60, [&](int move) {
            if (move % 10 != 0)
                return;
            const double down = rig.rootPosition(pelvis).y - y0;
            QVERIFY2(down >= 0.9 * move, qPrintable(QString("dragged %1 px down, the pelvis went %2").arg(move).arg(down)));
            for (JointIndex shin : shins) {
                QVERIFY2(std::fabs(rig.angle(shin) - start.angle(shin)) > 5.0, qPrintable(QString("move %1: a knee did not bend").arg(move)));
                QVERIFY(rig.angle(shin) >= rig.minAngle(shin) && rig.angle(shin) <= rig.maxAngle(shin));
            }
        });
    }

    // One foot pinned, the pelvis dragged sideways: the body swings about that foot, its leg
    // turning under it; the other leg rides along. Both ways, in relax and follow.
    void oneFootPinnedThePelvisSwings_data()
    {
        QTest::addColumn<int>("kindNumber");
        QTest::addColumn<double>("dx");
        QTest::newRow("relax, right") << static_cast<int>(SolverKind::Relax) << 1.0;
        QTest::newRow("relax, left") << static_cast<int>(SolverKind::Relax) << -1.0;
        QTest::newRow("follow, right") << static_cast<int>(SolverKind::Follow) << 1.0;
        QTest::newRow("follow, left") << static_cast<int>(SolverKind::Follow) << -1.0;
    }
    void oneFootPinnedThePelvisSwings()
    {
        QFETCH(int, kindNumber);
        const auto kind = static_cast<SolverKind>(kindNumber);
        QFETCH(double, dx);
        Rig rig = humanoid();
        const JointIndex pelvis = rig.findJoint("pelvis");
        const JointIndex pinned = rig.findJoint("foot_l");
        const JointIndex loose = rig.findJoint("foot_r");
        QVERIFY(rig.setPinned(pinned, true).ok());
        const Rig start = rig;
        auto solver = makeSolver(kind);
        drag(*solver, rig, pelvis, {dx, 0}, 40, [](int) {});
        const double moved = (rig.rootPosition(pelvis).x - start.rootPosition(pelvis).x) * dx;
        QVERIFY2(moved >= 30.0, qPrintable(QString("dragged 40 px, the pelvis went %1").arg(moved)));
        QVERIFY(std::fabs(rig.angle(rig.findJoint("knee_l")) - start.angle(rig.findJoint("knee_l"))) > 1.0);
        QVERIFY(distance(forwardKinematics(rig)[loose].position, forwardKinematics(start)[loose].position) > 20.0);
    }

    // The same input gives the same pose from any solver object, and a warm solver allocates
    // nothing per solve with pins either.
    void pinnedSolvesAreDeterministicAndAllocateNothing()
    {
        for (int i = 0; i < cases(300); ++i) {
            const std::uint64_t seed = 74000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = true;
            options.pinChance = 0.15;
            const Rig start = randomTree(rng, uniformInt(rng, 3, 40), options);
            const Effector e{uniformInt(rng, 0, static_cast<int>(start.jointCount()) - 1), reachableTarget(rng, start, 0), 1.0};
            Rig a = start, b = start, warm = start;
            SolveResult ra, rb;
            makeSolver(SolverKind::Relax)->run(a, request(e), ra);
            auto reused = makeSolver(SolverKind::Relax);
            reused->run(warm, request(e), rb);
            reused->run(b, request(e), rb);
            QVERIFY2(a == b && ra.error == rb.error && ra.iterations == rb.iterations, seedMessage(seed, "two solves of one input differ"));
        }
        Rig rig = humanoid();
        const JointIndex pelvis = rig.findJoint("pelvis");
        QVERIFY(rig.setPinned(rig.findJoint("foot_l"), true).ok());
        QVERIFY(rig.setPinned(rig.findJoint("foot_r"), true).ok());
        auto solver = makeSolver(SolverKind::Relax);
        SolveResult result;
        result.limited.reserve(rig.jointCount());
        const Vec2 from = rig.rootPosition(pelvis);
        const Effector first{pelvis, from + Vec2{0, 1}, 1.0};
        solver->run(rig, defaultRequest(std::span<const Effector>(&first, 1)), result); // warm-up
        const long before = allocationCount();
        for (int move = 2; move <= 80; ++move) {
            const Effector e{pelvis, from + Vec2{std::sin(move * 0.2) * 30.0, static_cast<double>(move)}, 1.0};
            solver->run(rig, defaultRequest(std::span<const Effector>(&e, 1)), result);
        }
        QVERIFY2(allocationCount() == before, qPrintable(QString("allocated %1 times").arg(allocationCount() - before)));
    }

    // A pin's limb (pin_limbs.h) puts the pin back exactly wherever a legal pose of it reaches,
    // within the limits; where none does it refuses and leaves the limb as it was.
    void aPinsLimbPutsItBackExactly()
    {
        int placed = 0;
        for (int i = 0; i < cases(3000); ++i) {
            const std::uint64_t seed = 75000 + i;
            Engine rng(seed);
            RigOptions options;
            options.limits = i % 3 != 0;
            Rig rig = randomChain(rng, 3, options);
            if (rig.minAngle(2) == rig.maxAngle(2) || rig.minAngle(3) == rig.maxAngle(3))
                continue;
            QVERIFY(rig.setPinned(3, true).ok());
            QVERIFY(hasPinLimb(rig, 3));
            // The spot: where a random legal pose of the limb puts the pin; or beyond its reach.
            const auto world = forwardKinematics(rig);
            const bool reachable = i % 4 != 0;
            Rig posed = rig;
            posed.setAngleClamped(2, uniform(rng, rig.minAngle(2), rig.maxAngle(2)));
            posed.setAngleClamped(3, uniform(rng, rig.minAngle(3), rig.maxAngle(3)));
            const double reach = rig.length(2) + rig.length(3);
            const Vec2 spot = reachable ? forwardKinematics(posed)[3].position
                                        : world[1].position + Vec2{reach + uniform(rng, 1, 100), 0};
            const Rig before = rig;
            const bool ok = placePinLimb(rig, 3, world[1], spot);
            QVERIFY2(ok == reachable, seedMessage(seed, reachable ? "a reachable spot refused" : "an unreachable spot accepted"));
            QVERIFY2(rig.checkInvariants().empty(), seedMessage(seed, rig.checkInvariants()));
            if (ok) {
                ++placed;
                const Vec2 at = forwardKinematics(rig)[3].position;
                QVERIFY2(pinInPlace(at, spot, reach), seedMessage(seed, "the pin is not back"));
            } else {
                QVERIFY2(rig.pose(2) == before.pose(2) && rig.pose(3) == before.pose(3), seedMessage(seed, "a refused limb moved"));
            }
        }
        QVERIFY(placed > cases(3000) / 2);
    }
};

QTEST_APPLESS_MAIN(TestPinsAndRoots)
#include "tst_pins_and_roots.moc"
