// Whole-skeleton solvers: relax with several effectors and follow, on a spider (8 legs of 3
// bones), a humanoid (19 joints, limited elbows and knees) and a random 2000-joint tree;
// reachable, unreachable and moving targets (circles sampled at 120 Hz, warm start) on each.
// Counters: iterations, ns per bone per iteration, reach rate, frame-to-frame angle change.
// Iterations, reach rate and turns come from a fixed pass off the clock (128 target sets; two
// turns of the circles), so they are the same on every run; the timed solves repeat that pass.
#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"

#include "random_rigs.h"
#include "sample_rigs.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include <chrono>
#include <cmath>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

Rig humanoid()
{
    Rig rig;
    JointDesc pelvis;
    pelvis.name = "pelvis";
    pelvis.position = {600, 420};
    pelvis.angle = -90;
    rig.addJoint(pelvis);
    const JointIndex spine = addBone(rig, "spine", 0, 60, 0, -30, 30);
    const JointIndex chest = addBone(rig, "chest", spine, 60, 0, -20, 20);
    const JointIndex neck = addBone(rig, "neck", chest, 20, 0, -30, 30);
    addBone(rig, "head", neck, 30, 0, 0, 0);
    for (int side : {-1, 1}) {
        const JointIndex clavicle = addBone(rig, side < 0 ? "clavicle_l" : "clavicle_r", chest, 25, side * 90.0, side * 90.0, side * 90.0);
        const JointIndex elbow = addBone(rig, side < 0 ? "elbow_l" : "elbow_r", clavicle, 70, side * 80.0, -170, 170);
        const JointIndex hand = addBone(rig, side < 0 ? "hand_l" : "hand_r", elbow, 65, side * 10.0, side < 0 ? -150 : 0, side < 0 ? 0 : 150);
        (void)hand;
        const JointIndex hip = addBone(rig, side < 0 ? "hip_l" : "hip_r", 0, 20, side * 90.0 + 180 * (side < 0), -180, 180);
        const JointIndex knee = addBone(rig, side < 0 ? "knee_l" : "knee_r", hip, 90, -side * 90.0, -180, 180);
        const JointIndex foot = addBone(rig, side < 0 ? "foot_l" : "foot_r", knee, 85, 0, side < 0 ? -150 : 0, side < 0 ? 0 : 150);
        addBone(rig, side < 0 ? "toe_l" : "toe_r", foot, 20, side * 90.0, side * 90.0 - 45, side * 90.0 + 45);
    }
    // addBone returns kNoJoint for a bone the rig refuses; a benchmark of a smaller rig than
    // the one described would mislead, so stop instead.
    if (rig.jointCount() != 19) {
        std::fprintf(stderr, "the benchmark humanoid has %zu joints, not 19\n", rig.jointCount());
        std::abort();
    }
    return rig;
}

// The humanoid's hands and feet, the usual effectors of a whole-body pose.
std::vector<JointIndex> handsAndFeet(const Rig& rig)
{
    return {rig.findJoint("hand_l"), rig.findJoint("hand_r"), rig.findJoint("foot_l"), rig.findJoint("foot_r")};
}

// The spider's eight feet.
std::vector<JointIndex> spiderFeet(const Rig& rig)
{
    std::vector<JointIndex> feet;
    for (int leg = 0; leg < 8; ++leg)
        feet.push_back(rig.findJoint("leg" + std::to_string(leg) + "c"));
    return feet;
}

// Effector joints and reachable targets: the joints' positions in a random legal pose.
void pickEffectors(const Rig& rig, std::vector<JointIndex> joints, Engine& rng, std::vector<Effector>& out)
{
    Rig posed = rig;
    randomizeAngles(rng, posed);
    const auto w = forwardKinematics(posed);
    out.clear();
    for (JointIndex j : joints)
        out.push_back({j, w[j].position, 1.0});
}

// Bones of the rig (every joint but the roots): the ns-per-bone-iteration counters divide by it.
double boneCount(const Rig& rig) { return static_cast<double>(rig.jointCount() - rig.rootCount()); }

// 128 target sets drawn once, solved in turn, each from the rest pose. The counters come from a
// pass over all of them off the clock, so they are the same on every run; the timed solves go
// round the same sets.
void relaxStatic(benchmark::State& state, Rig rig, std::vector<JointIndex> joints, bool reachable)
{
    Engine rng(42);
    auto solver = makeSolver(SolverKind::Relax);
    SolveResult result;
    std::vector<std::vector<Effector>> sets(128);
    for (std::vector<Effector>& effectors : sets) {
        pickEffectors(rig, joints, rng, effectors);
        if (!reachable)
            for (Effector& e : effectors)
                e.target = unreachableTarget(rng, rig, e.joint);
    }
    SolveRequest r;
    r.iterations = 100;
    r.tolerance = 0.01;
    Rig work; // assigned rather than made afresh: reuses its buffers
    double passIterations = 0;
    int reached = 0;
    for (const std::vector<Effector>& effectors : sets) {
        work = rig;
        r.effectors = effectors;
        solver->run(work, r, result);
        passIterations += result.iterations;
        reached += result.reached;
    }
    double iterations = 0, timed = 0;
    std::size_t next = 0;
    // Timed by hand around the solve alone: every solve starts from a fresh copy of the rest
    // pose, and pausing the benchmark's own timer for that costs microseconds of its own.
    for (auto _ : state) {
        work = rig;
        r.effectors = sets[next];
        next = next + 1 == sets.size() ? 0 : next + 1;
        const auto begin = std::chrono::steady_clock::now();
        solver->run(work, r, result);
        const auto end = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(end - begin).count();
        state.SetIterationTime(seconds);
        timed += seconds;
        iterations += result.iterations;
    }
    // Per bone and iteration over the hand-timed seconds (rate counters would divide the
    // loop's whole CPU time, copies included).
    state.counters["ns_per_bone_iteration"] = timed / (std::max(iterations, 1.0) * boneCount(rig));
    state.counters["iterations"] = passIterations / static_cast<double>(sets.size());
    state.counters["reach_rate"] = reached / static_cast<double>(sets.size());
}

void BM_RelaxHumanoid4(benchmark::State& state)
{
    const Rig rig = humanoid();
    relaxStatic(state, rig, handsAndFeet(rig), state.range(0) != 0);
}
BENCHMARK(BM_RelaxHumanoid4)->Arg(1)->Arg(0)->ArgName("reachable")->UseManualTime()->Unit(benchmark::kMicrosecond);

// The humanoid as a small part of a big rig (a 20,000-joint prop in a tree of its own, as in a
// game scene held in one rig): a solve must cost the skeleton it moves, not the rig.
Rig humanoidInRigOf20000()
{
    Rig rig = humanoid();
    JointDesc prop;
    prop.name = "prop";
    JointIndex last = kNoJoint;
    rig.addJoint(prop, &last);
    while (rig.jointCount() < 20000)
        last = addBone(rig, "prop" + std::to_string(rig.jointCount()), last, 1.0, 0.0);
    return rig;
}

void BM_RelaxHumanoid4InRigOf20000(benchmark::State& state)
{
    const Rig rig = humanoidInRigOf20000();
    relaxStatic(state, rig, handsAndFeet(rig), true);
}
BENCHMARK(BM_RelaxHumanoid4InRigOf20000)->UseManualTime()->Unit(benchmark::kMicrosecond);

void BM_RelaxSpider8(benchmark::State& state)
{
    const Rig rig = spider();
    relaxStatic(state, rig, spiderFeet(rig), state.range(0) != 0);
}
BENCHMARK(BM_RelaxSpider8)->Arg(1)->Arg(0)->ArgName("reachable")->UseManualTime()->Unit(benchmark::kMicrosecond);

void BM_RelaxRandomTree2000(benchmark::State& state)
{
    Engine rng(7);
    RigOptions options;
    options.limits = true;
    const Rig rig = randomTree(rng, 2000, options);
    relaxStatic(state, rig, {1999, 1500, 1000, 700}, state.range(0) != 0);
}
BENCHMARK(BM_RelaxRandomTree2000)->Arg(1)->Arg(0)->ArgName("reachable")->UseManualTime()->Unit(benchmark::kMicrosecond);

// Targets circling at 120 Hz, each solve starting from the last pose (as while dragging): each
// effector's target circles a centre (radius 40, one turn in about 3 s), the k-th a k/n of a
// turn behind the first, as feet step in turn. The centre is the joint's starting position,
// moved the fraction `inward` of the way to its tree's root: limbs at rest are often stretched
// out, and a circle around the tip of a stretched limb lies half out of its reach.
void moving(benchmark::State& state, SolverKind kind, Rig rig, const std::vector<JointIndex>& joints, double inward = 0.0)
{
    auto solver = makeSolver(kind);
    SolveResult result;
    const std::vector<WorldTransform> start = forwardKinematics(rig);
    std::vector<Effector> effectors;
    std::vector<Vec2> centres;
    for (JointIndex j : joints) {
        effectors.push_back({j, start[j].position, 1.0});
        const Vec2 root = start[rig.rootOf(j)].position;
        centres.push_back(start[j].position + (root - start[j].position) * inward);
    }
    const auto placeTargets = [&](int frame) {
        const double t = frame / 120.0;
        for (std::size_t k = 0; k < effectors.size(); ++k) {
            const double phase = t * 2.0 - 2.0 * kPi * static_cast<double>(k) / static_cast<double>(effectors.size());
            effectors[k].target = {centres[k].x + 40 * std::cos(phase), centres[k].y + 40 * std::sin(phase)};
        }
    };
    SolveRequest r;
    r.effectors = effectors;
    r.tolerance = 0.01;
    // Warm up: one turn of the circles, so that the first frame measured starts from a pose on
    // them, not from the rest pose (the move there would count as the largest turn).
    const int turn = static_cast<int>(std::ceil(120.0 * kPi)); // frames per turn
    r.iterations = 30;
    for (int frame = 0; frame < turn; ++frame) {
        placeTargets(frame);
        solver->run(rig, r, result);
    }
    const Rig warmed = rig;
    // Quality off the clock, over a fixed two turns from the warmed-up pose: the counters do
    // not depend on how many solves the timing runs (on some rigs the poses never settle into
    // a repeating cycle). The timed solves repeat the same two turns from the same pose.
    double passIterations = 0, maxTurn = 0, sumTurn = 0;
    int reached = 0;
    std::vector<double> before(rig.jointCount());
    for (int frame = 0; frame < 2 * turn; ++frame) {
        placeTargets(turn + frame);
        for (std::size_t i = 0; i < rig.jointCount(); ++i)
            before[i] = rig.angle(static_cast<JointIndex>(i));
        solver->run(rig, r, result);
        double largest = 0;
        for (std::size_t i = 0; i < rig.jointCount(); ++i)
            if (!rig.isRoot(static_cast<JointIndex>(i)))
                largest = std::max(largest, std::fabs(angleDifference(before[i], rig.angle(static_cast<JointIndex>(i)))));
        maxTurn = std::max(maxTurn, largest);
        sumTurn += largest;
        passIterations += result.iterations;
        reached += result.reached;
    }
    double iterations = 0;
    int frame = 2 * turn;
    for (auto _ : state) {
        if (frame == 2 * turn) {
            state.PauseTiming();
            rig = warmed;
            frame = 0;
            state.ResumeTiming();
        }
        placeTargets(turn + frame++);
        solver->run(rig, r, result);
        iterations += result.iterations;
    }
    const double frames = 2.0 * turn;
    // Seconds per bone-iteration over the timed solves, shown with an SI prefix (n = ns).
    state.counters["ns_per_bone_iteration"] =
        benchmark::Counter(iterations * boneCount(rig), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["iterations"] = passIterations / frames;
    state.counters["reach_rate"] = reached / frames;
    state.counters["max_turn_deg"] = maxTurn;
    state.counters["mean_turn_deg"] = sumTurn / frames;
}

void BM_RelaxHumanoidMovingHand(benchmark::State& state)
{
    const Rig rig = humanoid();
    moving(state, SolverKind::Relax, rig, {rig.findJoint("hand_r")});
}
BENCHMARK(BM_RelaxHumanoidMovingHand)->Unit(benchmark::kMicrosecond);

// Hands and feet circling together, a quarter of a turn apart.
void BM_RelaxHumanoid4Moving(benchmark::State& state)
{
    const Rig rig = humanoid();
    moving(state, SolverKind::Relax, rig, handsAndFeet(rig), 0.3);
}
BENCHMARK(BM_RelaxHumanoid4Moving)->Unit(benchmark::kMicrosecond);

// All eight feet circling, an eighth of a turn apart (a walk of sorts).
void BM_RelaxSpider8Moving(benchmark::State& state)
{
    const Rig rig = spider();
    moving(state, SolverKind::Relax, rig, spiderFeet(rig), 0.3);
}
BENCHMARK(BM_RelaxSpider8Moving)->Unit(benchmark::kMicrosecond);

void BM_RelaxRandomTree2000Moving(benchmark::State& state)
{
    Engine rng(7);
    RigOptions options;
    options.limits = true;
    moving(state, SolverKind::Relax, randomTree(rng, 2000, options), {1999, 1500, 1000, 700}, 0.3);
}
BENCHMARK(BM_RelaxRandomTree2000Moving)->Unit(benchmark::kMicrosecond);

void BM_FollowHumanoidMovingHand(benchmark::State& state)
{
    const Rig rig = humanoid();
    moving(state, SolverKind::Follow, rig, {rig.findJoint("hand_r")});
}
BENCHMARK(BM_FollowHumanoidMovingHand)->Unit(benchmark::kMicrosecond);

void BM_FollowHumanoidMovingHandInRigOf20000(benchmark::State& state)
{
    const Rig rig = humanoidInRigOf20000();
    moving(state, SolverKind::Follow, rig, {rig.findJoint("hand_r")});
}
BENCHMARK(BM_FollowHumanoidMovingHandInRigOf20000)->Unit(benchmark::kMicrosecond);

void BM_FollowRandomTree2000(benchmark::State& state)
{
    Engine rng(9);
    RigOptions options;
    options.limits = true;
    moving(state, SolverKind::Follow, randomTree(rng, 2000, options), {1999});
}
BENCHMARK(BM_FollowRandomTree2000)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
