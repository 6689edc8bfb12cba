// Animations exported: every clip of an animated rig played by the real DragonBones runtime
// (Node.js, headless) lands each joint where animation::ClipSampler and forward kinematics put
// it, to 1e-3 px at key times on the frame grid and within the bake tolerance between them.
#include "bonework/animation/clip_sampler.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/forward_kinematics.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

// Designated initializers leave the tracks a test does not key empty, on purpose.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

using namespace bonework;
using animation::Clip;
using animation::Curve;
using animation::Key;

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
    Chain leg{.name = "leg", .root = thigh, .tip = toe, .solver = SolverKind::Fabrik, .iterations = 50, .tolerance = 0.001};
    leg.target.point = world[static_cast<std::size_t>(toe)].position;
    leg.mix = 0.0; // switched on by a clip
    if (!rig.addChain(arm) || !rig.addChain(leg))
        qFatal("chains");
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
    wave.chains.push_back({.chain = "arm",
                           .target = {{0, hand, {}}, {0.5, {hand.x + 20, hand.y - 30}, Curve::bezier(0.5, 0, 0.5, 1)}, {1, {hand.x - 10, hand.y + 10}, {}}}});
    // The leg's three-bone chain switched on, its target keyed; a root turn past 180 degrees.
    Clip walk{.name = "walk", .duration = 2.0};
    walk.chains.push_back({.chain = "leg",
                           .target = {{0, toe, {}}, {1, {toe.x + 30, toe.y - 20}, {}}, {2, toe, {}}},
                           .mix = {key(0, 0), key(0.5, 1)}});
    walk.joints.push_back({.joint = "hip", .rotation = {key(0, -170), key(2, 170)}});
    // Keys off the 30 fps grid, a duration off it, x keyed alone, keys starting late.
    Clip late{.name = "late", .duration = 1.01};
    late.joints.push_back({.joint = "head", .angle = {key(0.25, 0, Curve::bezier(0.3, 0, 0.7, 1)), key(0.61, 30)}});
    late.joints.push_back({.joint = "hip", .x = {key(0.4, 300), key(0.9, 320, {Curve::Kind::Stepped}), key(1.0, 310)}});
    late.joints.push_back({.joint = "toe", .angle = {key(0.3, -60), key(0.7, -30, Curve::bezier(0, 0, 1, 1)), key(1.0, -80)}});
    return {wave, walk, late};
}

Rig withClips()
{
    Rig rig = animatedRig();
    for (const Clip& c : clips(rig))
        if (auto r = rig.addAnimation(c); !r)
            qFatal("clip %s: %s", c.name.c_str(), r.error.c_str());
    return rig;
}

std::set<double> keyTimes(const Clip& clip)
{
    std::set<double> times;
    for (const auto& t : clip.joints)
        for (const auto* keys : {&t.angle, &t.x, &t.y, &t.rotation})
            for (const Key& k : *keys)
                times.insert(k.time);
    for (const auto& t : clip.chains) {
        for (const auto& k : t.target)
            times.insert(k.time);
        for (const Key& k : t.mix)
            times.insert(k.time);
    }
    return times;
}

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

constexpr double kOffGridBound = 3.0;

bool onGrid(double t, int fps) { return std::fabs(t * fps - std::round(t * fps)) < 1e-6; }

} // namespace

class TestExportAnimation : public QObject {
    Q_OBJECT

    QString m_runtime = QStringLiteral(BONEWORK_RUNTIME_DIR);

private slots:
    void dragonBonesRuntimePlaysEveryClip()
    {
        const QString node = QStandardPaths::findExecutable("node");
        const QString npm = QStandardPaths::findExecutable("npm");
        if (node.isEmpty() || npm.isEmpty())
            QSKIP("node and npm are needed (scripts/test installs them)");
        if (!QFileInfo::exists(m_runtime + "/node_modules/@cocos/dragonbones-js")) {
            QProcess ci;
            ci.setWorkingDirectory(m_runtime);
            ci.start(npm, {"ci", "--no-audit", "--no-fund"});
            QVERIFY2(ci.waitForFinished(300000) && ci.exitCode() == 0, ci.readAllStandardError().constData());
        }
        const Rig rig = withClips();
        exporters::AnimationOptions options;
        exporters::ExportReport report;
        const QByteArray exported = exporters::exportDragonBones(rig, report, {}, options);
        qInfo().noquote() << report.toText();
        QTemporaryDir tmp;
        QFile out(tmp.filePath("walker_ske.json"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(exported);
        out.close();

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
            QJsonArray list;
            for (double t : times)
                list.append(t);
            request.insert(QString::fromStdString(clip.name), list);
        }
        QFile req(tmp.filePath("times.json"));
        QVERIFY(req.open(QIODevice::WriteOnly));
        req.write(QJsonDocument(request).toJson());
        req.close();
        QProcess run;
        run.start(node, {m_runtime + "/animation_in_runtime.mjs", out.fileName(), req.fileName()});
        QVERIFY(run.waitForFinished(120000));
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        const QByteArray text = run.readAllStandardOutput();
        const QJsonObject played = QJsonDocument::fromJson(text.mid(text.lastIndexOf("\n{") + 1)).object();
        QVERIFY2(!played.isEmpty(), text.constData());

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
                sampler.sample(times[i], pose);
                const auto ours = forwardKinematics(pose);
                const QJsonObject bones = poses[static_cast<qsizetype>(i)].toObject();
                const bool grid = onGrid(times[i], options.fps);
                const bool exact = keys.count(times[i]) && grid && !insideBezier(clip, times[i]);
                // Off the grid the runtime interpolates linearly between frames: a sanity bound
                // only (the motion's own curvature over a frame is not the export's to bound).
                const double bound = exact ? 1e-3 : grid ? options.bakeTolerance : kOffGridBound;
                double& worst = exact ? worstAtKeys : grid ? worstBetween : worstOffGrid;
                for (std::size_t j = 0; j < pose.jointCount(); ++j) {
                    const QString name = QString::fromStdString(pose.jointName(static_cast<JointIndex>(j)));
                    const QJsonArray tip = bones.value(name).toArray();
                    QCOMPARE(tip.size(), 2);
                    const double error = std::hypot(tip[0].toDouble() - ours[j].position.x, tip[1].toDouble() - ours[j].position.y);
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
        QVERIFY(compared > 500);
    }
};

QTEST_MAIN(TestExportAnimation)
#include "tst_export_animation.moc"
