// Compare Solvers over seeded random chains: every solver that accepts the chain is compared and
// no other, each outcome is the very solve that solver makes on its own (figures and joints),
// every pose is legal, the input rig is left alone, a start pose is honoured, and a warm
// comparison allocates nothing. Every failure names its seed.
#include "counting_allocator.h"
#include "chain_solver_support.h"
#include "pose_checks.h"
#include "random_rigs.h"

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_comparison.h"

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

std::string seedText(std::uint64_t seed, const std::string& what) { return "seed " + std::to_string(seed) + ": " + what; }

// A rig with one chain (index 0): a line of bones, now and then hanging below other bones, with
// a side branch, limits and pins at times, a second tree to attach the target to, and a random
// solver (two-bone only where the chain is two bones long).
Rig randomCase(Engine& rng)
{
    RigOptions o;
    o.limits = uniformInt(rng, 0, 1) == 1;
    o.pinChance = uniformInt(rng, 0, 3) == 0 ? 0.1 : 0.0;
    const int bones = uniformInt(rng, 0, 2) == 0 ? 2 : uniformInt(rng, 1, 12);
    const int above = uniformInt(rng, 0, 1) == 0 ? 0 : uniformInt(rng, 1, 3);
    Rig rig = randomChain(rng, bones + above, o);
    const auto from = static_cast<JointIndex>(uniformInt(rng, above, bones + above));
    rig.addJoint(randomBone(rng, "side", from, o));
    JointIndex other = kNoJoint;
    rig.addJoint(randomRoot(rng, "other"), &other);
    rig.addJoint(randomBone(rng, "handle", other, o));

    Chain chain;
    chain.name = "limb";
    chain.root = static_cast<JointIndex>(above);
    chain.tip = static_cast<JointIndex>(above + bones);
    do {
        chain.solver = kAllSolvers[uniformInt(rng, 0, static_cast<int>(std::size(kAllSolvers)) - 1)];
    } while (chain.solver == SolverKind::TwoBone && bones != 2);
    chain.iterations = uniformInt(rng, 1, 40);
    chain.tolerance = uniformInt(rng, 0, 3) == 0 ? 0.0 : uniform(rng, 0.001, 2.0);
    chain.bend = uniformInt(rng, 0, 1) == 0 ? BendDirection::Positive : BendDirection::Negative;
    switch (uniformInt(rng, 0, 2)) {
    case 0: chain.target.point = reachableTarget(rng, rig, chain.tip); break;
    case 1: chain.target.point = unreachableTarget(rng, rig, chain.tip); break;
    default: chain.target.joint = other + 1; break; // rides on the other tree's bone
    }
    if (!rig.addChain(chain).ok())
        qFatal("the test built a chain the rig refuses");
    return rig;
}

// The solve the comparison claims for `kind`, made directly on a copy of `from`.
struct DirectSolve {
    Rig rig;
    SolveResult result;
    std::string refusal;
};

DirectSolve solveDirectly(const Rig& from, SolverKind kind)
{
    DirectSolve d{from, {}, {}};
    const Chain& chain = from.chains()[0];
    const Vec2 target = chain.target.isAttached() ? worldTransformOf(from, chain.target.joint).position : chain.target.point;
    const Effector effector{chain.tip, target, 1.0};
    const SolveRequest request = chainRequest(chain, effector);
    auto solver = makeSolver(kind);
    d.refusal = solver->validate(d.rig, request);
    if (d.refusal.empty())
        solver->run(d.rig, request, d.result);
    return d;
}

bool samePoses(const Rig& a, const Rig& b)
{
    if (a.jointCount() != b.jointCount())
        return false;
    for (std::size_t i = 0; i < a.jointCount(); ++i)
        if (!(a.pose(static_cast<JointIndex>(i)) == b.pose(static_cast<JointIndex>(i))))
            return false;
    return true;
}

// Checks the comparison of chain 0 of `rig` against direct solves from `startRig` (the rig with
// the start applied); returns what is wrong, or empty.
std::string checkAgainstDirectSolves(const SolverComparison& comparison, const Rig& startRig)
{
    const Chain& chain = startRig.chains()[0];
    std::size_t next = 0;
    int currents = 0;
    for (SolverKind kind : kAllSolvers) {
        const DirectSolve direct = solveDirectly(startRig, kind);
        if (!direct.refusal.empty()) {
            for (const SolverOutcome& o : comparison.outcomes())
                if (o.kind == kind)
                    return std::string(solverName(kind)) + " refuses the chain but was compared";
            continue;
        }
        if (next >= comparison.outcomes().size() || comparison.outcomes()[next].kind != kind)
            return std::string(solverName(kind)) + " accepts the chain but is missing (or out of order)";
        const SolverOutcome& o = comparison.outcomes()[next++];
        const std::string name(solverName(kind));
        if (o.current != (kind == chain.solver))
            return name + ": wrongly marked current or not";
        currents += o.current ? 1 : 0;
        if (o.error != direct.result.error || o.iterations != direct.result.iterations || o.reached != direct.result.reached)
            return name + ": figures differ from a direct solve (error " + std::to_string(o.error) + " vs "
                   + std::to_string(direct.result.error) + ", iterations " + std::to_string(o.iterations) + " vs "
                   + std::to_string(direct.result.iterations) + ")";
        if (!(o.micros >= 0.0) || !std::isfinite(o.micros))
            return name + ": time is not a finite number >= 0";
        const JointIndex root = chain.root;
        if (auto why = checkLegalPose(startRig, direct.rig, std::span<const JointIndex>(&root, 1)); !why.empty())
            return name + ": illegal pose: " + why;
        ChainPath path;
        path.build(startRig, chain.root, chain.tip);
        if (o.joints.size() != path.joints().size())
            return name + ": " + std::to_string(o.joints.size()) + " joints for a chain of " + std::to_string(path.joints().size());
        const auto world = forwardKinematics(direct.rig);
        for (std::size_t k = 0; k < o.joints.size(); ++k) {
            const JointIndex j = path.joints()[k];
            if (!nearlyEqual(o.joints[k], world[static_cast<std::size_t>(j)].position, 1e-12))
                return name + ": joint " + startRig.jointName(j) + " is not where a direct solve puts it";
            if (k > 0 && std::fabs(distance(o.joints[k - 1], o.joints[k]) - startRig.length(j)) > 1e-9 * (1.0 + startRig.length(j)))
                return name + ": the ghost's bone " + startRig.jointName(j) + " changed length";
        }
    }
    if (next != comparison.outcomes().size())
        return "more outcomes than solvers that accept the chain";
    if (currents != 1)
        return "the chain's own solver is not the one outcome marked current";
    return {};
}

} // namespace

class TestSolverComparison : public QObject {
    Q_OBJECT

private slots:
    // The comparison from the rig's own pose: every accepting solver, the same solve as a direct
    // one, legal poses, the input rig unchanged, the same outcomes when compared again.
    void matchesDirectSolves()
    {
        SolverComparison comparison;
        const int cases = scaled(400);
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 91000000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            const Rig rig = randomCase(rng);
            const Rig before = rig;
            comparison.compare(rig, 0);
            QVERIFY2(!comparison.startedFromStart(), seedText(seed, "claims a start it was not given").c_str());
            QVERIFY2(rig == before && samePoses(rig, before), seedText(seed, "the input rig changed").c_str());
            const std::string why = checkAgainstDirectSolves(comparison, rig);
            QVERIFY2(why.empty(), seedText(seed, why).c_str());

            // Compared again (warm solvers, reused buffers): the very same outcomes.
            std::vector<SolverOutcome> first(comparison.outcomes().begin(), comparison.outcomes().end());
            std::vector<Vec2> firstJoints;
            for (const SolverOutcome& o : first)
                firstJoints.insert(firstJoints.end(), o.joints.begin(), o.joints.end());
            comparison.compare(rig, 0);
            QVERIFY2(comparison.outcomes().size() == first.size(), seedText(seed, "a second comparison differs").c_str());
            std::size_t at = 0;
            for (std::size_t k = 0; k < first.size(); ++k) {
                const SolverOutcome& o = comparison.outcomes()[k];
                QVERIFY2(o.kind == first[k].kind && o.error == first[k].error && o.iterations == first[k].iterations,
                         seedText(seed, "a second comparison differs").c_str());
                for (Vec2 p : o.joints)
                    QVERIFY2(p == firstJoints[at++], seedText(seed, "a second comparison moved a ghost").c_str());
            }
        }
    }

    // With a start (the pose last saved): the chain's movable bones start at their angles there,
    // clamped into today's limits; bones above a pin, the root and everything else stay as the
    // rig has them.
    void startsFromTheGivenPose()
    {
        SolverComparison comparison;
        const int cases = scaled(300);
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 92000000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            const Rig rig = randomCase(rng);
            Rig saved = rig;
            randomizeAngles(rng, saved);
            comparison.compare(rig, 0, &saved);
            QVERIFY2(comparison.startedFromStart(), seedText(seed, "ignored a start that fits").c_str());

            Rig startRig = rig;
            const Chain& chain = rig.chains()[0];
            ChainPath path;
            path.build(rig, chain.root, chain.tip);
            for (JointIndex j : path.movableJoints().subspan(1))
                startRig.setAngleClamped(j, saved.angle(j));
            const std::string why = checkAgainstDirectSolves(comparison, startRig);
            QVERIFY2(why.empty(), seedText(seed, why).c_str());
        }
    }

    // A start with another skeleton (joints added since it was saved) is not used.
    void ignoresAStartThatDoesNotFit()
    {
        Engine rng(93000000ull);
        const Rig rig = randomCase(rng);
        Rig other = rig;
        other.removeJoint(static_cast<JointIndex>(rig.jointCount() - 1));
        SolverComparison comparison;
        comparison.compare(rig, 0, &other);
        QVERIFY(!comparison.startedFromStart());
        QCOMPARE(checkAgainstDirectSolves(comparison, rig), std::string());
    }

    // No chain, no outcomes.
    void noChainNoOutcomes()
    {
        Engine rng(94000000ull);
        const Rig rig = randomCase(rng);
        SolverComparison comparison;
        comparison.compare(rig, 0);
        QVERIFY(!comparison.outcomes().empty());
        comparison.compare(rig, 1);
        QVERIFY(comparison.outcomes().empty());
        comparison.compare(rig, -1);
        QVERIFY(comparison.outcomes().empty());
    }

    // Warm (the same rig size and chain), a comparison toward a moved target allocates nothing:
    // it runs on every pose change of the selected chain.
    void warmComparisonAllocatesNothing()
    {
        for (int i = 0; i < scaled(40); ++i) {
            const std::uint64_t seed = 95000000ull + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            Rig rig = randomCase(rng);
            Rig saved = rig;
            randomizeAngles(rng, saved);
            SolverComparison comparison;
            Chain chain = rig.chains()[0];
            // Warmed up on a few targets near and far (a solver grows some buffers only on
            // the paths that need them), then measured on one more.
            for (int k = 0; k < 6; ++k) {
                chain.target = ChainTarget{k == 0 ? unreachableTarget(rng, rig, chain.tip) : reachableTarget(rng, rig, chain.tip), kNoJoint};
                rig.setChain(0, chain);
                comparison.compare(rig, 0, &saved);
            }
            chain.target = ChainTarget{reachableTarget(rng, rig, chain.tip), kNoJoint};
            rig.setChain(0, chain);
            const long long before = allocationCount();
            comparison.compare(rig, 0, &saved);
            QVERIFY2(allocationCount() - before == 0, seedText(seed, "a warm comparison allocated").c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestSolverComparison)
#include "tst_solver_comparison.moc"
