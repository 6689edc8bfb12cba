// Property tests of the chain solvers (reach, fabrik, ccd, two-bone) over seeded random rigs and
// targets: legal poses, determinism, honest results, straight chains out of reach, reach rates.
// Every failure names its seed. BONEWORK_PROPERTY_SCALE (default 1) scales the case counts.
#include "chain_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/pin_limbs.h"
#include "bonework/solvers/solver.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

struct Case {
    Rig rig;
    JointIndex tip = kNoJoint;
    JointIndex root = kNoJoint;
    Vec2 target;
};

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

// Whether relax may turn bones above a pin of the case: a pin with a limb (pin_limbs.h) holds only
// itself under relax, so the part of the chain relax may move is larger than ChainPath's.
bool relaxMovesAbovePins(const Case& c, SolverKind kind)
{
    if (kind != SolverKind::Relax)
        return false;
    for (JointIndex j = 0; j < static_cast<JointIndex>(c.rig.jointCount()); ++j)
        if (hasPinLimb(c.rig, j))
            return true;
    return false;
}

} // namespace

class TestChainSolvers : public QObject {
    Q_OBJECT

private slots:
    // Every chain solver, thousands of random cases: legal pose with the fixed root and pins
    // unmoved, finite, deterministic, honest result.
    void legalAndDeterministic()
    {
        const int cases = scaled(1500);
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
                // limited: exactly the chain's movable joints that sit on a limit (not the full circle).
                ChainPath path;
                path.build(c.rig, c.root, c.tip);
                std::vector<JointIndex> expected;
                for (JointIndex j : path.movableJoints().subspan(1)) {
                    const bool fullCircle = solved.minAngle(j) <= -180.0 && solved.maxAngle(j) >= 180.0;
                    if (!fullCircle && (solved.angle(j) == solved.minAngle(j) || solved.angle(j) == solved.maxAngle(j)))
                        expected.push_back(j);
                }
                QVERIFY2(r.limited == expected, seedText(kind, seed, "limited joints misreported").c_str());
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

    // Out of reach of a chain without limits, the nearest pose is the (movable part of the)
    // chain straight at the target: fabrik, ccd, two-bone and relax end exactly there, so the
    // error is the target's distance from the movable part's base less its length. (reach
    // converges over frames, one pass each, by design, so it is not held to this.) The chain's
    // base is named: relax moves a free root otherwise, and would carry the chain on; and cases
    // where relax keeps a pin by its limb are left to tst_pins_and_roots.
    void freeChainsOutOfReachEndStraight()
    {
        const int cases = scaled(600);
        for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd, SolverKind::TwoBone, SolverKind::Relax}) {
            auto solver = makeSolver(kind);
            for (int i = 0; i < cases; ++i) {
                const std::uint64_t seed = 7000003ull * static_cast<std::uint64_t>(kind) + static_cast<std::uint64_t>(i);
                Engine rng(seed);
                const Case c = randomCase(rng, kind, i % 10 == 0 ? 100 : 20, false, i % 3 == 2 ? 0.15 : 0.0, 1);
                ChainPath path;
                path.build(c.rig, c.root, c.tip);
                if (path.movableBoneCount() == 0 || relaxMovesAbovePins(c, kind))
                    continue;
                Rig solved = c.rig;
                const SolveResult r = solve(*solver, solved, c.tip, c.target, fixedRoot(c), 100, 0.01);
                const std::vector<WorldTransform> world = forwardKinematics(solved);
                double length = 0.0;
                for (JointIndex j : path.movableJoints().subspan(1))
                    length += solved.length(j);
                const double expected = distance(world[path.movableJoints().front()].position, c.target) - length;
                QVERIFY2(std::fabs(r.error - expected) <= 1e-9 * (1.0 + expected),
                         seedText(kind, seed, "not straight at the target: error " + std::to_string(r.error) + ", best "
                                                  + std::to_string(expected)).c_str());
            }
        }
    }

    // relax out of reach on limited chains with a fixed base: when the limits let the movable
    // bones lie straight at the target, that pose is the answer (no pose comes nearer), found at
    // once; when they do not, the descent still runs and no answer claims to beat that bound.
    // (Without pins kept by their limbs: with them relax may move more than the chain's part.)
    void relaxOutOfReachStraightWhenTheLimitsAllow()
    {
        const int cases = scaled(600);
        auto solver = makeSolver(SolverKind::Relax);
        int straightCases = 0, bentCases = 0;
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 8100000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            Case c = randomCase(rng, SolverKind::Relax, 20, true, i % 3 == 2 ? 0.15 : 0.0, 1);
            ChainPath path;
            path.build(c.rig, c.root, c.tip);
            if (path.movableBoneCount() == 0 || relaxMovesAbovePins(c, SolverKind::Relax))
                continue;
            const std::span<const JointIndex> movable = path.movableJoints();
            // Half the cases: every bone below the first may lie straight (its range holds 0).
            if (i % 2 == 0)
                for (JointIndex j : movable.subspan(2))
                    c.rig.setLimits(j, std::min(c.rig.minAngle(j), 0.0), std::max(c.rig.maxAngle(j), 0.0));
            const std::vector<WorldTransform> before = forwardKinematics(c.rig);
            const WorldTransform base = before[movable.front()];
            const Vec2 toTarget = c.target - base.position;
            // The first bone's angle that points it at the target, in degrees from the base's.
            const double first = wrapDegrees(std::atan2(toTarget.y, toTarget.x) * kDegreesPerRadian - base.rotation.degrees());
            bool straightIsLegal = c.rig.minAngle(movable[1]) <= first && first <= c.rig.maxAngle(movable[1]);
            double length = 0.0;
            for (std::size_t k = 1; k < movable.size(); ++k) {
                length += c.rig.length(movable[k]);
                if (k >= 2)
                    straightIsLegal = straightIsLegal && c.rig.minAngle(movable[k]) <= 0.0 && c.rig.maxAngle(movable[k]) >= 0.0;
            }
            const double bound = distance(base.position, c.target) - length;
            QVERIFY2(bound > 0.0, seedText(SolverKind::Relax, seed, "the target is not out of reach").c_str());
            Rig solved = c.rig;
            const SolveResult r = solve(*solver, solved, c.tip, c.target, fixedRoot(c), 100, 0.01);
            QVERIFY2(r.error >= bound - 1e-9 * (1.0 + bound),
                     seedText(SolverKind::Relax, seed, "an answer nearer than any pose can be").c_str());
            if (straightIsLegal) {
                ++straightCases;
                QVERIFY2(std::fabs(r.error - bound) <= 1e-9 * (1.0 + bound) && r.iterations == 1,
                         seedText(SolverKind::Relax, seed, "not laid straight at once: error " + std::to_string(r.error)
                                                              + ", best " + std::to_string(bound) + ", iterations "
                                                              + std::to_string(r.iterations)).c_str());
            } else if (movable.size() >= 3 && std::all_of(movable.begin() + 1, movable.end() - 2,
                                   [&](JointIndex j) { return c.rig.minAngle(j) == c.rig.maxAngle(j); })) {
                // Only the last two bones can turn (any above them rigid): a two-bone limb,
                // posed in closed form (see relaxPosesTwoBoneLimbsExactly).
                QVERIFY2(r.iterations == 1, seedText(SolverKind::Relax, seed, "a two-bone limb took a descent").c_str());
            } else {
                ++bentCases;
                QVERIFY2(r.iterations > 1, seedText(SolverKind::Relax, seed, "no descent where the limits bend the chain").c_str());
            }
        }
        // Both kinds of case must have come up, or the test proves nothing.
        QVERIFY2(straightCases >= cases / 20 && bentCases >= cases / 20,
                 qPrintable(QString("straight %1, bent %2 of %3").arg(straightCases).arg(bentCases).arg(cases)));
    }

    // Reachable targets (FK of random legal angles) on chains of 2 to 20 bones, 100 iterations:
    // fabrik at least 99% without limits and 95% with. (With BONEWORK_PROPERTY_SCALE < 1 the
    // sample shrinks and the rates get noisier.)
    void reachRates_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<bool>("limits");
        QTest::addColumn<double>("goal");
        QTest::newRow("fabrik") << int(SolverKind::Fabrik) << false << 0.99;
        QTest::newRow("fabrik limits") << int(SolverKind::Fabrik) << true << 0.95;
        // No goals for ccd and reach; floors a little under today's rates (98.7 / 89.1 and
        // 99.4 / 91.8%) catch regressions.
        QTest::newRow("ccd") << int(SolverKind::Ccd) << false << 0.97;
        QTest::newRow("ccd limits") << int(SolverKind::Ccd) << true << 0.87;
        QTest::newRow("reach") << int(SolverKind::Reach) << false << 0.98;
        QTest::newRow("reach limits") << int(SolverKind::Reach) << true << 0.90;
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
