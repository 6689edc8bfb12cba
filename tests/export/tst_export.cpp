// Exports of every example rig: the Spine file's structure and, by Spine's own bone math, the
// same world positions as Bonework; the DragonBones file loaded and posed by the real
// DragonBones runtime (Node.js, headless) landing where Bonework's own solve does, to 1e-3 px.
#include "dragonbones_runtime.h"
#include "bonework/forward_kinematics.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/io/rig_file.h"
#include "source_tree.h"
#include "std_text.h"
#include "bonework/solvers/solver.h"

#include "random_rigs.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace bonework;
using namespace bonework::solvers;
using bonework::testing::localPath;
using bonework::testing::qt;
using bonework::testing::qtBytes;

namespace {

QStringList exampleFiles()
{
    const QDir dir(bonework::testing::sourceTree() + "/resources/examples");
    QStringList files;
    for (const QString& f : dir.entryList({"*.rig.json"}, QDir::Files, QDir::Name))
        files << dir.filePath(f);
    return files;
}

Rig load(const QString& path)
{
    const io::LoadResult r = io::loadRigFile(localPath(path));
    if (!r.ok())
        qFatal("%s", r.error.toString().c_str());
    return *r.rig;
}

struct Pt { double x, y; };

// Spine's world transform of a bone (no scale or shear): y up, rotations counter-clockwise.
std::map<QString, std::pair<Pt, double>> spineWorld(const QJsonArray& bones)
{
    std::map<QString, std::pair<Pt, double>> world; // origin, rotation in degrees
    for (const QJsonValue& v : bones) {
        const QJsonObject b = v.toObject();
        const double x = b.value("x").toDouble(), y = b.value("y").toDouble(), rot = b.value("rotation").toDouble();
        if (!b.contains("parent")) {
            world[b.value("name").toString()] = {{x, y}, rot};
            continue;
        }
        const auto& [po, pr] = world.at(b.value("parent").toString());
        const double r = pr * M_PI / 180;
        const Pt origin{po.x + std::cos(r) * x - std::sin(r) * y, po.y + std::sin(r) * x + std::cos(r) * y};
        world[b.value("name").toString()] = {origin, pr + rot};
    }
    return world;
}

} // namespace

class TestExport : public QObject {
    Q_OBJECT

    QString m_runtime = QStringLiteral(BONEWORK_RUNTIME_DIR);

private slots:
    void spineStructureAndWorldPositions_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : exampleFiles())
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void spineStructureAndWorldPositions()
    {
        QFETCH(QString, file);
        const Rig rig = load(file);
        exporters::ExportReport report;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(rig, report))).object();
        QVERIFY(spine.value("skeleton").toObject().value("spine").toString().startsWith("4.2"));
        QVERIFY(!spine.value("skeleton").toObject().value("hash").toString().isEmpty());
        const QJsonArray bones = spine.value("bones").toArray();
        // Names unique, parents listed before children, exactly one root bone.
        QSet<QString> seen;
        int roots = 0;
        for (const QJsonValue& v : bones) {
            const QJsonObject b = v.toObject();
            const QString name = b.value("name").toString();
            QVERIFY2(!seen.contains(name), qPrintable(name));
            if (b.contains("parent"))
                QVERIFY2(seen.contains(b.value("parent").toString()), qPrintable(name + " before its parent"));
            else
                ++roots;
            for (const QString& key : b.keys())
                QVERIFY2(QStringList({"name", "parent", "length", "x", "y", "rotation"}).contains(key), qPrintable(key));
            seen.insert(name);
        }
        QCOMPARE(roots, 1);
        // Spine's bone math lands every joint where Bonework puts it (y flipped).
        const auto world = spineWorld(bones);
        const auto ours = forwardKinematics(rig);
        std::map<QString, double> lengths;
        for (const QJsonValue& v : bones)
            lengths[v.toObject().value("name").toString()] = v.toObject().value("length").toDouble();
        for (std::size_t i = 0; i < rig.jointCount(); ++i) {
            const QString name = QString::fromStdString(rig.jointName(static_cast<JointIndex>(i)));
            const auto& [origin, rot] = world.at(name);
            const double r = rot * M_PI / 180;
            const Pt tip{origin.x + std::cos(r) * lengths[name], origin.y + std::sin(r) * lengths[name]};
            QVERIFY2(std::fabs(tip.x - ours[i].position.x) < 1e-6 && std::fabs(-tip.y - ours[i].position.y) < 1e-6,
                     qPrintable(name));
        }
        // IK constraints name real bones; a two-bone chain's bend is carried.
        for (const QJsonValue& v : spine.value("ik").toArray()) {
            const QJsonObject ik = v.toObject();
            QVERIFY(seen.contains(ik.value("target").toString()));
            for (const QJsonValue& b : ik.value("bones").toArray())
                QVERIFY(seen.contains(b.toString()));
            if (ik.value("bones").toArray().size() == 2) {
                const Chain& c = rig.chains()[rig.findChain(ik.value("name").toString().toStdString())];
                QCOMPARE(ik.value("bendPositive").toBool(), c.bend == BendDirection::Negative); // y flips the sense
            }
        }
    }

    void lossesAreReportedNotDropped()
    {
        const Rig rig = load(bonework::testing::sourceTree() + "/resources/examples/chain-6.rig.json");
        exporters::ExportReport report;
        exporters::exportSpine(rig, report);
        QVERIFY2(qt(report.toText()).contains("6 bones"), report.toText().c_str()); // the reach chain
        Rig pinned = rig;
        pinned.setPinned(1, true);
        pinned.setLimits(2, -10, 10);
        exporters::exportDragonBones(pinned, report);
        QVERIFY(qt(report.toText()).contains("pin on"));
        QVERIFY(qt(report.toText()).contains("angle limits [-10, 10]"));
        // Animations are exported (tst_export_animation checks how); a clip is never dropped.
        animation::Clip clip;
        clip.name = "sway";
        clip.duration = 1;
        QVERIFY(pinned.addAnimation(clip));
        exporters::ExportReport animated;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(pinned, animated))).object();
        QVERIFY(spine.value("animations").toObject().contains("sway"));
        QVERIFY2(!qt(animated.toText()).contains("not exported yet"), animated.toText().c_str());
    }

    void bigRigsReportLossesByKind()
    {
        // 10,001 limited joints: every loss stays in the list, but the text groups them.
        Rig rig;
        rig.addJoint(JointDesc{.name = "root"});
        for (int i = 1; i <= 10000; ++i) {
            JointDesc bone{.name = "j" + std::to_string(i), .parent = i - 1, .length = 1, .minAngle = -20, .maxAngle = 20};
            bone.pinned = i <= 3;
            QVERIFY(rig.addJoint(bone));
        }
        exporters::ExportReport report;
        exporters::exportSpine(rig, report);
        QCOMPARE(report.losses.size(), std::size_t(10003));
        const QString text = qt(report.toText());
        const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5); // the count, one line for the limits, three pins
        QVERIFY2(lines[0].contains("10,003 things"), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith("  - angle limits (10,000): j1 [-20, 20], j2 [-20, 20]"), qPrintable(lines[1]));
        QVERIFY2(lines[1].endsWith("j10 [-20, 20], ... (9,990 more)"), qPrintable(lines[1]));
        QCOMPARE(lines[2], QString("  - pin on \"j1\""));
    }

    void dragonBonesRuntimePosesLikeBonework()
    {
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        const QString node = runtime.node;
        QTemporaryDir tmp;
        int compared = 0;
        for (const QString& file : exampleFiles()) {
            const Rig rig = load(file);
            exporters::ExportReport report;
            const QByteArray exported = qtBytes(exporters::exportDragonBones(rig, report));
            const QJsonObject armature = QJsonDocument::fromJson(exported).object().value("armature").toArray()[0].toObject();
            const QString exportPath = tmp.filePath(QFileInfo(file).baseName() + ".dbbin.json");
            QFile out(exportPath);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(exported);
            out.close();
            for (const QJsonValue& v : armature.value("ik").toArray()) {
                const QJsonObject ik = v.toObject();
                const int chainIndex = rig.findChain(ik.value("name").toString().toStdString());
                const Chain& chain = rig.chains()[chainIndex];
                const bool twoBones = ik.value("chain").toInt() == 1;
                testing::Engine rng(qHash(file) + chainIndex);
                for (int attempt = 0; attempt < 6; ++attempt) {
                    // A reachable target from a random legal pose of the chain.
                    Rig posed = rig;
                    for (JointIndex j = chain.tip; j != chain.root; j = posed.parent(j))
                        posed.setAngleClamped(j, testing::uniform(rng, posed.minAngle(j), posed.maxAngle(j)));
                    const Vec2 target = forwardKinematics(posed)[chain.tip].position;
                    // Bonework: this chain solved toward it, every other chain toward its own target.
                    Rig solved = rig;
                    bool limitsActive = false;
                    for (const QJsonValue& w : armature.value("ik").toArray()) {
                        const int ci = rig.findChain(w.toObject().value("name").toString().toStdString());
                        const Chain& c = rig.chains()[ci];
                        // A target riding on a joint is read at its chain's turn, after the chains
                        // before it moved that joint (the runtime's target bone is its child).
                        const Vec2 goal = ci == chainIndex ? target
                                          : (c.target.isAttached() ? forwardKinematics(solved)[c.target.joint].position : c.target.point);
                        const Effector e{c.tip, goal, 1.0};
                        SolveRequest request = chainRequest(c, e);
                        request.iterations = 1;
                        auto solver = makeSolver(w.toObject().value("chain").toInt() == 1 ? SolverKind::TwoBone : SolverKind::Ccd);
                        SolveResult result;
                        solver->run(solved, request, result);
                        limitsActive = limitsActive || !result.limited.empty();
                    }
                    if (limitsActive)
                        continue; // the runtime has no limits: compare where ours are not engaged
                    // The runtime, with every target bone where Bonework aimed.
                    QJsonObject targets;
                    for (const QJsonValue& w : armature.value("ik").toArray()) {
                        const int ci = rig.findChain(w.toObject().value("name").toString().toStdString());
                        const Chain& c = rig.chains()[ci];
                        if (ci != chainIndex && c.target.isAttached())
                            continue; // a child of its joint's bone: it follows the joint there
                        const Vec2 goal = ci == chainIndex ? target : c.target.point;
                        targets.insert(w.toObject().value("target").toString(), QJsonArray{goal.x, goal.y});
                    }
                    const QString targetsPath = tmp.filePath("targets.json");
                    QFile t(targetsPath);
                    QVERIFY(t.open(QIODevice::WriteOnly));
                    t.write(QJsonDocument(targets).toJson());
                    t.close();
                    QProcess run;
                    run.start(node, {m_runtime + "/pose_in_runtime.mjs", exportPath, targetsPath});
                    QVERIFY(run.waitForFinished(60000));
                    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
                    const QByteArray stdoutText = run.readAllStandardOutput();
                    const QJsonObject posedBones = QJsonDocument::fromJson(stdoutText.mid(stdoutText.lastIndexOf("\n{") + 1)).object();
                    QVERIFY2(!posedBones.isEmpty(), stdoutText.constData());
                    const auto ours = forwardKinematics(solved);
                    for (std::size_t i = 0; i < solved.jointCount(); ++i) {
                        const QString name = QString::fromStdString(solved.jointName(static_cast<JointIndex>(i)));
                        const QJsonArray tip = posedBones.value(name).toObject().value("tip").toArray();
                        const double dx = tip[0].toDouble() - ours[i].position.x, dy = tip[1].toDouble() - ours[i].position.y;
                        QVERIFY2(std::hypot(dx, dy) < 1e-3,
                                 qPrintable(QString("%1, chain %2 (%3): joint %4 is %5 px away in the runtime")
                                                .arg(QFileInfo(file).fileName(), ik.value("name").toString(),
                                                     twoBones ? "two-bone" : "one bone", name)
                                                .arg(std::hypot(dx, dy))));
                    }
                    ++compared;
                }
            }
        }
        QVERIFY2(compared >= 20, qPrintable(QString("only %1 poses compared").arg(compared)));
        qInfo("%d runtime poses compared with Bonework's solves", compared);
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
