// Animation clips (core/bonework/animation): curves ease monotonically from 0 to 1 and agree with
// the Bezier drawn point by point; checkClip refuses every broken rule with its place; sampling
// seeded random clips on seeded random rigs gives legal poses that hit their keys, repeat
// bit for bit whatever was sampled before, and allocate nothing once warm; and the rig keeps
// its clips true to what they name through renames, removals (and their undo) and narrowed
// limits.
#include "counting_allocator.h"
#include "rig_test_support.h"
#include "pose_checks.h"
#include "random_clips.h"
#include "random_rigs.h"
#include "sample_rigs.h"

#include "bonework/animation/clip_rules.h"
#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace bonework;
using namespace bonework::animation;
using namespace bonework::testing;

namespace {

constexpr std::uint64_t kSeed = 0xA41A7E; // a failing case replays from this seed and its trial

// The Bezier's y where its x is `x`, found by walking the curve in a million steps: a way of
// working it out that shares nothing with ease().
double bruteForceEase(const Curve& c, double x)
{
    double best = 0.0, bestGap = 2.0;
    for (int i = 0; i <= 1000000; ++i) {
        const double s = i / 1000000.0, r = 1.0 - s;
        const double bx = 3 * r * r * s * c.x1 + 3 * r * s * s * c.x2 + s * s * s;
        if (std::fabs(bx - x) < bestGap) {
            bestGap = std::fabs(bx - x);
            best = 3 * r * r * s * c.y1 + 3 * r * s * s * c.y2 + s * s * s;
        }
    }
    return best;
}

Key key(double time, double value, Curve curve = {}) { return {time, value, curve}; }

} // namespace

class TestAnimation : public QObject {
    Q_OBJECT

private slots:
    void linearAndSteppedCurves()
    {
        QCOMPARE(ease(Curve{}, 0.25), 0.25);
        QCOMPARE(ease(Curve{Curve::Kind::Stepped}, 0.999), 0.0);
        QCOMPARE(ease(Curve{Curve::Kind::Stepped}, 1.0), 1.0);
        QCOMPARE(ease(Curve{}, -1.0), 0.0); // clamped
        QCOMPARE(ease(Curve{}, 2.0), 1.0);
    }

    void bezierCurvesEaseMonotonicallyAndMatchTheCurve()
    {
        Engine rng(kSeed);
        for (int trial = 0; trial < 300; ++trial) {
            const Curve c = Curve::bezier(uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1));
            QCOMPARE(ease(c, 0.0), 0.0);
            QCOMPARE(ease(c, 1.0), 1.0);
            double previous = 0.0;
            for (int i = 1; i < 200; ++i) {
                const double y = ease(c, i / 200.0);
                if (!(y >= previous - 1e-12 && y >= 0.0 && y <= 1.0))
                    QFAIL(qPrintable(QStringLiteral("seed %1 trial %2: ease not monotonic in [0, 1] at %3").arg(kSeed).arg(trial).arg(i)));
                previous = y;
            }
            if (trial < 10) { // the brute force is slow: a few curves, a few points
                for (double x : {0.1, 0.37, 0.5, 0.83}) {
                    const double expected = bruteForceEase(c, x);
                    if (std::fabs(ease(c, x) - expected) > 2e-4)
                        QFAIL(qPrintable(QStringLiteral("seed %1 trial %2: ease(%3) = %4, the curve says %5")
                                             .arg(kSeed).arg(trial).arg(x).arg(ease(c, x)).arg(expected)));
                }
            }
        }
        // CSS's ease-in-out is symmetric: halfway in time is halfway in value.
        QVERIFY(std::fabs(ease(Curve::bezier(0.42, 0, 0.58, 1), 0.5) - 0.5) < 1e-12);
    }

    // Hand-computed values for each curve kind, through the sampler on a one-bone rig.
    void samplesMatchHandComputedValues()
    {
        Rig rig;
        JointDesc root;
        root.name = "root";
        rig.addJoint(root);
        rig.addJoint(testing::boneDesc("bone", 0, 10, 0, -90, 90));
        Clip clip;
        clip.name = "c";
        clip.duration = 3;
        clip.joints.push_back({"bone",
                               {key(1, 10), key(2, 30, Curve{Curve::Kind::Stepped}), key(2.5, -30, Curve::bezier(0.42, 0, 0.58, 1)), key(3, 50)},
                               {}, {}, {}});
        ClipSampler sampler;
        QCOMPARE(QString::fromStdString(sampler.bind(rig, clip)), QString());
        Rig pose = rig;
        auto angleAt = [&](double t) {
            sampler.sample(t, pose);
            return pose.angle(1);
        };
        QCOMPARE(angleAt(0.5), 0.0);   // before the first key: the setup angle
        QCOMPARE(angleAt(1.25), 15.0); // linear: a quarter of the way from 10 to 30
        QCOMPARE(angleAt(2.25), 30.0); // stepped: holds until the next key
        QCOMPARE(angleAt(2.5), -30.0);
        // Bezier ease-in-out, symmetric: halfway in time is halfway in value.
        QVERIFY(std::fabs(angleAt(2.75) - 10.0) < 1e-9);
        // At a quarter of the time: x(s) = 3(1-s)^2 s 0.42 + 3(1-s) s^2 0.58 + s^3 = 0.25 gives
        // s = 0.2251, and y(s) = 3(1-s) s^2 + s^3 = 0.1292 of the way.
        QVERIFY(std::fabs((angleAt(2.625) + 30.0) / 80.0 - 0.1292) < 5e-4);
        QCOMPARE(angleAt(3.0), 50.0);
        QCOMPARE(angleAt(99.0), 50.0); // clamped into the clip
    }

    // Seconds since a clip started playing, within it: a looping clip wraps (its end shows its
    // start, as Spine and DragonBones loop; before 0 it runs back from its end), one played
    // once is clamped.
    void clipTimeWrapsLoopsAndClampsTheRest()
    {
        Clip once;
        once.duration = 1.2;
        QCOMPARE(clipTime(once, 0.5), 0.5);
        QCOMPARE(clipTime(once, 5.0), 1.2);
        QCOMPARE(clipTime(once, 1.2), 1.2); // the last frame stays
        QCOMPARE(clipTime(once, -3.0), 0.0);
        Clip loop = once;
        loop.loop = true;
        QCOMPARE(clipTime(loop, 0.5), 0.5);
        QCOMPARE(clipTime(loop, 1.2), 0.0); // the end is the start again
        QCOMPARE(clipTime(loop, 2.4), 0.0);
        QVERIFY(std::fabs(clipTime(loop, 1.5) - 0.3) < 1e-12);
        QVERIFY(std::fabs(clipTime(loop, 37.7) - std::fmod(37.7, 1.2)) == 0.0);
        QVERIFY(std::fabs(clipTime(loop, -0.3) - 0.9) < 1e-12);
        const double tiny = clipTime(loop, -1e-300); // rounds to the end: the start instead
        QVERIFY(tiny >= 0.0 && tiny < 1.2);
        QVERIFY(!std::signbit(clipTime(loop, -0.0)));
        for (const Clip& c : {once, loop}) {
            QCOMPARE(clipTime(c, std::nan("")), 0.0);
            QCOMPARE(clipTime(c, std::numeric_limits<double>::infinity()), 0.0);
            const double huge = clipTime(c, 1e300);
            QVERIFY(huge >= 0.0 && huge <= 1.2);
        }
        // Every time lands within the clip, seeded.
        Engine rng(20261129);
        for (int i = 0; i < 10000; ++i) {
            loop.duration = testing::uniform(rng, 1e-3, 100);
            const double t = clipTime(loop, testing::uniform(rng, -1e6, 1e6));
            QVERIFY2(t >= 0.0 && t < loop.duration, "seed 20261129");
        }
    }

    void rulesNameThePlaceOfEachProblem_data()
    {
        QTest::addColumn<int>("breakage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("duration") << 0 << "duration: must be greater than 0, not 0";
        QTest::newRow("unknown joint") << 1 << "joints.wrist: unknown joint \"wrist\"";
        QTest::newRow("angle on a root") << 2 << "joints.shoulder.angle: a root has no angle: key its x, y and rotation";
        QTest::newRow("x on a child") << 3 << "joints.elbow.x: only a root moves on its own: key this joint's angle";
        QTest::newRow("late time") << 4 << "joints.elbow.angle[1].time: must lie within the clip's duration [0, 2], not 3";
        QTest::newRow("order") << 5 << "joints.elbow.angle[1].time: must be later than the key before (1), not 1";
        QTest::newRow("limits") << 6 << "joints.elbow.angle[0].value: must lie within the joint's limits [-170, 170], not 171";
        QTest::newRow("curve") << 7 << "joints.elbow.angle[0].curve: a Bezier curve's numbers must lie within [0, 1]";
        QTest::newRow("mix") << 8 << "chains.arm.mix[0].value: must lie within the mix's range [0, 1], not 1.5";
        QTest::newRow("slot") << 9 << "slots.nope: unknown slot \"nope\"";
        QTest::newRow("opacity") << 10 << "slots.art.opacity[0].value: must lie within the opacity's range [0, 1], not -0.5";
        QTest::newRow("target") << 11 << "chains.arm.target[0].y: must be a finite number";
        QTest::newRow("image path") << 12 << "slots.art.image[1].value: must be relative to the rig file's folder, not absolute";
        QTest::newRow("empty image") << 13 << "slots.art.image[0].value: must not be empty";
        QTest::newRow("image order") << 14 << "slots.art.image[1].time: must be later than the key before (1), not 0.5";
        // Keys place a root and a target as far out as the rig may have them (rig.h).
        QTest::newRow("root beyond reach") << 15 << "joints.shoulder.y[1].value: must lie within [-1e300, 1e300], not -1e+301";
        QTest::newRow("target beyond reach") << 16 << "chains.arm.target[0].x: must lie within [-1e300, 1e300], not 1.7e+308";
    }

    void rulesNameThePlaceOfEachProblem()
    {
        QFETCH(int, breakage);
        QFETCH(QString, expected);
        const Rig rig = armWithChainAndSlot();
        Clip clip;
        clip.name = "c";
        clip.duration = 2;
        JointTracks elbow{"elbow", {key(0, 10), key(1, 20)}, {}, {}, {}};
        QVERIFY(!checkClip(rig, Clip{clip.name, clip.duration, {elbow}, {}, {}}));
        switch (breakage) {
        case 0: clip.duration = 0; break;
        case 1: clip.joints.push_back({"wrist", {key(0, 1)}, {}, {}, {}}); break;
        case 2: clip.joints.push_back({"shoulder", {key(0, 1)}, {}, {}, {}}); break;
        case 3: clip.joints.push_back({"elbow", {}, {key(0, 1)}, {}, {}}); break;
        case 4: elbow.angle[1].time = 3; clip.joints.push_back(elbow); break;
        case 5: elbow.angle[1].time = 1; elbow.angle[0].time = 1; clip.joints.push_back(elbow); break;
        case 6: elbow.angle[0].value = 171; clip.joints.push_back(elbow); break;
        case 7: elbow.angle[0].curve = Curve::bezier(0, 0, 1.5, 1); clip.joints.push_back(elbow); break;
        case 8: clip.chains.push_back({"arm", {}, {key(0, 1.5)}}); break;
        case 9: clip.slotTracks.push_back({"nope", {}, {}, {}}); break;
        case 10: clip.slotTracks.push_back({"art", {}, {key(0, -0.5)}, {}}); break;
        case 11: clip.chains.push_back({"arm", {{0.0, {1, NAN}, {}}}, {}}); break;
        case 12: clip.slotTracks.push_back({"art", {}, {}, {{0.0, "art/open.png"}, {1.0, "/art/fist.png"}}}); break;
        case 13: clip.slotTracks.push_back({"art", {}, {}, {{0.0, ""}}}); break;
        case 14: clip.slotTracks.push_back({"art", {}, {}, {{1.0, "art/open.png"}, {0.5, "art/fist.png"}}}); break;
        case 15: clip.joints.push_back({"shoulder", {}, {}, {key(0, 1e300), key(1, -1e301)}, {}}); break;
        case 16: clip.chains.push_back({"arm", {{0.0, {1.7e308, 0}, {}}}, {}}); break;
        }
        const auto problem = checkClip(rig, clip);
        QVERIFY(problem);
        QCOMPARE(QString::fromStdString(problem->toString()), expected);
        Rig copy = rig;
        QVERIFY(!copy.addAnimation(clip));
        QVERIFY(copy.animations().empty());
    }

    void samplesAreLegalHitTheirKeysAndRepeat()
    {
        Engine rng(kSeed + 1);
        RigOptions options;
        options.limits = true;
        for (int trial = 0; trial < 300; ++trial) {
            const Rig setup = randomTree(rng, uniformInt(rng, 2, 12), options);
            const Clip clip = randomClip(rng, setup);
            ClipSampler sampler;
            const std::string bound = sampler.bind(setup, clip);
            if (!bound.empty())
                QFAIL(qPrintable(QStringLiteral("seed %1 trial %2: %3").arg(kSeed + 1).arg(trial).arg(QString::fromStdString(bound))));
            Rig pose = setup;
            for (int k = 0; k < 20; ++k) {
                const double t = uniform(rng, -0.5, clip.duration + 0.5);
                sampler.sample(t, pose);
                const std::string legal = checkLegalPose(setup, pose);
                if (!legal.empty())
                    QFAIL(qPrintable(QStringLiteral("seed %1 trial %2 t %3: %4").arg(kSeed + 1).arg(trial).arg(t).arg(QString::fromStdString(legal))));
            }
            // At every key's time its joint is exactly where the key says.
            for (const JointTracks& tracks : clip.joints) {
                const JointIndex j = setup.findJoint(tracks.joint);
                for (const Key& k : tracks.angle) {
                    sampler.sample(k.time, pose);
                    if (pose.angle(j) != k.value)
                        QFAIL(qPrintable(QStringLiteral("seed %1 trial %2: %3 at %4 s is %5, keyed %6").arg(kSeed + 1).arg(trial)
                                             .arg(QString::fromStdString(tracks.joint)).arg(k.time).arg(pose.angle(j)).arg(k.value)));
                }
                for (const Key& k : tracks.x) {
                    sampler.sample(k.time, pose);
                    QCOMPARE(pose.rootPosition(j).x, k.value);
                }
            }
            // The same time gives the same pose, bit for bit, whatever was sampled before.
            const double t = uniform(rng, 0.0, clip.duration);
            sampler.sample(t, pose);
            const Rig first = pose;
            sampler.sample(uniform(rng, 0.0, clip.duration), pose);
            sampler.sample(t, pose);
            QVERIFY(pose == first);
        }
    }

    // Thousands of seeded random clips on random limited trees with a holding chain of a random
    // solver reaching for keyed targets (reachable or not): every sampled frame is legal.
    void thousandsOfRandomClipsWithChainsStayLegal()
    {
        Engine rng(kSeed + 2);
        RigOptions options;
        options.limits = true;
        int frames = 0;
        for (int trial = 0; trial < 2000; ++trial) {
            Rig setup = randomTree(rng, uniformInt(rng, 3, 12), options);
            const auto tip = static_cast<JointIndex>(uniformInt(rng, 1, static_cast<int>(setup.jointCount()) - 1));
            Chain chain;
            chain.name = "limb";
            chain.tip = tip;
            chain.root = setup.isRoot(setup.parent(tip)) ? setup.parent(tip) : setup.parent(setup.parent(tip));
            chain.solver = kAllSolvers[uniformInt(rng, 0, static_cast<int>(std::size(kAllSolvers)) - 1)];
            chain.mix = uniform(rng, 0.1, 1.0);
            chain.target.point = forwardKinematics(setup)[static_cast<std::size_t>(tip)].position;
            if (!setup.addChain(chain)) {
                chain.solver = SolverKind::Fabrik;
                QVERIFY(setup.addChain(chain));
            }
            Clip clip = randomClip(rng, setup);
            ChainTracks targets{"limb", {}, {}};
            for (int k = 0; k < 4; ++k)
                targets.target.push_back({clip.duration * k / 4, chain.target.point + Vec2{uniform(rng, -300, 300), uniform(rng, -300, 300)},
                                          Curve::bezier(uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1))});
            clip.chains.push_back(targets);
            ClipSampler sampler;
            QCOMPARE(QString::fromStdString(sampler.bind(setup, clip)), QString());
            Rig pose = setup;
            for (int k = 0; k < 10; ++k, ++frames) {
                const double t = uniform(rng, 0.0, clip.duration);
                sampler.sample(t, pose);
                const std::string legal = checkLegalPose(setup, pose);
                if (!legal.empty())
                    QFAIL(qPrintable(QStringLiteral("seed %1 trial %2 t %3: %4").arg(kSeed + 2).arg(trial).arg(t).arg(QString::fromStdString(legal))));
            }
        }
        QCOMPARE(frames, 20000);
    }

    void chainsHoldInSamplesAndSamplingAllocatesNothing()
    {
        const Rig setup = armWithChainAndSlot();
        const int reach = setup.findChain("arm");
        QVERIFY(reach >= 0);
        Clip clip;
        clip.name = "reach around";
        clip.duration = 1;
        const Vec2 shoulder = setup.rootPosition(0);
        clip.chains.push_back({"arm", {{0.0, shoulder + Vec2{150, 20}, {}}, {1.0, shoulder + Vec2{40, 120}, {}}}, {}});
        clip.slotTracks.push_back({"art", {{0.5, false}}, {key(0, 1), key(1, 0)}, {}});
        ClipSampler sampler;
        QCOMPARE(QString::fromStdString(sampler.bind(setup, clip)), QString());
        Rig pose = setup;
        sampler.sample(0.25, pose); // warm: the solvers size their buffers
        const long long before = allocationCount();
        for (int i = 0; i <= 100; ++i)
            sampler.sample(i / 100.0, pose);
        QCOMPARE(allocationCount() - before, 0LL);

        sampler.sample(0.5, pose);
        const Chain& chain = pose.chains()[static_cast<std::size_t>(reach)];
        const Vec2 expected = shoulder + Vec2{95, 70};
        QVERIFY(nearlyEqual(chain.target.point, expected));
        const std::vector<WorldTransform> world = forwardKinematics(pose);
        QVERIFY2(distance(world[static_cast<std::size_t>(chain.tip)].position, expected) <= chain.tolerance,
                 "the chain's tip is on its keyed target");
        QCOMPARE(pose.slotList()[0].visible, false); // switched at 0.5
        QCOMPARE(pose.slotList()[0].opacity, 0.5);
        sampler.sample(0.49, pose);
        QCOMPARE(pose.slotList()[0].visible, true); // before the first key: the first key's value
    }

    // A clip keying a root at 1e308 used to load, and sampling it put the rig beyond what the
    // solvers handle (at 1e308 the bones vanished in the rounding and the chains folded back)
    // and what a file can hold (the sampled rig could not be saved). Such a file is refused, such a clip never reaches the sampler, and a clip at the
    // edge of reach samples to finite poses that save and load again.
    void aClipNeverTakesTheRigBeyondReach()
    {
        const std::string far = R"({"format": "bonework.rig", "version": 2,
            "joints": [{"name": "shoulder", "x": 400, "y": 300},
                       {"name": "elbow", "parent": "shoulder", "length": 120},
                       {"name": "hand", "parent": "elbow", "length": 100}],
            "chains": [{"name": "arm", "root": "shoulder", "tip": "hand", "solver": "fabrik", "target": {"x": 520, "y": 380}}],
            "animations": [{"name": "fly", "duration": 1,
                            "joints": {"shoulder": {"x": [{"time": 0, "value": 400}, {"time": 1, "value": 1e308}]}}}]})";
        const io::LoadResult refused = io::parseRig(far, "far.json");
        QVERIFY(!refused.ok());
        QCOMPARE(QString::fromStdString(refused.error.toString()),
                 QStringLiteral("far.json: animations[0].joints.shoulder.x[1].value: must lie within [-1e300, 1e300], not 1e+308"));

        Rig setup = armWithChainAndSlot();
        Clip clip{"fly", 1, {}, {}, {}};
        clip.joints.push_back({"shoulder", {}, {key(0, 400), key(1, 1e308)}, {}, {}});
        ClipSampler sampler;
        QCOMPARE(QString::fromStdString(sampler.bind(setup, clip)),
                 QStringLiteral("joints.shoulder.x[1].value: must lie within [-1e300, 1e300], not 1e+308"));
        QVERIFY(!setup.addAnimation(clip));

        // The root across the whole reach, the target from one far corner to the other.
        const double most = kMostRootCoordinate;
        clip.joints[0].x = {key(0, -most), key(1, most)};
        clip.joints[0].y = {key(0, most)};
        clip.chains.push_back({"arm", {{0.0, {kMostTargetCoordinate, -kMostTargetCoordinate}, {}},
                                       {1.0, {-kMostTargetCoordinate, kMostTargetCoordinate}, {}}}, {}});
        QVERIFY(setup.addAnimation(clip));
        QCOMPARE(QString::fromStdString(sampler.bind(setup, setup.animations()[0])), QString());
        Rig pose = setup;
        for (const double t : {0.0, 0.3, 0.5, 0.999, 1.0}) {
            sampler.sample(t, pose);
            for (const WorldTransform& w : forwardKinematics(pose))
                QVERIFY2(std::isfinite(w.position.x) && std::isfinite(w.position.y), qPrintable(QString::number(t)));
            QVERIFY(rootWithinReach(pose.rootPosition(0)));
            QVERIFY(targetWithinReach(pose.chains()[0].target.point));
            const io::LoadResult again = io::parseRig(io::serializeRig(pose), "sampled.json");
            QVERIFY2(again.ok(), again.error.toString().c_str());
        }
    }

    // A target between two keys stays between them on each axis despite rounding, as a number
    // does, so a target keyed at the edge of reach is sampled within it. (Eased to 1 before the
    // next key's time, a + (b - a) * 1 rounds past b.)
    void sampledTargetsStayBetweenTheirKeys()
    {
        const double a = -9.655498180787796e+299, b = kMostTargetCoordinate;
        const Curve late = Curve::bezier(0, 1, 0, 1); // reaches 1, to rounding, before its end
        const std::vector<PointKey> keys{{0.0, {a, b}, late}, {1.0, {b, a}, {}}};
        bool overshoots = false;
        for (int i = 0; i < 1000; ++i) {
            const double t = 1.0 - i * 1e-8;
            overshoots = overshoots || a + (b - a) * ease(late, t) > b;
            const Vec2 p = sampleTrack(keys, t, {});
            QVERIFY2(p.x >= a && p.x <= b && p.y >= a && p.y <= b, qPrintable(QString::number(t, 'g', 17)));
        }
        QVERIFY2(overshoots, "nothing rounds past the keys here: the test would pass without keeping to them");
    }

    // A slot's image keys: before the first key the setup image, each key's image exactly at its
    // time and held until the next key, the last one to the end; scrubbing back gives the setup
    // image again; and once warm (the pose's image string has grown to the longest path),
    // sampling allocates nothing.
    void imageKeysHoldUntilTheNextKeyAndAllocateNothing()
    {
        const Rig setup = armWithChainAndSlot();
        const std::string& setupImage = setup.slotList()[0].image;
        QCOMPARE(QString::fromStdString(setupImage), QStringLiteral("art/a.png"));
        const std::string fist = "art/hands/right hand, fist closed tight.png"; // longer than any short-string buffer
        const std::string open = "art/hands/right hand, open.png";
        const std::vector<ImageKey> keys{{0.5, fist}, {1.0, open}, {1.5, fist}};
        QCOMPARE(sampleTrack(keys, 0.0, setupImage), setupImage);
        QCOMPARE(sampleTrack(keys, std::nextafter(0.5, 0.0), setupImage), setupImage);
        QCOMPARE(sampleTrack(keys, 0.5, setupImage), fist);
        QCOMPARE(sampleTrack(keys, std::nextafter(1.0, 0.0), setupImage), fist);
        QCOMPARE(sampleTrack(keys, 1.0, setupImage), open);
        QCOMPARE(sampleTrack(keys, 1.25, setupImage), open);
        QCOMPARE(sampleTrack(keys, 1.5, setupImage), fist);
        QCOMPARE(sampleTrack(keys, 99.0, setupImage), fist);
        QCOMPARE(sampleTrack(std::vector<ImageKey>{}, 1.0, setupImage), setupImage);

        Clip clip;
        clip.name = "grab";
        clip.duration = 2;
        clip.slotTracks.push_back({"art", {{1.25, false}}, {}, keys});
        ClipSampler sampler;
        QCOMPARE(QString::fromStdString(sampler.bind(setup, clip)), QString());
        Rig pose = setup;
        auto imageAt = [&](double t) {
            sampler.sample(t, pose);
            return pose.slotList()[0].image;
        };
        QCOMPARE(imageAt(0.25), setupImage);
        QCOMPARE(imageAt(0.5), fist);
        QCOMPARE(imageAt(0.75), fist);
        QCOMPARE(imageAt(1.0), open);
        QCOMPARE(imageAt(1.49), open);
        QCOMPARE(pose.slotList()[0].visible, false); // the other channels still play
        QCOMPARE(imageAt(2.0), fist);
        QCOMPARE(imageAt(0.1), setupImage); // from the setup pose every time
        QVERIFY(pose.slotList()[0] == setup.slotList()[0]);

        // Warm: every image sampled once above. Now a scrub back and forth allocates nothing.
        std::string last;
        last.reserve(64); // room for any path above, before counting
        last = pose.slotList()[0].image;
        int switches = 0;
        const long long before = allocationCount();
        for (int i = 0; i <= 200; ++i) {
            sampler.sample(i % 2 ? i / 100.0 : 2.0 - i / 100.0, pose);
            switches += pose.slotList()[0].image != last;
            last = pose.slotList()[0].image; // the same length or shorter than its buffer: no allocation
        }
        QCOMPARE(allocationCount() - before, 0LL);
        QVERIFY(switches > 50);
    }

    void theRigKeepsItsClipsTrueToWhatTheyName()
    {
        Rig rig = armWithChainAndSlot();
        Clip clip;
        clip.name = "c";
        clip.duration = 2;
        clip.joints.push_back({"elbow", {key(0, -160), key(1, 160)}, {}, {}, {}});
        clip.joints.push_back({"hand", {key(0, 10)}, {}, {}, {}});
        clip.chains.push_back({"arm", {}, {key(0, 0.5)}});
        clip.slotTracks.push_back({"art", {}, {key(0, 0.5)}, {}});
        QVERIFY(rig.addAnimation(clip));
        QVERIFY(!rig.addAnimation(clip)); // the name is taken
        QCOMPARE(rig.findAnimation("c"), 0);

        QVERIFY(rig.renameJoint(1, "forearm"));
        QCOMPARE(QString::fromStdString(rig.animations()[0].joints[0].joint), QStringLiteral("forearm"));
        QVERIFY(rig.setLimits(1, -90, 90));
        QCOMPARE(rig.animations()[0].joints[0].angle[0].value, -90.0);
        QCOMPARE(rig.animations()[0].joints[0].angle[1].value, 90.0);
        Chain chain = rig.chains()[0];
        chain.name = "grab";
        QVERIFY(rig.setChain(0, chain));
        QCOMPARE(QString::fromStdString(rig.animations()[0].chains[0].chain), QStringLiteral("grab"));
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());

        // Removing the hand drops its track (and the chain's, whose tip it was); undo puts both back.
        const Rig before = rig;
        const Rig::SubtreeRecord record = rig.recordSubtree(rig.findJoint("hand"));
        QVERIFY(rig.removeJoint(rig.findJoint("hand")));
        QCOMPARE(rig.animations()[0].joints.size(), std::size_t(1));
        QVERIFY(rig.animations()[0].chains.empty());
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
        rig.restoreSubtree(record);
        QVERIFY(rig == before);

        QVERIFY(rig.removeSlot(0));
        QVERIFY(rig.animations()[0].slotTracks.empty());
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
    }
};

QTEST_GUILESS_MAIN(TestAnimation)
#include "tst_animation.moc"
