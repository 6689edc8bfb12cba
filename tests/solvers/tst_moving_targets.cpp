// fabrik, ccd and relax under a moving target, warm-started (each solve from the pose the last
// one left, told the last frame's target as the editor's drags are: Effector::previousTarget):
// limited chains of 10, 100 and 1000 bones follow seeded targets that move less than 2% of the
// chain's reach per frame (a circle inside the reach, and a sway: the tip of a legal pose whose
// angles sway smoothly within their limits), 20 iterations a frame, relax with the chain's base
// held (request.root = 0, as bench_peers runs it). No joint turns by more than 10 degrees from one
// frame to the next (the solvers keep a followed frame within 8), and the share of frames that
// reach their target is at least what it was before they learnt to keep still (fabrik, ccd: when
// fabrik refolded the chain, 175 degrees from one frame to the next; its 1000-bone circle still
// reaches less, see the QEXPECT_FAIL) or, for relax, what it reached when its rows were added.
// The bound holds on 168 more seeded chains per solver (84 circles, 84 sways), where the reach
// told is at least the same solver's told nothing, less 2 points. Every failure names its seed.
// BONEWORK_PROPERTY_SCALE (default 1) scales the number of chains and frames.
#include "chain_solver_support.h"
#include "random_rigs.h"

#include "bonework/angles.h"
#include "bonework/bone_aim.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

// Crossing: a circle that leaves the chain's reach and comes back (centred 0.75 of the reach
// out, radius 0.4).
enum class Path { Circle, Sway, Crossing };

constexpr int kFramesPerTurn = 240; // a turn of the circle in 2 s at 120 Hz
constexpr int kIterations = 20;     // per frame, as in the benchmarks' moving rows
constexpr double kMaxTurnDegrees = 10.0;
constexpr double kReachMargin = 0.02; // share of frames, see followSmoothlyOnMoreSeeds

struct Followed {
    double worstTurn = 0.0; // degrees, any joint, one frame to the next
    int worstFrame = -1;
    double fastestTarget = 0.0; // the largest move of the target in one frame, share of the reach
    int frames = 0;
    int reached = 0;
};

// The targets of one path for `rig` (whose pose the path may set: the sway starts on it), one a
// frame: `warmUp` frames to settle on the path first, then `frames` measured.
std::vector<Vec2> pathFor(Engine& rng, Rig& rig, Path path, int warmUp, int frames)
{
    const auto tip = static_cast<JointIndex>(rig.jointCount() - 1);
    const double length = chainReach(rig);
    const Vec2 base = rig.rootPosition(0);
    std::vector<Vec2> targets;
    if (path == Path::Circle || path == Path::Crossing) {
        // Centred half the reach out in a seeded direction, radius 0.3 of the reach (crossing:
        // 0.75 out, radius 0.4, a third of the way round beyond the reach).
        const double heading = uniform(rng, -kPi, kPi);
        const bool crossing = path == Path::Crossing;
        const Vec2 centre = base + Vec2{std::cos(heading), std::sin(heading)} * ((crossing ? 0.75 : 0.5) * length);
        for (int f = 0; f < warmUp + frames; ++f) {
            const double t = 2.0 * kPi * f / kFramesPerTurn;
            targets.push_back(centre + Vec2{std::cos(t), std::sin(t)} * ((crossing ? 0.4 : 0.3) * length));
        }
        return targets;
    }
    // The sway: every angle swings within its range at its own pace; the time step is chosen so
    // the tip moves at most 1.5% of the reach per frame.
    const std::size_t n = rig.jointCount();
    std::vector<double> pace(n), phase(n), amplitude(n);
    for (std::size_t j = 1; j < n; ++j) {
        pace[j] = uniform(rng, 0.5, 1.5);
        phase[j] = uniform(rng, 0.0, 2.0 * kPi);
        amplitude[j] = uniform(rng, 0.2, 0.5);
    }
    Rig posed = rig;
    const auto poseAt = [&](double t) {
        for (std::size_t j = 1; j < n; ++j) {
            const auto joint = static_cast<JointIndex>(j);
            const double u = 0.5 + amplitude[j] * std::sin(pace[j] * t + phase[j]);
            posed.setAngleClamped(joint, rig.minAngle(joint) + (rig.maxAngle(joint) - rig.minAngle(joint)) * u);
        }
        return forwardKinematics(posed)[tip].position;
    };
    const auto fastestAt = [&](double dt) {
        double fastest = 0.0;
        Vec2 last = poseAt(0.0);
        for (int f = 1; f < warmUp + frames; ++f) {
            const Vec2 next = poseAt(f * dt);
            fastest = std::max(fastest, distance(last, next));
            last = next;
        }
        return fastest;
    };
    double dt = 0.01;
    for (int round = 0; round < 4; ++round)
        dt *= 0.015 * length / std::max(fastestAt(dt), 1e-9);
    // The scaling is not linear (a faster sway reaches other peaks): slow down until it holds.
    for (int round = 0; round < 40 && fastestAt(dt) > 0.015 * length; ++round)
        dt *= 0.9;
    for (int f = 0; f < warmUp + frames; ++f)
        targets.push_back(poseAt(f * dt));
    poseAt(0.0);
    rig = posed; // the chain starts on the path
    return targets;
}

// `told`: every frame after the first is told the last frame's target (Effector::previousTarget),
// as the editor's drags do; otherwise the solver tells a drag from a new target by the pose.
// `iterations`: a frame's budget (kIterations as the benchmarks; 1 as the tutorials step a chain).
// `rigidBones` (when not -1): the first that many bones are rigid (a clavicle above an arm),
// every other one turns (at least 20 degrees each way of its angle where it was rigid).
Followed follow(SolverKind kind, int bones, Path path, std::uint64_t seed, int frames, bool told = true,
                int iterations = kIterations, bool limits = true, int rigidBones = -1)
{
    Engine rng(seed);
    RigOptions o;
    o.limits = limits;
    Rig rig = randomChain(rng, bones, o);
    for (JointIndex j = 1; rigidBones >= 0 && j <= bones; ++j) {
        const double a = rig.angle(j);
        if (j <= rigidBones)
            rig.setLimits(j, a, a);
        else if (rig.minAngle(j) == rig.maxAngle(j))
            rig.setLimits(j, a - 20.0, a + 20.0);
    }
    const auto tip = static_cast<JointIndex>(bones);
    const double length = chainReach(rig);
    // The circle is joined from wherever the chain is: one turn to settle on it, unmeasured.
    const int warmUp = path != Path::Sway ? kFramesPerTurn : 0;
    const std::vector<Vec2> targets = pathFor(rng, rig, path, warmUp, frames);
    auto solver = makeSolver(kind);
    Followed result;
    std::vector<double> before(rig.jointCount());
    for (int f = 0; f < warmUp + frames; ++f) {
        for (std::size_t j = 0; j < before.size(); ++j)
            before[j] = rig.angle(static_cast<JointIndex>(j));
        // relax would carry a free root along; the chain solvers' base is fixed
        const JointIndex root = kind == SolverKind::Relax ? JointIndex(0) : kNoJoint;
        // Every frame after the first continues the motion from the last (Effector::previousTarget).
        const std::optional<Vec2> previous = told && f > 0 ? std::optional(targets[static_cast<std::size_t>(f - 1)]) : std::nullopt;
        const SolveResult r = solve(*solver, rig, tip, targets[static_cast<std::size_t>(f)], root, iterations, 0.01,
                                    BendDirection::Positive, previous);
        if (f < warmUp)
            continue;
        double turn = 0.0;
        for (std::size_t j = 1; j < before.size(); ++j)
            turn = std::max(turn, std::fabs(angleDifference(before[j], rig.angle(static_cast<JointIndex>(j)))));
        if (turn > result.worstTurn) {
            result.worstTurn = turn;
            result.worstFrame = f - warmUp;
        }
        if (f > 0)
            result.fastestTarget = std::max(result.fastestTarget, distance(targets[static_cast<std::size_t>(f - 1)],
                                                                           targets[static_cast<std::size_t>(f)]) / length);
        ++result.frames;
        result.reached += r.reached ? 1 : 0;
    }
    return result;
}

// The seed of chain c of a row (`base` tells the two sets of seeds apart).
std::uint64_t seedFor(std::uint64_t base, int bones, int path, int c)
{
    return base + 1000ull * static_cast<std::uint64_t>(bones) + 100ull * static_cast<std::uint64_t>(path)
           + static_cast<std::uint64_t>(c);
}

// Why following `f` was not what the test asks (a target moving under 2% of the reach a frame,
// no joint turning over kMaxTurnDegrees); empty when it was.
std::string whyNotSmooth(const Followed& f, SolverKind kind, std::uint64_t seed)
{
    if (!(f.fastestTarget < 0.02))
        return seedText(kind, seed, "the target moves too fast");
    if (!(f.worstTurn <= kMaxTurnDegrees))
        return seedText(kind, seed, "a joint turned " + std::to_string(f.worstTurn) + " degrees in frame "
                                        + std::to_string(f.worstFrame));
    return {};
}

} // namespace

class TestMovingTargets : public QObject {
    Q_OBJECT

private slots:
    void followSmoothly_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<int>("bones");
        QTest::addColumn<int>("path");
        QTest::addColumn<int>("chains");
        QTest::addColumn<double>("reachBefore");
        // reachBefore: for fabrik and ccd the share of frames reached before they kept a drag's
        // frame within a turn window, on the same chains and paths (measured on 2026-11-25); they
        // turned some joint by up to 168 (ccd) and 180 (fabrik) degrees from one frame to the next.
        // For relax, the share it reached when its rows were added (2026-11-25, rounded down),
        // after it stopped jumping: before, it reached 89.9% of the 10-bone circle by turning
        // joints up to 124 degrees in a frame.
        const struct {
            SolverKind kind;
            int bones;
            Path path;
            int chains;
            double before;
        } rows[] = {
            {SolverKind::Fabrik, 10, Path::Circle, 8, 0.778},  {SolverKind::Fabrik, 10, Path::Sway, 8, 0.942},
            {SolverKind::Fabrik, 100, Path::Circle, 4, 0.855}, {SolverKind::Fabrik, 100, Path::Sway, 4, 1.0},
            {SolverKind::Fabrik, 1000, Path::Circle, 2, 0.734}, {SolverKind::Fabrik, 1000, Path::Sway, 2, 1.0},
            {SolverKind::Ccd, 10, Path::Circle, 8, 0.460},     {SolverKind::Ccd, 10, Path::Sway, 8, 0.784},
            {SolverKind::Ccd, 100, Path::Circle, 4, 0.610},    {SolverKind::Ccd, 100, Path::Sway, 4, 0.827},
            {SolverKind::Ccd, 1000, Path::Circle, 2, 0.445},   {SolverKind::Ccd, 1000, Path::Sway, 2, 0.739},
            {SolverKind::Relax, 10, Path::Circle, 8, 0.685},   {SolverKind::Relax, 10, Path::Sway, 8, 1.0},
            {SolverKind::Relax, 100, Path::Circle, 4, 0.909},  {SolverKind::Relax, 100, Path::Sway, 4, 1.0},
            {SolverKind::Relax, 1000, Path::Circle, 2, 0.437}, {SolverKind::Relax, 1000, Path::Sway, 2, 1.0},
        };
        for (const auto& row : rows) {
            const std::string name = std::string(solverName(row.kind)) + " " + std::to_string(row.bones) + " bones, "
                                     + (row.path == Path::Circle ? "circle" : "sway");
            QTest::newRow(name.c_str()) << int(row.kind) << row.bones << int(row.path) << row.chains << row.before;
        }
    }
    void followSmoothly()
    {
        QFETCH(int, solver);
        QFETCH(int, bones);
        QFETCH(int, path);
        QFETCH(int, chains);
        QFETCH(double, reachBefore);
        const auto kind = static_cast<SolverKind>(solver);
        const int frames = scaled(2 * kFramesPerTurn);
        int reached = 0, total = 0;
        double worst = 0.0;
        for (int c = 0; c < scaled(chains); ++c) {
            const std::uint64_t seed = seedFor(95000000ull, bones, path, c);
            const Followed f = follow(kind, bones, static_cast<Path>(path), seed, frames);
            const std::string why = whyNotSmooth(f, kind, seed);
            QVERIFY2(why.empty(), why.c_str());
            worst = std::max(worst, f.worstTurn);
            reached += f.reached;
            total += f.frames;
        }
        const double rate = double(reached) / total;
        qInfo("%s: largest turn %.2f degrees a frame, reached %.1f%% of %d frames (before: %.1f%%)", QTest::currentDataTag(),
              worst, 100.0 * rate, total, 100.0 * reachBefore);
        // The rates before were measured over the whole set: a scaled-down run (sanitizers)
        // checks the turns only.
        if (scaled(chains) != chains || frames != 2 * kFramesPerTurn)
            return;
        // fabrik reached more of its 1000-bone circle before by refolding the chain, in one
        // frame, to wherever another fold reaches the target; a followed chain turns over to such
        // a fold a few degrees a frame (chain_search.h), and misses the frames it takes (69.9%
        // against 73.4%; on the other seeds below it reaches more told the last target than not).
        // Tried (2026-11-28) and no better over both sets of seeds: turning every joint by the
        // same share of its way to the fold (71.4% here, 71.7% below instead of 74.0%), and a
        // window search from the turned pose with the iterations left. The 73.4% came with turns
        // of 100-180 degrees on almost every frame, reached ones included (docs/benchmarks.md).
        if (kind == SolverKind::Fabrik && path == int(Path::Circle) && bones == 1000)
            QEXPECT_FAIL("", "fabrik reached more of the circle by refolding (see the comment)", Continue);
        QVERIFY2(rate >= reachBefore, qPrintable(QStringLiteral("reached %1 of the frames, before %2").arg(rate).arg(reachBefore)));
    }

    // The same bound on more seeds (the rates above were measured on one set only), and the share
    // of frames reached, told the last target, at least that of the same solver told nothing
    // (its pose alone then tells a drag from a new target, and a lagging chain can refold: up to
    // 178 degrees here) less kReachMargin: turning over to another fold a few degrees a frame
    // misses frames that a refold in one would have reached, and other frames it reaches that
    // the refolds missed.
    void followSmoothlyOnMoreSeeds_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<int>("bones");
        QTest::addColumn<int>("path");
        QTest::addColumn<int>("chains");
        for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Relax})
            for (const int bones : {10, 100, 1000})
                for (const Path path : {Path::Circle, Path::Sway}) {
                    const std::string name = std::string(solverName(kind)) + " " + std::to_string(bones) + " bones, "
                                             + (path == Path::Circle ? "circle" : "sway");
                    QTest::newRow(name.c_str()) << int(kind) << bones << int(path) << (bones == 10 ? 48 : bones == 100 ? 24 : 12);
                }
    }
    void followSmoothlyOnMoreSeeds()
    {
        QFETCH(int, solver);
        QFETCH(int, bones);
        QFETCH(int, path);
        QFETCH(int, chains);
        const auto kind = static_cast<SolverKind>(solver);
        const int frames = scaled(2 * kFramesPerTurn);
        // A scaled-down run (sanitizers) checks the turns only: no need of told nothing.
        const bool whole = scaled(chains) == chains && frames == 2 * kFramesPerTurn;
        int reached = 0, reachedUntold = 0, total = 0;
        double worst = 0.0, worstUntold = 0.0;
        for (int c = 0; c < scaled(chains); ++c) {
            const std::uint64_t seed = seedFor(96100000ull, bones, path, c);
            const Followed f = follow(kind, bones, static_cast<Path>(path), seed, frames);
            const std::string why = whyNotSmooth(f, kind, seed);
            QVERIFY2(why.empty(), why.c_str());
            const Followed untold = whole ? follow(kind, bones, static_cast<Path>(path), seed, frames, false) : Followed{};
            worst = std::max(worst, f.worstTurn);
            worstUntold = std::max(worstUntold, untold.worstTurn);
            reached += f.reached;
            reachedUntold += untold.reached;
            total += f.frames;
        }
        qInfo("%s: largest turn %.2f degrees a frame, reached %.1f%% of %d frames; told nothing: %.2f degrees, %.1f%%",
              QTest::currentDataTag(), worst, 100.0 * reached / total, total, worstUntold, 100.0 * reachedUntold / total);
        if (!whole)
            return;
        QVERIFY2(double(reached) / total >= double(reachedUntold) / total - kReachMargin,
                 qPrintable(QStringLiteral("reached %1 of the frames, told nothing %2").arg(double(reached) / total)
                                .arg(double(reachedUntold) / total)));
    }

    // A chain given a few iterations a frame (the examples' chains step once a frame, as the
    // tutorials' CCD and FABRIK do) runs the solver's passes without probing or searching; told
    // the last target, they stay within the window too. They once turned joints by 18-31 degrees
    // a frame on chain-6's own chain, and the same with following on or off.
    void followSmoothlyStepByStep_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<int>("bones");
        QTest::addColumn<int>("iterations");
        for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd})
            for (const int bones : {6, 10, 100})
                for (const int iterations : {1, 3}) {
                    const std::string name = std::string(solverName(kind)) + " " + std::to_string(bones) + " bones, "
                                             + std::to_string(iterations) + " a frame";
                    QTest::newRow(name.c_str()) << int(kind) << bones << iterations;
                }
    }
    void followSmoothlyStepByStep()
    {
        QFETCH(int, solver);
        QFETCH(int, bones);
        QFETCH(int, iterations);
        const auto kind = static_cast<SolverKind>(solver);
        double worst = 0.0;
        for (int c = 0; c < scaled(16); ++c)
            for (const Path path : {Path::Circle, Path::Sway}) {
                const std::uint64_t seed = seedFor(97300000ull, bones, int(path), c);
                const Followed f = follow(kind, bones, path, seed, scaled(kFramesPerTurn), true, iterations);
                const std::string why = whyNotSmooth(f, kind, seed);
                QVERIFY2(why.empty(), why.c_str());
                worst = std::max(worst, f.worstTurn);
            }
        qInfo("%s: largest turn %.2f degrees a frame", QTest::currentDataTag(), worst);
    }

    // A single bone has no fold to keep: told the last target or not, every chain solver points
    // it straight at the target (clamped into its limits) in one iteration, however far the
    // target jumps. fabrik and ccd turned it within their following window, so a clip's
    // one-bone aim lagged a fast target by up to 40 degrees.
    void oneBoneAimsAtOnce_data()
    {
        QTest::addColumn<int>("solver");
        for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Reach})
            QTest::newRow(std::string(solverName(kind)).c_str()) << int(kind);
    }
    void oneBoneAimsAtOnce()
    {
        QFETCH(int, solver);
        const auto kind = static_cast<SolverKind>(solver);
        constexpr std::uint64_t kSeed = 98100000ull;
        Engine rng(kSeed);
        auto chainSolver = makeSolver(kind);
        for (int c = 0; c < 200; ++c) {
            RigOptions o;
            o.limits = c % 2 == 1;
            Rig rig = randomChain(rng, 1, o);
            const Vec2 base = forwardKinematics(rig)[0].position;
            std::optional<Vec2> previous;
            for (int f = 0; f < 40; ++f) {
                // Jumps of up to a quarter turn a frame, round the base at 0.2 to 3 lengths.
                const double heading = f * uniform(rng, 0.3, 1.5), far = rig.length(1) * uniform(rng, 0.2, 3.0);
                const Vec2 target = base + Vec2{far * std::cos(heading), far * std::sin(heading)};
                const SolveResult r = solve(*chainSolver, rig, 1, target, kNoJoint, kIterations, 0.01, BendDirection::Positive, previous);
                previous = target;
                Rig aimed = rig;
                aimBoneAt(aimed, 1, target);
                QVERIFY2(std::fabs(angleDifference(rig.angle(1), aimed.angle(1))) < 1e-9,
                         qPrintable(QString("seed %1, chain %2, frame %3: %4 degrees, aimed %5").arg(kSeed).arg(c).arg(f)
                                        .arg(rig.angle(1)).arg(aimed.angle(1))));
                QCOMPARE(r.iterations, 1);
            }
        }
    }

    // Two bones that may turn (an arm, a leg; also below rigid bones, as a clavicle holds an
    // arm) follow as longer chains do. The exact two-bone answer took them over, which knows no
    // last target: the nearest legal pose flipped from one fold, or one limit, to the other in a
    // frame (QA: 115-150 degrees on the humanoid's arms and legs through the C API). (One bone
    // that may turn aims at once, oneBoneAimsAtOnce.)
    void followSmoothlyOnTwoBones_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<int>("rigidBones");
        for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Relax})
            for (const int rigid : {0, 1}) {
                const std::string name = std::string(solverName(kind)) + (rigid ? ", a rigid bone above" : "");
                QTest::newRow(name.c_str()) << int(kind) << rigid;
            }
    }
    void followSmoothlyOnTwoBones()
    {
        QFETCH(int, solver);
        QFETCH(int, rigidBones);
        const auto kind = static_cast<SolverKind>(solver);
        double worst = 0.0;
        int reached = 0, total = 0;
        for (int c = 0; c < scaled(24); ++c)
            for (const Path path : {Path::Circle, Path::Sway, Path::Crossing}) {
                const std::uint64_t seed = seedFor(98300000ull + 10000ull * std::uint64_t(rigidBones), 2, int(path), c);
                const Followed f = follow(kind, 2 + rigidBones, path, seed, scaled(kFramesPerTurn), true, kIterations, true, rigidBones);
                const std::string why = whyNotSmooth(f, kind, seed);
                QVERIFY2(why.empty(), why.c_str());
                worst = std::max(worst, f.worstTurn);
                reached += f.reached;
                total += f.frames;
            }
        qInfo("%s: largest turn %.2f degrees a frame, reached %.1f%% of %d frames", QTest::currentDataTag(), worst,
              100.0 * reached / total, total);
    }

    // A target that leaves the chain's reach and comes back: chains without limits were laid
    // out straight toward it at once, told the last target or not, so a folded chain swung its
    // joints by up to 48 degrees in the frame it crossed (chain-6's own chain, one iteration).
    void followSmoothlyAcrossTheReach_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<int>("bones");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<bool>("limits");
        for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd})
            for (const int bones : {6, 20})
                for (const int iterations : {1, kIterations})
                    for (const bool limits : {false, true}) {
                        const std::string name = std::string(solverName(kind)) + " " + std::to_string(bones) + " bones, "
                                                 + std::to_string(iterations) + " a frame" + (limits ? ", limits" : ", free");
                        QTest::newRow(name.c_str()) << int(kind) << bones << iterations << limits;
                    }
    }
    void followSmoothlyAcrossTheReach()
    {
        QFETCH(int, solver);
        QFETCH(int, bones);
        QFETCH(int, iterations);
        QFETCH(bool, limits);
        const auto kind = static_cast<SolverKind>(solver);
        double worst = 0.0;
        for (int c = 0; c < scaled(8); ++c) {
            const std::uint64_t seed = seedFor(97700000ull, bones, limits ? 1 : 0, c);
            const Followed f = follow(kind, bones, Path::Crossing, seed, scaled(kFramesPerTurn), true, iterations, limits);
            const std::string why = whyNotSmooth(f, kind, seed);
            QVERIFY2(why.empty(), why.c_str());
            worst = std::max(worst, f.worstTurn);
        }
        qInfo("%s: largest turn %.2f degrees a frame", QTest::currentDataTag(), worst);
    }
};

QTEST_APPLESS_MAIN(TestMovingTargets)
#include "tst_moving_targets.moc"
