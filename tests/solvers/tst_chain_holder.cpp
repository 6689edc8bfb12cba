// Chains that hold (ChainHolder) over seeded random rigs: after other joints are edited or
// dragged, every chain is solved again in chain order exactly as its own solver would, its tip
// back on a reachable target, the pose legal and only the chains' joints changed; mix blends
// angles; a target attached to a joint sees what earlier chains did; chains a drag solves
// itself are left alone; within a motion each chain is told its last target; a warm hold
// allocates nothing. Every failure names its seed.
#include "chain_solver_support.h"
#include "counting_allocator.h"
#include "pose_checks.h"
#include "random_rigs.h"
#include "tree_solver_support.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_holder.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

// The joints a chain's solve may turn: below its root, down to its tip.
std::vector<JointIndex> movableOf(const Rig& rig, const Chain& c)
{
    std::vector<JointIndex> joints;
    for (JointIndex j = c.tip; j != c.root; j = rig.parent(j))
        joints.push_back(j);
    return joints;
}

bool atOrAbove(const Rig& rig, JointIndex a, JointIndex j) { return a == j || rig.isAncestor(a, j); }

// Adds up to `wanted` chains (2 to 5 bones) that leave each other alone: no chain turns a joint
// at or above another's root, so each can reach what it could reach alone, in any order.
void addIndependentChains(Engine& rng, Rig& rig, int wanted)
{
    const int n = static_cast<int>(rig.jointCount());
    for (int attempt = 0; attempt < 60 && static_cast<int>(rig.chains().size()) < wanted; ++attempt) {
        Chain c;
        c.tip = uniformInt(rng, 1, n - 1);
        c.root = c.tip;
        int bones = 0;
        for (const int up = uniformInt(rng, 2, 5); bones < up && !rig.isRoot(c.root); ++bones)
            c.root = rig.parent(c.root);
        if (bones < 2)
            continue;
        const std::vector<JointIndex> mine = movableOf(rig, c);
        bool independent = true;
        for (const Chain& other : rig.chains()) {
            const std::vector<JointIndex> theirs = movableOf(rig, other);
            for (JointIndex j : mine)
                independent = independent && !atOrAbove(rig, j, other.root) && !atOrAbove(rig, j, other.tip);
            for (JointIndex j : theirs)
                independent = independent && !atOrAbove(rig, j, c.root) && !atOrAbove(rig, j, c.tip);
        }
        if (!independent)
            continue;
        const SolverKind twoBones[] = {SolverKind::TwoBone, SolverKind::Relax, SolverKind::Fabrik, SolverKind::Ccd};
        const SolverKind longer[] = {SolverKind::Relax, SolverKind::Fabrik, SolverKind::Ccd};
        c.solver = bones == 2 ? twoBones[rng() % 4] : longer[rng() % 3];
        c.name = "chain" + std::to_string(rig.chains().size());
        c.iterations = 200;
        c.tolerance = 0.01;
        c.bend = rng() % 2 ? BendDirection::Positive : BendDirection::Negative;
        c.target.point = forwardKinematics(rig)[static_cast<std::size_t>(c.tip)].position;
        QVERIFY(rig.addChain(c));
    }
}

std::vector<unsigned char> chainJointMarks(const Rig& rig)
{
    std::vector<unsigned char> marks(rig.jointCount(), 0);
    for (const Chain& c : rig.chains())
        for (JointIndex j : movableOf(rig, c))
            marks[static_cast<std::size_t>(j)] = 1;
    return marks;
}

// A limited two-bone arm hanging from `root` (a new root joint at `at`), pointing along +x.
JointIndex addArm(Rig& rig, const char* prefix, Vec2 at)
{
    JointDesc root;
    root.name = std::string(prefix) + "_root";
    root.position = at;
    JointIndex r = kNoJoint, elbow = kNoJoint, hand = kNoJoint;
    rig.addJoint(root, &r);
    JointDesc d;
    d.name = std::string(prefix) + "_elbow";
    d.parent = r;
    d.length = 60;
    d.angle = 20;
    d.minAngle = -150;
    d.maxAngle = 150;
    rig.addJoint(d, &elbow);
    d.name = std::string(prefix) + "_hand";
    d.parent = elbow;
    d.angle = -40;
    d.minAngle = -160;
    d.maxAngle = 160;
    rig.addJoint(d, &hand);
    return hand;
}

Chain armChain(const Rig& rig, const char* name, JointIndex hand)
{
    Chain c;
    c.name = name;
    c.tip = hand;
    c.root = rig.parent(rig.parent(hand));
    c.solver = SolverKind::TwoBone;
    c.target.point = forwardKinematics(rig)[static_cast<std::size_t>(hand)].position;
    return c;
}

} // namespace

class TestChainHolder : public QObject {
    Q_OBJECT
private slots:
    // Other joints move (a root dragged, angles edited); the hold then does exactly what each
    // chain's own solver does, one after the other in chain order, and nothing else: only
    // the chains' joints change, every pose is legal, two-bone and relax chains reach every
    // reachable target.
    void holdSolvesEachChainInOrder_data()
    {
        QTest::addColumn<bool>("limits");
        QTest::newRow("free") << false;
        QTest::newRow("limited") << true;
    }
    void holdSolvesEachChainInOrder()
    {
        QFETCH(bool, limits);
        ChainHolder holder;
        int exactChains = 0, exactReached = 0, iterativeChains = 0, iterativeReached = 0;
        for (int i = 0; i < cases(600); ++i) {
            const std::uint64_t seed = 8100 + static_cast<std::uint64_t>(i) + (limits ? 50000 : 0);
            Engine rng(seed);
            Rig rig = randomTree(rng, uniformInt(rng, 8, 40), {limits});
            addIndependentChains(rng, rig, 3);
            if (rig.chains().empty())
                continue;
            const std::vector<unsigned char> inChain = chainJointMarks(rig);
            // The edit: the root moves and turns, every joint outside the chains takes a new angle.
            rig.setRootPosition(0, rig.rootPosition(0) + Vec2{uniform(rng, -80, 80), uniform(rng, -80, 80)});
            rig.setRootRotation(0, uniform(rng, -180, 180));
            for (std::size_t j = 1; j < rig.jointCount(); ++j)
                if (!inChain[j])
                    rig.setAngleClamped(static_cast<JointIndex>(j), uniform(rng, rig.minAngle(static_cast<JointIndex>(j)),
                                                                            rig.maxAngle(static_cast<JointIndex>(j))));
            // Targets the chains can reach from where the edit left their bases; the chains
            // themselves start from another legal pose.
            for (std::size_t c = 0; c < rig.chains().size(); ++c) {
                Rig posed = rig;
                for (JointIndex j : movableOf(rig, rig.chains()[c]))
                    posed.setAngleClamped(j, uniform(rng, rig.minAngle(j), rig.maxAngle(j)));
                const JointIndex tip = rig.chains()[c].tip;
                QVERIFY(rig.setChainTarget(static_cast<int>(c), {forwardKinematics(posed)[static_cast<std::size_t>(tip)].position, kNoJoint}));
            }
            const Rig before = rig;
            Rig expected = rig;
            for (const Chain& c : expected.chains()) {
                const Effector e{c.tip, c.target.point, 1.0};
                SolveResult result;
                makeSolver(c.solver)->run(expected, chainRequest(c, e), result);
            }
            QCOMPARE(holder.hold(rig), static_cast<int>(rig.chains().size()));
            QVERIFY2(rig == expected, seedMessage(seed, "the hold differs from solving each chain in order"));
            const std::string legal = checkLegalPose(before, rig);
            QVERIFY2(legal.empty(), seedMessage(seed, legal));
            std::vector<JointIndex> held;
            ChainHolder::appendHeldJoints(before, held);
            for (std::size_t j = 0; j < rig.jointCount(); ++j) {
                const auto joint = static_cast<JointIndex>(j);
                if (!(rig.pose(joint) == before.pose(joint)))
                    QVERIFY2(std::binary_search(held.begin(), held.end(), joint),
                             seedMessage(seed, "joint " + rig.jointName(joint) + " changed outside the chains"));
            }
            const auto world = forwardKinematics(rig);
            for (std::size_t c = 0; c < rig.chains().size(); ++c) {
                const Chain& chain = rig.chains()[c];
                const double error = norm(world[static_cast<std::size_t>(chain.tip)].position - chain.target.point);
                QVERIFY2(std::fabs(error - holder.results()[c].error) < 1e-6, seedMessage(seed, "reported error"));
                const bool exact = chain.solver == SolverKind::TwoBone || chain.solver == SolverKind::Relax;
                (exact ? exactChains : iterativeChains) += 1;
                (exact ? exactReached : iterativeReached) += error <= chain.tolerance ? 1 : 0;
            }
        }
        qInfo("two-bone and relax chains reached %d of %d, fabrik and ccd %d of %d", exactReached, exactChains,
              iterativeReached, iterativeChains);
        QVERIFY(exactChains > 100 && iterativeChains > 100);
        QCOMPARE(exactReached, exactChains);
    }

    // mix 0 leaves the chain alone; a mix between takes every joint that part of the way from
    // its unsolved angle to its solved one (the short way round on free joints).
    void mixBlendsTheSolvedPose()
    {
        ChainHolder holder;
        for (int i = 0; i < cases(800); ++i) {
            const std::uint64_t seed = 9300 + static_cast<std::uint64_t>(i);
            Engine rng(seed);
            const int bones = uniformInt(rng, 2, 6);
            Rig rig = randomChain(rng, bones, {rng() % 2 == 0});
            Chain c;
            c.name = "c";
            c.root = 0;
            c.tip = static_cast<JointIndex>(bones);
            c.solver = bones == 2 && rng() % 2 ? SolverKind::TwoBone : SolverKind::Fabrik;
            c.iterations = 50;
            c.target.point = reachableTarget(rng, rig, c.tip);
            c.mix = uniform(rng, 0.0, 1.0);
            QVERIFY(rig.addChain(c));
            Rig full = rig;
            Chain solidly = c;
            solidly.mix = 1.0;
            QVERIFY(full.setChain(0, solidly));
            ChainHolder fullHolder;
            fullHolder.hold(full);
            const Rig before = rig;
            holder.hold(rig);
            QVERIFY2(checkLegalPose(before, rig).empty(), seedMessage(seed, checkLegalPose(before, rig)));
            for (JointIndex j = 1; j <= bones; ++j) {
                const double from = before.angle(j), to = full.angle(j);
                double turn = to - from;
                if (rig.rotationLimits(j).free)
                    turn = std::remainder(turn, 360.0);
                const double expected = std::remainder(from + c.mix * turn - rig.angle(j), 360.0);
                QVERIFY2(std::fabs(expected) < 1e-9, seedMessage(seed, "joint " + std::to_string(j) + " is not blended by the mix"));
            }
            Chain off = c;
            off.mix = 0.0;
            QVERIFY(rig.setChain(0, off));
            const Rig unheld = rig;
            QCOMPARE(holder.hold(rig), 0);
            QVERIFY(!holder.results()[0].held);
            QVERIFY2(rig == unheld, seedMessage(seed, "a chain with mix 0 moved"));
        }
    }

    // A chain whose target rides on a joint another chain moves reaches for where that joint
    // is after the other chain's turn, when it comes later; before it, for where it was.
    void attachedTargetSeesEarlierChains()
    {
        Rig rig;
        const JointIndex leader = addArm(rig, "a", {0, 0});
        const JointIndex follower = addArm(rig, "b", {40, 30});
        QVERIFY(rig.addChain(armChain(rig, "lead", leader)));
        Chain follow = armChain(rig, "follow", follower);
        follow.target = {{}, leader};
        QVERIFY(rig.addChain(follow));
        QVERIFY(rig.setChainTarget(0, {{70, 40}, kNoJoint}));
        const Vec2 leaderBefore = forwardKinematics(rig)[static_cast<std::size_t>(leader)].position;

        ChainHolder holder;
        Rig inOrder = rig;
        holder.hold(inOrder);
        auto world = forwardKinematics(inOrder);
        QVERIFY(norm(world[static_cast<std::size_t>(leader)].position - Vec2{70, 40}) < 1e-9);
        QVERIFY(norm(world[static_cast<std::size_t>(follower)].position - Vec2{70, 40}) < 1e-9);

        Rig reversed = rig;
        QVERIFY(reversed.moveChain(1, 0));
        QCOMPARE(reversed.chains()[0].name, std::string("follow"));
        holder.hold(reversed);
        world = forwardKinematics(reversed);
        QVERIFY(norm(world[static_cast<std::size_t>(follower)].position - leaderBefore) < 1e-9);
        QVERIFY(norm(world[static_cast<std::size_t>(leader)].position - Vec2{70, 40}) < 1e-9);
    }

    // moveChain is a rotation: the chains between keep their order; bad indices are refused.
    void moveChainKeepsTheOthersInOrder()
    {
        Rig rig;
        for (const char* name : {"a", "b", "c", "d"}) {
            const JointIndex hand = addArm(rig, name, {0, 0});
            QVERIFY(rig.addChain(armChain(rig, name, hand)));
        }
        const auto names = [&] {
            std::string s;
            for (const Chain& c : rig.chains())
                s += c.name;
            return s;
        };
        QVERIFY(rig.moveChain(0, 2));
        QCOMPARE(names(), std::string("bcad"));
        QVERIFY(rig.moveChain(3, 0));
        QCOMPARE(names(), std::string("dbca"));
        QVERIFY(rig.moveChain(1, 1));
        QCOMPARE(names(), std::string("dbca"));
        QVERIFY(!rig.moveChain(-1, 0));
        QVERIFY(!rig.moveChain(0, 4));
        QCOMPARE(names(), std::string("dbca"));
    }

    // A drag that solves a chain itself (its tip or target dragged) leaves that chain out.
    void chainsADragSolvesAreLeftOut()
    {
        Rig rig;
        const JointIndex a = addArm(rig, "a", {0, 0});
        const JointIndex b = addArm(rig, "b", {300, 0});
        QVERIFY(rig.addChain(armChain(rig, "a", a)));
        QVERIFY(rig.addChain(armChain(rig, "b", b)));
        QVERIFY(rig.setChainTarget(0, {{50, 50}, kNoJoint}));
        QVERIFY(rig.setChainTarget(1, {{350, 50}, kNoJoint}));
        ChainHolder holder;
        Rig skipped = rig;
        QCOMPARE(holder.hold(skipped, 0), 1);
        QVERIFY(skipped.pose(a) == rig.pose(a) && skipped.pose(rig.parent(a)) == rig.pose(rig.parent(a)));
        QVERIFY(!(skipped.pose(b) == rig.pose(b)));
        Rig dragged = rig;
        const JointIndex draggedTips[] = {b};
        QCOMPARE(holder.hold(dragged, -1, draggedTips), 1);
        QVERIFY(dragged.pose(b) == rig.pose(b));
        QVERIFY(!(dragged.pose(a) == rig.pose(a)));
    }

    // Within a motion each hold tells a chain's solver the target of its last hold
    // (Effector::previousTarget), so it follows as in a drag: the poses are those of the
    // solver told so, frame by frame. Outside a motion, and after it ends, a hold is told
    // nothing: the pose depends on the rig alone.
    void aMotionTellsEachChainItsLastTarget()
    {
        const std::uint64_t seed = 97000003; // a chain that the last target leads elsewhere
        Engine rng(seed);
        RigOptions o;
        o.limits = true;
        Rig rig = randomChain(rng, 10, o);
        Chain c;
        c.name = "tail";
        c.tip = 10;
        c.root = 0;
        c.solver = SolverKind::Fabrik;
        c.iterations = 20;
        c.target.point = forwardKinematics(rig)[10].position;
        QVERIFY(rig.addChain(c));
        Rig byHand = rig;
        Rig untold = rig; // the same solver told nothing
        bool differs = false;
        auto solver = makeSolver(SolverKind::Fabrik);
        double reach = 0.0;
        for (JointIndex j = 1; j <= 10; ++j)
            reach += rig.length(j);
        const Vec2 centre = rig.rootPosition(0) + Vec2{0.5 * reach, 0.0};
        const auto targetAt = [&](int frame) {
            const double t = 2.0 * kPi * frame / 240.0;
            return centre + Vec2{std::cos(t), std::sin(t)} * (0.3 * reach);
        };
        const auto samePose = [&] {
            for (JointIndex j = 1; j <= 10; ++j)
                if (rig.angle(j) != byHand.angle(j))
                    return false;
            return true;
        };
        const auto where = [&](const char* when, int frame) {
            return seedText(SolverKind::Fabrik, seed, std::string(when) + ", frame " + std::to_string(frame) + ": not the told solver's pose");
        };
        ChainHolder holder;
        holder.beginMotion();
        for (int frame = 0; frame < 480; ++frame) {
            QVERIFY(rig.setChainTarget(0, {targetAt(frame), kNoJoint}));
            holder.hold(rig);
            const std::optional<Vec2> previous = frame > 0 ? std::optional(targetAt(frame - 1)) : std::nullopt;
            solve(*solver, byHand, 10, targetAt(frame), 0, 20, c.tolerance, c.bend, previous);
            QVERIFY2(samePose(), where("in the motion", frame).c_str());
            solve(*solver, untold, 10, targetAt(frame), 0, 20, c.tolerance, c.bend);
            for (JointIndex j = 1; j <= 10; ++j)
                differs = differs || untold.angle(j) != byHand.angle(j);
        }
        // Otherwise a hold that told nothing would pass too.
        QVERIFY2(differs, seedText(SolverKind::Fabrik, seed, "told or not, the same poses").c_str());
        holder.endMotion();
        QVERIFY(rig.setChainTarget(0, {targetAt(481), kNoJoint}));
        holder.hold(rig);
        solve(*solver, byHand, 10, targetAt(481), 0, 20, c.tolerance, c.bend);
        QVERIFY2(samePose(), where("after it", 481).c_str());
    }

    // Once warm, holding the figure's chains while its pelvis is dragged allocates nothing.
    void aWarmHoldAllocatesNothing()
    {
        Rig rig = figure();
        for (const char* tip : {"handL", "handR", "footL", "footR"}) {
            Chain c;
            c.name = tip;
            c.tip = rig.findJoint(tip);
            c.root = rig.parent(rig.parent(c.tip));
            c.solver = SolverKind::Fabrik;
            c.target.point = forwardKinematics(rig)[static_cast<std::size_t>(c.tip)].position;
            QVERIFY(rig.addChain(c));
        }
        QVERIFY(rig.setChain(1, [&] { Chain c = rig.chains()[1]; c.solver = SolverKind::Relax; c.mix = 0.5; return c; }()));
        ChainHolder holder;
        const auto drag = [&] {
            for (int frame = 0; frame < 200; ++frame) {
                rig.setRootPositionUnchecked(0, {400 + 20 * std::sin(frame * 0.1), 400 + 15 * std::cos(frame * 0.07)});
                holder.hold(rig);
            }
        };
        drag(); // warms the solvers' buffers up
        const long long before = allocationCount();
        drag();
        QCOMPARE(allocationCount(), before);
        // Nor in a motion (the drag's frames in the editor), once it has met these chains.
        holder.beginMotion();
        drag();
        holder.endMotion();
        const long long warm = allocationCount();
        holder.beginMotion();
        drag();
        holder.endMotion();
        QCOMPARE(allocationCount(), warm);
    }
};

QTEST_GUILESS_MAIN(TestChainHolder)
#include "tst_chain_holder.moc"
