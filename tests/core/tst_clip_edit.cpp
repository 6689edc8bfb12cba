// Editing a clip's keys (core/bonework/animation/clip_edit.h): hand-computed cases for each
// operation (keying the pose, replacing and inserting, clamping, deleting, moving, copying and
// pasting, curves, the duration, names), and a seeded property test: thousands of random
// sequences of every operation, fed junk now and then (missing tracks, times off the clip,
// NaN), on random rigs with chains and slots, always leave a clip that passes checkClip and
// holds no NaN.
#include "random_clips.h"
#include "random_rigs.h"
#include "random_slots.h"
#include "rig_test_support.h"

#include "bonework/animation/clip_edit.h"
#include "bonework/animation/clip_rules.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <sstream>

using namespace bonework;
using namespace bonework::animation;
using namespace bonework::testing;

namespace {

constexpr std::uint64_t kSeed = 0xC11BED17; // a failing case replays from this seed and its trial
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Key key(double time, double value, Curve curve = {}) { return {time, value, curve}; }
const Curve kStepped{Curve::Kind::Stepped};
const Curve kEase = Curve::bezier(0.42, 0, 0.58, 1);

TrackRef jointTrack(const std::string& name, Channel channel = Channel::Angle) { return {Owner::Joint, name, channel}; }
TrackRef chainTrack(const std::string& name, Channel channel) { return {Owner::Chain, name, channel}; }
TrackRef slotTrack(const std::string& name, Channel channel) { return {Owner::Slot, name, channel}; }
KeyRef at(const TrackRef& track, double time) { return {track, time}; }

const char* channelName(Channel c)
{
    static const char* names[] = {"angle", "x", "y", "rotation", "target", "mix", "visible", "opacity", "image"};
    return names[static_cast<int>(c)];
}

// The whole clip as text, for failure messages.
std::string describe(const Clip& clip)
{
    std::ostringstream out;
    out.precision(17);
    out << "clip \"" << clip.name << "\" " << clip.duration << " s";
    auto keys = [&](const char* name, const auto& track) {
        if (track.empty())
            return;
        out << "\n    " << name << ":";
        for (const auto& k : track) {
            out << " " << k.time << "=";
            if constexpr (requires { k.point; })
                out << "(" << k.point.x << "," << k.point.y << ")";
            else if constexpr (requires { k.image; })
                out << "\"" << k.image << "\"";
            else
                out << k.value;
            if constexpr (requires { k.curve; })
                out << (k.curve.kind == Curve::Kind::Linear ? "" : k.curve.kind == Curve::Kind::Stepped ? "/stepped" : "/bezier");
        }
    };
    for (const JointTracks& t : clip.joints) {
        out << "\n  joint " << t.joint;
        keys("angle", t.angle), keys("x", t.x), keys("y", t.y), keys("rotation", t.rotation);
    }
    for (const ChainTracks& t : clip.chains) {
        out << "\n  chain " << t.chain;
        keys("target", t.target), keys("mix", t.mix);
    }
    for (const SlotTracks& t : clip.slotTracks) {
        out << "\n  slot " << t.slot;
        keys("visible", t.visible), keys("opacity", t.opacity), keys("image", t.image);
    }
    return out.str();
}

std::string describe(const std::vector<KeyRef>& refs)
{
    std::ostringstream out;
    out.precision(17);
    for (const KeyRef& r : refs)
        out << r.track.name << "." << channelName(r.track.channel) << "@" << r.time << " ";
    return out.str();
}

#define COMPARE_CLIPS(actual, expected)                                                                                   \
    QVERIFY2((actual) == (expected), qPrintable(QString::fromStdString("\nactual:   " + describe(actual) + "\nexpected: " + describe(expected))))

// A two-second clip without keys.
Clip emptyClip(double duration = 2.0) { return Clip{"c", duration, {}, {}, {}}; }

std::size_t keyCount(const Clip& clip)
{
    std::size_t n = 0;
    for (const JointTracks& t : clip.joints)
        n += t.angle.size() + t.x.size() + t.y.size() + t.rotation.size();
    for (const ChainTracks& t : clip.chains)
        n += t.target.size() + t.mix.size();
    for (const SlotTracks& t : clip.slotTracks)
        n += t.visible.size() + t.opacity.size() + t.image.size();
    return n;
}

// Whether a key holds a number as its value (a switch holds a bool, an image a path).
template <typename K>
constexpr bool kHasNumber = requires(const K& k) { requires std::is_same_v<decltype(k.value), double>; };

// Whether any number the clip holds is not finite (NaN or infinite).
bool hasNonFinite(const Clip& clip)
{
    bool bad = !std::isfinite(clip.duration);
    auto check = [&](const auto& track) {
        for (const auto& k : track) {
            bad |= !std::isfinite(k.time);
            if constexpr (requires { k.point; })
                bad |= !std::isfinite(k.point.x) || !std::isfinite(k.point.y);
            else if constexpr (kHasNumber<std::decay_t<decltype(k)>>)
                bad |= !std::isfinite(k.value);
            if constexpr (requires { k.curve; })
                bad |= !std::isfinite(k.curve.x1) || !std::isfinite(k.curve.y1) || !std::isfinite(k.curve.x2) || !std::isfinite(k.curve.y2);
        }
    };
    for (const JointTracks& t : clip.joints)
        check(t.angle), check(t.x), check(t.y), check(t.rotation);
    for (const ChainTracks& t : clip.chains)
        check(t.target), check(t.mix);
    for (const SlotTracks& t : clip.slotTracks)
        check(t.visible), check(t.opacity), check(t.image);
    return bad;
}

// Whether two neighbouring keys of a track lie within kSameTime of each other (the same key
// time): the operations never leave two such keys where there were none.
bool hasKeysAtTheSameTime(const Clip& clip)
{
    for (const TrackRef& track : keyedTracks(clip)) {
        const std::vector<double> times = keyTimes(clip, track);
        for (std::size_t i = 1; i < times.size(); ++i)
            if (!(times[i] - times[i - 1] > kSameTime))
                return true;
    }
    return false;
}

bool hasKey(const Clip& clip, const KeyRef& ref)
{
    const std::vector<double> times = keyTimes(clip, ref.track);
    return std::find(times.begin(), times.end(), ref.time) != times.end();
}

// Puts a pose with any angle (out of its limits too) on a joint of a copy: what a posed rig
// from elsewhere may hold; Rig's own edits refuse or clamp such angles.
void forceAngle(Rig& rig, JointIndex j, double degrees)
{
    Rig::JointPose pose = rig.pose(j);
    pose.angle = degrees;
    pose.rotation = Rotation::fromDegrees(degrees);
    rig.restoreJoint(j, rig.joint(j), pose);
}

// --- The property test's random inputs: mostly sensible, junk now and then. ---------------------

// Paths no slot could hold (imagePathProblem): keySlotImage and pasteKeys write none of them.
const std::string kBadImagePaths[] = {"", "/art/a.png", "C:/art/a.png", "art\\a.png", "art//a.png", "art/", std::string("art/a\0.png", 10)};

double randomTime(Engine& rng, const Clip& clip)
{
    const double d = std::isfinite(clip.duration) ? clip.duration : 1.0;
    switch (uniformInt(rng, 0, 11)) {
    case 0: return kNaN;
    case 1: return uniformInt(rng, 0, 1) ? kInf : -kInf;
    case 2: return 0.0;
    case 3: return d;
    case 4: return d + kSameTime * uniform(rng, 0.0, 1.0);  // past the end by less than kSameTime
    case 5: return -kSameTime * uniform(rng, 0.0, 1.0);     // before 0 by less
    case 6: { // on or beside a key
        const std::vector<TrackRef> tracks = keyedTracks(clip);
        if (tracks.empty())
            return 0.0;
        const std::vector<double> times = keyTimes(clip, tracks[rng() % tracks.size()]);
        const double offsets[] = {0.0, kSameTime * 0.5, -kSameTime * 0.5, kSameTime * 2, 1e-3};
        return times[rng() % times.size()] + offsets[rng() % std::size(offsets)];
    }
    default: return uniform(rng, -0.2, d + 0.2);
    }
}

double randomValue(Engine& rng, double lo, double hi)
{
    switch (uniformInt(rng, 0, 9)) {
    case 0: return kNaN;
    case 1: return kInf;
    case 2: return lo - uniform(rng, 0, 100); // out of range
    case 3: return hi + uniform(rng, 0, 100);
    default: return uniform(rng, lo, hi);
    }
}

KeyRef randomRef(Engine& rng, const Clip& clip)
{
    const std::vector<TrackRef> tracks = keyedTracks(clip);
    const int kind = uniformInt(rng, 0, 11);
    if (tracks.empty() || kind >= 9) {
        // Junk: a missing owner, a channel that is not its owner's, an odd time.
        const TrackRef base = tracks.empty() ? jointTrack("j1") : tracks[rng() % tracks.size()];
        switch (kind % 3) {
        case 0: return at({base.owner, "nope", base.channel}, 0.0);
        case 1: return at({base.owner == Owner::Joint ? Owner::Slot : Owner::Joint, base.name, base.channel}, 0.0);
        default: return at(base, randomTime(rng, clip));
        }
    }
    const TrackRef& track = tracks[rng() % tracks.size()];
    const std::vector<double> times = keyTimes(clip, track);
    double t = times[rng() % times.size()];
    if (kind == 8)
        t += uniform(rng, -kSameTime * 0.5, kSameTime * 0.5);
    return at(track, t);
}

std::vector<KeyRef> randomRefs(Engine& rng, const Clip& clip)
{
    std::vector<KeyRef> refs;
    const int n = uniformInt(rng, 0, 8);
    for (int i = 0; i < n; ++i)
        refs.push_back(randomRef(rng, clip));
    if (!refs.empty() && uniformInt(rng, 0, 3) == 0)
        refs.push_back(refs.front()); // a repeat
    return refs;
}

// A random limited tree with, now and then, a chain, and 0 to 3 slots.
Rig randomRigWithChainsAndSlots(Engine& rng)
{
    RigOptions options;
    options.limits = true;
    Rig rig = randomTree(rng, uniformInt(rng, 2, 10), options);
    if (uniformInt(rng, 0, 2) > 0) {
        const auto tip = static_cast<JointIndex>(uniformInt(rng, 1, static_cast<int>(rig.jointCount()) - 1));
        Chain chain;
        chain.name = "limb";
        chain.tip = tip;
        chain.root = rig.isRoot(rig.parent(tip)) ? rig.parent(tip) : rig.parent(rig.parent(tip));
        chain.solver = SolverKind::Fabrik;
        chain.target.point = forwardKinematics(rig)[static_cast<std::size_t>(tip)].position;
        if (!rig.addChain(chain))
            qFatal("the test's chain was refused");
    }
    addRandomSlots(rng, rig, uniformInt(rng, 0, 3));
    return rig;
}

} // namespace

class TestClipEdit : public QObject {
    Q_OBJECT

private slots:
    void findsTracksAndKeys()
    {
        Clip clip = emptyClip();
        clip.slotTracks.push_back({"art", {{0.5, false}}, {key(0, 1)}, {}});
        clip.joints.push_back({"elbow", {key(0, 10), key(1, 20)}, {}, {}, {}});
        clip.joints.push_back({"shoulder", {}, {key(1, 5)}, {}, {key(0.5, 90)}});
        clip.joints.push_back({"hand", {}, {}, {}, {}}); // no keys: no track
        clip.chains.push_back({"arm", {{1.0, {3, 4}, {}}}, {}});
        const std::vector<TrackRef> expected{jointTrack("elbow"), jointTrack("shoulder", Channel::X),
                                             jointTrack("shoulder", Channel::Rotation), chainTrack("arm", Channel::Target),
                                             slotTrack("art", Channel::Visible), slotTrack("art", Channel::Opacity)};
        QVERIFY(keyedTracks(clip) == expected);
        QVERIFY(keyTimes(clip, jointTrack("elbow")) == (std::vector<double>{0, 1}));
        QVERIFY(keyTimes(clip, jointTrack("elbow", Channel::Mix)).empty()); // not a joint's channel
        QVERIFY(keyTimes(clip, jointTrack("wrist")).empty());

        // At 1 (and within kSameTime of it): the elbow's, the shoulder's x and the chain's target;
        // the refs carry the keys' own times.
        const std::vector<KeyRef> atOne{at(jointTrack("elbow"), 1), at(jointTrack("shoulder", Channel::X), 1),
                                        at(chainTrack("arm", Channel::Target), 1)};
        QVERIFY(keysAt(clip, 1.0) == atOne);
        QVERIFY(keysAt(clip, 1.0 + 5e-7) == atOne);
        QVERIFY(keysAt(clip, 1.0 + 2e-6).empty());
        QVERIFY(keysAt(clip, kNaN).empty());

        // A box from 1 back to 0.5 over the elbow, the slot's visibility, a missing track and
        // the elbow again: both ends count.
        const std::vector<KeyRef> boxed = keysIn(clip, {jointTrack("elbow"), slotTrack("art", Channel::Visible), jointTrack("wrist"), jointTrack("elbow")}, 1.0, 0.5);
        QVERIFY2(boxed == (std::vector<KeyRef>{at(jointTrack("elbow"), 1), at(slotTrack("art", Channel::Visible), 0.5)}), describe(boxed).c_str());
        QVERIFY(keysIn(clip, {jointTrack("elbow")}, 0.0, kInf).empty());
    }

    void keyPoseKeysAnglesOfBonesAndPlacesOfRoots()
    {
        const Rig rig = armWithChainAndSlot();
        Rig posed = rig;
        QVERIFY(posed.setAngle(1, 50));
        QVERIFY(posed.setRootPosition(0, {410, 290}));
        QVERIFY(posed.setRootRotation(0, 15));
        Clip clip = emptyClip();
        QCOMPARE(keyPose(clip, posed, {0, 1}, 0.5), 4);
        Clip expected = emptyClip();
        expected.joints.push_back({"shoulder", {}, {key(0.5, 410)}, {key(0.5, 290)}, {key(0.5, 15)}});
        expected.joints.push_back({"elbow", {key(0.5, 50)}, {}, {}, {}});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));
    }

    void keyPoseReplacesAKeyAtItsTimeAndInsertsElsewhere()
    {
        const Rig rig = armWithChainAndSlot();
        Clip clip = emptyClip();
        clip.joints.push_back({"elbow", {key(0, 10, kStepped), key(1, 20, kEase)}, {}, {}, {}});
        Rig posed = rig;
        QVERIFY(posed.setAngle(1, 60));
        // Within kSameTime of the key at 1: that key takes the value and keeps its time and
        // curve (the joint given twice is keyed once).
        QCOMPARE(keyPose(clip, posed, {1, 1}, 1.0 + 4e-7), 1);
        Clip expected = emptyClip();
        expected.joints.push_back({"elbow", {key(0, 10, kStepped), key(1, 60, kEase)}, {}, {}, {}});
        COMPARE_CLIPS(clip, expected);
        // Elsewhere: a linear key, in order.
        QVERIFY(posed.setAngle(1, -30));
        QCOMPARE(keyPose(clip, posed, {1}, 0.5), 1);
        expected.joints[0].angle.insert(expected.joints[0].angle.begin() + 1, key(0.5, -30));
        COMPARE_CLIPS(clip, expected);
        // Just beyond kSameTime: a key of its own.
        QCOMPARE(keyPose(clip, posed, {1}, 0.5 + 2e-6), 1);
        QVERIFY(keyTimes(clip, jointTrack("elbow")) == (std::vector<double>{0, 0.5, 0.5 + 2e-6, 1}));
        QVERIFY(!checkClip(rig, clip));
    }

    void keysAreClampedIntoLimitsAndTheClip()
    {
        const Rig rig = armWithChainAndSlot();
        Rig posed = rig;
        forceAngle(posed, 1, 175); // the elbow's limits are [-170, 170]
        Clip clip = emptyClip();
        QCOMPARE(keyPose(clip, posed, {1}, 2.0 + 5e-7), 1); // onto the end
        Clip expected = emptyClip();
        expected.joints.push_back({"elbow", {key(2, 170)}, {}, {}, {}});
        COMPARE_CLIPS(clip, expected);
        // Off the clip, not finite, or no such joint: nothing.
        QCOMPARE(keyPose(clip, posed, {1}, 2.001), 0);
        QCOMPARE(keyPose(clip, posed, {1}, -0.001), 0);
        QCOMPARE(keyPose(clip, posed, {1}, kNaN), 0);
        QCOMPARE(keyPose(clip, posed, {-1, 4, 99}, 1.0), 0);
        COMPARE_CLIPS(clip, expected);
        Rig unplaced = rig; // a root at no place: its x is not keyed
        unplaced.setRootPositionUnchecked(0, {kNaN, 300});
        Clip rootOnly = emptyClip();
        QCOMPARE(keyPose(rootOnly, unplaced, {0}, 1.0), 2);
        Clip expectedRoot = emptyClip();
        expectedRoot.joints.push_back({"shoulder", {}, {}, {key(1, 300)}, {key(1, 0)}});
        COMPARE_CLIPS(rootOnly, expectedRoot);
        Clip broken = emptyClip(kNaN); // no duration: no keys
        QCOMPARE(keyPose(broken, rig, {0, 1}, 0.0), 0);
        QVERIFY(broken.joints.empty());

        // Chains and slots: mix and opacity clamped into [0, 1]; what the rig lacks, not keyed.
        QVERIFY(keyChainMix(clip, rig, "arm", 0.0, 1.5));
        QVERIFY(keyChainTarget(clip, rig, "arm", 0.0, {1, 2}));
        QVERIFY(keySlotOpacity(clip, rig, "art", 1.0, -0.5));
        QVERIFY(keySlotVisible(clip, rig, "art", -5e-7, false));
        QVERIFY(!keyChainMix(clip, rig, "leg", 0.0, 0.5));
        QVERIFY(!keySlotVisible(clip, rig, "nope", 0.0, true));
        QVERIFY(!keySlotOpacity(clip, rig, "art", 1.0, kNaN));
        QVERIFY(!keyChainTarget(clip, rig, "arm", 1.0, {kInf, 0}));
        expected.chains.push_back({"arm", {{0.0, {1, 2}, {}}}, {key(0, 1)}});
        expected.slotTracks.push_back({"art", {{0.0, false}}, {key(1, 0)}, {}});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));
    }

    // A root a solver carried beyond reach, a target beyond it: not keyed, as
    // Rig::setRootPosition and Rig::setChainTarget refuse them, and left out of a paste. The
    // bounds themselves are keyed.
    void positionsBeyondReachAreNotKeyed()
    {
        const Rig rig = armWithChainAndSlot();
        const double beyond = std::nextafter(kMostRootCoordinate, kInf);
        Rig posed = rig;
        posed.setRootPositionUnchecked(0, {beyond, -kMostRootCoordinate});
        Clip clip = emptyClip();
        QCOMPARE(keyPose(clip, posed, {0}, 1.0), 2); // its y and rotation
        Clip expected = emptyClip();
        expected.joints.push_back({"shoulder", {}, {}, {key(1, -kMostRootCoordinate)}, {key(1, 0)}});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!keyChainTarget(clip, rig, "arm", 0.5, {0, -beyond}));
        QVERIFY(keyChainTarget(clip, rig, "arm", 0.5, {kMostTargetCoordinate, -kMostTargetCoordinate}));
        expected.chains.push_back({"arm", {{0.5, {1e300, -1e300}, {}}}, {}});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));

        // Keys from elsewhere (a clipboard is no clip of this rig) with positions beyond reach.
        KeyClipboard clipboard;
        clipboard.keys.joints.push_back({"shoulder", {}, {key(0, beyond), key(0.25, 5)}, {key(0, -1.7e308)}, {}});
        clipboard.keys.chains.push_back({"arm", {{0.0, {beyond, 0}, {}}, {0.25, {1, 2}, {}}}, {}});
        Clip onto = emptyClip();
        const std::vector<KeyRef> pasted = pasteKeys(onto, rig, clipboard, 1.0);
        QVERIFY2(pasted == (std::vector<KeyRef>{at(jointTrack("shoulder", Channel::X), 1.25), at(chainTrack("arm", Channel::Target), 1.25)}),
                 describe(pasted).c_str());
        Clip expectedOnto = emptyClip();
        expectedOnto.joints.push_back({"shoulder", {}, {key(1.25, 5)}, {}, {}});
        expectedOnto.chains.push_back({"arm", {{1.25, {1, 2}, {}}}, {}});
        COMPARE_CLIPS(onto, expectedOnto);
        QVERIFY(!checkClip(rig, onto));
    }

    void deleteKeysRemovesEmptyTracksAndEntries()
    {
        const Rig rig = armWithChainAndSlot();
        Clip clip = emptyClip();
        clip.joints.push_back({"elbow", {key(0, 10), key(1, 20)}, {}, {}, {}});
        clip.joints.push_back({"hand", {key(0.5, 40)}, {}, {}, {}});
        clip.chains.push_back({"arm", {}, {key(0, 0.5)}});
        clip.slotTracks.push_back({"art", {{0.5, false}}, {key(0, 1), key(1, 0)}, {}});
        const std::vector<KeyRef> refs{
            at(jointTrack("hand"), 0.5),
            at(jointTrack("elbow"), 1.0 + 3e-7), // within kSameTime
            at(jointTrack("elbow"), 1.0),        // the same key again
            at(jointTrack("hand", Channel::X), 0.5), // no such track
            at(jointTrack("elbow", Channel::Mix), 0.0), // not a joint's channel
            at(jointTrack("wrist"), 0.0),
            at(jointTrack("elbow"), kNaN),
            at(jointTrack("elbow"), 0.5),        // no key there
            at(slotTrack("art", Channel::Opacity), 0.0),
            at(slotTrack("art", Channel::Opacity), 1.0),
        };
        QCOMPARE(deleteKeys(clip, refs), 4);
        Clip expected = emptyClip();
        expected.joints.push_back({"elbow", {key(0, 10)}, {}, {}, {}}); // the hand's entry is gone
        expected.chains.push_back({"arm", {}, {key(0, 0.5)}});
        expected.slotTracks.push_back({"art", {{0.5, false}}, {}, {}}); // its visibility still keyed
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));
        QCOMPARE(deleteKeys(clip, {at(slotTrack("art", Channel::Visible), 0.5), at(chainTrack("arm", Channel::Mix), 0)}), 2);
        QVERIFY(clip.slotTracks.empty());
        QVERIFY(clip.chains.empty());
        QCOMPARE(deleteKeys(clip, {}), 0);
    }

    void moveKeysStopsAtTheEndsAndReplacesWhatItLandsOn()
    {
        const Rig rig = armWithChainAndSlot();
        Clip clip = emptyClip();
        clip.joints.push_back({"elbow", {key(0, 10), key(0.5, 20), key(1, 30), key(1.5, 40)}, {}, {}, {}});
        clip.joints.push_back({"hand", {key(1, 50)}, {}, {}, {}});
        // Asked for -1 s, the earliest moved key (0.5) stops at 0: -0.5 s for all, the elbow's
        // key at 0.5 replacing the one at 0.
        MoveResult r = moveKeys(clip, {at(jointTrack("elbow"), 0.5), at(jointTrack("elbow"), 1), at(jointTrack("hand"), 1),
                                       at(jointTrack("wrist"), 1), at(jointTrack("elbow"), 0.5)},
                                -1.0);
        QCOMPARE(r.shift, -0.5);
        QVERIFY2(r.moved == (std::vector<KeyRef>{at(jointTrack("elbow"), 0), at(jointTrack("elbow"), 0.5), at(jointTrack("hand"), 0.5)}),
                 describe(r.moved).c_str());
        Clip expected = emptyClip();
        expected.joints.push_back({"elbow", {key(0, 20), key(0.5, 30), key(1.5, 40)}, {}, {}, {}});
        expected.joints.push_back({"hand", {key(0.5, 50)}, {}, {}, {}});
        COMPARE_CLIPS(clip, expected);
        // Asked for +5 s, the last key stops at the end.
        r = moveKeys(clip, {at(jointTrack("elbow"), 1.5)}, 5.0);
        QCOMPARE(r.shift, 0.5);
        QVERIFY(r.moved == std::vector<KeyRef>{at(jointTrack("elbow"), 2)});
        expected.joints[0].angle.back().time = 2;
        COMPARE_CLIPS(clip, expected);
        // Landing within kSameTime of an unmoved key replaces it, at the moved key's time.
        r = moveKeys(clip, {at(jointTrack("elbow"), 0)}, 0.5 + 5e-7);
        QCOMPARE(r.shift, 0.5 + 5e-7);
        expected.joints[0].angle = {key(0.5 + 5e-7, 20), key(2, 40)};
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));
        // Not finite: no move; the refs come back as they are.
        const Clip before = clip;
        for (double dt : {kNaN, kInf, -kInf, 0.0}) {
            r = moveKeys(clip, {at(jointTrack("hand"), 0.5)}, dt);
            QCOMPARE(r.shift, 0.0);
            QVERIFY(r.moved == std::vector<KeyRef>{at(jointTrack("hand"), 0.5)});
            COMPARE_CLIPS(clip, before);
        }
        r = moveKeys(clip, {at(jointTrack("nope"), 0.5)}, 1.0);
        QCOMPARE(r.shift, 0.0);
        QVERIFY(r.moved.empty());
    }

    void copyAndPasteKeys()
    {
        const Rig rig = armWithChainAndSlot();
        Clip clip = emptyClip();
        clip.joints.push_back({"elbow", {key(0.5, 10, kStepped), key(1, 20, kEase), key(1.5, 30)}, {}, {}, {}});
        clip.chains.push_back({"arm", {{0.75, {1, 2}, kStepped}}, {}});
        clip.slotTracks.push_back({"art", {{1.0, false}}, {}, {}});
        QVERIFY(!checkClip(rig, clip));
        const std::vector<KeyRef> copied{at(jointTrack("elbow"), 1), at(jointTrack("elbow"), 1.5), at(slotTrack("art", Channel::Visible), 1),
                                         at(chainTrack("arm", Channel::Target), 0.75), at(jointTrack("hand"), 1)};
        const KeyClipboard clipboard = copyKeys(clip, copied);
        // Times from the earliest copied key, 0.75.
        Clip expectedCopy{"c", 0.75, {}, {}, {}};
        expectedCopy.joints.push_back({"elbow", {key(0.25, 20, kEase), key(0.75, 30)}, {}, {}, {}});
        expectedCopy.chains.push_back({"arm", {{0.0, {1, 2}, kStepped}}, {}});
        expectedCopy.slotTracks.push_back({"art", {{0.25, false}}, {}, {}});
        COMPARE_CLIPS(clipboard.keys, expectedCopy);

        // Pasted where it was copied: the clip as it was.
        const Clip before = clip;
        std::vector<KeyRef> pasted = pasteKeys(clip, rig, clipboard, 0.75);
        COMPARE_CLIPS(clip, before);
        QCOMPARE(pasted.size(), std::size_t(4));

        // At 1.5: the elbow's key at 0.75 would land at 2.25, past the end: left out.
        pasted = pasteKeys(clip, rig, clipboard, 1.5);
        QVERIFY2(pasted == (std::vector<KeyRef>{at(jointTrack("elbow"), 1.75), at(chainTrack("arm", Channel::Target), 1.5),
                                                at(slotTrack("art", Channel::Visible), 1.75)}),
                 describe(pasted).c_str());
        Clip expected = before;
        expected.joints[0].angle.push_back(key(1.75, 20, kEase));
        expected.chains[0].target.push_back({1.5, {1, 2}, kStepped});
        expected.slotTracks[0].visible.push_back({1.75, false});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));
        QVERIFY(pasteKeys(clip, rig, clipboard, kNaN).empty());
        QVERIFY(pasteKeys(clip, rig, clipboard, 2.5).empty());
        COMPARE_CLIPS(clip, expected);

        // Onto a rig whose "elbow" is a root (an angle does not fit it) and which has no chain
        // or slot: nothing.
        Rig roots;
        QVERIFY(roots.addJoint(root("shoulder")));
        QVERIFY(roots.addJoint(root("elbow")));
        Clip other = emptyClip();
        QVERIFY(pasteKeys(other, roots, clipboard, 0.0).empty());
        COMPARE_CLIPS(other, emptyClip());

        // Onto the arm without its hand: the hand's track is left out, the elbow's is not; and
        // onto an elbow with narrower limits, its angles are clamped into them.
        Clip withHand = emptyClip();
        withHand.joints.push_back({"hand", {key(0, 40)}, {}, {}, {}});
        withHand.joints.push_back({"elbow", {key(0, 120)}, {}, {}, {}});
        const KeyClipboard both = copyKeys(withHand, {at(jointTrack("hand"), 0), at(jointTrack("elbow"), 0)});
        Rig handless = rig;
        QVERIFY(handless.removeJoint(handless.findJoint("hand")));
        QVERIFY(handless.setLimits(handless.findJoint("elbow"), -90, 90));
        Clip onto = emptyClip();
        pasted = pasteKeys(onto, handless, both, 1.0);
        QVERIFY(pasted == std::vector<KeyRef>{at(jointTrack("elbow"), 1)});
        Clip expectedOnto = emptyClip();
        expectedOnto.joints.push_back({"elbow", {key(1, 90)}, {}, {}, {}});
        COMPARE_CLIPS(onto, expectedOnto);
        QVERIFY(!checkClip(handless, onto));
    }

    // Copying any keys of a random clip and pasting them at the earliest one's time gives the
    // clip back exactly.
    void copyThenPasteInPlaceIsTheIdentity()
    {
        Engine rng(kSeed + 1);
        for (int trial = 0; trial < 500; ++trial) {
            const Rig rig = randomRigWithChainsAndSlots(rng);
            Clip clip = randomClipOfEveryChannel(rng, rig);
            std::vector<KeyRef> refs;
            double earliest = kInf;
            for (const TrackRef& track : keyedTracks(clip))
                for (double t : keyTimes(clip, track))
                    if (uniformInt(rng, 0, 2) == 0) {
                        refs.push_back(at(track, t));
                        earliest = std::min(earliest, t);
                    }
            const Clip before = clip;
            const KeyClipboard clipboard = copyKeys(clip, refs);
            QCOMPARE(clipboard.empty(), refs.empty());
            const std::vector<KeyRef> pasted = pasteKeys(clip, rig, clipboard, refs.empty() ? 0.0 : earliest);
            if (!(clip == before))
                QFAIL(qPrintable(QStringLiteral("seed %1 trial %2:\nbefore %3\nafter  %4").arg(kSeed + 1).arg(trial)
                                     .arg(QString::fromStdString(describe(before)), QString::fromStdString(describe(clip)))));
            QCOMPARE(pasted.size(), refs.size());
        }
    }

    void setCurveSkipsVisibleKeys()
    {
        Clip clip = emptyClip();
        clip.joints.push_back({"elbow", {key(0, 10), key(1, 20, kStepped)}, {}, {}, {}});
        clip.slotTracks.push_back({"art", {{0.5, false}}, {key(0, 1)}, {}});
        const std::vector<KeyRef> refs{at(jointTrack("elbow"), 0), at(jointTrack("elbow"), 1), at(slotTrack("art", Channel::Visible), 0.5),
                                       at(slotTrack("art", Channel::Opacity), 0), at(jointTrack("elbow"), 0)};
        // The elbow's key at 1 is stepped already, the visibility key has no curve.
        QCOMPARE(setCurve(clip, refs, kStepped), 2);
        QVERIFY(curveOf(clip, at(jointTrack("elbow"), 0)) == kStepped);
        QVERIFY(curveOf(clip, at(slotTrack("art", Channel::Opacity), 0)) == kStepped);
        QVERIFY(!curveOf(clip, at(slotTrack("art", Channel::Visible), 0.5)));
        QVERIFY(!curveOf(clip, at(jointTrack("elbow"), 0.5)));
        QCOMPARE(setCurve(clip, refs, kEase), 3);
        QVERIFY(curveOf(clip, at(jointTrack("elbow"), 1)) == kEase);
        const Clip before = clip;
        QCOMPARE(setCurve(clip, refs, Curve::bezier(0, 0, 1.5, 1)), 0); // not a valid curve
        QCOMPARE(setCurve(clip, refs, Curve::bezier(kNaN, 0, 1, 1)), 0);
        COMPARE_CLIPS(clip, before);
    }

    // A slot's image keys: keyed by the same rule as the others (onto a key within kSameTime,
    // which keeps its time; clamped onto the clip's ends), paths a slot could not hold refused;
    // found, deleted, moved, copied and pasted like any key; no curve.
    void imageKeys()
    {
        const Rig rig = armWithChainAndSlot();
        Clip clip = emptyClip();
        QVERIFY(keySlotImage(clip, rig, "art", 1.0, "art/fist.png"));
        QVERIFY(keySlotImage(clip, rig, "art", 0.0, "art/open.png"));
        QVERIFY(keySlotImage(clip, rig, "art", 1.0 + 5e-7, "art/point.png")); // onto the key at 1
        QVERIFY(keySlotImage(clip, rig, "art", 2.0 + 5e-7, "../shared/wave hand é.png")); // onto the end
        QVERIFY(!keySlotImage(clip, rig, "nope", 0.5, "art/fist.png"));
        QVERIFY(!keySlotImage(clip, rig, "art", kNaN, "art/fist.png"));
        QVERIFY(!keySlotImage(clip, rig, "art", 2.001, "art/fist.png"));
        for (const std::string& bad : kBadImagePaths)
            QVERIFY2(!keySlotImage(clip, rig, "art", 0.5, bad), bad.c_str());
        Clip broken = emptyClip(kNaN);
        QVERIFY(!keySlotImage(broken, rig, "art", 0.0, "art/fist.png"));
        Clip expected = emptyClip();
        expected.slotTracks.push_back({"art", {}, {}, {{0.0, "art/open.png"}, {1.0, "art/point.png"}, {2.0, "../shared/wave hand é.png"}}});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));

        // Found as the slot's Image track, after its visibility and opacity.
        QVERIFY(keySlotVisible(clip, rig, "art", 1.0, false));
        QVERIFY(keyedTracks(clip) == (std::vector<TrackRef>{slotTrack("art", Channel::Visible), slotTrack("art", Channel::Image)}));
        QCOMPARE(ownerOf(Channel::Image), Owner::Slot);
        QVERIFY(keyTimes(clip, slotTrack("art", Channel::Image)) == (std::vector<double>{0, 1, 2}));
        QVERIFY(keyTimes(clip, jointTrack("art", Channel::Image)).empty()); // not a joint's channel
        QVERIFY(keysAt(clip, 1.0) == (std::vector<KeyRef>{at(slotTrack("art", Channel::Visible), 1), at(slotTrack("art", Channel::Image), 1)}));
        QVERIFY(keysIn(clip, {slotTrack("art", Channel::Image)}, 0.5, 2.5)
                == (std::vector<KeyRef>{at(slotTrack("art", Channel::Image), 1), at(slotTrack("art", Channel::Image), 2)}));

        // No curve: setCurve skips image keys, curveOf has none.
        const KeyRef fist = at(slotTrack("art", Channel::Image), 1);
        QCOMPARE(setCurve(clip, {fist}, kStepped), 0);
        QVERIFY(!curveOf(clip, fist));

        // Moved onto the key at 2, it replaces it.
        MoveResult moved = moveKeys(clip, {fist}, 1.0);
        QCOMPARE(moved.shift, 1.0);
        QVERIFY(moved.moved == std::vector<KeyRef>{at(slotTrack("art", Channel::Image), 2)});
        expected.slotTracks[0].visible = {{1.0, false}};
        expected.slotTracks[0].image = {{0.0, "art/open.png"}, {2.0, "art/point.png"}};
        COMPARE_CLIPS(clip, expected);

        // Copied and pasted at 1: the images come along; onto a rig without the slot, nothing.
        const KeyClipboard clipboard = copyKeys(clip, {at(slotTrack("art", Channel::Image), 0), at(slotTrack("art", Channel::Image), 2)});
        Clip expectedCopy{"c", 2.0, {}, {}, {}};
        expectedCopy.slotTracks.push_back({"art", {}, {}, {{0.0, "art/open.png"}, {2.0, "art/point.png"}}});
        COMPARE_CLIPS(clipboard.keys, expectedCopy);
        Clip pastedInto = emptyClip(4.0);
        const std::vector<KeyRef> pasted = pasteKeys(pastedInto, rig, clipboard, 1.0);
        QVERIFY2(pasted == (std::vector<KeyRef>{at(slotTrack("art", Channel::Image), 1), at(slotTrack("art", Channel::Image), 3)}),
                 describe(pasted).c_str());
        QVERIFY(pastedInto.slotTracks.at(0).image == (std::vector<ImageKey>{{1.0, "art/open.png"}, {3.0, "art/point.png"}}));
        Clip noSlot = emptyClip();
        QVERIFY(pasteKeys(noSlot, arm(), clipboard, 0.0).empty());
        COMPARE_CLIPS(noSlot, emptyClip());
        // A clipboard holding a path no slot could hold (made by hand): that key is left out.
        KeyClipboard handMade = clipboard;
        handMade.keys.slotTracks[0].image[1].image = "/abs/fist.png";
        Clip withBad = emptyClip();
        QVERIFY(pasteKeys(withBad, rig, handMade, 0.0) == std::vector<KeyRef>{at(slotTrack("art", Channel::Image), 0)});
        QVERIFY(!checkClip(rig, withBad));

        // The duration: a key past the new end goes, one within kSameTime after it moves onto it.
        Clip trimmed = emptyClip();
        trimmed.slotTracks.push_back({"art", {}, {}, {{0.5, "art/a.png"}, {1.0000004, "art/b.png"}, {1.5, "art/c.png"}}});
        QCOMPARE(setDuration(trimmed, 1.0), 1);
        QVERIFY(trimmed.slotTracks[0].image == (std::vector<ImageKey>{{0.5, "art/a.png"}, {1.0, "art/b.png"}}));

        // Deleting every key removes the track and the slot's entry.
        QCOMPARE(deleteKeys(clip, {at(slotTrack("art", Channel::Image), 0), at(slotTrack("art", Channel::Image), 2),
                                   at(slotTrack("art", Channel::Visible), 1)}),
                 3);
        QVERIFY(clip.slotTracks.empty());
    }

    void setDurationDropsLateKeys()
    {
        const Rig rig = armWithChainAndSlot();
        Clip clip = emptyClip();
        clip.joints.push_back({"elbow", {key(0, 10), key(1, 20), key(1.5, 30), key(2, 40)}, {}, {}, {}});
        clip.joints.push_back({"hand", {key(1.9, 50)}, {}, {}, {}});
        clip.chains.push_back({"arm", {{1.1999996, {1, 2}, {}}, {1.2000003, {3, 4}, {}}}, {key(1.2000004, 0.5)}});
        clip.slotTracks.push_back({"art", {}, {key(1.2, 0.3), key(1.2000004, 0.6)}, {}});
        QVERIFY(!checkClip(rig, clip));
        // Gone: the elbow's keys at 1.5 and 2, the hand's (and with it its entry), and the
        // opacity and target keys within kSameTime after 1.2, which would land on keys at (or
        // within kSameTime of) 1.2. The mix key within kSameTime after 1.2 moves onto it.
        QCOMPARE(setDuration(clip, 1.2), 5);
        Clip expected = emptyClip(1.2);
        expected.joints.push_back({"elbow", {key(0, 10), key(1, 20)}, {}, {}, {}});
        expected.chains.push_back({"arm", {{1.1999996, {1, 2}, {}}}, {key(1.2, 0.5)}});
        expected.slotTracks.push_back({"art", {}, {key(1.2, 0.3)}, {}});
        COMPARE_CLIPS(clip, expected);
        QVERIFY(!checkClip(rig, clip));
        for (double d : {0.0, -1.0, kNaN, kInf}) {
            QCOMPARE(setDuration(clip, d), 0);
            COMPARE_CLIPS(clip, expected);
        }
        QCOMPARE(setDuration(clip, 3.0), 0); // longer: every key stays
        QCOMPARE(clip.duration, 3.0);
    }

    void uniqueClipNames()
    {
        std::vector<Clip> taken{emptyClip(), emptyClip(), emptyClip()};
        taken[0].name = "walk";
        taken[1].name = "walk 2";
        taken[2].name = "Clip";
        QCOMPARE(QString::fromStdString(uniqueClipName(taken, "walk")), QStringLiteral("walk 3"));
        QCOMPARE(QString::fromStdString(uniqueClipName(taken, "run")), QStringLiteral("run"));
        QCOMPARE(QString::fromStdString(uniqueClipName(taken, "walk 2")), QStringLiteral("walk 2 2"));
        QCOMPARE(QString::fromStdString(uniqueClipName(taken, "")), QStringLiteral("Clip 2"));
        QCOMPARE(QString::fromStdString(uniqueClipName({}, "walk")), QStringLiteral("walk"));
    }

    // Broken clips (as a caller might hand over: NaN and infinite times, values, curves and
    // durations, keys out of order or past the end) never crash an operation (the sanitizer
    // build checks the reads), every number an operation returns is finite, and no operation
    // adds a non-finite number.
    void brokenClipsBreakNothingFurther()
    {
        Engine rng(kSeed + 2);
        auto nonFinite = [](const Clip& clip) {
            int n = !std::isfinite(clip.duration);
            auto count = [&](const auto& track) {
                for (const auto& k : track) {
                    n += !std::isfinite(k.time);
                    if constexpr (requires { k.point; })
                        n += !std::isfinite(k.point.x) + !std::isfinite(k.point.y);
                    else if constexpr (kHasNumber<std::decay_t<decltype(k)>>)
                        n += !std::isfinite(k.value);
                    if constexpr (requires { k.curve; })
                        n += !std::isfinite(k.curve.x1) + !std::isfinite(k.curve.y1) + !std::isfinite(k.curve.x2) + !std::isfinite(k.curve.y2);
                }
            };
            for (const JointTracks& t : clip.joints)
                count(t.angle), count(t.x), count(t.y), count(t.rotation);
            for (const ChainTracks& t : clip.chains)
                count(t.target), count(t.mix);
            for (const SlotTracks& t : clip.slotTracks)
                count(t.visible), count(t.opacity), count(t.image);
            return n;
        };
        const double awful[] = {kNaN, kInf, -kInf, -1.0, 1e300};
        auto pick = [&] { return awful[rng() % std::size(awful)]; };
        for (int trial = 0; trial < 300; ++trial) {
            const Rig rig = randomRigWithChainsAndSlots(rng);
            Clip clip = randomClipOfEveryChannel(rng, rig);
            // Break it: a few numbers made awful, a track reversed.
            for (int k = uniformInt(rng, 1, 6); k > 0; --k) {
                const std::vector<TrackRef> tracks = keyedTracks(clip);
                const int what = uniformInt(rng, 0, 4);
                if (what == 0 || tracks.empty()) {
                    clip.duration = pick();
                    continue;
                }
                const TrackRef& track = tracks[rng() % tracks.size()];
                auto breakTrack = [&](auto& keys) {
                    auto& key = keys[rng() % keys.size()];
                    if (what == 1)
                        key.time = pick();
                    else if (what == 2)
                        std::reverse(keys.begin(), keys.end());
                    else if constexpr (requires { key.point; })
                        key.point.y = pick();
                    else if constexpr (requires { key.curve; }) {
                        if (what == 3)
                            key.value = pick();
                        else
                            key.curve = Curve::bezier(0.5, 0.5, 0.5, pick());
                    }
                };
                for (JointTracks& e : clip.joints)
                    if (e.joint == track.name && track.owner == Owner::Joint)
                        for (auto* keys : {&e.angle, &e.x, &e.y, &e.rotation})
                            if (!keys->empty())
                                breakTrack(*keys);
                for (ChainTracks& e : clip.chains)
                    if (e.chain == track.name && track.owner == Owner::Chain) {
                        if (!e.target.empty())
                            breakTrack(e.target);
                        if (!e.mix.empty())
                            breakTrack(e.mix);
                    }
                for (SlotTracks& e : clip.slotTracks)
                    if (e.slot == track.name && track.owner == Owner::Slot) {
                        if (!e.visible.empty())
                            breakTrack(e.visible);
                        if (!e.opacity.empty())
                            breakTrack(e.opacity);
                        if (!e.image.empty())
                            breakTrack(e.image);
                    }
            }
            for (int step = 0; step < 12; ++step) {
                const int before = nonFinite(clip);
                const double t = randomTime(rng, clip);
                std::vector<double> returned;
                switch (step) {
                case 0: keyPose(clip, rig, {0, 1, static_cast<JointIndex>(rig.jointCount()) - 1}, t); break;
                case 1: keyChainMix(clip, rig, "limb", t, 0.5), keyChainTarget(clip, rig, "limb", t, {1, 2}); break;
                case 2:
                    keySlotOpacity(clip, rig, "slot 0", t, 0.5), keySlotVisible(clip, rig, "slot 0", t, false);
                    keySlotImage(clip, rig, "slot 0", t, "art/b.png");
                    break;
                case 3: deleteKeys(clip, randomRefs(rng, clip)); break;
                case 4: {
                    const MoveResult r = moveKeys(clip, randomRefs(rng, clip), uniform(rng, -1, 1));
                    returned.push_back(r.shift);
                    for (const KeyRef& ref : r.moved)
                        returned.push_back(ref.time);
                    break;
                }
                case 5:
                    for (const KeyRef& ref : pasteKeys(clip, rig, copyKeys(clip, randomRefs(rng, clip)), t))
                        returned.push_back(ref.time);
                    break;
                case 6: setCurve(clip, randomRefs(rng, clip), kEase); break;
                case 7: curveOf(clip, randomRef(rng, clip)); break;
                case 8:
                    for (const KeyRef& ref : keysAt(clip, t))
                        returned.push_back(ref.time);
                    for (const KeyRef& ref : keysIn(clip, keyedTracks(clip), t, randomTime(rng, clip)))
                        returned.push_back(ref.time);
                    break;
                case 9: {
                    const KeyClipboard copied = copyKeys(clip, randomRefs(rng, clip));
                    returned.push_back(copied.keys.duration);
                    for (const TrackRef& track : keyedTracks(copied.keys))
                        for (double time : keyTimes(copied.keys, track))
                            returned.push_back(time);
                    break;
                }
                case 10: setDuration(clip, uniform(rng, 0.1, 3)); break;
                default: setDuration(clip, pick()); break;
                }
                if (nonFinite(clip) > before)
                    QFAIL(qPrintable(QStringLiteral("seed %1 trial %2 step %3: a non-finite number added\n%4")
                                         .arg(kSeed + 2).arg(trial).arg(step).arg(QString::fromStdString(describe(clip)))));
                for (double r : returned)
                    if (!std::isfinite(r))
                        QFAIL(qPrintable(QStringLiteral("seed %1 trial %2 step %3: returned %4").arg(kSeed + 2).arg(trial).arg(step).arg(r)));
            }
        }
    }

    // Seeded random rigs (limits, a chain now and then, slots) and clips keying every channel,
    // then random sequences of every operation, fed junk now and then: after each, the clip
    // passes checkClip, holds no NaN or infinity, and what the operation reported is so.
    void randomEditsKeepEveryClipLegal()
    {
        Engine rng(kSeed);
        int operations = 0, changed = 0;
        for (int trial = 0; trial < 2000; ++trial) {
            const Rig rig = randomRigWithChainsAndSlots(rng);
            Clip clip = randomClipOfEveryChannel(rng, rig);
            // A second rig and clip to paste into: other limits, joints of the same names that
            // may be roots there, maybe no chain or slot.
            const Rig otherRig = randomRigWithChainsAndSlots(rng);
            Clip otherClip = randomClipOfEveryChannel(rng, otherRig);
            if (auto p = checkClip(rig, clip))
                QFAIL(qPrintable(QStringLiteral("seed %1 trial %2: the random clip is illegal: %3").arg(kSeed).arg(trial).arg(QString::fromStdString(p->toString()))));
            QVERIFY(!hasKeysAtTheSameTime(clip) && !hasKeysAtTheSameTime(otherClip));
            const int steps = uniformInt(rng, 5, 15);
            for (int step = 0; step < steps; ++step, ++operations) {
                const Clip before = clip, otherBefore = otherClip;
                const int op = uniformInt(rng, 0, 12);
                bool otherEdited = false;
                std::string claim; // what the operation reported, if it was not so
                auto chainName = [&] {
                    return !rig.chains().empty() && uniformInt(rng, 0, 3) > 0 ? rig.chains()[0].name : std::string("nope");
                };
                auto slotName = [&] {
                    return !rig.slotList().empty() && uniformInt(rng, 0, 3) > 0 ? rig.slotList()[rng() % rig.slotList().size()].name
                                                                                 : std::string("nope");
                };
                switch (op) {
                case 0: { // key the pose
                    Rig posed = rig;
                    randomizeAngles(rng, posed);
                    std::vector<JointIndex> joints;
                    for (int k = uniformInt(rng, 0, 5); k > 0; --k) {
                        const auto j = static_cast<JointIndex>(uniformInt(rng, -1, static_cast<int>(rig.jointCount())));
                        joints.push_back(j);
                        if (posed.isValidJoint(j) && posed.isRoot(j))
                            posed.setRootPositionUnchecked(j, {randomValue(rng, -500, 500), randomValue(rng, -500, 500)});
                        else if (posed.isValidJoint(j) && uniformInt(rng, 0, 4) == 0)
                            forceAngle(posed, j, randomValue(rng, -200, 200));
                    }
                    const double t = randomTime(rng, clip);
                    const int written = keyPose(clip, posed, joints, t);
                    if (written < 0 || static_cast<std::size_t>(written) > 3 * joints.size())
                        claim = "keyPose wrote " + std::to_string(written);
                    if (written > 0 && keysAt(clip, t).empty())
                        claim = "keyPose wrote keys, none at the time";
                    break;
                }
                case 1: keyChainTarget(clip, rig, chainName(), randomTime(rng, clip), {randomValue(rng, -500, 500), randomValue(rng, -500, 500)}); break;
                case 2: keyChainMix(clip, rig, chainName(), randomTime(rng, clip), randomValue(rng, 0, 1)); break;
                case 3: keySlotVisible(clip, rig, slotName(), randomTime(rng, clip), uniformInt(rng, 0, 1) == 1); break;
                case 4: keySlotOpacity(clip, rig, slotName(), randomTime(rng, clip), randomValue(rng, 0, 1)); break;
                case 12: { // key an image: a path from the list, or one no slot could hold now and then
                    const std::string name = slotName();
                    const std::string image = uniformInt(rng, 0, 4) == 0 ? kBadImagePaths[rng() % std::size(kBadImagePaths)]
                                                                         : randomKeyedImage(rng);
                    const bool written = keySlotImage(clip, rig, name, randomTime(rng, clip), image);
                    if (written && !imagePathProblem(image).empty())
                        claim = "keySlotImage wrote the path \"" + image + "\"";
                    break;
                }
                case 5: {
                    const int removed = deleteKeys(clip, randomRefs(rng, clip));
                    if (keyCount(before) - keyCount(clip) != static_cast<std::size_t>(removed))
                        claim = "deleteKeys said " + std::to_string(removed);
                    break;
                }
                case 6: {
                    const double d = clip.duration;
                    const std::vector<KeyRef> refs = randomRefs(rng, clip);
                    // Now and then onto (or within kSameTime of) another key of the first's track.
                    double onto = uniform(rng, -d, d);
                    if (!refs.empty()) {
                        const std::vector<double> times = keyTimes(clip, refs[0].track);
                        if (!times.empty())
                            onto = times[rng() % times.size()] - refs[0].time + uniform(rng, -kSameTime * 0.5, kSameTime * 0.5);
                    }
                    const double dts[] = {uniform(rng, -d, d), uniform(rng, -0.1, 0.1), kNaN, kInf, -1e300, 1e300, kSameTime * 0.5, onto, onto};
                    const MoveResult r = moveKeys(clip, refs, dts[uniformInt(rng, 0, 8)]);
                    if (!std::isfinite(r.shift))
                        claim = "moveKeys shifted by a non-finite number";
                    for (const KeyRef& moved : r.moved)
                        if (!hasKey(clip, moved))
                            claim = "moveKeys reported a key it did not leave: " + describe(r.moved);
                    if (keyCount(clip) > keyCount(before))
                        claim = "moveKeys made keys";
                    break;
                }
                case 7:
                case 8: { // copy, then paste here or into the other rig's clip
                    const KeyClipboard clipboard = copyKeys(clip, randomRefs(rng, clip));
                    if (hasNonFinite(clipboard.keys))
                        claim = "copyKeys copied a non-finite number";
                    const bool other = op == 8;
                    Clip& into = other ? otherClip : clip;
                    const std::vector<KeyRef> pasted = pasteKeys(into, other ? otherRig : rig, clipboard, randomTime(rng, into));
                    otherEdited = other;
                    for (const KeyRef& ref : pasted)
                        if (!hasKey(into, ref))
                            claim = "pasteKeys reported a key it did not write: " + describe(pasted);
                    break;
                }
                case 9: {
                    const Curve curves[] = {Curve{}, kStepped, kEase, Curve::bezier(uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1)),
                                            Curve::bezier(0, 0, 1.5, 1), Curve::bezier(kNaN, 0, 1, 1)};
                    const std::vector<KeyRef> refs = randomRefs(rng, clip);
                    const Curve& curve = curves[uniformInt(rng, 0, 5)];
                    setCurve(clip, refs, curve);
                    for (const KeyRef& ref : refs)
                        if (const auto c = curveOf(clip, ref); c && isValidCurve(curve) && *c != curve)
                            claim = "setCurve left a key's curve as it was";
                    break;
                }
                case 10: {
                    const double durations[] = {uniform(rng, 0.05, 6.0), uniform(rng, 0.0, clip.duration), 0.0, -1.0, kNaN, kInf, clip.duration};
                    const int removed = setDuration(clip, durations[uniformInt(rng, 0, 6)]);
                    if (keyCount(before) - keyCount(clip) != static_cast<std::size_t>(removed))
                        claim = "setDuration said " + std::to_string(removed);
                    break;
                }
                default: { // the queries: nothing changes, every time they give is finite
                    const double t = randomTime(rng, clip);
                    std::vector<KeyRef> found = keysAt(clip, t);
                    const std::vector<KeyRef> boxed = keysIn(clip, keyedTracks(clip), randomTime(rng, clip), randomTime(rng, clip));
                    found.insert(found.end(), boxed.begin(), boxed.end());
                    for (const KeyRef& ref : found)
                        if (!hasKey(clip, ref))
                            claim = "a query found a key that is not there: " + describe(found);
                    curveOf(clip, randomRef(rng, clip));
                    if (uniqueClipName({clip, otherClip}, clip.name) == clip.name)
                        claim = "uniqueClipName gave a taken name";
                    break;
                }
                }
                if (!(clip == before) || !(otherClip == otherBefore))
                    ++changed;
                std::string why = claim;
                if (auto p = checkClip(rig, clip))
                    why = p->toString();
                else if (auto q = checkClip(otherRig, otherClip))
                    why = "the other clip: " + q->toString();
                else if (hasNonFinite(clip) || hasNonFinite(otherClip))
                    why = "a number is not finite";
                else if (hasKeysAtTheSameTime(clip) || hasKeysAtTheSameTime(otherClip))
                    why = "two keys of a track within kSameTime";
                if (!why.empty())
                    QFAIL(qPrintable(QStringLiteral("seed %1 trial %2 step %3 (operation %4): %5\nbefore: %6\nafter:  %7")
                                         .arg(kSeed).arg(trial).arg(step).arg(op)
                                         .arg(QString::fromStdString(why), QString::fromStdString(describe(otherEdited ? otherBefore : before)),
                                              QString::fromStdString(describe(otherEdited ? otherClip : clip)))));
            }
        }
        QVERIFY(operations > 15000);
        qInfo("%d operations, %d of them changed a clip", operations, changed);
        // Many operations edit something (about 40 %): the junk and the queries do not crowd
        // out the edits.
        QVERIFY2(changed > operations / 3, qPrintable(QStringLiteral("%1 of %2 operations changed a clip").arg(changed).arg(operations)));

    }
};

QTEST_GUILESS_MAIN(TestClipEdit)
#include "tst_clip_edit.moc"
