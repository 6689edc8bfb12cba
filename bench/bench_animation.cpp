// Animation sampling and baking (core/bonework/animation). Floors in the same run: forward
// kinematics of the same rig (sampling ends with it in every player), so a sample's cost reads
// as a ratio to one FK pass.
//   build/bench/bench_animation --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// - Sample/humanoid: the example humanoid (19 joints), every joint keyed with Bezier curves and
//   its four chains holding toward keyed targets: what a game pays per character per frame.
// - Sample/tree/N: a random N-joint tree, every joint keyed, no chains: interpolation alone,
//   with Bezier curves (solving each curve's time) or linear ones.
// - Bake/humanoid/10s@60: recording 600 sampled frames of that clip and reducing them to 0.1 px
//   (what exporting a clip with chains does, and Record).
#include "bonework/animation/clip_recorder.h"
#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"

#include "random_rigs.h"
#include "run_benchmarks.h"

#include <cstdio>
#include <cstdlib>

using namespace bonework;
using namespace bonework::animation;

namespace {

// Every joint keyed at `keys` times over `duration`: angles across each joint's limits (Bezier
// ease-in-out), roots swaying; every chain's target keyed around where it is.
Clip everyJointKeyed(const Rig& rig, int keys, double duration, std::uint64_t seed, bool bezier = true)
{
    testing::Engine rng(seed);
    Clip clip;
    clip.name = "bench";
    clip.duration = duration;
    const Curve ease = bezier ? Curve::bezier(0.42, 0, 0.58, 1) : Curve{};
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        JointTracks t;
        t.joint = rig.jointName(j);
        for (int k = 0; k < keys; ++k) {
            const double time = duration * k / (keys - 1);
            if (rig.isRoot(j)) {
                t.x.push_back({time, rig.rootPosition(j).x + testing::uniform(rng, -20, 20), ease});
                t.rotation.push_back({time, rig.angle(j) + testing::uniform(rng, -10, 10), ease});
            } else {
                const double lo = rig.minAngle(j), hi = rig.maxAngle(j);
                t.angle.push_back({time, testing::uniform(rng, lo + 0.25 * (hi - lo), hi - 0.25 * (hi - lo)), ease});
            }
        }
        clip.joints.push_back(std::move(t));
    }
    for (const Chain& c : rig.chains()) {
        ChainTracks t;
        t.chain = c.name;
        for (int k = 0; k < keys; ++k)
            t.target.push_back({duration * k / (keys - 1),
                                c.target.point + Vec2{testing::uniform(rng, -15, 15), testing::uniform(rng, -15, 15)}, ease});
        clip.chains.push_back(std::move(t));
    }
    return clip;
}

Rig exampleHumanoid()
{
    const io::LoadResult r = io::loadRigFile(BONEWORK_SOURCE_DIR "/resources/examples/humanoid.rig.json");
    if (!r.ok()) {
        std::fprintf(stderr, "%s\n", r.error.toString().c_str());
        std::abort();
    }
    return *r.rig;
}

void perJoint(benchmark::State& state, std::size_t joints)
{
    state.counters["per_joint"] = benchmark::Counter(static_cast<double>(joints),
                                                     benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void sampleLoop(benchmark::State& state, const Rig& setup, const Clip& clip, bool withForwardKinematics)
{
    ClipSampler sampler;
    if (const std::string why = sampler.bind(setup, clip); !why.empty()) {
        state.SkipWithError(why.c_str());
        return;
    }
    Rig pose = setup;
    std::vector<WorldTransform> world(setup.jointCount());
    double t = 0.0;
    for (auto _ : state) {
        sampler.sample(t, pose);
        if (withForwardKinematics)
            forwardKinematics(pose, world);
        benchmark::DoNotOptimize(world.data());
        benchmark::DoNotOptimize(pose);
        t += 1.0 / 60.0;
        if (t > clip.duration)
            t -= clip.duration;
    }
    perJoint(state, setup.jointCount());
}

void BM_SampleHumanoid(benchmark::State& state)
{
    static const Rig setup = exampleHumanoid();
    static const Clip clip = everyJointKeyed(setup, 9, 4.0, 1);
    sampleLoop(state, setup, clip, state.range(0) != 0);
}
BENCHMARK(BM_SampleHumanoid)->ArgName("with_fk")->Arg(0)->Arg(1);

void BM_SampleTree(benchmark::State& state)
{
    const auto joints = static_cast<int>(state.range(0));
    testing::Engine rng(static_cast<std::uint64_t>(joints));
    testing::RigOptions options;
    options.limits = true;
    const Rig setup = testing::randomTree(rng, joints, options);
    const Clip clip = everyJointKeyed(setup, 9, 4.0, 2, state.range(2) != 0);
    sampleLoop(state, setup, clip, state.range(1) != 0);
}
BENCHMARK(BM_SampleTree)->ArgNames({"joints", "with_fk", "bezier"})->Args({1000, 0, 1})->Args({1000, 1, 1})->Args({1000, 0, 0});

// The floor: one forward-kinematics pass of the same rigs.
void BM_ForwardKinematicsFloor(benchmark::State& state)
{
    const auto joints = static_cast<int>(state.range(0));
    Rig rig;
    if (joints == 19) {
        rig = exampleHumanoid();
    } else {
        testing::Engine rng(static_cast<std::uint64_t>(joints));
        testing::RigOptions options;
        options.limits = true;
        rig = testing::randomTree(rng, joints, options);
    }
    std::vector<WorldTransform> world(rig.jointCount());
    for (auto _ : state) {
        forwardKinematics(rig, world);
        benchmark::DoNotOptimize(world.data());
    }
    perJoint(state, rig.jointCount());
}
BENCHMARK(BM_ForwardKinematicsFloor)->ArgName("joints")->Arg(19)->Arg(1000);

void BM_BakeHumanoid10sAt60(benchmark::State& state)
{
    static const Rig setup = exampleHumanoid();
    static const Clip clip = everyJointKeyed(setup, 21, 10.0, 3);
    std::size_t keys = 0;
    for (auto _ : state) {
        ClipSampler sampler;
        sampler.bind(setup, clip);
        Rig pose = setup;
        ClipRecorder recorder(setup);
        for (int f = 0; f <= 600; ++f) {
            sampler.sample(f / 60.0, pose);
            recorder.capture(f / 60.0, pose);
        }
        const Clip baked = recorder.finish("baked", 0.1);
        keys = 0;
        for (const JointTracks& t : baked.joints)
            keys += t.angle.size() + t.x.size() + t.y.size() + t.rotation.size();
        benchmark::DoNotOptimize(keys);
    }
    state.counters["keys_kept"] = static_cast<double>(keys);
}
BENCHMARK(BM_BakeHumanoid10sAt60)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) { return bonework::bench::runBenchmarks(argc, argv); }
