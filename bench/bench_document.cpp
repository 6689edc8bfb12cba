// The editor's document under a pose drag, on rigs of 1k, 10k and 100k joints: a hub with limbs of
// ten bones, the first limb a fabrik chain. Goal (issue 17): a drag step (solve + undo command +
// forward kinematics) costs at most 1.5x the solve plus forward kinematics alone, measured in
// the same run; one drag's undo step on the 10k rig holds under 100 KB.
//   build/bench/bench_document --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "document.h"
#include "pose_command.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "std_text.h"
#include "bonework/solvers/solver.h"
#include "sample_rigs.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "run_benchmarks.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

using namespace bonework;
using namespace bonework::solvers;
using bonework::editor::Document;
using bonework::editor::PoseCommand;

namespace {

using testing::hubRig;
using bonework::testing::localPath;
constexpr int kLimbBones = testing::kHubLimbBones;

// The rig file of each size, written once.
QString benchFile(int joints)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hub-%1.rig.json").arg(joints));
    if (!QFileInfo::exists(path)) {
        std::string error;
        io::saveRigFile(hubRig(joints), localPath(path), &error);
    }
    return path;
}

// The rig as loaded from its file: the editor's rig and the floor's are laid out alike.
const Rig& benchRig(int joints)
{
    static std::map<int, Rig> cache;
    auto it = cache.find(joints);
    if (it == cache.end())
        it = cache.emplace(joints, *io::loadRigFile(localPath(benchFile(joints))).rig).first;
    return it->second;
}

// The document with the rig open, as the editor has it after File > Open.
std::unique_ptr<Document> openDocument(const Rig& rig)
{
    auto doc = std::make_unique<Document>();
    doc->files()->open(benchFile(static_cast<int>(rig.jointCount())));
    return doc;
}

// Targets the tip moves between, within reach of the ten-bone limb.
Vec2 dragTarget(std::int64_t step) { return {60.0 + 20.0 * (step % 2), 25.0 - 30.0 * ((step / 2) % 2)}; }

// One mouse move of a chain drag: solve in place, the merged undo step, forward kinematics
// for the canvas.
void BM_DocumentDragStep(benchmark::State& state)
{
    const Rig& rig = benchRig(static_cast<int>(state.range(0)));
    auto doc = openDocument(rig);
    std::vector<WorldTransform> world(rig.jointCount());
    doc->posing()->beginPose(kLimbBones);
    std::int64_t step = 0;
    for (auto _ : state) {
        const Vec2 t = dragTarget(step++);
        doc->posing()->poseTo(t.x, t.y);
        forwardKinematics(doc->rig(), world);
        benchmark::DoNotOptimize(world.data());
    }
    doc->posing()->endDrag();
    const auto* command = dynamic_cast<const PoseCommand*>(doc->undoStack()->command(doc->undoStack()->count() - 1));
    state.counters["undo_bytes"] = command ? static_cast<double>(command->change().bytes()) : -1.0;
    state.counters["joints"] = static_cast<double>(rig.jointCount());
}

// The floor: the same solve on a plain rig, plus forward kinematics, nothing else.
void BM_SolveAndForwardKinematics(benchmark::State& state)
{
    Rig rig = benchRig(static_cast<int>(state.range(0)));
    std::vector<WorldTransform> world(rig.jointCount());
    auto solver = makeSolver(SolverKind::Fabrik);
    std::int64_t step = 0;
    for (auto _ : state) {
        const Effector effector{kLimbBones, dragTarget(step++), 1.0};
        const SolveRequest request = chainRequest(rig.chains()[0], effector);
        SolveResult result;
        solver->run(rig, request, result);
        forwardKinematics(rig, world);
        benchmark::DoNotOptimize(world.data());
    }
}

// One whole drag of ten moves as the editor makes it, and the undo memory it leaves.
void BM_DocumentWholeDrag(benchmark::State& state)
{
    const Rig& rig = benchRig(static_cast<int>(state.range(0)));
    auto doc = openDocument(rig);
    std::vector<WorldTransform> world(rig.jointCount());
    double bytes = 0;
    for (auto _ : state) {
        doc->posing()->beginPose(kLimbBones);
        for (int i = 0; i < 10; ++i) {
            const Vec2 t = dragTarget(i);
            doc->posing()->poseTo(t.x, t.y);
            forwardKinematics(doc->rig(), world);
        }
        doc->posing()->endDrag();
        state.PauseTiming();
        const auto* command = dynamic_cast<const PoseCommand*>(doc->undoStack()->command(doc->undoStack()->count() - 1));
        bytes = command ? static_cast<double>(command->change().bytes()) : -1.0;
        doc->undo(); // back to the start, so every drag does the same work
        state.ResumeTiming();
    }
    state.counters["undo_bytes"] = bytes;
}

} // namespace

BENCHMARK(BM_DocumentDragStep)->Arg(1001)->Arg(10001)->Arg(100001)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SolveAndForwardKinematics)->Arg(1001)->Arg(10001)->Arg(100001)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DocumentWholeDrag)->Arg(1001)->Arg(10001)->Arg(100001)->Unit(benchmark::kMicrosecond);

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv); // the document's settings and undo stack need one
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("BoneworkBench");
    return bonework::bench::runBenchmarks(argc, argv);
}
