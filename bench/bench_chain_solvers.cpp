// Chain solvers (reach, fabrik, ccd, two-bone) on chains of 2, 10, 100 and 1000 bones, with and
// without limits, toward reachable, unreachable and moving targets; relax (the whole-skeleton
// solver) on the same chains alongside, to compare what it costs and gives.
//
//   reachable / unreachable: 64 seeded targets in turn; each solve starts from the pose the
//     previous one left (an animator clicking around), 100 iterations, tolerance 0.01.
//   moving: a circle inside the reach sampled at 120 Hz (one turn per 2 s), warm start,
//     20 iterations (reach: 1, its one pass per frame), tolerance 0.01; two turns from a pose
//     warmed up over one turn, repeated.
//
//   .../in-rig-of-20000: the same solve on a chain that is a small part of a big rig (19,997
//     more joints on a line off the root, one of them pinned): a limb's solve must cost the
//     limb, not the rig.
//
// Counters: iters (per solve), ns_per_bone_iter (time / (bones x iterations)), reach_rate
// (share of solves within the tolerance), step_deg (moving: mean over frames of the largest
// change of any bone's angle from one frame to the next). reach_rate and step_deg come from a
// fixed pass off the clock (every target twice), so they are the same on every run.
#include "random_rigs.h"
#include "sample_rigs.h"

#include "bonework/angles.h"
#include "bonework/solvers/solver.h"

#include "run_benchmarks.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

enum class Targets { Reachable, Unreachable, Moving };

const char* targetsName(Targets t)
{
    switch (t) {
    case Targets::Reachable: return "reachable";
    case Targets::Unreachable: return "unreachable";
    case Targets::Moving: return "moving";
    }
    return "";
}

void runChain(benchmark::State& state, SolverKind kind, int bones, bool limits, Targets targets, int rigJoints = 0)
{
    Engine rng(20261122u + static_cast<unsigned>(bones) * 7u + (limits ? 1u : 0u));
    RigOptions options;
    options.limits = limits;
    Rig rig = randomChain(rng, bones, options);
    const auto tip = static_cast<JointIndex>(bones);
    double length = 0.0;
    for (int j = 1; j <= bones; ++j)
        length += rig.length(j);

    std::vector<Vec2> points;
    const int frames = 240;
    if (targets == Targets::Moving) {
        const Vec2 base = rig.rootPosition(0);
        const Vec2 centre = base + Vec2{0.5 * length, 0.0};
        const double radius = 0.3 * length;
        for (int f = 0; f < frames; ++f) {
            const double t = 2.0 * kPi * f / frames;
            points.push_back(centre + Vec2{radius * std::cos(t), radius * std::sin(t)});
        }
    } else {
        for (int i = 0; i < 64; ++i)
            points.push_back(targets == Targets::Reachable ? reachableTarget(rng, rig, tip) : unreachableTarget(rng, rig, tip));
    }

    // The rest of a big rig: a line off the root after the chain's joints, pinned at its end;
    // added after the targets were drawn, so they are the same as on the chain alone.
    for (JointIndex p = 0, j = 0; static_cast<int>(rig.jointCount()) < rigJoints; p = j) {
        j = addBone(rig, "other" + std::to_string(rig.jointCount()), p, 1.0, 0.0);
        if (static_cast<int>(rig.jointCount()) == rigJoints)
            rig.setPinned(j, true);
    }
    auto solver = makeSolver(kind);
    Effector effector{tip, points.front(), 1.0};
    SolveRequest request;
    request.effectors = std::span<const Effector>(&effector, 1);
    request.iterations = targets == Targets::Moving ? (kind == SolverKind::Reach ? 1 : 20) : 100;
    request.tolerance = 0.01;
    SolveResult result;
    result.limited.reserve(rig.jointCount());
    if (auto why = solver->validate(rig, request); !why.empty()) {
        state.SkipWithError(why.c_str());
        return;
    }
    // Warm up: the moving target starts from a pose already on the circle.
    for (int i = 0; i < (targets == Targets::Moving ? frames : 1); ++i) {
        effector.target = points[static_cast<std::size_t>(i) % points.size()];
        solver->run(rig, request, result);
    }

    // Quality first, off the clock and over a fixed number of solves (two turns of the circle,
    // or the 64 targets twice over), from the warmed-up pose on a copy: reach rate and
    // frame-to-frame step then do not depend on how many solves the timing happens to run (on
    // long chains moving targets never settle into a repeating cycle).
    {
        Rig trial = rig;
        const std::size_t solves = 2 * points.size();
        std::size_t reachedCount = 0;
        double stepSum = 0.0;
        std::vector<double> before(trial.jointCount());
        for (std::size_t i = 0; i < solves; ++i) {
            effector.target = points[(targets == Targets::Moving ? i + frames : i) % points.size()];
            for (std::size_t j = 0; j < before.size(); ++j)
                before[j] = trial.angle(static_cast<JointIndex>(j));
            solver->run(trial, request, result);
            reachedCount += result.reached ? 1 : 0;
            double largest = 0.0;
            for (std::size_t j = 1; j < before.size(); ++j)
                largest = std::max(largest, std::fabs(angleDifference(before[j], trial.angle(static_cast<JointIndex>(j)))));
            stepSum += largest;
        }
        state.counters["reach_rate"] = benchmark::Counter(double(reachedCount) / double(solves));
        if (targets == Targets::Moving)
            state.counters["step_deg"] = benchmark::Counter(stepSum / double(solves));
    }

    // The timed solves go round the same targets. A moving target goes back to the warmed-up
    // pose every two turns, as in the pass above: on long chains the poses never settle into a
    // cycle, so an open-ended run would average over poses that depend on how long it ran (the
    // copy costs a few nanoseconds a solve on the longest chain).
    const Rig warmed = rig;
    const auto cycle = static_cast<long long>(2 * points.size());
    long long solves = 0, iterations = 0;
    std::size_t next = 0;
    for (auto _ : state) {
        if (targets == Targets::Moving && solves > 0 && solves % cycle == 0)
            rig = warmed;
        effector.target = points[next];
        next = next + 1 == points.size() ? 0 : next + 1;
        solver->run(rig, request, result);
        benchmark::DoNotOptimize(rig.localRotations().data());
        ++solves;
        iterations += result.iterations;
    }
    state.counters["iters"] = benchmark::Counter(double(iterations) / double(solves));
    // Seconds per bone-iteration, shown by the library with an SI prefix (n = nanoseconds).
    state.counters["ns_per_bone_iter"] = benchmark::Counter(double(bones) * double(std::max<long long>(iterations, 1)),
                                                            benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

} // namespace

int main(int argc, char** argv)
{
    for (SolverKind kind : {SolverKind::TwoBone, SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Reach, SolverKind::Relax}) {
        for (int bones : {2, 10, 100, 1000}) {
            if (kind == SolverKind::TwoBone && bones != 2)
                continue;
            for (bool limits : {false, true}) {
                for (Targets targets : {Targets::Reachable, Targets::Unreachable, Targets::Moving}) {
                    const std::string name = std::string(solverName(kind)) + "/" + std::to_string(bones) + "/"
                                             + (limits ? "limits" : "free") + "/" + targetsName(targets);
                    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { runChain(s, kind, bones, limits, targets); });
                }
            }
        }
    }
    for (SolverKind kind : {SolverKind::TwoBone, SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Reach}) {
        const std::string name = std::string(solverName(kind)) + "/2/free/reachable/in-rig-of-20000";
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { runChain(s, kind, 2, false, Targets::Reachable, 20000); });
    }
    return bonework::bench::runBenchmarks(argc, argv);
}
