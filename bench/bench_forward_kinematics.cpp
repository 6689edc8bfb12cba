// Forward kinematics of 1k, 10k and 100k-joint rigs. Goal: under 5 ns per joint.
//   build/bench/bench_forward_kinematics --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "bonework/forward_kinematics.h"

#include "random_rigs.h"

#include <benchmark/benchmark.h>

#include <map>
#include <utility>

using namespace bonework;

namespace {

enum Shape { Tree = 0, Line = 1 };

Rig makeBenchRig(int joints, Shape shape)
{
    testing::Engine rng(static_cast<std::uint64_t>(joints) * 2 + shape);
    testing::RigOptions o;
    o.limits = true;
    return shape == Tree ? testing::randomTree(rng, joints, o) : testing::randomChain(rng, joints - 1, o);
}

// Built once per size and shape (adding 100k joints one by one takes seconds).
const Rig& benchRig(int joints, Shape shape)
{
    static std::map<std::pair<int, int>, Rig> cache;
    const std::pair<int, int> key{joints, shape};
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.emplace(key, makeBenchRig(joints, shape)).first;
    return it->second;
}

// Items per second and seconds per joint, printed with an SI prefix: "1.6n" is 1.6 ns.
void countPerJoint(benchmark::State& state, int joints)
{
    state.SetItemsProcessed(state.iterations() * joints);
    state.counters["per_joint"] = benchmark::Counter(
        static_cast<double>(joints), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// One full pass into a caller-owned buffer: the solvers' and the editor's hot path.
void BM_ForwardKinematics(benchmark::State& state)
{
    const int joints = static_cast<int>(state.range(0));
    const Rig& rig = benchRig(joints, static_cast<Shape>(state.range(1)));
    std::vector<WorldTransform> world(rig.jointCount());
    for (auto _ : state) {
        forwardKinematics(rig, world);
        benchmark::DoNotOptimize(world.data());
        benchmark::ClobberMemory();
    }
    countPerJoint(state, joints);
}
BENCHMARK(BM_ForwardKinematics)
    ->ArgNames({"joints", "line"})
    ->ArgsProduct({{1000, 10000, 100000}, {Tree, Line}})
    ->Unit(benchmark::kMicrosecond);

// Posing then FK, as an editor frame does after a drag: every angle changes (cos/sin cached).
void BM_PoseAndForwardKinematics(benchmark::State& state)
{
    const int joints = static_cast<int>(state.range(0));
    Rig rig = benchRig(joints, Tree);
    std::vector<WorldTransform> world(rig.jointCount());
    double phase = 0.0;
    for (auto _ : state) {
        phase += 0.5;
        for (int j = 1; j < joints; ++j)
            rig.setAngleClamped(j, rig.angle(j) + (j % 2 ? phase : -phase) * 1e-3);
        forwardKinematics(rig, world);
        benchmark::DoNotOptimize(world.data());
        benchmark::ClobberMemory();
    }
    countPerJoint(state, joints);
}
BENCHMARK(BM_PoseAndForwardKinematics)->ArgName("joints")->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
