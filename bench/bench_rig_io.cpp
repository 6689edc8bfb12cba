// Loading (parse + validate + build the rig) and saving rig files of 1k, 10k and 100k joints.
// Goal: a 10k-joint file loads and validates in under 20 ms.
//   build/bench/bench_rig_io --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "bonework/io/rig_file.h"
#include "std_text.h"

#include "random_rigs.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <map>
#include <string>

using namespace bonework;
using bonework::testing::localPath;

namespace {

// A branching rig with limits, pins and a few chains, like an artist's rig but bigger.
Rig makeBenchRig(int joints)
{
    testing::Engine rng(static_cast<std::uint64_t>(joints));
    testing::RigOptions o;
    o.limits = true;
    o.pinChance = 0.05;
    Rig rig = testing::randomTree(rng, joints, o);
    rig.setName("bench");
    for (int c = 0; c < 8; ++c) {
        Chain chain;
        chain.name = "chain " + std::to_string(c);
        chain.tip = static_cast<JointIndex>(joints - 1 - c);
        chain.root = rig.parent(rig.parent(chain.tip));
        chain.solver = SolverKind::Fabrik;
        chain.target.point = {100.0 * c, 50.0};
        rig.addChain(chain);
    }
    return rig;
}

// Built once per size: the generator adds joints one by one through Rig::addJoint, whose
// duplicate-name scan makes a 100k-joint build take seconds.
const Rig& benchRig(int joints)
{
    static std::map<int, Rig> cache;
    auto it = cache.find(joints);
    if (it == cache.end())
        it = cache.emplace(joints, makeBenchRig(joints)).first;
    return it->second;
}

void setCounters(benchmark::State& state, int joints, qsizetype bytes)
{
    state.SetItemsProcessed(state.iterations() * joints);
    state.SetBytesProcessed(state.iterations() * bytes);
    // Seconds per joint, printed with an SI prefix: "1.6n" is 1.6 ns.
    state.counters["per_joint"] = benchmark::Counter(
        static_cast<double>(joints), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["file_bytes"] = static_cast<double>(bytes);
}

// parseRig: JSON parse, every check, parents-first order, Rig built through its checked edits.
void BM_LoadRig(benchmark::State& state)
{
    const int joints = static_cast<int>(state.range(0));
    const std::string json = io::serializeRig(benchRig(joints));
    for (auto _ : state) {
        io::LoadResult result = io::parseRig(json, "bench.json");
        if (!result.ok())
            state.SkipWithError("the benchmark rig did not load");
        benchmark::DoNotOptimize(result);
    }
    setCounters(state, joints, static_cast<qsizetype>(json.size()));
}
BENCHMARK(BM_LoadRig)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// The same with the file read from disk (page cache warm), as `bonework-cli validate` does.
void BM_LoadRigFile(benchmark::State& state)
{
    const int joints = static_cast<int>(state.range(0));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bench.json"));
    const std::string file = localPath(path);
    const Rig& rig = benchRig(joints);
    if (!io::saveRigFile(rig, file)) {
        state.SkipWithError("cannot write the benchmark file");
        return;
    }
    for (auto _ : state) {
        io::LoadResult result = io::loadRigFile(file);
        if (!result.ok())
            state.SkipWithError("the benchmark rig did not load");
        benchmark::DoNotOptimize(result);
    }
    setCounters(state, joints, QFile(path).size());
}
BENCHMARK(BM_LoadRigFile)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// serializeRig: the JSON text in memory.
void BM_SerializeRig(benchmark::State& state)
{
    const int joints = static_cast<int>(state.range(0));
    const Rig& rig = benchRig(joints);
    qsizetype bytes = 0;
    for (auto _ : state) {
        std::string json = io::serializeRig(rig);
        bytes = static_cast<qsizetype>(json.size());
        benchmark::DoNotOptimize(json);
    }
    setCounters(state, joints, bytes);
}
BENCHMARK(BM_SerializeRig)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// saveRigFile: serialise and write atomically (temporary file, fsync, rename).
void BM_SaveRigFile(benchmark::State& state)
{
    const int joints = static_cast<int>(state.range(0));
    const Rig& rig = benchRig(joints);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bench.json"));
    const std::string file = localPath(path);
    for (auto _ : state) {
        if (!io::saveRigFile(rig, file))
            state.SkipWithError("cannot write the benchmark file");
    }
    setCounters(state, joints, QFile(path).size());
}
BENCHMARK(BM_SaveRigFile)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
