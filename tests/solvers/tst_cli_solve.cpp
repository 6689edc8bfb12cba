// `bonework-cli solve` as users run it: the real binary through QProcess. Checks the report's
// JSON against the rig file written with -o, exit codes 0 / 1 / 2 and the messages.
#include "cli_run.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "source_tree.h"
#include "std_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointF>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using bonework::testing::localPath;

namespace {

using Run = bonework::testing::CliRun;

Run solve(const QStringList& args) { return bonework::testing::runCli(QStringList{QStringLiteral("solve")} + args, 30000); }

QString arm() { return bonework::testing::sourceTree() + QStringLiteral("/tests/io/valid/arm.json"); }
QString humanoid() { return bonework::testing::sourceTree() + QStringLiteral("/resources/examples/humanoid.rig.json"); }

QPointF pointOf(const QJsonObject& joints, const char* name)
{
    const QJsonArray p = joints.value(QLatin1String(name)).toArray();
    return {p[0].toDouble(), p[1].toDouble()};
}

QJsonObject parseReport(const Run& r)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("report is not a JSON object: %s", qPrintable(r.out));
    return doc.object();
}

// A chain of `bones` joints j1..jn under root j0 along x, 10 long each; with a chain "c"
// attached to the world position of a joint of a second tree.
QByteArray chainRig(int bones, const char* chainSolver)
{
    QByteArray json = "{\"format\": \"bonework.rig\", \"version\": 1, \"name\": \"t\", \"joints\": [";
    json += "{\"name\": \"j0\", \"x\": 0, \"y\": 0, \"rotation\": 0}";
    for (int i = 1; i <= bones; ++i)
        json += QStringLiteral(", {\"name\": \"j%1\", \"parent\": \"j%2\", \"length\": 10, \"angle\": 0}").arg(i).arg(i - 1).toUtf8();
    json += ", {\"name\": \"post\", \"x\": 15, \"y\": 15, \"rotation\": 0}";
    json += QStringLiteral("], \"chains\": [{\"name\": \"c\", \"root\": \"j0\", \"tip\": \"j%1\", \"solver\": \"%2\", "
                           "\"iterations\": 50, \"tolerance\": 0.001, \"bend\": \"negative\", \"target\": {\"joint\": \"post\"}}]}")
                .arg(bones)
                .arg(QLatin1String(chainSolver))
                .toUtf8();
    return json;
}

} // namespace

class TestCliSolve : public QObject {
    Q_OBJECT

private slots:
    void chainReportAndOutput()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.json"));
        const Run r = solve({arm(), QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("--report"),
                             QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        const QJsonObject report = parseReport(r);
        QCOMPARE(report.value(QStringLiteral("solver")).toString(), QStringLiteral("two-bone"));
        QCOMPARE(report.value(QStringLiteral("iterations")).toInt(), 1);
        QVERIFY(report.value(QStringLiteral("reached")).toBool());
        QVERIFY(report.value(QStringLiteral("error")).toDouble() < 1e-9);
        QCOMPARE(report.value(QStringLiteral("limited")).toArray(), QJsonArray());
        const QJsonObject joints = report.value(QStringLiteral("joints")).toObject();
        QCOMPARE(joints.size(), 3);
        const QJsonArray hand = joints.value(QStringLiteral("hand")).toArray();
        QVERIFY(std::fabs(hand[0].toDouble() - 520) < 1e-9 && std::fabs(hand[1].toDouble() - 380) < 1e-9);
        // The report's positions are the written rig's.
        const bonework::io::LoadResult loaded = bonework::io::loadRigFile(localPath(out));
        QVERIFY2(loaded.ok(), loaded.error.toString().c_str());
        const auto world = bonework::forwardKinematics(*loaded.rig);
        for (std::size_t i = 0; i < world.size(); ++i) {
            const QJsonArray p = joints.value(QString::fromStdString(loaded.rig->jointName(static_cast<int>(i)))).toArray();
            QCOMPARE(p[0].toDouble(), world[i].position.x);
            QCOMPARE(p[1].toDouble(), world[i].position.y);
        }
        // Positive bend: the hand's angle relative to the elbow is positive.
        QVERIFY(loaded.rig->angle(2) > 0);
        QCOMPARE(report.value(QStringLiteral("bend")).toString(), QStringLiteral("positive"));
    }

    // A bend the limits forbid gives the other one (the nearest legal pose), and says so: on
    // standard error and in the report's bend (QA: the negative bend asked of the arm, whose
    // hand turns 0 to 150 degrees, came out positive without a word).
    void aBendTheLimitsForbidIsSaid()
    {
        const Run r = solve({arm(), QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("--bend"), QStringLiteral("negative"),
                             QStringLiteral("--report")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: bent positive, not negative: the angle limits allow no negative bend "
                                       "toward the target\n"));
        const QJsonObject report = parseReport(r);
        QCOMPARE(report.value(QStringLiteral("bend")).toString(), QStringLiteral("positive"));
        QVERIFY(report.value(QStringLiteral("reached")).toBool());
        // Near the shoulder no bend reaches (the hand folds 150 degrees at most): the limits hold
        // the arm short of the target too, and the note says by how much.
        const Run near = solve({arm(), QStringLiteral("--solver"), QStringLiteral("two-bone"), QStringLiteral("--target"),
                                QStringLiteral("hand=430,300"), QStringLiteral("--bend"), QStringLiteral("negative"), QStringLiteral("--report")});
        const QJsonObject nearReport = parseReport(near);
        QVERIFY(!nearReport.value(QStringLiteral("reached")).toBool());
        QCOMPARE(near.err, QStringLiteral("bonework-cli solve: bent positive, not negative: the angle limits allow no negative bend "
                                          "toward the target, and hold the arm %1 px short of it\n")
                               .arg(nearReport.value(QStringLiteral("error")).toDouble(), 0, 'g', 17));
        // Free limits: the bend asked, without a word.
        const Run free = solve({arm(), QStringLiteral("--solver"), QStringLiteral("two-bone"), QStringLiteral("--target"),
                                QStringLiteral("hand=520,380"), QStringLiteral("--bend"), QStringLiteral("positive"), QStringLiteral("--report")});
        QCOMPARE(free.err, QString());
        QCOMPARE(parseReport(free).value(QStringLiteral("bend")).toString(), QStringLiteral("positive"));
        // Other solvers have no bend in their report.
        const Run ccd = solve({arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"),
                               QStringLiteral("hand=520,380"), QStringLiteral("--report")});
        QVERIFY(!parseReport(ccd).contains(QStringLiteral("bend")));
    }

    void outputKeepsTheEditorsSettings()
    {
        // The node shape is not part of the rig the solver poses, but the written file keeps it.
        QTemporaryDir dir;
        const QString in = dir.filePath(QStringLiteral("ball.rig.json"));
        const bonework::io::LoadResult arm = bonework::io::loadRigFile(localPath(::arm()));
        QVERIFY(bonework::io::saveRigFile(*arm.rig, localPath(in), nullptr, {bonework::io::NodeShape::Ball}));
        const QString out = dir.filePath(QStringLiteral("out.json"));
        const Run r = solve({in, QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(bonework::io::loadRigFile(localPath(out)).editor.nodeShape, bonework::io::NodeShape::Ball);
    }

    void solversWithTargets_data()
    {
        QTest::addColumn<QString>("solver");
        for (const char* s : {"reach", "fabrik", "ccd"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void solversWithTargets()
    {
        QFETCH(QString, solver);
        QTemporaryDir dir;
        const QString rig = dir.filePath(QStringLiteral("rig.json"));
        QFile f(rig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(chainRig(5, "fabrik"));
        f.close();
        const Run r = solve({rig, QStringLiteral("--solver"), solver, QStringLiteral("--target"), QStringLiteral("j5=20,25"),
                             QStringLiteral("--iterations"), QStringLiteral("200"), QStringLiteral("--tolerance"),
                             QStringLiteral("0.001"), QStringLiteral("--report")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject report = parseReport(r);
        QCOMPARE(report.value(QStringLiteral("solver")).toString(), solver);
        QVERIFY2(report.value(QStringLiteral("reached")).toBool(), qPrintable(r.out));
        const QJsonArray tip = report.value(QStringLiteral("joints")).toObject().value(QStringLiteral("j5")).toArray();
        QVERIFY(std::hypot(tip[0].toDouble() - 20, tip[1].toDouble() - 25) <= 0.001);
        // --root: only the part below j3 moves.
        const Run rooted = solve({rig, QStringLiteral("--solver"), solver, QStringLiteral("--target"), QStringLiteral("j5=35,10"),
                                  QStringLiteral("--root"), QStringLiteral("j3"), QStringLiteral("--report")});
        QCOMPARE(rooted.exitCode, 0);
        const QJsonArray j3 = parseReport(rooted).value(QStringLiteral("joints")).toObject().value(QStringLiteral("j3")).toArray();
        QCOMPARE(j3[0].toDouble(), 30.0);
        QCOMPARE(j3[1].toDouble(), 0.0);
        // Without --report: one summary line.
        const Run plain = solve({rig, QStringLiteral("--solver"), solver, QStringLiteral("--target"), QStringLiteral("j5=20,25")});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY2(plain.out.startsWith(solver + QStringLiteral(": ")) && plain.out.count(u'\n') == 1, qPrintable(plain.out));
    }

    // A chain whose target is attached to a joint reaches for that joint's world position.
    void chainWithAttachedTarget()
    {
        QTemporaryDir dir;
        const QString rig = dir.filePath(QStringLiteral("rig.json"));
        QFile f(rig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(chainRig(4, "fabrik"));
        f.close();
        const Run r = solve({rig, QStringLiteral("--chain"), QStringLiteral("c"), QStringLiteral("--report")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject report = parseReport(r);
        QCOMPARE(report.value(QStringLiteral("solver")).toString(), QStringLiteral("fabrik"));
        QVERIFY(report.value(QStringLiteral("error")).toDouble() <= 0.001);
        const QJsonArray tip = report.value(QStringLiteral("joints")).toObject().value(QStringLiteral("j4")).toArray();
        QVERIFY(std::hypot(tip[0].toDouble() - 15, tip[1].toDouble() - 15) <= 0.001);
    }

    // relax moves a free root: the humanoid's pelvis dragged down lands on its target (it
    // reported "0 iterations, error 36, not reached" when relax held every root).
    void relaxMovesAFreeRoot()
    {
        const QString path = bonework::testing::sourceTree() + QStringLiteral("/resources/examples/humanoid.rig.json");
        const Run r = solve({path, QStringLiteral("--solver"), QStringLiteral("relax"), QStringLiteral("--target"), QStringLiteral("pelvis=600,466")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("relax: 1 iteration, error 0, reached\n"));
    }

    // Without --iterations a one-off solve gets enough iterations to converge: the humanoid
    // example's hands and feet, sent by relax together to where random legal angles put them,
    // all arrive (with the old default of 10 none of these did).
    void defaultIterationsLetRelaxConverge()
    {
        const QString path = bonework::testing::sourceTree() + QStringLiteral("/resources/examples/humanoid.rig.json");
        const bonework::io::LoadResult loaded = bonework::io::loadRigFile(localPath(path));
        QVERIFY(loaded.ok());
        const bonework::Rig& rig = *loaded.rig;
        const char* const effectors[] = {"hand_l", "hand_r", "foot_l", "foot_r"};
        int mostIterations = 0;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            std::mt19937_64 rng(seed);
            bonework::Rig posed = rig;
            for (bonework::JointIndex j = 0; j < static_cast<bonework::JointIndex>(posed.jointCount()); ++j)
                if (!posed.isRoot(j))
                    posed.setAngleClamped(j, std::uniform_real_distribution<double>(posed.minAngle(j), posed.maxAngle(j))(rng));
            const std::vector<bonework::WorldTransform> world = bonework::forwardKinematics(posed);
            QStringList args{path, QStringLiteral("--solver"), QStringLiteral("relax"), QStringLiteral("--report")};
            for (const char* name : effectors) {
                const bonework::Vec2 p = world[static_cast<std::size_t>(posed.findJoint(name))].position;
                args << QStringLiteral("--target") << QStringLiteral("%1=%2,%3").arg(QLatin1String(name)).arg(p.x, 0, 'g', 17).arg(p.y, 0, 'g', 17);
            }
            const Run r = solve(args);
            QCOMPARE(r.exitCode, 0);
            const QJsonObject report = parseReport(r);
            QVERIFY2(report.value(QStringLiteral("reached")).toBool(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(r.out)));
            mostIterations = std::max(mostIterations, report.value(QStringLiteral("iterations")).toInt());
        }
        QVERIFY2(mostIterations > 10, "every solve converged within the old default: the test shows nothing");
    }

    // --hold-chains: the humanoid's chest dragged with follow; its hands and feet stay on their
    // chains' targets (read from the file), which they leave without the option.
    void holdChainsKeepsTipsOnTargets()
    {
        const auto loaded = bonework::io::loadRigFile(localPath(humanoid()));
        QVERIFY2(loaded.ok(), loaded.error.toString().c_str());
        const QStringList drag{humanoid(), QStringLiteral("--solver"), QStringLiteral("follow"), QStringLiteral("--target"),
                               QStringLiteral("chest=640,340"), QStringLiteral("--report")};
        const Run held = solve(drag + QStringList{QStringLiteral("--hold-chains")});
        const Run free = solve(drag);
        QCOMPARE(held.exitCode, 0);
        QCOMPARE(free.exitCode, 0);
        const QJsonObject heldReport = parseReport(held);
        const QJsonObject heldJoints = heldReport.value(QStringLiteral("joints")).toObject();
        const QJsonObject freeJoints = parseReport(free).value(QStringLiteral("joints")).toObject();
        const QJsonObject chains = heldReport.value(QStringLiteral("chains")).toObject();
        QCOMPARE(chains.size(), static_cast<qsizetype>(loaded.rig->chains().size()));
        QVERIFY(!parseReport(free).contains(QStringLiteral("chains"))); // the report is as before without it
        double freeWorst = 0.0;
        for (const bonework::Chain& c : loaded.rig->chains()) {
            const QByteArray tip = QByteArray::fromStdString(loaded.rig->jointName(c.tip));
            const QPointF target(c.target.point.x, c.target.point.y);
            const QPointF h = pointOf(heldJoints, tip.constData()) - target;
            const QPointF f = pointOf(freeJoints, tip.constData()) - target;
            QVERIFY2(std::hypot(h.x(), h.y()) <= c.tolerance, tip.constData());
            QVERIFY(chains.value(QString::fromStdString(c.name)).toObject().value(QStringLiteral("reached")).toBool());
            freeWorst = std::max(freeWorst, std::hypot(f.x(), f.y()));
        }
        QVERIFY2(freeWorst > 10.0, "without --hold-chains the drag moves the tips off their targets");
        QVERIFY(std::hypot(pointOf(heldJoints, "chest").x() - 640, pointOf(heldJoints, "chest").y() - 340) < 1e-6);

        // Relax takes the chains' targets into its own solve and the chains hold after it.
        const Run relax = solve({humanoid(), QStringLiteral("--solver"), QStringLiteral("relax"), QStringLiteral("--target"),
                                 QStringLiteral("chest=610,365"), QStringLiteral("--hold-chains"), QStringLiteral("--report")});
        QCOMPARE(relax.exitCode, 0);
        const QJsonObject relaxChains = parseReport(relax).value(QStringLiteral("chains")).toObject();
        for (const QString& name : relaxChains.keys())
            QVERIFY2(relaxChains.value(name).toObject().value(QStringLiteral("reached")).toBool(), qPrintable(name));

        // A joint inside a held chain: the chain pulls it back off its target after the drag.
        // The report's error and reached are the final pose's; solveError is the drag's own.
        const Run inside = solve({humanoid(), QStringLiteral("--solver"), QStringLiteral("follow"), QStringLiteral("--target"),
                                  QStringLiteral("elbow_l=560,300"), QStringLiteral("--hold-chains"), QStringLiteral("--report")});
        QCOMPARE(inside.exitCode, 0);
        const QJsonObject insideReport = parseReport(inside);
        const QPointF elbowOff = pointOf(insideReport.value(QStringLiteral("joints")).toObject(), "elbow_l") - QPointF(560, 300);
        const double elbowDistance = std::hypot(elbowOff.x(), elbowOff.y());
        QVERIFY2(elbowDistance > 1.0, "the chain left the elbow where it was dragged: the test shows nothing");
        QVERIFY2(std::fabs(insideReport.value(QStringLiteral("error")).toDouble() - elbowDistance) < 1e-6, qPrintable(inside.out));
        QVERIFY(!insideReport.value(QStringLiteral("reached")).toBool());
        QVERIFY2(insideReport.value(QStringLiteral("solveError")).toDouble() < 0.01, qPrintable(inside.out));
        QVERIFY(!parseReport(free).contains(QStringLiteral("solveError"))); // only with --hold-chains

        // Dragging a chain's own tip moves that chain's target along (as in the editor).
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.json"));
        const Run tip = solve({humanoid(), QStringLiteral("--solver"), QStringLiteral("follow"), QStringLiteral("--target"),
                               QStringLiteral("hand_l=520,420"), QStringLiteral("--hold-chains"), QStringLiteral("-o"), out});
        QCOMPARE(tip.exitCode, 0);
        const auto written = bonework::io::loadRigFile(localPath(out));
        QVERIFY2(written.ok(), written.error.toString().c_str());
        const bonework::Chain& arm = written.rig->chains()[static_cast<std::size_t>(written.rig->findChain("arm_l"))];
        QCOMPARE(arm.target.point.x, 520.0);
        QCOMPARE(arm.target.point.y, 420.0);
    }

    void cannotSolveIsExit1()
    {
        Run r = solve({arm(), QStringLiteral("--solver"), QStringLiteral("magic"), QStringLiteral("--target"), QStringLiteral("hand=1,2")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: unknown solver 'magic' (solvers: follow, reach, fabrik, ccd, two-bone, relax)\n"));
        r = solve({arm(), QStringLiteral("--solver"), QStringLiteral("fabrik"), QStringLiteral("--target"), QStringLiteral("foot=1,2")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: the rig has no joint named 'foot'\n"));
        r = solve({arm(), QStringLiteral("--solver"), QStringLiteral("fabrik"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
                   QStringLiteral("--root"), QStringLiteral("knee")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: the rig has no joint named 'knee'\n"));
        r = solve({arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("elbow=1,2"),
                   QStringLiteral("--root"), QStringLiteral("hand")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: the tip \"elbow\" is not under the root \"hand\"\n"));
        r = solve({arm(), QStringLiteral("--solver"), QStringLiteral("two-bone"), QStringLiteral("--target"), QStringLiteral("elbow=1,2")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: the chain from \"shoulder\" to \"elbow\" is 1 bone long, not 2\n"));
        r = solve({arm(), QStringLiteral("--chain"), QStringLiteral("leg")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("bonework-cli solve: the rig has no chain named 'leg'\n"));
        QCOMPARE(r.out, QString());
    }

    void usageErrorsAreExit2()
    {
        const QStringList bad[] = {
            {},
            {arm()},
            {arm(), QStringLiteral("--solver"), QStringLiteral("fabrik")},
            {arm(), QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("--solver"), QStringLiteral("ccd")},
            {arm(), QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("--target"), QStringLiteral("hand=1,2")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("hand=1")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("hand=1,inf")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("fabrik"), QStringLiteral("--target"), QStringLiteral("hand=1e301,380")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
             QStringLiteral("--target"), QStringLiteral("elbow=1,2")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
             QStringLiteral("--iterations"), QStringLiteral("0")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
             QStringLiteral("--tolerance"), QStringLiteral("-1")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("two-bone"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
             QStringLiteral("--bend"), QStringLiteral("sideways")},
            {arm(), QStringLiteral("--frobnicate")},
            {arm(), QStringLiteral("--solver"), QStringLiteral("fabrik"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
             QStringLiteral("--hold-chains")},
            {arm(), arm(), QStringLiteral("--chain"), QStringLiteral("arm")},
            {QStringLiteral("/nonexistent/rig.json"), QStringLiteral("--chain"), QStringLiteral("arm")},
        };
        for (const QStringList& args : bad) {
            const Run r = solve(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(u' ') + QStringLiteral(" -> ") + QString::number(r.exitCode)));
            QVERIFY2(!r.err.isEmpty() && r.out.isEmpty(), qPrintable(args.join(u' ')));
        }
        const Run r = solve({arm(), QStringLiteral("--solver"), QStringLiteral("ccd"), QStringLiteral("--target"), QStringLiteral("hand=1,2"),
                             QStringLiteral("--bend"), QStringLiteral("sideways")});
        QVERIFY(r.err.startsWith(QStringLiteral("bonework-cli solve: --bend wants positive or negative, not 'sideways'\n")));
        QTemporaryDir dir;
        const Run unwritable = solve({arm(), QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("-o"),
                                      dir.filePath(QStringLiteral("missing/dir/out.json"))});
        QCOMPARE(unwritable.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliSolve)
#include "tst_cli_solve.moc"
