// Animations exported: every clip of an animated rig played by the real DragonBones runtime
// (Node.js, headless) lands each joint where animation::ClipSampler and forward kinematics put
// it, to 1e-3 px at key times on the frame grid and within the bake tolerance between them.
#include "clip_key_times.h"
#include "dragonbones_runtime.h"
#include "bonework/animation/clip_sampler.h"
#include "bonework/exporters/chain_keeping.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/two_bone_solver.h"
#include "source_tree.h"
#include "std_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

// Designated initializers leave the tracks a test does not key empty, on purpose.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

using namespace bonework;
using animation::Clip;
using animation::Curve;
using animation::Key;
using testing::qt;
using testing::qtBytes;

namespace {

JointIndex add(Rig& rig, JointDesc desc)
{
    JointIndex j = kNoJoint;
    if (!rig.addJoint(desc, &j))
        qFatal("joint %s", desc.name.c_str());
    return j;
}

// A figure: a root with a spine and head, a two-bone arm chain, a three-bone leg chain.
Rig animatedRig()
{
    Rig rig;
    rig.setName("walker");
    const JointIndex hip = add(rig, {.name = "hip", .position = {300, 300}});
    const JointIndex spine = add(rig, {.name = "spine", .parent = hip, .angle = -90, .length = 80});
    add(rig, {.name = "head", .parent = spine, .angle = 10, .length = 30});
    const JointIndex shoulder = add(rig, {.name = "shoulder", .parent = spine, .angle = 100, .length = 20});
    const JointIndex elbow = add(rig, {.name = "elbow", .parent = shoulder, .angle = -20, .length = 50});
    const JointIndex hand = add(rig, {.name = "hand", .parent = elbow, .angle = 30, .length = 45});
    const JointIndex thigh = add(rig, {.name = "thigh", .parent = hip, .angle = 80, .length = 10});
    const JointIndex shin = add(rig, {.name = "shin", .parent = thigh, .angle = 10, .length = 60});
    const JointIndex ankle = add(rig, {.name = "ankle", .parent = shin, .angle = -10, .length = 55});
    const JointIndex toe = add(rig, {.name = "toe", .parent = ankle, .angle = -60, .length = 20});
    (void)hand;
    (void)elbow;
    const auto world = forwardKinematics(rig);
    Chain arm{.name = "arm", .root = shoulder, .tip = hand, .solver = SolverKind::TwoBone};
    arm.target.point = world[static_cast<std::size_t>(hand)].position;
    Chain leg{.name = "leg", .root = thigh, .tip = toe, .solver = SolverKind::Ccd, .iterations = 50, .tolerance = 0.001};
    leg.target.point = world[static_cast<std::size_t>(toe)].position;
    leg.mix = 0.0; // switched on by a clip
    if (!rig.addChain(arm) || !rig.addChain(leg))
        qFatal("chains");
    if (!rig.addSlot({.name = "face", .joint = rig.findJoint("head"), .image = "art/face.png"})
        || !rig.addSlot({.name = "fist", .joint = hand, .image = "art/fist.png", .opacity = 0.9}))
        qFatal("slots");
    (void)shin;
    (void)ankle;
    return rig;
}

Key key(double t, double v, Curve c = {}) { return {t, v, c}; }

std::vector<Clip> clips(const Rig& rig)
{
    const Vec2 hand = forwardKinematics(rig)[static_cast<std::size_t>(rig.findJoint("hand"))].position;
    const Vec2 toe = forwardKinematics(rig)[static_cast<std::size_t>(rig.findJoint("toe"))].position;
    // Joint keys with every curve, root x, y and rotation, the arm's target keyed.
    Clip wave{.name = "wave", .duration = 1.0};
    wave.joints.push_back({.joint = "spine", .angle = {key(0, -90, Curve::bezier(0.4, 0, 0.6, 1)), key(0.5, -70, {Curve::Kind::Stepped}),
                                                       key(0.8, -100), key(1.0, -90)}});
    wave.joints.push_back({.joint = "head", .angle = {key(0.1, 10, Curve::bezier(0.1, 0.8, 0.3, 1)), key(0.9, -20)}});
    wave.joints.push_back({.joint = "hip",
                           .x = {key(0, 300, Curve::bezier(0.25, 0.1, 0.25, 1)), key(1, 340)},
                           .y = {key(0, 300, Curve::bezier(0.25, 0.1, 0.25, 1)), key(1, 290)},
                           .rotation = {key(0.2, 0), key(0.6, 15, {Curve::Kind::Stepped}), key(1.0, -5)}});
    wave.slotTracks.push_back({.slot = "face", .visible = {{0.2, false}, {0.6, true}}});
    wave.slotTracks.push_back({.slot = "fist", .opacity = {key(0.1, 1.0), key(0.5, 0.3, {Curve::Kind::Stepped}), key(0.8, 0.6)}});
    wave.chains.push_back({.chain = "arm",
                           .target = {{0, hand, {}}, {0.5, {hand.x + 20, hand.y - 30}, Curve::bezier(0.5, 0, 0.5, 1)}, {1, {hand.x - 10, hand.y + 10}, {}}}});
    // The leg's three-bone chain switched on, its target keyed, the root turning under it.
    Clip walk{.name = "walk", .duration = 2.0};
    walk.chains.push_back({.chain = "leg",
                           .target = {{0, toe, {}}, {1, {toe.x + 12, toe.y - 8}, {}}, {2, toe, {}}},
                           .mix = {key(0, 0), key(0.5, 1)}});
    walk.joints.push_back({.joint = "hip", .rotation = {key(0, -10), key(2, 20)}});
    // A root turn past 180 degrees between two keys (DragonBones would take the short way).
    Clip spin{.name = "spin", .duration = 2.0};
    spin.joints.push_back({.joint = "hip", .rotation = {key(0, -170), key(2, 170)}});
    // Keys off the 30 fps grid, a duration off it, x keyed alone, keys starting late.
    Clip late{.name = "late", .duration = 1.01};
    late.joints.push_back({.joint = "head", .angle = {key(0.25, 0, Curve::bezier(0.3, 0, 0.7, 1)), key(0.61, 30)}});
    late.joints.push_back({.joint = "hip", .x = {key(0.4, 300), key(0.9, 320, {Curve::Kind::Stepped}), key(1.0, 310)}});
    late.joints.push_back({.joint = "toe", .angle = {key(0.3, -60), key(0.7, -30, Curve::bezier(0, 0, 1, 1)), key(1.0, -80)}});
    // The arm's chain keyed off (mix 0 from the start): its joints move by their own keys only.
    Clip rest{.name = "rest", .duration = 1.0};
    rest.chains.push_back({.chain = "arm", .mix = {key(0, 0)}});
    rest.joints.push_back({.joint = "elbow", .angle = {key(0, -20), key(1, 40)}});
    // The arm's two-bone chain within reach throughout, its target keyed linear and stepped, the
    // spine turning under it: both formats keep it as their own IK.
    Clip reach{.name = "reach", .duration = 1.0};
    reach.chains.push_back({.chain = "arm",
                            .target = {{0, hand, {}}, {0.5, {hand.x - 15, hand.y + 8}, {Curve::Kind::Stepped}}, {0.8, {hand.x - 5, hand.y - 10}, {}}}});
    reach.joints.push_back({.joint = "spine", .angle = {key(0, -90), key(1, -80)}});
    return {wave, walk, spin, late, rest, reach};
}

Rig withClips()
{
    Rig rig = animatedRig();
    for (const Clip& c : clips(rig))
        if (auto r = rig.addAnimation(c); !r)
            qFatal("clip %s: %s", c.name.c_str(), r.error.c_str());
    return rig;
}

// A gunner in miniature: an arm whose chain's target rides on the gun's grip, the gun turning
// and the body moving in the clip "aim", the arm reaching past its length at times; a head
// looking at a keyed point.
Rig riderRig()
{
    Rig rig;
    rig.setName("rider");
    const JointIndex body = add(rig, {.name = "body", .position = {300, 300}});
    const JointIndex gun = add(rig, {.name = "gun", .parent = body, .angle = 0, .length = 60});
    add(rig, {.name = "grip", .parent = gun, .angle = 0, .length = 12});
    const JointIndex shoulder = add(rig, {.name = "shoulder", .parent = body, .angle = -90, .length = 30});
    const JointIndex elbow = add(rig, {.name = "elbow", .parent = shoulder, .angle = 60, .length = 40, .minAngle = -150, .maxAngle = 150});
    const JointIndex hand = add(rig, {.name = "hand", .parent = elbow, .angle = 30, .length = 38, .minAngle = -170, .maxAngle = 170});
    Chain arm{.name = "arm", .root = shoulder, .tip = hand, .solver = SolverKind::TwoBone, .bend = BendDirection::Negative};
    arm.target.joint = rig.findJoint("grip");
    if (!rig.addChain(arm))
        qFatal("chain");
    (void)elbow;
    // A head looking at a point keyed in the clip: a one-bone chain, aimed by reach.
    const JointIndex neck = add(rig, {.name = "neck", .parent = body, .angle = -100, .length = 20});
    const JointIndex head = add(rig, {.name = "head", .parent = neck, .angle = 10, .length = 15, .minAngle = -90, .maxAngle = 90});
    Chain look{.name = "look", .root = neck, .tip = head, .solver = SolverKind::Reach};
    look.target.point = forwardKinematics(rig)[static_cast<std::size_t>(head)].position;
    if (!rig.addChain(look))
        qFatal("chain");
    Clip aim{.name = "aim", .duration = 1.0};
    aim.chains.push_back({.chain = "look", .target = {{0, look.target.point, {}}, {0.5, {380, 240}, Curve::bezier(0.4, 0, 0.6, 1)}, {1, {340, 220}, {}}}});
    aim.joints.push_back({.joint = "gun", .angle = {key(0, 0), key(0.4, -40), key(1, 25)}});
    aim.joints.push_back({.joint = "body", .x = {key(0, 300), key(1, 320)}});
    if (auto added = rig.addAnimation(aim); !added)
        qFatal("clip: %s", added.error.c_str());
    return rig;
}

// The same with limits on the hand, [-45, 170] degrees: they hold it in "wave", where the arm
// folds (so the runtimes' IK, which has no limits, cannot carry it there), and never in
// "reach" or "late" (so it can).
Rig withClipsHandLimited()
{
    Rig rig = withClips();
    if (auto r = rig.setLimits(rig.findJoint("hand"), -45, 170); !r)
        qFatal("limits: %s", r.error.c_str());
    return rig;
}

// The times of the clip's joint and chain keys.
std::set<double> keyTimes(const Clip& clip) { return testing::keyTimesExcept(clip, animation::Owner::Slot); }

// Whether t is strictly inside a Bezier segment of a joint's keys: the runtime samples curves
// once a frame (and to 1e-4), so there it is held to the tolerance, not to 1e-3.
bool insideBezier(const Clip& clip, double t)
{
    for (const auto& tracks : clip.joints)
        for (const auto* keys : {&tracks.angle, &tracks.x, &tracks.y, &tracks.rotation})
            for (std::size_t i = 0; i + 1 < keys->size(); ++i)
                if ((*keys)[i].curve.kind == Curve::Kind::Bezier && t > (*keys)[i].time && t < (*keys)[i + 1].time)
                    return true;
    return false;
}


// Spine's value of one timeline at t, by the 4.2 format's documented rules: before the first
// key the setup pose (offset 0), after the last key its value; "stepped" holds; no curve is
// linear; a Bezier "curve" gives the handles (cx1, cy1, cx2, cy2 per value, absolute time and
// value) and Spine evaluates it as ten straight segments between the points at parameter
// 0, 0.1, ..., 1, interpolating linearly in time.
double spineValue(const QJsonArray& keys, const QString& field, int index, double t)
{
    if (keys.isEmpty() || t < keys[0].toObject().value("time").toDouble())
        return 0.0;
    qsizetype i = 0;
    while (i + 1 < keys.size() && keys[i + 1].toObject().value("time").toDouble() <= t)
        ++i;
    const QJsonObject k = keys[i].toObject();
    const double v0 = k.value(field).toDouble();
    if (i + 1 == keys.size() || k.value("curve").toString() == "stepped")
        return v0;
    const QJsonObject next = keys[i + 1].toObject();
    const double t0 = k.value("time").toDouble(), t1 = next.value("time").toDouble(), v1 = next.value(field).toDouble();
    if (!k.value("curve").isArray())
        return v0 + (v1 - v0) * (t - t0) / (t1 - t0);
    const QJsonArray c = k.value("curve").toArray();
    const double cx1 = c[4 * index].toDouble(), cy1 = c[4 * index + 1].toDouble();
    const double cx2 = c[4 * index + 2].toDouble(), cy2 = c[4 * index + 3].toDouble();
    const auto at = [](double a, double b, double cc, double d, double s) {
        const double r = 1 - s;
        return r * r * r * a + 3 * r * r * s * b + 3 * r * s * s * cc + s * s * s * d;
    };
    double px = t0, py = v0;
    for (int n = 1; n <= 10; ++n) {
        const double x = at(t0, cx1, cx2, t1, n / 10.0), y = at(v0, cy1, cy2, v1, n / 10.0);
        if (x >= t)
            return x > px ? py + (y - py) * (t - px) / (x - px) : y;
        px = x;
        py = y;
    }
    return v1;
}

// The mix of IK constraint `ik` at t: its "mix" (Spine's default 1), or its timeline's latest
// key at or before t (a key's "mix" defaults to 1 too). The exports key only 0 and 1, stepped.
double spineIkMix(const QJsonObject& ik, const QJsonObject& animation, double t)
{
    double mix = ik.value("mix").toDouble(1.0);
    for (const QJsonValue& k : animation.value("ik").toObject().value(ik.value("name").toString()).toArray())
        if (k.toObject().value("time").toDouble() <= t)
            mix = k.toObject().value("mix").toDouble(1.0);
    return mix;
}

// Every joint's position (y down, as Bonework's) from Spine's bones posed by the clip at t, and
// then by its IK constraints in their order. Spine's two-bone IK (IkConstraint.apply2 with mix
// 1, no softness, stretch or scale) puts the child bone's tip on the target: the parent bone
// turns about its origin, the child's origin on the parent's x axis at distance l1 from it,
// the child's length l2, the child's rotation acos((d^2 - l1^2 - l2^2) / (2 l1 l2)) (d: the
// target's distance, clamped to the reach) positive (counter-clockwise, y up) when
// `bendPositive`, else negative.
std::vector<Vec2> spinePose(const QJsonArray& bones, const QJsonObject& animation, const Rig& rig, double t,
                            const QJsonArray& ik = {})
{
    struct Local {
        QString parent;
        double x = 0, y = 0, rotation = 0, length = 0;
    };
    std::vector<QString> order;
    std::map<QString, Local> local;
    const QJsonObject timelines = animation.value("bones").toObject();
    for (const QJsonValue& v : bones) {
        const QJsonObject b = v.toObject();
        const QString name = b.value("name").toString();
        const QJsonObject tl = timelines.value(name).toObject();
        order.push_back(name);
        local[name] = {b.value("parent").toString(), b.value("x").toDouble() + spineValue(tl.value("translate").toArray(), "x", 0, t),
                       b.value("y").toDouble() + spineValue(tl.value("translate").toArray(), "y", 1, t),
                       b.value("rotation").toDouble() + spineValue(tl.value("rotate").toArray(), "value", 0, t),
                       b.value("length").toDouble()};
    }
    std::map<QString, std::pair<Vec2, double>> world; // origin (y up), rotation in degrees
    const auto pose = [&] {
        for (const QString& name : order) {
            const Local& b = local.at(name);
            Vec2 origin{b.x, b.y};
            double turn = b.rotation;
            if (!b.parent.isEmpty()) {
                const auto& [po, pr] = world.at(b.parent);
                const double r = pr * M_PI / 180;
                origin = {po.x + std::cos(r) * b.x - std::sin(r) * b.y, po.y + std::sin(r) * b.x + std::cos(r) * b.y};
                turn = pr + b.rotation;
            }
            world[name] = {origin, turn};
        }
    };
    pose();
    std::vector<QJsonObject> constraints;
    for (const QJsonValue& c : ik)
        constraints.push_back(c.toObject());
    std::stable_sort(constraints.begin(), constraints.end(),
                     [](const QJsonObject& a, const QJsonObject& b) { return a.value("order").toInt() < b.value("order").toInt(); });
    for (const QJsonObject& c : constraints) {
        const double mix = spineIkMix(c, animation, t);
        if (mix == 0.0)
            continue;
        if (mix != 1.0)
            qFatal("spinePose: only IK with mix 0 or 1 is evaluated here");
        if (c.value("bones").toArray().size() == 1) {
            // One bone (apply1): pointed at the target from its origin.
            Local& b = local.at(c.value("bones")[0].toString());
            const Vec2 origin = world.at(c.value("bones")[0].toString()).first, target = world.at(c.value("target").toString()).first;
            b.rotation = std::atan2(target.y - origin.y, target.x - origin.x) * 180 / M_PI - world.at(b.parent).second;
            pose();
            continue;
        }
        const QString first = c.value("bones")[0].toString(), second = c.value("bones")[1].toString();
        Local& p = local.at(first);
        Local& ch = local.at(second);
        if (ch.parent != first || ch.y != 0.0 || ch.x <= 0.0)
            qFatal("spinePose: the child bone must sit on its parent's x axis");
        const Vec2 origin = world.at(first).first, target = world.at(c.value("target").toString()).first;
        const double l1 = ch.x, l2 = ch.length;
        const double d = std::clamp(std::hypot(target.x - origin.x, target.y - origin.y), std::fabs(l1 - l2), l1 + l2);
        const double bend = (c.value("bendPositive").toBool(true) ? 1.0 : -1.0)
                            * std::acos(std::clamp((d * d - l1 * l1 - l2 * l2) / (2 * l1 * l2), -1.0, 1.0));
        const double aim = std::atan2(target.y - origin.y, target.x - origin.x)
                           - std::atan2(l2 * std::sin(bend), l1 + l2 * std::cos(bend));
        p.rotation = aim * 180 / M_PI - world.at(p.parent).second;
        ch.rotation = bend * 180 / M_PI;
        pose();
    }
    std::vector<Vec2> out;
    for (std::size_t j = 0; j < rig.jointCount(); ++j) {
        const QString name = QString::fromStdString(rig.jointName(static_cast<JointIndex>(j)));
        const auto& [origin, turn] = world.at(name);
        const double r = turn * M_PI / 180, len = local.at(name).length;
        out.push_back({origin.x + std::cos(r) * len, -(origin.y + std::sin(r) * len)});
    }
    return out;
}

constexpr double kOffGridBound = 3.0;

// Whether the export report says chain `chain` is kept as the runtime's IK in clip `clip`.
bool keptAsIk(const exporters::ExportReport& report, const QString& clip, const QString& chain)
{
    const QString kept = QStringLiteral("animation \"%1\": chain \"%2\" kept as the runtime's IK (").arg(clip, chain);
    const QStringList decisions = testing::qtList(report.decisions);
    return std::any_of(decisions.begin(), decisions.end(), [&](const QString& d) {
        return d.startsWith(kept + "two bones, clear of their limits throughout)") || d.startsWith(kept + "one bone, clear of its limits throughout)");
    });
}

// The slots as an export with art gives them (the runtimes' checks here need no pixels).
std::vector<exporters::ExportedSlot> slotsOf(const Rig& rig)
{
    std::vector<exporters::ExportedSlot> out;
    for (const Slot& s : rig.slotList())
        out.push_back({s.name, rig.jointName(s.joint), s.name, 10, 10, s});
    return out;
}

// A DragonBones rotateFrame timeline's angle at `frame` (a fraction between frames too), as the
// runtime plays baked frames: each keyframe's value tweened linearly toward the next, held
// where it has no tweenEasing.
double rotationPlayedAt(const QJsonArray& rotate, double frame)
{
    double start = 0;
    for (qsizetype i = 0; i < rotate.size(); ++i) {
        const QJsonObject f = rotate[i].toObject();
        const int length = f.value("duration").toInt();
        if (frame < start + length || i + 1 == rotate.size()) {
            const double from = f.value("rotate").toDouble();
            if (i + 1 == rotate.size() || length == 0 || !f.contains("tweenEasing"))
                return from;
            return from + (rotate[i + 1].toObject().value("rotate").toDouble() - from) * (frame - start) / length;
        }
        start += length;
    }
    return std::nan("");
}

bool onGrid(double t, int fps) { return std::fabs(t * fps - std::round(t * fps)) < 1e-6; }

// An arm without chains (nothing baked): a root, two bones, a slot on the second.
Rig plainArm()
{
    Rig rig;
    rig.setName("plain");
    const JointIndex r = add(rig, {.name = "r", .position = {100, 100}});
    const JointIndex a = add(rig, {.name = "a", .parent = r, .angle = 20, .length = 50});
    add(rig, {.name = "b", .parent = a, .angle = -30, .length = 40});
    if (!rig.addSlot({.name = "s", .joint = rig.findJoint("b"), .image = "art/s.png"}))
        qFatal("slot");
    return rig;
}

// A two-bone arm whose chain holds while its target sweeps round the shoulder at a constant
// distance: the elbow's solved angle passes 180 degrees and comes back as -180 from one frame
// to the next (the QA's wrap3 rig). The hand's bend (87.134 degrees at the keys, more between
// them, where the target passes nearer the shoulder) lies within 0.01 degrees of its lower
// limit, too close for the runtimes' IK (which has none), so it is baked.
Rig sweepingArm()
{
    Rig rig;
    rig.setName("wrap");
    const JointIndex sh = add(rig, {.name = "sh", .position = {100, 100}});
    const JointIndex el = add(rig, {.name = "el", .parent = sh, .angle = 111.37513783907916, .length = 60});
    const JointIndex ha = add(rig, {.name = "ha", .parent = el, .angle = 87.13405881358057, .length = 50, .minAngle = 87.13, .maxAngle = 175});
    (void)el;
    Chain arm{.name = "arm", .root = sh, .tip = ha, .solver = SolverKind::TwoBone};
    arm.target.point = {30.718, 140};
    if (!rig.addChain(arm))
        qFatal("chain");
    Clip sweep{.name = "sweep", .duration = 1.0};
    sweep.chains.push_back({.chain = "arm", .target = {{0, {30.718, 140}, {}}, {0.5, {24.825, 72.638}, {}}, {1, {72.638, 24.825}, {}}}});
    if (auto added = rig.addAnimation(sweep); !added)
        qFatal("clip: %s", added.error.c_str());
    return rig;
}

// An arm of four joints under a root, a slot on the last; a clip keying every joint at every
// frame of `frames` (linear keys on the grid, kept as they are, none the same), the root's x
// along one Bezier key from start to end, the slot hidden for a while and fading along
// another; and a short clip after it.
Rig keyedAtEveryFrame(int frames, int fps)
{
    Rig rig;
    rig.setName("many");
    JointIndex parent = add(rig, {.name = "r", .position = {200, 200}});
    for (int j = 0; j < 4; ++j)
        parent = add(rig, {.name = "j" + std::to_string(j), .parent = parent, .angle = 10.0 * j, .length = 30});
    if (!rig.addSlot({.name = "s", .joint = parent, .image = "art/s.png"}))
        qFatal("slot");
    const double end = double(frames) / fps;
    Clip many{.name = "many", .duration = end};
    for (int j = 0; j < 4; ++j) {
        std::vector<Key> turn;
        for (int f = 0; f <= frames; ++f)
            turn.push_back(key(double(f) / fps, 10.0 * j + 20.0 * std::sin(0.37 * f + j)));
        many.joints.push_back({.joint = "j" + std::to_string(j), .angle = turn});
    }
    many.joints.push_back({.joint = "r", .x = {key(0, 200, Curve::bezier(0.5, 0, 0.5, 1)), key(end, 260)}});
    many.slotTracks.push_back({.slot = "s", .visible = {{10, false}, {20, true}}, .opacity = {key(0, 1, Curve::bezier(0.3, 0, 0.7, 1)), key(end, 0.1)}});
    Clip after{.name = "after", .duration = 1};
    after.joints.push_back({.joint = "j3", .angle = {key(0, 30), key(0.5, -20), key(1, 30)}});
    for (const Clip& c : {many, after})
        if (auto added = rig.addAnimation(c); !added)
            qFatal("clip %s: %s", c.name.c_str(), added.error.c_str());
    return rig;
}

// An animation's length as Spine's 4.2 reader gives it (SkeletonJson.readAnimation): the JSON
// has no duration, so it is the latest key time of any timeline (Timeline.getDuration: the time
// of its last frame), read as a float: bones, slots, ik, ... (a name, then its timelines or, for
// ik, its keys), drawOrder and events (keys).
float spineReaderDuration(const QJsonObject& animation)
{
    float duration = 0;
    const auto lastOf = [&](const QJsonValue& keys) {
        const QJsonArray list = keys.toArray();
        if (!list.isEmpty())
            duration = std::max(duration, static_cast<float>(list.last().toObject().value("time").toDouble(0)));
    };
    for (const QString& group : animation.keys()) {
        const QJsonValue v = animation.value(group);
        if (v.isArray()) {
            lastOf(v);
            continue;
        }
        for (const QJsonValue& owner : v.toObject()) {
            if (owner.isArray())
                lastOf(owner);
            else
                for (const QJsonValue& timeline : owner.toObject())
                    lastOf(timeline);
        }
    }
    return duration;
}

} // namespace

class TestExportAnimation : public QObject {
    Q_OBJECT

    QString m_runtime = QStringLiteral(BONEWORK_RUNTIME_DIR);

    // Plays `exported` (a DragonBones export) in the runtime at the times `request` asks per
    // animation ({"name": [seconds, ...]}); `played` gets what animation_in_runtime.mjs prints.
    void playInRuntime(const QByteArray& exported, const QJsonObject& request, QJsonObject& played)
    {
        const QString node = QStandardPaths::findExecutable("node");
        QTemporaryDir tmp;
        QFile out(tmp.filePath("walker_ske.json"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(exported);
        out.close();
        QFile req(tmp.filePath("times.json"));
        QVERIFY(req.open(QIODevice::WriteOnly));
        req.write(QJsonDocument(request).toJson());
        req.close();
        QProcess run;
        run.start(node, {m_runtime + "/animation_in_runtime.mjs", out.fileName(), req.fileName()});
        QVERIFY(run.waitForFinished(120000));
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        const QByteArray text = run.readAllStandardOutput();
        played = QJsonDocument::fromJson(text.mid(text.lastIndexOf("\n{") + 1)).object();
        QVERIFY2(!played.isEmpty(), text.constData());
    }

    // Plays every clip of `exported` (the rig's DragonBones export) in the runtime and compares
    // every joint and slot with ClipSampler at every key time, 20 frames and 20 times between.
    void playedLikeBonework(const Rig& rig, const QByteArray& exported, const exporters::AnimationOptions& options)
    {
        // Every key time, and 20 times between (off the frame grid).
        QJsonObject request;
        std::map<std::string, std::vector<double>> asked;
        for (const Clip& clip : rig.animations()) {
            std::vector<double>& times = asked[clip.name];
            const std::set<double> keys = keyTimes(clip);
            times.assign(keys.begin(), keys.end());
            for (int i = 0; i < 20; ++i) { // 20 frames between the keys, 20 times between frames
                times.push_back(std::round(clip.duration * options.fps * (i + 0.5) / 20.0) / options.fps);
                times.push_back(clip.duration * (i + 0.37) / 20.0);
            }
            // A looping clip played on, in its second and third turn: the runtime wraps it as
            // clipTime does (the export's playTimes 0); one played once holds its last frame.
            for (int i = 0; i < 10; ++i)
                times.push_back(clip.duration * (1.0 + (i + 0.37) / 5.0));
            QJsonArray list;
            for (double t : times)
                list.append(t);
            request.insert(QString::fromStdString(clip.name), list);
        }
        // playTimes: 0 (forever) for a looping clip, 1 for one played once.
        for (const QJsonValue& a : QJsonDocument::fromJson(exported).object().value("armature").toArray()[0].toObject().value("animation").toArray()) {
            const int clip = rig.findAnimation(a.toObject().value("name").toString().toStdString());
            if (clip >= 0)
                QCOMPARE(a.toObject().value("playTimes").toInt(-1), rig.animations()[static_cast<std::size_t>(clip)].loop ? 0 : 1);
        }
        QJsonObject played;
        playInRuntime(exported, request, played);
        if (QTest::currentTestFailed())
            return;

        int compared = 0;
        for (const Clip& clip : rig.animations()) {
            animation::ClipSampler sampler;
            QVERIFY(sampler.bind(rig, clip).empty());
            Rig pose = rig;
            const QJsonArray poses = played.value(QString::fromStdString(clip.name)).toArray();
            const std::vector<double>& times = asked[clip.name];
            QCOMPARE(poses.size(), static_cast<qsizetype>(times.size()));
            const std::set<double> keys = keyTimes(clip);
            double worstAtKeys = 0, worstBetween = 0, worstOffGrid = 0;
            for (std::size_t i = 0; i < times.size(); ++i) {
                const double t = animation::clipTime(clip, times[i]);
                sampler.sample(t, pose);
                const auto ours = forwardKinematics(pose);
                const QJsonObject bones = poses[static_cast<qsizetype>(i)].toObject().value("bones").toObject();
                const bool grid = onGrid(t, options.fps);
                // Slots: shown or not, and the alpha (whole percents in the format) at this time.
                const QJsonObject slotsShown = poses[static_cast<qsizetype>(i)].toObject().value("slots").toObject();
                for (std::size_t s = 0; s < pose.slotList().size(); ++s) {
                    const Slot& slot = pose.slotList()[s];
                    const QJsonArray shown = slotsShown.value(QString::fromStdString(slot.name)).toArray();
                    QCOMPARE(shown.size(), 4); // display index, alpha, texture, corners
                    QVERIFY2((shown[0].toInt() == 0) == slot.visible,
                             qPrintable(QString("clip %1 at %2 s: slot %3 shown wrong").arg(clip.name.c_str()).arg(times[i]).arg(slot.name.c_str())));
                    QVERIFY2(std::fabs(shown[1].toDouble() - slot.opacity) <= 0.0051 + (grid ? 0.0 : 0.01),
                             qPrintable(QString("clip %1 at %2 s: slot %3 alpha %4, not %5").arg(clip.name.c_str()).arg(times[i])
                                            .arg(slot.name.c_str()).arg(shown[1].toDouble()).arg(slot.opacity)));
                }
                const bool exact = keys.count(t) && grid && !insideBezier(clip, t);
                // Off the grid the runtime interpolates linearly between frames: a sanity bound
                // only (the motion's own curvature over a frame is not the export's to bound).
                const double bound = exact ? 1e-3 : grid ? options.bakeTolerance : kOffGridBound;
                double& worst = exact ? worstAtKeys : grid ? worstBetween : worstOffGrid;
                // A channel that jumps at a key between two frames is held from the frame before
                // and jumps at the next: from the key on, within the frame, the runtime may still
                // show the frame before.
                const double frameBefore = std::floor(t * options.fps + 1e-9) / options.fps;
                const bool jumpedWithinFrame = !grid && std::any_of(keys.begin(), keys.end(), [&](double k) {
                    return k > frameBefore + 1e-9 && k <= t && !onGrid(k, options.fps);
                });
                std::vector<WorldTransform> held;
                if (jumpedWithinFrame) {
                    sampler.sample(frameBefore, pose);
                    held = forwardKinematics(pose);
                    sampler.sample(t, pose);
                }
                for (std::size_t j = 0; j < pose.jointCount(); ++j) {
                    const QString name = QString::fromStdString(pose.jointName(static_cast<JointIndex>(j)));
                    const QJsonArray tip = bones.value(name).toArray();
                    QCOMPARE(tip.size(), 2);
                    double error = std::hypot(tip[0].toDouble() - ours[j].position.x, tip[1].toDouble() - ours[j].position.y);
                    if (jumpedWithinFrame)
                        error = std::min(error, std::hypot(tip[0].toDouble() - held[j].position.x, tip[1].toDouble() - held[j].position.y));
                    worst = std::max(worst, error);
                    QVERIFY2(error < bound,
                             qPrintable(QString("clip %1 at %2 s: joint %3 is %4 px away in the runtime")
                                            .arg(QString::fromStdString(clip.name)).arg(times[i]).arg(name).arg(error)));
                    ++compared;
                }
            }
            qInfo("clip %s: worst %.2g px at key times, %.2g px at frames between, %.2g px between frames", clip.name.c_str(),
                  worstAtKeys, worstBetween, worstOffGrid);
        }
        QVERIFY(compared > 100);
    }

    // Evaluates the rig's Spine export by Spine's documented math against ClipSampler; counts the
    // Bezier and stepped curves converted.
    void spinePlaysLikeBonework(const Rig& rig, int& beziers, int& stepped, const exporters::AnimationOptions& options = {})
    {
        exporters::ExportReport report;
        const QByteArray exported = qtBytes(exporters::exportSpine(rig, report, slotsOf(rig), options));
        const QJsonObject spine = QJsonDocument::fromJson(exported).object();
        qInfo().noquote() << qt(report.toText());
        const QJsonArray bones = spine.value("bones").toArray();
        const QJsonObject animations = spine.value("animations").toObject();
        QVERIFY(animations.contains("setup"));
        int compared = 0;
        for (const Clip& clip : rig.animations()) {
            const QJsonObject anim = animations.value(QString::fromStdString(clip.name)).toObject();
            QVERIFY2(!anim.isEmpty(), clip.name.c_str());
            // Spine's data has no loop flag: the report tells a game to loop a looping clip.
            QCOMPARE(testing::qtList(report.decisions).filter(QStringLiteral("animation \"%1\" loops: ").arg(clip.name.c_str())).size(),
                     clip.loop ? 1 : 0);
            // Structure: known timelines, keys in time order within the clip, curves well formed.
            const QJsonObject boneTimelines = anim.value("bones").toObject();
            // The report counts the bone keys written (a bake heavier than expected shows there).
            qsizetype boneKeys = 0;
            for (const QJsonValue& bone : boneTimelines)
                for (const QJsonValue& timeline : bone.toObject())
                    boneKeys += timeline.toArray().size();
            if (boneKeys > 0)
                QVERIFY2(testing::qtList(report.decisions)
                                 .filter(QStringLiteral("animation \"%1\": %2 bone key").arg(clip.name.c_str(), QLocale(QLocale::English).toString(boneKeys)))
                                 .size() == 1,
                         qPrintable(testing::qtList(report.decisions).join("\n")));
            for (const QString& bone : boneTimelines.keys()) {
                const QJsonObject timelines = boneTimelines.value(bone).toObject();
                for (const QString& kind : timelines.keys()) {
                    QVERIFY2(kind == "rotate" || kind == "translate", qPrintable(kind));
                    // Baked keys come a frame apart, more only where the motion jumps or swings
                    // a pixel within a frame: an arm's fast swing once took keys an eighth of a
                    // frame apart throughout (137 for a 1 s clip keyed three times).
                    const qsizetype frames = static_cast<qsizetype>(std::ceil(clip.duration * options.fps - 1e-6)) + 1;
                    const qsizetype keys = timelines.value(kind).toArray().size();
                    QVERIFY2(keys <= 2 * frames + static_cast<qsizetype>(keyTimes(clip).size()),
                             qPrintable(QStringLiteral("clip %1: %2 %3 keys of %4 for %5 frames").arg(clip.name.c_str()).arg(keys).arg(kind, bone)
                                            .arg(frames)));
                    double last = -1;
                    for (const QJsonValue& k : timelines.value(kind).toArray()) {
                        const double t = k.toObject().value("time").toDouble();
                        QVERIFY(t > last && t <= clip.duration + 1e-9);
                        // A jump is placed to within microseconds, no closer: a jump at a key time
                        // drew 15 keys nanoseconds apart before it, equal but for one channel.
                        QVERIFY2(last < 0 || t - last > 0.9e-6,
                                 qPrintable(QStringLiteral("clip %1: %2 keys of %3 at %4 and %5 s").arg(clip.name.c_str(), kind, bone)
                                                .arg(last, 0, 'g', 17).arg(t, 0, 'g', 17)));
                        last = t;
                        const QJsonValue curve = k.toObject().value("curve");
                        QVERIFY(curve.isUndefined() || curve.toString() == "stepped"
                                || curve.toArray().size() == (kind == "rotate" ? 4 : 8));
                        beziers += curve.isArray();
                        stepped += curve.toString() == "stepped";
                    }
                }
            }
            // Every exported IK constraint is switched off (mix 0) in the clip, or kept as IK
            // (no key: mix 1 throughout, then Spine's IK is evaluated below).
            for (const QJsonValue& c : spine.value("ik").toArray()) {
                const QString name = c.toObject().value("name").toString();
                const QJsonArray keys = anim.value("ik").toObject().value(name).toArray();
                // Kept: no key, or one at 0 switching on a chain whose setup mix is below 1.
                if (keys.isEmpty() || (keys.size() == 1 && keys[0].toObject().value("mix").toDouble(1) == 1.0)) {
                    QVERIFY2(keptAsIk(report, clip.name.c_str(), name), qPrintable(name));
                    QVERIFY(keys.isEmpty() || (c.toObject().value("mix").toDouble(1) < 1 && !keys[0].toObject().contains("time")));
                    continue;
                }
                QCOMPARE(keys.size(), 1);
                QCOMPARE(keys[0].toObject().value("mix").toDouble(-1), 0.0);
                QCOMPARE(keys[0].toObject().value("bendPositive").toBool(), c.toObject().value("bendPositive").toBool());
            }
            // Spine's math against ClipSampler: exact at key times, within the tolerance at
            // frames; between frames Spine interpolates the baked keys linearly, as DragonBones'
            // runtime does, so there the motion's bend over a frame is not the export's to bound
            // (a sanity bound only; baking keys between frames followed jumps alone).
            animation::ClipSampler sampler;
            QVERIFY(sampler.bind(rig, clip).empty());
            Rig pose = rig;
            const std::set<double> keys = keyTimes(clip);
            std::vector<double> times(keys.begin(), keys.end());
            for (int i = 0; i <= 200; ++i)
                times.push_back(clip.duration * i / 200.0);
            double worstAtKeys = 0, worstFrames = 0, worstOff = 0;
            for (double t : times) {
                sampler.sample(t, pose);
                const auto ours = forwardKinematics(pose);
                const auto theirs = spinePose(bones, anim, rig, t, spine.value("ik").toArray());
                // Slots: the attachment (the region, or null: hidden) and alpha, as Spine keys them.
                for (const Slot& slot : pose.slotList()) {
                    const QJsonObject tl = anim.value("slots").toObject().value(QString::fromStdString(slot.name)).toObject();
                    const QJsonArray shown = tl.value("attachment").toArray(), alpha = tl.value("alpha").toArray();
                    bool visible = rig.slotList()[static_cast<std::size_t>(rig.findSlot(slot.name))].visible;
                    for (const QJsonValue& k : shown)
                        if (k.toObject().value("time").toDouble() <= t)
                            visible = !k.toObject().value("name").isNull();
                    QVERIFY2(visible == slot.visible, qPrintable(QString("clip %1 at %2 s: slot %3").arg(clip.name.c_str()).arg(t).arg(slot.name.c_str())));
                    const double setup = rig.slotList()[static_cast<std::size_t>(rig.findSlot(slot.name))].opacity;
                    const double opacity = alpha.isEmpty() || t < alpha[0].toObject().value("time").toDouble()
                                               ? setup : spineValue(alpha, "value", 0, t);
                    QVERIFY2(std::fabs(opacity - slot.opacity) < 1e-9,
                             qPrintable(QString("clip %1 at %2 s: slot %3 alpha %4, not %5").arg(clip.name.c_str()).arg(t)
                                            .arg(slot.name.c_str()).arg(opacity).arg(slot.opacity)));
                }
                const bool exact = keys.count(t) && !insideBezier(clip, t);
                const bool frame = onGrid(t, options.fps);
                const double bound = exact ? 1e-3 : frame ? options.bakeTolerance : kOffGridBound;
                double& worst = exact ? worstAtKeys : frame ? worstFrames : worstOff;
                for (std::size_t j = 0; j < ours.size(); ++j) {
                    const double error = std::hypot(theirs[j].x - ours[j].position.x, theirs[j].y - ours[j].position.y);
                    worst = std::max(worst, error);
                    QVERIFY2(error < bound, qPrintable(QString("clip %1 at %2 s: joint %3 is %4 px away in Spine")
                                                           .arg(QString::fromStdString(clip.name)).arg(t)
                                                           .arg(QString::fromStdString(pose.jointName(static_cast<JointIndex>(j))))
                                                           .arg(error)));
                    ++compared;
                }
            }
            qInfo("clip %s: worst %.2g px at key times, %.2g px at frames, %.2g px between", clip.name.c_str(), worstAtKeys,
                  worstFrames, worstOff);
        }
        QVERIFY(compared > 100);
    }

private slots:
    void dragonBonesRuntimePlaysEveryClip()
    {
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        const Rig rig = withClips();
        exporters::AnimationOptions options;
        exporters::ExportReport report;
        const QByteArray exported = qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), options));
        // Converted, not only baked: a Bezier kept as `curve`, the long turn with `clockwise`.
        QVERIFY(exported.contains("\"curve\"") && exported.contains("\"clockwise\"") && exported.contains("\"displayFrame\""));
        qInfo().noquote() << qt(report.toText());
        QVERIFY(keptAsIk(report, "reach", "arm"));
        playedLikeBonework(rig, exported, options);
        if (QTest::currentTestFailed())
            return;
        // A kept chain with limits (clear of them in the clip).
        const Rig limited = withClipsHandLimited();
        exporters::ExportReport limitedReport;
        const QByteArray limitedExport = qtBytes(exporters::exportDragonBones(limited, limitedReport, slotsOf(limited), options));
        QVERIFY(keptAsIk(limitedReport, "reach", "arm") && !keptAsIk(limitedReport, "wave", "arm"));
        playedLikeBonework(limited, limitedExport, options);
        if (QTest::currentTestFailed())
            return;
        // A rig from a file: an arm whose chain has limits (baked), keys with every curve.
        const io::LoadResult arm = io::loadRigFile(bonework::testing::sourceTree().toStdString() + "/tests/io/valid/arm_animated.json");
        QVERIFY(arm.ok());
        exporters::ExportReport armReport;
        playedLikeBonework(*arm.rig, qtBytes(exporters::exportDragonBones(*arm.rig, armReport, slotsOf(*arm.rig), options)),
                           options);
    }


    // Every clip of every example (the humanoid's walk and blink, the recorded ball kick and
    // snake path, ...), exported with a 0.1 px bake tolerance as the editor does, played by the
    // DragonBones runtime and evaluated by Spine's math like Bonework samples it.
    void dragonBonesRuntimePlaysTheExamplesClips_data()
    {
        QTest::addColumn<QString>("file");
        const QDir examples(bonework::testing::sourceTree() + "/resources/examples");
        int withClips = 0;
        for (const QString& file : examples.entryList({"*.rig.json"}, QDir::Files, QDir::Name)) {
            const io::LoadResult loaded = io::loadRigFile(examples.filePath(file).toStdString());
            QVERIFY2(loaded.ok(), qPrintable(file));
            if (loaded.rig->animations().empty())
                continue;
            QTest::newRow(qPrintable(file)) << examples.filePath(file);
            ++withClips;
        }
        QVERIFY(withClips >= 3); // the humanoid, the ball arm and the snake
    }
    void dragonBonesRuntimePlaysTheExamplesClips()
    {
        QFETCH(QString, file);
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        const io::LoadResult loaded = io::loadRigFile(file.toStdString());
        QVERIFY(loaded.ok());
        // At 30 fps, the editor's default, unless a clip's keys need more: the recorded clips'
        // keys are on the motion preview's 60 Hz steps, and a frame rate that drops half of
        // them plays the fastest moves (the kick) up to 16 px off between its frames.
        exporters::AnimationOptions options; // 0.1 px
        for (const Clip& clip : loaded.rig->animations())
            for (double t : keyTimes(clip))
                if (!onGrid(t, options.fps))
                    options.fps = 60;
        for (const Clip& clip : loaded.rig->animations())
            for (double t : keyTimes(clip))
                QVERIFY2(onGrid(t, options.fps), qPrintable(QString("clip %1: a key at %2 s").arg(clip.name.c_str()).arg(t)));
        qInfo("%s at %d fps", qPrintable(QFileInfo(file).fileName()), options.fps);
        exporters::ExportReport report;
        const QByteArray exported = qtBytes(exporters::exportDragonBones(*loaded.rig, report, slotsOf(*loaded.rig), options));
        playedLikeBonework(*loaded.rig, exported, options);
        if (QTest::currentTestFailed())
            return;
        // And Spine's export, by Spine's documented timeline math.
        int beziers = 0, stepped = 0;
        spinePlaysLikeBonework(*loaded.rig, beziers, stepped, options);
    }

    // Baked keys are samples a frame apart: where a baked angle wraps (179 degrees, then -179)
    // the export writes the nearest equivalent (181), so the runtime turns the short way; the
    // clockwise rule is for keyed turns only. Played by the runtime at every frame and between
    // frames, every joint stays within the bake tolerance of Bonework's pose (a full turn within
    // one frame put the hand 100 px off). Spine's export of the clip plays right too.
    void dragonBonesBakedTurnsTakeTheShortWay()
    {
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        const Rig rig = sweepingArm();
        const Clip& clip = rig.animations().front();
        exporters::AnimationOptions options; // 30 fps, 0.1 px
        animation::ClipSampler sampler;
        QVERIFY(sampler.bind(rig, clip).empty());
        Rig pose = rig;
        const JointIndex el = rig.findJoint("el");
        // The clip does what the test is about: the elbow's angle wraps between two frames.
        double before = rig.angle(el), widest = 0;
        for (int f = 0; f <= options.fps; ++f) {
            sampler.sample(double(f) / options.fps, pose);
            widest = std::max(widest, std::fabs(pose.angle(el) - before));
            before = pose.angle(el);
        }
        QVERIFY2(widest > 300, qPrintable(QString::number(widest)));

        exporters::ExportReport report;
        const QByteArray exported = qtBytes(exporters::exportDragonBones(rig, report, {}, options));
        qInfo().noquote() << qt(report.toText());
        QVERIFY(!exported.contains("\"clockwise\"")); // no keyed turn in the clip
        // Every frame, and four times between each two.
        std::vector<double> times;
        for (int f = 0; f < options.fps; ++f)
            for (double at : {0.0, 0.2, 0.5, 0.7, 0.9})
                times.push_back((f + at) / options.fps);
        times.push_back(clip.duration);
        QJsonArray list;
        for (double t : times)
            list.append(t);
        QJsonObject played;
        playInRuntime(exported, QJsonObject{{"sweep", list}}, played);
        if (QTest::currentTestFailed())
            return;
        const QJsonArray poses = played.value("sweep").toArray();
        QCOMPARE(poses.size(), qsizetype(times.size()));
        double worst = 0;
        for (std::size_t i = 0; i < times.size(); ++i) {
            sampler.sample(times[i], pose);
            const auto ours = forwardKinematics(pose);
            const QJsonObject bones = poses[qsizetype(i)].toObject().value("bones").toObject();
            for (std::size_t j = 0; j < pose.jointCount(); ++j) {
                const QString name = QString::fromStdString(pose.jointName(static_cast<JointIndex>(j)));
                const QJsonArray tip = bones.value(name).toArray();
                const double error = std::hypot(tip[0].toDouble() - ours[j].position.x, tip[1].toDouble() - ours[j].position.y);
                worst = std::max(worst, error);
                QVERIFY2(error <= options.bakeTolerance,
                         qPrintable(QString("at %1 s (frame %2): joint %3 is %4 px away in the runtime")
                                        .arg(times[i]).arg(times[i] * options.fps).arg(name).arg(error)));
            }
        }
        qInfo("worst %.3g px at and between frames", worst);
        // Spine's baked rotations, by Spine's math, within the tolerance too.
        int beziers = 0, stepped = 0;
        spinePlaysLikeBonework(rig, beziers, stepped, options);
    }

    // The runtime keeps a keyframe's position (its first frame) as a 16-bit signed number
    // (ObjectDataParser._parseFrame, FramePosition in the Int16Array frame array): a key after
    // frame 32,767 reads as a negative frame and the clip plays wrong (the arm held its first
    // key for half an hour). A longer clip is cut at 32,767 frames, the last the runtime reads,
    // reported, and plays like Bonework up to there (a key at the cut holds each track's value
    // there, within the bake tolerance where a track is baked); one within the limit is whole.
    // DragonBones loops a clip over its whole frames: a looping clip of 1.01 s plays 31 frames
    // (1.0333 s) a turn at 30 fps, drifting 23 ms a loop from Bonework. The report says so as
    // a loss (not only as the rounding decision); a clip played once, a clip of whole frames and
    // Spine (which loops at the clip's own length) have nothing to report.
    void dragonBonesOffGridLoopsAreALoss()
    {
        Rig rig = plainArm();
        Clip offGrid{.name = "off", .duration = 1.01, .loop = true};
        offGrid.joints.push_back({.joint = "a", .angle = {key(0, 0), key(1.01, 90)}});
        Clip once = offGrid;
        once.name = "once";
        once.loop = false;
        Clip whole = offGrid;
        whole.name = "whole";
        whole.duration = 1.0;
        whole.joints.front().angle.back().time = 1.0;
        for (const Clip& c : {offGrid, once, whole})
            QVERIFY2(rig.addAnimation(c), c.name.c_str());
        exporters::ExportReport report;
        exporters::exportDragonBones(rig, report, slotsOf(rig), {});
        const QStringList losses = testing::qtList(report.losses);
        QVERIFY2(losses.filter("animation \"off\": loops every 31 frames (1.0333").size() == 1, qPrintable(losses.join("\n")));
        QVERIFY2(losses.filter("loops every").size() == 1, qPrintable(losses.join("\n")));
        QVERIFY2(losses.filter("animation \"off\"").first().contains("(1 or 1.0333"), qPrintable(losses.join("\n")));
        exporters::ExportReport spine;
        exporters::exportSpine(rig, spine, slotsOf(rig), {});
        QVERIFY2(testing::qtList(spine.losses).filter("loops every").isEmpty(), spine.toText().c_str());
    }

    // A clip shorter than a frame (a file may hold one) is one frame: "1 frame", not "1 frames".
    void aClipUnderAFrameIsOneFrame()
    {
        Rig rig = plainArm();
        Clip blink{.name = "blink", .duration = 0.01, .loop = true};
        blink.joints.push_back({.joint = "a", .angle = {key(0, 0), key(0.01, 10)}});
        QVERIFY(rig.addAnimation(blink));
        exporters::ExportReport report;
        exporters::exportDragonBones(rig, report, slotsOf(rig), {});
        const QString text = QString::fromStdString(report.toText());
        QVERIFY2(text.contains("duration 0.01 s rounded up to 1 frame at 30 fps"), qPrintable(text));
        QVERIFY2(text.contains("loops every 1 frame (0.0333"), qPrintable(text));
        QVERIFY2(!text.contains("1 frames"), qPrintable(text));
    }

    // The armature starts on the setup pose: the empty "setup" animation, or the rig's clip of
    // that name, which takes its place (QA: with a clip named "setup" behind another, the
    // armature played the first clip instead).
    void dragonBonesStartsOnTheSetupAnimation()
    {
        for (const bool withSetupClip : {false, true}) {
            Rig rig = plainArm();
            Clip walk{.name = "walk", .duration = 1.0, .loop = true};
            walk.joints.push_back({.joint = "a", .angle = {key(0, 0), key(1.0, 90)}});
            QVERIFY(rig.addAnimation(walk));
            if (withSetupClip) {
                Clip setup{.name = "setup", .duration = 0.5};
                setup.joints.push_back({.joint = "a", .angle = {key(0, 10)}});
                QVERIFY(rig.addAnimation(setup));
            }
            exporters::ExportReport report;
            const QJsonObject armature = QJsonDocument::fromJson(qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), {})))
                                             .object()
                                             .value("armature")
                                             .toArray()[0]
                                             .toObject();
            QCOMPARE(armature.value("defaultActions").toArray(),
                     QJsonArray({QJsonObject{{"gotoAndPlay", "setup"}}}));
            int named = 0;
            for (const QJsonValue& a : armature.value("animation").toArray())
                named += a.toObject().value("name").toString() == "setup" ? 1 : 0;
            QCOMPARE(named, 1);
        }
    }

    // DragonBones keeps opacity as whole percents: an opacity above 0 that becomes 0% (the
    // image would not show at all) is reported, in the setup pose and in a clip, once a slot
    // and clip; one that keeps a percent is not.
    void dragonBonesReportsOpacitiesThatRoundToNothing()
    {
        Rig rig = plainArm();
        Slot faint = rig.slotList()[0];
        faint.opacity = 0.002;
        QVERIFY(rig.setSlot(0, faint));
        QVERIFY(rig.addSlot({.name = "kept", .joint = rig.findJoint("a"), .image = "art/k.png", .opacity = 0.005}));
        Clip fade{.name = "fade", .duration = 1.0};
        fade.slotTracks.push_back({.slot = "kept", .opacity = {key(0, 0.5), key(0.5, 0.004), key(1, 0.001)}});
        fade.slotTracks.push_back({.slot = "s", .opacity = {key(0, 0.5), key(1, 0.0)}});
        QVERIFY(rig.addAnimation(fade));
        exporters::ExportReport report;
        const QJsonObject file = QJsonDocument::fromJson(qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), {}))).object();
        const QStringList losses = testing::qtList(report.losses).filter("opacity");
        QVERIFY2(losses.size() == 2, qPrintable(losses.join("\n")));
        QVERIFY2(losses[0].startsWith("slot \"s\": opacity 0.002 is 0% in DragonBones"), qPrintable(losses[0]));
        QVERIFY2(losses[1].startsWith("animation \"fade\": slot \"kept\" at 0.5 s: opacity 0.004 is 0%"), qPrintable(losses[1]));
        QVERIFY(losses[1].endsWith("the image does not show"));
        // As written: 0 and 1 percent.
        const QJsonArray slotEntries = file.value("armature").toArray()[0].toObject().value("slot").toArray();
        QCOMPARE(slotEntries[0].toObject().value("color").toObject().value("aM").toInt(), 0);
        QCOMPARE(slotEntries[1].toObject().value("color").toObject().value("aM").toInt(), 1);
        exporters::ExportReport spine;
        exporters::exportSpine(rig, spine, slotsOf(rig), {});
        QVERIFY2(testing::qtList(spine.losses).filter("opacity").isEmpty(), spine.toText().c_str()); // Spine keeps it
    }

    // A clip 1.016 s long (30.48 frames at 30 fps) with its last key at its end: baked, the
    // end's sample goes to frame 31 (the clip's rounded-up frames), and frame 30 keeps its own
    // sample (QA: the end pose, 90 degrees, showed at frame 30 where Bonework has 61.2, 50 px
    // off at the tip in the runtime).
    void dragonBonesClipEndOffTheGridKeepsTheFrameBefore()
    {
        Rig rig = plainArm();
        Clip fast{.name = "fast", .duration = 1.016};
        fast.joints.push_back({.joint = "a", .angle = {key(0.966, 0), key(1.016, 90)}});
        QVERIFY(rig.addAnimation(fast));
        exporters::ExportReport report;
        const QJsonObject file = QJsonDocument::fromJson(qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), {}))).object();
        QJsonObject clip;
        for (const QJsonValue& a : file.value("armature").toArray()[0].toObject().value("animation").toArray())
            if (a.toObject().value("name").toString() == "fast")
                clip = a.toObject();
        QCOMPARE(clip.value("duration").toInt(), 31);
        QJsonArray rotate;
        for (const QJsonValue& b : clip.value("bone").toArray())
            if (b.toObject().value("name").toString() == "a")
                rotate = b.toObject().value("rotateFrame").toArray();
        QVERIFY(!rotate.isEmpty());
        int frames = 0;
        for (const QJsonValue& f : rotate)
            frames += f.toObject().value("duration").toInt();
        QCOMPARE(frames, 31);
        animation::ClipSampler sampler;
        QVERIFY(sampler.bind(rig, rig.animations().front()).empty());
        Rig pose = rig;
        for (const auto& [at, sampled] : {std::pair{29, 29.0 / 30}, std::pair{30, 1.0}, std::pair{31, 1.016}}) {
            sampler.sample(sampled, pose);
            const double exported = rotationPlayedAt(rotate, at) + rig.angle(rig.findJoint("a"));
            QVERIFY2(std::fabs(exported - pose.angle(pose.findJoint("a"))) < 0.01,
                     qPrintable(QString("frame %1: %2 exported, %3 sampled").arg(at).arg(exported).arg(pose.angle(pose.findJoint("a")))));
        }
    }

    // A stepped key whose next key lies between two frames jumps there: DragonBones, which
    // keys whole frames, holds the frame before and shows the jump at the next frame (QA: it
    // tweened across the frame, 42 degrees of a 90 degree jump at the key's time, ~70 px off a
    // 100 px bone, and already 29 px off before the key).
    void dragonBonesHoldsAJumpBetweenFrames()
    {
        Rig rig = plainArm();
        Clip jump{.name = "jump", .duration = 0.5};
        jump.joints.push_back({.joint = "a", .angle = {key(0, 0, {Curve::Kind::Stepped}), key(0.25, 90), key(0.5, 0)}});
        // A key between frames with no jump there: its channel tweens as before.
        jump.joints.push_back({.joint = "b", .angle = {key(0, 0), key(0.25, 45), key(0.5, 0)}});
        QVERIFY(rig.addAnimation(jump));
        exporters::ExportReport report;
        const QJsonObject file = QJsonDocument::fromJson(qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), {}))).object();
        QJsonObject clip;
        for (const QJsonValue& a : file.value("armature").toArray()[0].toObject().value("animation").toArray())
            if (a.toObject().value("name").toString() == "jump")
                clip = a.toObject();
        const auto rotateOf = [&](const char* bone) {
            for (const QJsonValue& b : clip.value("bone").toArray())
                if (b.toObject().value("name").toString() == bone)
                    return b.toObject().value("rotateFrame").toArray();
            return QJsonArray();
        };
        animation::ClipSampler sampler;
        QVERIFY(sampler.bind(rig, rig.animations().front()).empty());
        Rig pose = rig;
        for (const char* bone : {"a", "b"}) {
            const QJsonArray rotate = rotateOf(bone);
            QVERIFY2(!rotate.isEmpty(), bone);
            const JointIndex j = rig.findJoint(bone);
            // Before the key, from the frame before it on, the pose before the jump; each frame as sampled.
            for (double t : {7.0 / 30, 0.24, 0.2499, 8.0 / 30, 9.0 / 30}) {
                sampler.sample(t, pose);
                const double exported = rotationPlayedAt(rotate, t * 30) + rig.angle(j);
                const double off = std::fabs(exported - pose.angle(j));
                // b tweens across the frame holding its key, as the runtime does: within its bend there.
                QVERIFY2(off < (std::string(bone) == "b" && t > 0.234 && t < 0.26 ? 3.0 : 0.01),
                         qPrintable(QString("%1 at %2 s: %3 exported, %4 sampled").arg(bone).arg(t).arg(exported).arg(pose.angle(j))));
            }
        }
        QVERIFY(!rotateOf("b")[0].toObject().value("tweenEasing").isUndefined()); // b is tweened from its first frame
    }

    void dragonBonesLongClipsAreCutWhereTheRuntimeReads()
    {
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        exporters::AnimationOptions options; // 30 fps
        const double limit = 32767.0 / options.fps;
        Rig rig = plainArm();
        // Cut between two linear keys, inside a Bezier key, on a stepped one, and a clip that fits.
        Clip linear{.name = "linear", .duration = 1093.0};
        linear.joints.push_back({.joint = "a", .angle = {key(0, 20), key(1091, 65), key(1093, 110)}});
        linear.joints.push_back({.joint = "r", .x = {key(0, 100), key(1100.0 / 30, 130), key(1093, 160)}});
        Clip eased{.name = "eased", .duration = 1200.0};
        eased.joints.push_back({.joint = "b", .angle = {key(900, -30, Curve::bezier(0.8, 0, 0.2, 1)), key(1200, 60)}});
        // Its first part's handles would leave [0, 1]: split in pieces, off the grid, so baked.
        eased.joints.push_back({.joint = "r", .rotation = {key(900, 0, Curve::bezier(1, 0, 0, 1)), key(1200, 40)}});
        eased.slotTracks.push_back({.slot = "s", .visible = {{1000, false}, {1100, true}}, .opacity = {key(0, 1.0), key(1200, 0.2)}});
        Clip held{.name = "held", .duration = 2000.0};
        held.joints.push_back({.joint = "a", .angle = {key(0, 20, {Curve::Kind::Stepped}), key(1090, 50, {Curve::Kind::Stepped}), key(2000, 0)}});
        Clip fits{.name = "fits", .duration = limit};
        fits.joints.push_back({.joint = "a", .angle = {key(0, 20), key(limit, 80)}});
        for (const Clip& c : {linear, eased, held, fits})
            QVERIFY2(rig.addAnimation(c), c.name.c_str());

        exporters::ExportReport report;
        const QByteArray exported = qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), options));
        qInfo().noquote() << qt(report.toText());
        const QJsonObject file = QJsonDocument::fromJson(exported).object();
        QJsonObject request;
        for (const QJsonValue& a : file.value("armature").toArray()[0].toObject().value("animation").toArray()) {
            const QJsonObject anim = a.toObject();
            const QString name = anim.value("name").toString();
            if (name == "setup")
                continue;
            // No keyframe after frame 32,767: every timeline's frames start within it.
            QCOMPARE(anim.value("duration").toInt(), 32767);
            for (const QString& group : {QString("bone"), QString("slot")})
                for (const QJsonValue& timeline : anim.value(group).toArray())
                    for (const QString& kind : {QString("rotateFrame"), QString("translateFrame"), QString("displayFrame"), QString("colorFrame")}) {
                        qint64 start = 0;
                        for (const QJsonValue& f : timeline.toObject().value(kind).toArray()) {
                            QVERIFY2(start <= 32767, qPrintable(name + " " + kind));
                            start += f.toObject().value("duration").toInt();
                        }
                        QVERIFY(start <= 32767);
                    }
            const bool cut = name != "fits";
            QCOMPARE(testing::qt(report.toText()).contains("animation \"" + name + "\": cut at 1092.23 s"), cut);
            // At keys, between them and at the cut, the runtime plays what ClipSampler gives.
            QJsonArray times;
            for (double t : {0.0, 1.0, 500.0, 900.0, 1000.5, 1050.0, 1090.0, 1091.0, 1091.5, 1092.0, limit - 0.5 / options.fps, limit})
                times.append(t);
            request.insert(name, times);
        }
        QVERIFY(!report.losses.empty());
        QJsonObject played;
        playInRuntime(exported, request, played);
        if (QTest::currentTestFailed())
            return;
        for (const Clip& clip : rig.animations()) {
            animation::ClipSampler sampler;
            QVERIFY(sampler.bind(rig, clip).empty());
            Rig pose = rig;
            const QJsonArray times = request.value(QString::fromStdString(clip.name)).toArray();
            const QJsonArray poses = played.value(QString::fromStdString(clip.name)).toArray();
            QCOMPARE(poses.size(), times.size());
            for (qsizetype i = 0; i < times.size(); ++i) {
                const double t = times[i].toDouble();
                sampler.sample(t, pose);
                const auto ours = forwardKinematics(pose);
                const QJsonObject shown = poses[i].toObject();
                for (std::size_t j = 0; j < pose.jointCount(); ++j) {
                    const QString name = QString::fromStdString(pose.jointName(static_cast<JointIndex>(j)));
                    const QJsonArray tip = shown.value("bones").toObject().value(name).toArray();
                    const double error = std::hypot(tip[0].toDouble() - ours[j].position.x, tip[1].toDouble() - ours[j].position.y);
                    QVERIFY2(error < options.bakeTolerance, qPrintable(QString("clip %1 at %2 s: joint %3 is %4 px away in the runtime")
                                                          .arg(clip.name.c_str()).arg(t).arg(name).arg(error)));
                }
                const QJsonArray slot = shown.value("slots").toObject().value("s").toArray();
                QVERIFY2((slot[0].toInt() == 0) == pose.slotList()[0].visible, qPrintable(QString("clip %1 at %2 s").arg(clip.name.c_str()).arg(t)));
                QVERIFY2(std::fabs(slot[1].toDouble() - pose.slotList()[0].opacity) <= 0.0051,
                         qPrintable(QString("clip %1 at %2 s: alpha %3, not %4").arg(clip.name.c_str()).arg(t).arg(slot[1].toDouble())
                                        .arg(pose.slotList()[0].opacity)));
            }
        }
    }

    // A cut clip plays as Bonework does up to the cut: a key at the cut where a track goes on
    // past it, a Bezier key split there into pieces of the same curve (handles within [0, 1]).
    // Spine keeps any time, so its export of a clip past the 1,048,576 frames an export holds
    // shows it (by Spine's documented math): linear, stepped and Bezier keys across the cut, one
    // of whose first part takes pieces (its time stands still halfway).
    void cutClipsPlayLikeBoneworkUpToTheCut()
    {
        Rig rig = plainArm();
        const exporters::AnimationOptions options;
        const double cut = double(exporters::kMostExportFrames) / options.fps, from = cut - 300;
        Clip clip{.name = "long", .duration = cut + 100};
        clip.joints.push_back({.joint = "r", .x = {key(0, 100), key(cut + 50, 200)},
                               .rotation = {key(from, 0, Curve::bezier(1, 0, 0, 1)), key(cut + 100, 0.4)}});
        clip.joints.push_back({.joint = "a", .angle = {key(from, 20, Curve::bezier(0.42, 0, 0.58, 1)), key(cut + 60, 21)}});
        clip.joints.push_back({.joint = "b", .angle = {key(0, -30, {Curve::Kind::Stepped}), key(cut + 1, 10)}});
        clip.slotTracks.push_back({.slot = "s", .opacity = {key(from, 1.0, Curve::bezier(0.3, 0.1, 0.6, 0.8)), key(cut + 20, 0.0)}});
        QVERIFY(rig.addAnimation(clip));
        exporters::ExportReport report;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(rig, report, slotsOf(rig), options))).object();
        qInfo().noquote() << qt(report.toText());
        QVERIFY2(testing::qt(report.toText()).contains("cut at 34952.5 s"), report.toText().c_str());
        QVERIFY2(!testing::qt(report.toText()).contains("baked"), report.toText().c_str()); // keys kept, curves and all
        const QJsonObject anim = spine.value("animations").toObject().value("long").toObject();
        const QJsonObject bones = anim.value("bones").toObject();
        const QJsonArray turn = bones.value("r").toObject().value("rotate").toArray();
        QVERIFY2(turn.size() > 2 && turn[0].toObject().value("curve").isArray(), "the first part of the root's turn, in pieces");
        QCOMPARE(spineReaderDuration(anim), static_cast<float>(cut));
        animation::ClipSampler sampler;
        QVERIFY(sampler.bind(rig, clip).empty());
        Rig pose = rig;
        // Every key where ClipSampler has the clip (the pieces' ends lie on the curve, the key at
        // the cut holds the value there); y up, so angles and y negated.
        const Vec2 rootSetup = rig.rootPosition(rig.findJoint("r"));
        int keys = 0;
        for (const QString& bone : bones.keys())
            for (const QString& kind : {QString("rotate"), QString("translate")})
                for (const QJsonValue& k : bones.value(bone).toObject().value(kind).toArray()) {
                    const double t = k.toObject().value("time").toDouble();
                    QVERIFY(t <= cut);
                    sampler.sample(t, pose);
                    const JointIndex j = rig.findJoint(bone.toStdString());
                    const double want = kind == "rotate" ? -(pose.angle(j) - rig.angle(j)) : pose.rootPosition(j).x - rootSetup.x;
                    QVERIFY2(std::fabs(k.toObject().value(kind == "rotate" ? "value" : "x").toDouble() - want) < 1e-9,
                             qPrintable(QString("%1 %2 at %3 s").arg(bone, kind).arg(t, 0, 'f', 6)));
                    ++keys;
                }
        const QJsonArray alpha = anim.value("slots").toObject().value("s").toObject().value("alpha").toArray();
        for (const QJsonValue& k : alpha) {
            sampler.sample(k.toObject().value("time").toDouble(), pose);
            QVERIFY(std::fabs(k.toObject().value("value").toDouble() - pose.slotList()[0].opacity) < 1e-9);
        }
        QVERIFY(keys > 6 && alpha.size() >= 2);
        // Between them within the bake tolerance (Spine draws a Bezier as ten straight segments).
        double worst = 0;
        for (int i = 0; i <= 300; ++i) {
            const double t = from + (cut - from) * i / 300.0;
            sampler.sample(t, pose);
            const auto ours = forwardKinematics(pose);
            const auto theirs = spinePose(spine.value("bones").toArray(), anim, rig, t, spine.value("ik").toArray());
            for (std::size_t j = 0; j < ours.size(); ++j) {
                const double error = std::hypot(theirs[j].x - ours[j].position.x, theirs[j].y - ours[j].position.y);
                worst = std::max(worst, error);
                QVERIFY2(error < options.bakeTolerance, qPrintable(QString("at %1 s: joint %2 is %3 px away in Spine").arg(t, 0, 'f', 4)
                                                                       .arg(pose.jointName(static_cast<JointIndex>(j)).c_str()).arg(error)));
            }
            QVERIFY2(std::fabs(spineValue(alpha, "value", 0, t) - pose.slotList()[0].opacity) < 0.01, qPrintable(QString::number(t)));
        }
        qInfo("worst %.2g px up to the cut", worst);
    }

    // The runtime finds each keyframe in its frame array by an offset from the animation's
    // first entry kept in a Uint16Array (ObjectDataParser._parseTimeline, TimelineFrameOffset):
    // a keyframe starting at entry 65,536 or later was read from the wrong place (the fourth
    // joint of a clip of 36,000 keyframes danced off). Such an animation is cut at the last
    // frame up to which its keyframes fit, reported, and plays like Bonework up to there;
    // every keyframe of the export starts within 65,535 entries; the next animation is whole.
    void dragonBonesAnimationsKeepTheirKeyframesAddressable()
    {
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        const exporters::AnimationOptions options; // 30 fps
        const int frames = 9000;                   // 4 x 9,001 joint keyframes: 72,008 entries
        const Rig rig = keyedAtEveryFrame(frames, options.fps);
        exporters::ExportReport report;
        const QByteArray exported = qtBytes(exporters::exportDragonBones(rig, report, slotsOf(rig), options));
        qInfo().noquote() << qt(report.toText());
        QVERIFY2(!testing::qt(report.toText()).contains("baked"), report.toText().c_str()); // written as keyed
        const QJsonObject file = QJsonDocument::fromJson(exported).object();
        QJsonObject many, after;
        for (const QJsonValue& a : file.value("armature").toArray()[0].toObject().value("animation").toArray())
            (a.toObject().value("name").toString() == "many" ? many : after) = a.toObject();
        const int cut = many.value("duration").toInt();
        QVERIFY2(cut > 1000 && cut < frames, qPrintable(QString::number(cut)));
        QCOMPARE(after.value("duration").toInt(), options.fps);
        const double end = double(cut) / options.fps;
        const QString at = QString::number(end, 'g', 6);
        QVERIFY2(testing::qtList(report.losses).filter("animation \"many\": ").filter("cut at " + at + " s").size() == 1,
                 report.toText().c_str());
        QVERIFY2(testing::qtList(report.decisions).filter("animation \"many\": cut at " + at + " s").size() == 1,
                 report.toText().c_str());
        // Where each keyframe starts in the runtime's frame array, timeline by timeline as it
        // parses them: two entries a keyframe (position, tween), a curve's count and samples more.
        qint64 entries = 0, keyframes = 0;
        const auto lay = [&](const QJsonArray& list, int clipFrames) {
            qint64 position = 0;
            for (qsizetype i = 0; i < list.size(); ++i) {
                const QJsonObject f = list[i].toObject();
                QVERIFY2(entries <= 65535, qPrintable(QString("a keyframe at entry %1").arg(entries)));
                const qint64 length = list.size() == 1 ? 0 : i + 1 == list.size() ? clipFrames - position : f.value("duration").toInt();
                entries += 2 + (f.contains("curve") && length > 0 ? length + 2 : 0);
                position += f.value("duration").toInt();
                ++keyframes;
            }
        };
        for (const QJsonValue& t : many.value("bone").toArray())
            for (const char* kind : {"translateFrame", "rotateFrame"})
                lay(t.toObject().value(kind).toArray(), cut);
        for (const QJsonValue& t : many.value("slot").toArray())
            for (const char* kind : {"displayFrame", "colorFrame"})
                lay(t.toObject().value(kind).toArray(), cut);
        QVERIFY2(entries > 60000, qPrintable(QString::number(entries))); // cut where it fills up, not before
        qInfo("cut at frame %d: %lld keyframes, %lld entries", cut, keyframes, entries);

        // Played: every 97th frame and the frames before the cut, between frames too.
        QJsonArray times;
        std::vector<double> asked;
        for (int f = 0; f <= cut; f += f + 10 < cut ? 97 : 1)
            for (double part : {0.0, 0.5})
                if (f + part <= cut) {
                    asked.push_back((f + part) / options.fps);
                    times.append(asked.back());
                }
        QJsonObject played;
        playInRuntime(exported, QJsonObject{{"many", times}, {"after", QJsonArray{0.0, 0.25, 0.5, 0.75, 1.0}}}, played);
        if (QTest::currentTestFailed())
            return;
        for (const Clip& clip : rig.animations()) {
            animation::ClipSampler sampler;
            QVERIFY(sampler.bind(rig, clip).empty());
            Rig pose = rig;
            const QJsonArray poses = played.value(QString::fromStdString(clip.name)).toArray();
            const std::vector<double> when = clip.name == "many" ? asked : std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0};
            QCOMPARE(poses.size(), qsizetype(when.size()));
            for (std::size_t i = 0; i < when.size(); ++i) {
                sampler.sample(when[i], pose);
                const auto ours = forwardKinematics(pose);
                const QJsonObject shown = poses[qsizetype(i)].toObject();
                for (std::size_t j = 0; j < pose.jointCount(); ++j) {
                    const QString name = QString::fromStdString(pose.jointName(static_cast<JointIndex>(j)));
                    const QJsonArray tip = shown.value("bones").toObject().value(name).toArray();
                    const double error = std::hypot(tip[0].toDouble() - ours[j].position.x, tip[1].toDouble() - ours[j].position.y);
                    QVERIFY2(error < 1e-3, qPrintable(QString("clip %1 at %2 s: joint %3 is %4 px away in the runtime")
                                                          .arg(clip.name.c_str()).arg(when[i]).arg(name).arg(error)));
                }
                const QJsonArray slot = shown.value("slots").toObject().value("s").toArray();
                QVERIFY2((slot[0].toInt() == 0) == pose.slotList()[0].visible, qPrintable(QString::number(when[i])));
                QVERIFY2(std::fabs(slot[1].toDouble() - pose.slotList()[0].opacity) <= 0.0051,
                         qPrintable(QString("at %1 s: alpha %2, not %3").arg(when[i]).arg(slot[1].toDouble()).arg(pose.slotList()[0].opacity)));
            }
        }
    }

    // Spine JSON has no duration: its reader ends an animation at its latest key. A clip whose
    // keys end before its end, or that has none, keeps its length with a drawOrder key that
    // changes nothing (no offsets: the setup draw order), reported as a decision, not a loss.
    void spineClipsKeepTheirLength()
    {
        Rig rig = plainArm();
        std::vector<Clip> clips;
        clips.push_back({.name = "short_keys", .duration = 3.0});
        clips.back().joints.push_back({.joint = "a", .angle = {key(0, 20), key(1, 65)}});
        clips.push_back({.name = "late", .duration = 2.0});
        clips.back().joints.push_back({.joint = "b", .angle = {key(1.5, 0)}});
        clips.push_back({.name = "no_keys", .duration = 2.5});
        clips.push_back({.name = "slot_only", .duration = 1.75});
        clips.back().slotTracks.push_back({.slot = "s", .visible = {{0.25, false}}, .opacity = {key(0.1, 1.0), key(0.5, 0.2)}});
        clips.push_back({.name = "keyed_to_the_end", .duration = 1.0});
        clips.back().joints.push_back({.joint = "r", .x = {key(0, 100), key(1, 130)}});
        for (const Clip& c : clips)
            QVERIFY2(rig.addAnimation(c), c.name.c_str());

        exporters::ExportReport report;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(rig, report, slotsOf(rig)))).object();
        qInfo().noquote() << qt(report.toText());
        QVERIFY2(report.losses.empty(), report.toText().c_str());
        const QJsonObject animations = spine.value("animations").toObject();
        for (const Clip& clip : rig.animations()) {
            const QJsonObject anim = animations.value(QString::fromStdString(clip.name)).toObject();
            QCOMPARE(spineReaderDuration(anim), static_cast<float>(clip.duration));
            const bool padded = clip.name != "keyed_to_the_end";
            QCOMPARE(anim.contains("drawOrder"), padded);
            if (!padded)
                continue;
            // One key at the end, no offsets: the setup draw order (SkeletonJson reads a null order).
            const QJsonArray order = anim.value("drawOrder").toArray();
            QCOMPARE(order.size(), 1);
            QCOMPARE(order[0].toObject().keys(), QStringList{"time"});
            QCOMPARE(order[0].toObject().value("time").toDouble(), clip.duration);
            QVERIFY2(std::any_of(report.decisions.begin(), report.decisions.end(),
                                 [&](const std::string& d) { return d.starts_with("animation \"" + clip.name + "\": a drawOrder key at "); }),
                     qPrintable(testing::qtList(report.decisions).join("\n")));
        }
        // The export never changes the draw order otherwise: no drawOrder keys with offsets.
        for (const QJsonValue& anim : animations)
            for (const QJsonValue& k : anim.toObject().value("drawOrder").toArray())
                QVERIFY(!k.toObject().contains("offsets"));
        // And the clips still play like Bonework by Spine's math.
        int beziers = 0, stepped = 0;
        spinePlaysLikeBonework(rig, beziers, stepped);
    }

    void spineTimelinesPlayLikeBonework()
    {
        int beziers = 0, stepped = 0;
        spinePlaysLikeBonework(withClips(), beziers, stepped);
        if (QTest::currentTestFailed())
            return;
        spinePlaysLikeBonework(withClipsHandLimited(), beziers, stepped);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(beziers > 0 && stepped > 0); // both kinds of curve were converted, not only baked
        const io::LoadResult arm = io::loadRigFile(bonework::testing::sourceTree().toStdString() + "/tests/io/valid/arm_animated.json");
        QVERIFY(arm.ok());
        spinePlaysLikeBonework(*arm.rig, beziers, stepped);
    }

    // A chain whose target rides on a joint the clip moves (the gun) stays the runtimes' IK:
    // the target bone, a child of the grip's bone, follows it in the runtime as in Bonework. A
    // one-bone chain (the head looking at a keyed point) stays IK too. Played by the DragonBones
    // runtime and by Spine's IK math.
    void ridingTargetsStayIk_data()
    {
        QTest::addColumn<bool>("switchedOn");
        QTest::newRow("on in the setup pose") << false;
        // The head's chain off in the setup pose (mix 0), the clip keying it on from the start:
        // kept all the same, the clip keying the runtime's IK on.
        QTest::newRow("switched on by the clip") << true;
    }
    void ridingTargetsStayIk()
    {
        QFETCH(bool, switchedOn);
        Rig rig = riderRig();
        if (switchedOn) {
            Chain look = rig.chains()[1];
            look.mix = 0.0;
            QVERIFY(rig.setChain(1, look));
            Clip aim = rig.animations()[0];
            aim.chains[0].mix = {key(0, 1)};
            QVERIFY(rig.setAnimation(0, aim));
        }
        exporters::AnimationOptions options;
        exporters::ExportReport dbReport, spineReport;
        const QByteArray exported = qtBytes(exporters::exportDragonBones(rig, dbReport, slotsOf(rig), options));
        const QString kept = "animation \"aim\": chain \"arm\" kept as the runtime's IK (two bones, clear of their limits throughout), "
                             "its target riding on \"grip\"";
        QVERIFY2(testing::qtList(dbReport.decisions).contains(kept), qPrintable(testing::qtList(dbReport.decisions).join("\n")));
        (void)exporters::exportSpine(rig, spineReport, slotsOf(rig), options);
        QVERIFY2(testing::qtList(spineReport.decisions).contains(kept), qPrintable(testing::qtList(spineReport.decisions).join("\n")));
        // And the head's one-bone chain, aimed at its keyed target.
        const QString looks = "animation \"aim\": chain \"look\" kept as the runtime's IK (one bone, clear of its limits throughout), "
                              "its target keyed (its Bezier keys as a key every frame)";
        QVERIFY2(testing::qtList(dbReport.decisions).contains(looks), qPrintable(testing::qtList(dbReport.decisions).join("\n")));
        QVERIFY2(testing::qtList(spineReport.decisions).contains(looks), qPrintable(testing::qtList(spineReport.decisions).join("\n")));
        QJsonArray weights;
        for (const QJsonValue& a : QJsonDocument::fromJson(exported).object().value("armature")[0].toObject().value("animation").toArray())
            if (a.toObject().value("name") == "aim")
                weights = a.toObject().value("ik").toArray();
        QCOMPARE(weights.size(), switchedOn ? 1 : 0);
        if (switchedOn)
            QCOMPARE(weights[0].toObject().value("frame")[0].toObject().value("weight").toDouble(), 1.0);
        int beziers = 0, stepped = 0;
        spinePlaysLikeBonework(rig, beziers, stepped, options);
        if (QTest::currentTestFailed())
            return;
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        playedLikeBonework(rig, exported, options);
    }

    // A steeply eased target on a kept chain: Spine (keys at any time) gets keys between frames
    // where the curve strays from a straight line by more than four bake tolerances within a
    // frame, so between frames the arm stays within half a pixel of Bonework's (a key a frame
    // apart left it 0.64 px off here, 11.7 px in a QA rig moving farther); DragonBones keeps a
    // key a frame.
    void steepEasesGetKeysBetweenFramesInSpine()
    {
        Rig rig = withClips();
        const int reach = rig.findAnimation("reach");
        Clip clip = rig.animations()[static_cast<std::size_t>(reach)];
        clip.chains[0].target[0].curve = Curve::bezier(0.1, 0.9, 0.2, 1); // most of the move in the first frames
        QVERIFY(rig.setAnimation(reach, clip));
        exporters::AnimationOptions options;
        exporters::ExportReport report;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(rig, report, slotsOf(rig), options))).object();
        QVERIFY(keptAsIk(report, "reach", "arm"));
        const QJsonObject anim = spine.value("animations").toObject().value("reach").toObject();
        const QJsonArray target = anim.value("bones").toObject().value("arm_target").toObject().value("translate").toArray();
        int offGrid = 0;
        for (const QJsonValue& k : target)
            offGrid += !onGrid(k.toObject().value("time").toDouble(), options.fps);
        animation::ClipSampler sampler;
        QVERIFY(sampler.bind(rig, clip).empty());
        Rig pose = rig;
        double worst = 0;
        for (int i = 0; i <= 600; ++i) {
            const double t = clip.duration * i / 600.0;
            sampler.sample(t, pose);
            const auto ours = forwardKinematics(pose);
            const auto theirs = spinePose(spine.value("bones").toArray(), anim, rig, t, spine.value("ik").toArray());
            for (const char* joint : {"elbow", "hand"}) {
                const auto j = static_cast<std::size_t>(rig.findJoint(joint));
                worst = std::max(worst, std::hypot(theirs[j].x - ours[j].position.x, theirs[j].y - ours[j].position.y));
            }
        }
        qInfo("%d target keys, %d off the frame grid; worst %.3g px at 600 times", int(target.size()), offGrid, worst);
        QVERIFY(offGrid > 0);
        QVERIFY2(worst < 0.5, qPrintable(QString::number(worst)));
    }

    // elbowGain bounds how far the elbow of a two-bone arm moves when its root moves and its
    // target stays (checked by moving the root a hair in 16 directions, on 2,000 seeded arms
    // and targets, in and out of reach), and is not loose by more than 3x at its worst.
    void elbowGainBoundsHowFarTheElbowMoves()
    {
        constexpr unsigned kSeed = 20261129;
        std::mt19937_64 rng(kSeed);
        std::uniform_real_distribution<double> length(5, 200), unit(0, 1);
        double loosest = 0;
        for (int i = 0; i < 2000; ++i) {
            const double a = length(rng), b = length(rng);
            const double d = std::fabs(a - b) + (a + b - std::fabs(a - b)) * (0.02 + 1.1 * unit(rng));
            const double heading = 2 * M_PI * unit(rng);
            const Vec2 target{d * std::cos(heading), d * std::sin(heading)};
            const BendDirection bend = unit(rng) < 0.5 ? BendDirection::Positive : BendDirection::Negative;
            const auto elbow = [&](Vec2 root) {
                const auto angles = solvers::TwoBoneSolver::closedForm(root, {}, a, b, target, bend, {});
                const double r = angles.first * M_PI / 180;
                return Vec2{root.x + a * std::cos(r), root.y + a * std::sin(r)};
            };
            const double gain = exporters::elbowGain(a, b, d), step = 1e-6 * (a + b);
            const Vec2 here = elbow({0, 0});
            double worst = 0;
            for (int k = 0; k < 16; ++k) {
                const Vec2 moved = elbow({step * std::cos(k * M_PI / 8), step * std::sin(k * M_PI / 8)});
                worst = std::max(worst, std::hypot(moved.x - here.x, moved.y - here.y) / step);
            }
            QVERIFY2(worst <= gain * 1.001, qPrintable(QString("seed %1, arm %2: a %3, b %4, d %5: the elbow moved %6x, gain %7")
                                                           .arg(kSeed).arg(i).arg(a).arg(b).arg(d).arg(worst).arg(gain)));
            loosest = std::max(loosest, gain / worst);
        }
        QVERIFY2(loosest < 3, qPrintable(QString::number(loosest)));
    }

    // A two-bone chain whose target stays within reach and whose joints stay clear of their
    // limits stays Spine's own IK: the constraint on (no mix key), its target bone keyed as the
    // clip keys the target (linear and stepped as they are, a Bezier key as a key every frame),
    // the arm's joints not baked, so a game moving the target in Spine moves the arm. An arm
    // whose limits hold it is baked, and the report says why.
    // spineTimelinesPlayLikeBonework plays them all by Spine's IK math, and
    // dragonBonesRuntimePlaysEveryClip in the DragonBones runtime.
    void spineKeepsTwoBoneChainsAsIk()
    {
        const Rig rig = withClips();
        exporters::ExportReport report;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(rig, report, slotsOf(rig)))).object();
        const QStringList decisions = testing::qtList(report.decisions);
        QVERIFY2(keptAsIk(report, "reach", "arm"), qPrintable(decisions.join("\n")));
        const QJsonObject animations = spine.value("animations").toObject();
        const QJsonObject reach = animations.value("reach").toObject();
        QVERIFY(!reach.value("ik").toObject().contains("arm"));
        const QJsonObject bones = reach.value("bones").toObject();
        QVERIFY(!bones.contains("elbow") && !bones.contains("hand"));
        const QJsonArray target = bones.value("arm_target").toObject().value("translate").toArray();
        QCOMPARE(target.size(), 3);
        const Clip& clip = rig.animations()[static_cast<std::size_t>(rig.findAnimation("reach"))];
        const Vec2 setup = rig.chains()[0].target.point;
        for (qsizetype i = 0; i < target.size(); ++i) {
            const animation::PointKey& k = clip.chains[0].target[static_cast<std::size_t>(i)];
            QCOMPARE(target[i].toObject().value("time").toDouble(), k.time);
            QCOMPARE(target[i].toObject().value("x").toDouble(), k.point.x - setup.x);
            QCOMPARE(target[i].toObject().value("y").toDouble(), -(k.point.y - setup.y));
        }
        QCOMPARE(target[1].toObject().value("curve").toString(), QString("stepped"));

        // "wave" eases the target from 0 to 0.5 s: a linear key every frame between (14 at 30 fps).
        QVERIFY2(decisions.contains("animation \"wave\": chain \"arm\" kept as the runtime's IK (two bones, clear of their limits "
                                    "throughout), its target keyed (its Bezier keys as a key every frame)"),
                 qPrintable(decisions.join("\n")));
        const QJsonObject wave = animations.value("wave").toObject();
        QVERIFY(!wave.value("ik").toObject().contains("arm"));
        const QJsonArray eased = wave.value("bones").toObject().value("arm_target").toObject().value("translate").toArray();
        QCOMPARE(eased.size(), 17);
        const Clip& waveClip = rig.animations()[static_cast<std::size_t>(rig.findAnimation("wave"))];
        for (qsizetype i = 0; i < eased.size(); ++i) {
            const QJsonObject k = eased[i].toObject();
            QVERIFY(!k.contains("curve"));
            const double t = k.value("time").toDouble();
            QVERIFY(t == 0.5 || t == 1.0 || onGrid(t, 30));
            const Vec2 at = animation::sampleTrack(waveClip.chains[0].target, t, setup);
            QVERIFY(std::fabs(k.value("x").toDouble() - (at.x - setup.x)) < 1e-9);
            QVERIFY(std::fabs(k.value("y").toDouble() + (at.y - setup.y)) < 1e-9);
        }

        // With limits on the hand, kept in "reach" (clear of them), baked in "wave" (they hold
        // the folding arm there).
        const Rig limited = withClipsHandLimited();
        exporters::ExportReport limitedReport;
        const QJsonObject limitedSpine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(limited, limitedReport, slotsOf(limited)))).object();
        QVERIFY(keptAsIk(limitedReport, "reach", "arm"));
        QVERIFY2(testing::qtList(limitedReport.decisions)
                         .filter(QRegularExpression("^animation \"wave\": chain \"arm\" holds, so its joints \\(elbow, hand\\) are baked and "
                                                    "the chain is switched off \\(not kept as IK: hand within a frame's turn of its limits at [0-9.]+ s\\)$"))
                         .size() == 1,
                 qPrintable(testing::qtList(limitedReport.decisions).join("\n")));
        const QJsonObject limitedAnimations = limitedSpine.value("animations").toObject();
        QVERIFY(!limitedAnimations.value("reach").toObject().value("ik").toObject().contains("arm"));
        QCOMPARE(limitedAnimations.value("wave").toObject().value("ik").toObject().value("arm").toArray().size(), 1);

        // The sweeping arm's hand bends within 0.01 degrees of its limit: baked.
        const Rig sweeping = sweepingArm();
        exporters::ExportReport sweepReport;
        const QJsonObject swept = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(sweeping, sweepReport, slotsOf(sweeping)))).object();
        const QStringList sweepDecisions = testing::qtList(sweepReport.decisions);
        QVERIFY2(sweepDecisions.filter(QRegularExpression("^animation \"sweep\": chain \"arm\" holds, so its joints \\(el, ha\\) are baked "
                                                          "and the chain is switched off \\(not kept as IK: ha within a frame's turn of its "
                                                          "limits at [0-9.]+ s\\)$")).size() == 1,
                 qPrintable(sweepDecisions.join("\n")));
        QCOMPARE(swept.value("animations").toObject().value("sweep").toObject().value("ik").toObject().value("arm").toArray().size(), 1);
    }
};

QTEST_MAIN(TestExportAnimation)
#include "tst_export_animation.moc"
