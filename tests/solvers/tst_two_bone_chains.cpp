// Every chain solver on two-bone chains, against the closed form: the law of cosines computed
// independently, the legal pose nearest the target on a fine grid of the two angles, and ccd
// reaching every reachable target at once. Every failure names its seed.
#include "chain_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/two_bone_solver.h"
#include "bonework/vec2.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

class TestTwoBoneChains : public QObject {
    Q_OBJECT

private slots:
    // Plain CCD creeps, and stops short, when a two-bone arm has to fold toward a target near
    // its base; the law of cosines reaches every reachable target of a free two-bone chain, and
    // ccd now starts with it there: one iteration, not about 29 sweeps before the same finish.
    void ccdReachesEveryTargetOfAFreeTwoBoneChain()
    {
        auto s = makeSolver(SolverKind::Ccd);
        const int cases = scaled(1000);
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 78000000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            Rig rig = randomChain(rng, 2, RigOptions{});
            const Vec2 target = reachableTarget(rng, rig, 2);
            const SolveResult r = solve(*s, rig, 2, target, kNoJoint, 100, 0.01);
            QVERIFY2(r.reached, seedText(SolverKind::Ccd, seed, "missed a reachable target, error " + std::to_string(r.error)).c_str());
            // Two bones are solved by the law of cosines at once, not crawled toward.
            QVERIFY2(r.iterations == 1, seedText(SolverKind::Ccd, seed, std::to_string(r.iterations) + " iterations").c_str());
        }
    }

    // Without limits two-bone is the law of cosines, computed here independently (acos, atan2).
    void twoBoneMatchesClosedForm()
    {
        auto solver = makeSolver(SolverKind::TwoBone);
        const int cases = scaled(2000);
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 5500000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            Rig rig = randomChain(rng, 2);
            const double a = rig.length(1), b = rig.length(2);
            const Vec2 base = rig.rootPosition(0);
            Vec2 target;
            const int kind = i % 4;
            if (kind == 0)
                target = reachableTarget(rng, rig, 2);
            else if (kind == 1)
                target = unreachableTarget(rng, rig, 2);
            else { // inside the inner radius (or anywhere near the base)
                const double r = uniform(rng, 0.0, std::fabs(a - b));
                const double t = uniform(rng, -kPi, kPi);
                target = {base.x + r * std::cos(t), base.y + r * std::sin(t)};
            }
            const BendDirection bend = i % 2 ? BendDirection::Positive : BendDirection::Negative;
            Rig solved = rig;
            solve(*solver, solved, 2, target, kNoJoint, 1, 1e-9, bend);
            const double dx = target.x - base.x, dy = target.y - base.y;
            const double d = std::clamp(std::hypot(dx, dy), std::fabs(a - b), a + b);
            const double gamma = std::acos(std::clamp((a * a + b * b - d * d) / (2 * a * b), -1.0, 1.0));
            const double alpha = std::acos(std::clamp((a * a + d * d - b * b) / (2 * a * d), -1.0, 1.0));
            const double sign = bend == BendDirection::Positive ? 1.0 : -1.0;
            const double first = std::atan2(dy, dx) - sign * alpha;
            const double second = first + sign * (kPi - gamma);
            const Vec2 elbow{base.x + a * std::cos(first), base.y + a * std::sin(first)};
            const Vec2 tip{elbow.x + b * std::cos(second), elbow.y + b * std::sin(second)};
            const auto w = forwardKinematics(solved);
            // The elbow's angle is ill-conditioned at full stretch, so compare it where the
            // triangle is not degenerate; the tip always.
            const double thin = std::min(std::fabs(d - (a + b)), std::fabs(d - std::fabs(a - b)));
            if (thin > 1e-3)
                QVERIFY2(nearlyEqual(w[1].position, elbow, 1e-9), seedText(SolverKind::TwoBone, seed, "elbow").c_str());
            // The tip itself is exact whatever the triangle: on the line to the target, at the
            // clamped distance.
            const double h = std::hypot(dx, dy);
            const Vec2 expectedTip = h > 0.0 ? Vec2{base.x + dx / h * d, base.y + dy / h * d} : w[2].position;
            QVERIFY2(nearlyEqual(w[2].position, expectedTip, 1e-9), seedText(SolverKind::TwoBone, seed, "tip").c_str());
            if (thin > 1e-3)
                QVERIFY2(nearlyEqual(w[2].position, tip, 1e-9), seedText(SolverKind::TwoBone, seed, "tip vs acos").c_str());
            if (kind == 0)
                QVERIFY2(distance(w[2].position, target) <= 1e-9 * (a + b), seedText(SolverKind::TwoBone, seed, "missed").c_str());
            // The bend: bone 2 turns clockwise (positive angle) for Positive.
            if (thin > 1e-6)
                QVERIFY2(sign * solved.angle(2) > 0.0, seedText(SolverKind::TwoBone, seed, "bend").c_str());
        }
    }

    // Where an exact pose (either bend) keeps the limits, two-bone reaches the target: its
    // shortcut, which skips the exact poses when bone 2's angle breaks its limits in both bends,
    // never skips a legal one. One solver object for every rig, so that what it keeps of an arm
    // between solves is worked out again when the lengths and limits change.
    void twoBoneReachesWhereAnExactPoseIsLegal()
    {
        TwoBoneSolver solver;
        const int cases = scaled(3000);
        int legalExact = 0;
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 6700000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            RigOptions o;
            o.limits = true;
            Rig rig = randomChain(rng, 2, o);
            const double a = rig.length(1), b = rig.length(2);
            const Vec2 base = rig.rootPosition(0);
            const double r = uniform(rng, std::fabs(a - b) * 1.001, (a + b) * 0.999);
            const double t = uniform(rng, -kPi, kPi);
            const Vec2 target{base.x + r * std::cos(t), base.y + r * std::sin(t)};
            const BendDirection bend = i % 2 ? BendDirection::Positive : BendDirection::Negative;
            bool exactLegal = false;
            for (BendDirection exact : {BendDirection::Positive, BendDirection::Negative}) {
                const TwoBoneSolver::Angles angles = TwoBoneSolver::closedForm(base, rig.localRotation(0), a, b, target, exact,
                                                                               rig.localRotation(0) * rig.localRotation(1));
                const double margin = 1e-6; // degrees: clear of rounding at the limits
                exactLegal = exactLegal
                             || (angles.first >= rig.minAngle(1) + margin && angles.first <= rig.maxAngle(1) - margin
                                 && angles.second >= rig.minAngle(2) + margin && angles.second <= rig.maxAngle(2) - margin);
            }
            Rig solved = rig;
            const SolveResult result = solve(solver, solved, 2, target, kNoJoint, 1, 1e-9, bend);
            const std::string why = checkLegalPose(rig, solved);
            QVERIFY2(why.empty(), seedText(SolverKind::TwoBone, seed, why).c_str());
            if (exactLegal) {
                ++legalExact;
                QVERIFY2(result.error <= 1e-9 * (a + b),
                         seedText(SolverKind::TwoBone, seed, "an exact pose keeps the limits, yet error " + std::to_string(result.error)).c_str());
            }
        }
        QVERIFY(legalExact > cases / 10); // the property was tested, not skipped
    }

    // With limits two-bone returns the legal pose nearest the target: no legal pose on a fine
    // grid of the two angles may come closer (beyond the grid's own resolution). So do fabrik,
    // ccd and relax on two bones, in one iteration: they hand the two-bone problem to two-bone.
    void twoBoneNearestLegalPose()
    {
        const int cases = scaled(150);
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 6600000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            RigOptions o;
            o.limits = true;
            Rig rig = randomChain(rng, 2, o);
            const Vec2 target = i % 3 == 2 ? unreachableTarget(rng, rig, 2)
                                           : Vec2{rig.rootPosition(0).x + uniform(rng, -150, 150),
                                                  rig.rootPosition(0).y + uniform(rng, -150, 150)};
            SolveResult results[4];
            const SolverKind kinds[] = {SolverKind::TwoBone, SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Relax};
            for (int k = 0; k < 4; ++k) {
                auto solver = makeSolver(kinds[k]);
                Rig solved = rig;
                results[k] = solve(*solver, solved, 2, target, kNoJoint, 100, 1e-9,
                                   i % 2 ? BendDirection::Positive : BendDirection::Negative);
                const std::string why = checkLegalPose(rig, solved);
                QVERIFY2(why.empty(), seedText(kinds[k], seed, why).c_str());
                QVERIFY2(results[k].iterations == 1, seedText(kinds[k], seed, std::to_string(results[k].iterations) + " iterations").c_str());
            }
            const double a = rig.length(1), b = rig.length(2);
            const Rotation base = rig.localRotation(0);
            double bestGrid = 1e300;
            const int steps = 240;
            for (int u = 0; u <= steps; ++u) {
                const double t1 = rig.minAngle(1) + (rig.maxAngle(1) - rig.minAngle(1)) * u / steps;
                const Rotation w1 = base * Rotation::fromDegrees(t1);
                for (int v = 0; v <= steps; ++v) {
                    const double t2 = rig.minAngle(2) + (rig.maxAngle(2) - rig.minAngle(2)) * v / steps;
                    const Rotation w2 = w1 * Rotation::fromDegrees(t2);
                    const Vec2 tip = rig.rootPosition(0) + w1.direction() * a + w2.direction() * b;
                    bestGrid = std::min(bestGrid, distance(tip, target));
                }
            }
            // A grid step of at most 1.5 degrees moves the tip by at most (a + b) * 0.0262 * 2.
            for (int k = 0; k < 4; ++k)
                QVERIFY2(results[k].error <= bestGrid + 1e-9, seedText(kinds[k], seed,
                         "error " + std::to_string(results[k].error) + " worse than a grid pose's " + std::to_string(bestGrid)).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestTwoBoneChains)
#include "tst_two_bone_chains.moc"
