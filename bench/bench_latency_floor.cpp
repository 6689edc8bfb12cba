// The floor this machine puts under FABRIK in double precision, measured rather than argued.
//
// FABRIK's two passes are serial from bone to bone: each new joint position needs the distance
// to the one placed just before it, so every bone costs at least one square root and one
// division in a chain of dependent operations, twice per iteration. These benchmarks time that
// chain with nothing else: no limits, no convergence test, no rig, no per-solve work. Whatever a
// full FABRIK costs per bone per iteration, it cannot go below `BM_FabrikBarePasses`; if that
// row alone is above a goal, the goal cannot be met by FABRIK on this machine.
//
//   BM_DependentSqrt        one square root that waits for the previous one (ns per root)
//   BM_FabrikBarePasses/N   N bones, one backward and one forward pass per iteration, the step
//                           written the fastest way we know (root and division side by side);
//                           counter ns_per_bone_iter
//
// Run by hand: build/bench/bench_latency_floor --benchmark_repetitions=3
#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

namespace {

void BM_DependentSqrt(benchmark::State& state)
{
    double x = 2.0;
    for (auto _ : state) {
        // 1 + sqrt keeps the value away from 1, where nothing would change.
        for (int i = 0; i < 100; ++i)
            x = 1.0 + std::sqrt(x);
        benchmark::DoNotOptimize(x);
    }
    state.counters["ns_per_sqrt"] = benchmark::Counter(100.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_DependentSqrt);

// The point the distance `length` from `anchor` on the line toward `toward`. The root and the
// division run side by side: scale = sqrt(m2) * (length / m2).
struct Point {
    double x, y;
};
inline Point place(Point anchor, Point toward, double length)
{
    const double dx = toward.x - anchor.x;
    const double dy = toward.y - anchor.y;
    const double m2 = dx * dx + dy * dy;
    const double scale = std::sqrt(m2) * (length / m2);
    return {anchor.x + dx * scale, anchor.y + dy * scale};
}

void BM_FabrikBarePasses(benchmark::State& state)
{
    const auto bones = static_cast<std::size_t>(state.range(0));
    std::vector<Point> p(bones + 1);
    std::vector<double> length(bones + 1, 10.0);
    for (std::size_t i = 0; i <= bones; ++i)
        p[i] = {10.0 * static_cast<double>(i), 3.0 * std::sin(static_cast<double>(i))};
    // A target inside the reach, off the line, so every pass moves every joint.
    const Point target{0.6 * 10.0 * static_cast<double>(bones), 0.3 * 10.0 * static_cast<double>(bones)};
    const Point base{0.0, 0.0};
    for (auto _ : state) {
        // Backward: the tip onto the target, each joint dragged after the one below it. The
        // joint just placed stays in registers, as in the real solver: only the old positions,
        // which no step waits for, come from memory.
        Point next = target;
        p[bones] = next;
        for (std::size_t i = bones; i-- > 0;) {
            next = place(next, p[i], length[i + 1]);
            p[i] = next;
        }
        // Forward: the base back in place, each joint after the one above it.
        Point previous = base;
        p[0] = previous;
        for (std::size_t i = 0; i < bones; ++i) {
            previous = place(previous, p[i + 1], length[i + 1]);
            p[i + 1] = previous;
        }
        benchmark::DoNotOptimize(p.data());
    }
    state.counters["ns_per_bone_iter"] = benchmark::Counter(static_cast<double>(bones),
                                                            benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_FabrikBarePasses)->Arg(10)->Arg(100)->Arg(1000);

} // namespace

BENCHMARK_MAIN();
