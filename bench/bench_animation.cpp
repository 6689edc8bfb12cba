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
// - Trail/N: a limited N-bone chain under fabrik whose keyed target circles for 4 s: binding the
//   clip and working out its chains' trail (ClipSampler, 241 frames at 60 Hz), per frame; then
//   sampling it once warm at 60 Hz (on the trail's frames) and at 1/7 s steps (between them);
//   beside it the floor, a fresh fabrik solve of the same target from the keyed pose (what a
//   sample cost before the trail).
#include "bonework/animation/clip_recorder.h"
#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/angles.h"
#include "bonework/solvers/solver.h"

#include "random_rigs.h"
#include "run_benchmarks.h"

#include <cmath>
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

// A limited chain of `bones` bones under fabrik, its target keyed once around a circle in 4 s.
struct FollowedChain {
    Rig setup;
    Clip clip;
};
FollowedChain followedChain(int bones)
{
    testing::Engine rng(static_cast<std::uint64_t>(bones) + 40);
    testing::RigOptions options;
    options.limits = true;
    FollowedChain c{testing::randomChain(rng, bones, options), {}};
    const double length = testing::chainReach(c.setup);
    const Vec2 centre = c.setup.rootPosition(0) + Vec2{0.5 * length, 0.0};
    Chain chain;
    chain.name = "limb";
    chain.root = 0;
    chain.tip = static_cast<JointIndex>(bones);
    chain.iterations = 20;
    chain.target.point = centre + Vec2{0.3 * length, 0.0};
    if (!c.setup.addChain(chain))
        std::abort();
    c.clip.name = "circle";
    c.clip.duration = 4.0;
    ChainTracks tracks{"limb", {}, {}};
    for (int k = 0; k <= 32; ++k) {
        const double a = 2.0 * kPi * k / 32.0;
        tracks.target.push_back({4.0 * k / 32.0, centre + Vec2{std::cos(a), std::sin(a)} * (0.3 * length), {}});
    }
    c.clip.chains.push_back(tracks);
    return c;
}

void BM_TrailBind(benchmark::State& state)
{
    const FollowedChain c = followedChain(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        ClipSampler sampler;
        sampler.bind(c.setup, c.clip);
        Rig pose = c.setup;
        sampler.sample(c.clip.duration, pose); // the whole trail
        benchmark::DoNotOptimize(pose);
    }
    state.counters["per_frame"] = benchmark::Counter(241.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_TrailBind)->ArgName("bones")->Arg(20)->Arg(100)->Unit(benchmark::kMillisecond);

void BM_TrailSample(benchmark::State& state)
{
    const FollowedChain c = followedChain(static_cast<int>(state.range(0)));
    ClipSampler sampler;
    sampler.bind(c.setup, c.clip);
    Rig pose = c.setup;
    sampler.sample(c.clip.duration, pose); // warm: the whole trail
    const double step = state.range(1) ? 1.0 / 7.0 : 1.0 / 60.0;
    double t = 0.0;
    for (auto _ : state) {
        sampler.sample(t, pose);
        benchmark::DoNotOptimize(pose);
        t += step;
        if (t > c.clip.duration)
            t -= c.clip.duration;
    }
}
BENCHMARK(BM_TrailSample)->ArgNames({"bones", "between"})->Args({20, 0})->Args({20, 1})->Args({100, 0})->Args({100, 1});

// The floor: a fresh fabrik solve from the keyed pose toward the sampled target.
void BM_TrailFloorFreshSolve(benchmark::State& state)
{
    const FollowedChain c = followedChain(static_cast<int>(state.range(0)));
    auto solver = solvers::makeSolver(SolverKind::Fabrik);
    const Chain& chain = c.setup.chains()[0];
    Rig pose = c.setup;
    double t = 0.0;
    for (auto _ : state) {
        pose = c.setup;
        const solvers::Effector effector{chain.tip, sampleTrack(c.clip.chains[0].target, t, chain.target.point), 1.0};
        solvers::SolveResult result;
        solver->run(pose, solvers::chainRequest(chain, effector), result);
        benchmark::DoNotOptimize(pose);
        t += 1.0 / 60.0;
        if (t > c.clip.duration)
            t -= c.clip.duration;
    }
}
BENCHMARK(BM_TrailFloorFreshSolve)->ArgName("bones")->Arg(20)->Arg(100);

} // namespace

int main(int argc, char** argv) { return bonework::bench::runBenchmarks(argc, argv); }
