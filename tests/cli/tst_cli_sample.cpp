// `bonework-cli sample`: the posed rig at a time of one of its animations, as a real process.
// Keys are hit and interpolated along their curves (positions worked out by hand), a channel
// keeps the setup pose before its first key, chains hold (the report lists them), the output
// rig keeps its animations, and bad arguments and unknown animations get their exit codes.
#include "cli_run.h"
#include "source_tree.h"
#include <QDebug>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

using Run = bonework::testing::CliRun;

Run cli(const QStringList& arguments) { return bonework::testing::runCli(QStringList{QStringLiteral("sample")} + arguments, 30000); }

QString valid(const QString& name)
{
    return bonework::testing::sourceTree() + QStringLiteral("/tests/io/valid/") + name;
}

// shoulder (root at 400, 300) -> elbow (120 long) -> hand (100 long); the clip "lift" turns the
// elbow from 0 to 90 degrees over one second, linearly, then eases the hand to 60 by 2 s.
const char* const kLift = R"({"format": "bonework.rig", "version": 2, "name": "lift",
  "joints": [
    {"name": "shoulder", "x": 400, "y": 300, "rotation": 0},
    {"name": "elbow", "parent": "shoulder", "length": 120, "angle": 10, "min": -180, "max": 180},
    {"name": "hand", "parent": "elbow", "length": 100, "angle": 0, "min": -90, "max": 90}],
  "chains": [],
  "animations": [
    {"name": "lift", "duration": 2,
     "joints": {"elbow": {"angle": [{"time": 0, "value": 0}, {"time": 1, "value": 90}]},
                "hand": {"angle": [{"time": 1, "value": 0, "curve": "stepped"}, {"time": 2, "value": 60}]}}}]})";

QJsonObject report(const Run& run)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("not JSON: %s", qPrintable(run.out));
    return doc.object();
}

QPointF joint(const QJsonObject& report, const char* name)
{
    const QJsonArray p = report.value(QStringLiteral("joints")).toObject().value(QLatin1String(name)).toArray();
    return {p.at(0).toDouble(), p.at(1).toDouble()};
}

bool near(QPointF a, QPointF b) { return std::hypot(a.x() - b.x(), a.y() - b.y()) < 1e-9; }

QPointF polar(QPointF from, double length, double degrees)
{
    const double r = degrees * M_PI / 180.0;
    return from + QPointF(length * std::cos(r), length * std::sin(r));
}

} // namespace

class TestCliSample : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_lift;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_lift = m_dir.filePath(QStringLiteral("lift.rig.json"));
        QFile f(m_lift);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kLift);
    }

    void keysAreInterpolatedAlongTheirCurves()
    {
        const QPointF shoulder(400, 300);
        // 0.5 s: the elbow halfway to 90; the hand before its first key keeps the setup angle 0.
        Run run = cli({m_lift, QStringLiteral("--animation"), QStringLiteral("lift"), QStringLiteral("--time"), QStringLiteral("0.5"),
                       QStringLiteral("--report")});
        QCOMPARE(run.exitCode, 0);
        QJsonObject r = report(run);
        QCOMPARE(r.value(QStringLiteral("animation")).toString(), QStringLiteral("lift"));
        QCOMPARE(r.value(QStringLiteral("time")).toDouble(), 0.5);
        QVERIFY(near(joint(r, "shoulder"), shoulder));
        QPointF elbow = polar(shoulder, 120, 45);
        QVERIFY(near(joint(r, "elbow"), elbow));
        QVERIFY(near(joint(r, "hand"), polar(elbow, 100, 45)));
        QVERIFY(r.value(QStringLiteral("chains")).toObject().isEmpty());

        // 1.5 s: the elbow holds its last key; the hand's stepped key holds 0 until 2 s.
        run = cli({m_lift, QStringLiteral("--animation"), QStringLiteral("lift"), QStringLiteral("--time"), QStringLiteral("1.5"),
                   QStringLiteral("--report")});
        r = report(run);
        elbow = polar(shoulder, 120, 90);
        QVERIFY(near(joint(r, "hand"), polar(elbow, 100, 90)));
        // Past the end: clamped to 2 s, the hand at its last key.
        run = cli({m_lift, QStringLiteral("--animation"), QStringLiteral("lift"), QStringLiteral("--time"), QStringLiteral("7"),
                   QStringLiteral("--report")});
        r = report(run);
        QCOMPARE(r.value(QStringLiteral("time")).toDouble(), 2.0);
        QVERIFY(near(joint(r, "hand"), polar(elbow, 100, 150)));

        // The same clip looping (version 3): 4.5 s is 0.5 s into its third turn.
        const QString looping = m_dir.filePath(QStringLiteral("lift-loop.rig.json"));
        QFile f(looping);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(kLift).replace("\"version\": 2", "\"version\": 3").replace("\"duration\": 2,", "\"duration\": 2, \"loop\": true,"));
        f.close();
        run = cli({looping, QStringLiteral("--animation"), QStringLiteral("lift"), QStringLiteral("--time"), QStringLiteral("4.5"),
                   QStringLiteral("--report")});
        QCOMPARE(run.exitCode, 0);
        r = report(run);
        QCOMPARE(r.value(QStringLiteral("time")).toDouble(), 0.5);
        elbow = polar(shoulder, 120, 45);
        QVERIFY(near(joint(r, "hand"), polar(elbow, 100, 45)));
    }

    // The report tells what a clip keys of the art too: each slot's image, visibility and
    // opacity at the time (the humanoid's blink swaps its head's image from 2.4 to 2.5 s).
    void theReportListsTheSlotsAsKeyed()
    {
        QFile example(bonework::testing::sourceTree() + QStringLiteral("/resources/examples/humanoid.rig.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(example.readAll()).object();
        QJsonArray clips = doc.value(QStringLiteral("animations")).toArray();
        QJsonObject blink = clips[1].toObject();
        QCOMPARE(blink.value(QStringLiteral("name")).toString(), QStringLiteral("blink"));
        QJsonObject tracks = blink.value(QStringLiteral("slots")).toObject();
        QJsonObject head = tracks.value(QStringLiteral("head")).toObject();
        head.insert(QStringLiteral("opacity"), QJsonArray{QJsonObject{{QStringLiteral("time"), 0}, {QStringLiteral("value"), 1}},
                                                          QJsonObject{{QStringLiteral("time"), 2}, {QStringLiteral("value"), 0.5}}});
        tracks.insert(QStringLiteral("head"), head);
        tracks.insert(QStringLiteral("hand_r"), QJsonObject{{QStringLiteral("visible"),
                                                            QJsonArray{QJsonObject{{QStringLiteral("time"), 1}, {QStringLiteral("value"), false}}}}});
        blink.insert(QStringLiteral("slots"), tracks);
        clips[1] = blink;
        doc.insert(QStringLiteral("animations"), clips);
        const QString path = m_dir.filePath(QStringLiteral("blink.rig.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(doc).toJson());
        out.close();

        const auto slotAt = [&](const QString& time, const char* slot) {
            const Run run = cli({path, QStringLiteral("--animation"), QStringLiteral("blink"), QStringLiteral("--time"), time,
                                 QStringLiteral("--report")});
            if (run.exitCode != 0)
                qWarning() << run.err;
            return report(run).value(QStringLiteral("slots")).toObject().value(QLatin1String(slot)).toObject();
        };
        QJsonObject at = slotAt(QStringLiteral("0"), "head");
        QCOMPARE(at.value(QStringLiteral("image")).toString(), QStringLiteral("art/humanoid/head.png"));
        QCOMPARE(at.value(QStringLiteral("visible")).toBool(), true);
        QCOMPARE(at.value(QStringLiteral("opacity")).toDouble(), 1.0);
        at = slotAt(QStringLiteral("2.45"), "head");
        QCOMPARE(at.value(QStringLiteral("image")).toString(), QStringLiteral("art/humanoid/head_blink.png"));
        QCOMPARE(at.value(QStringLiteral("opacity")).toDouble(), 0.5);
        QCOMPARE(slotAt(QStringLiteral("0.5"), "hand_r").value(QStringLiteral("visible")).toBool(), true);
        QCOMPARE(slotAt(QStringLiteral("1.5"), "hand_r").value(QStringLiteral("visible")).toBool(), false);
    }

    void chainsHoldAndTheOutputKeepsTheAnimations()
    {
        const QString posed = m_dir.filePath(QStringLiteral("posed.rig.json"));
        const Run run = cli({valid(QStringLiteral("arm_animated.json")), QStringLiteral("--animation"), QStringLiteral("wave"),
                             QStringLiteral("--time"), QStringLiteral("0.25"), QStringLiteral("--report"), QStringLiteral("-o"), posed});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject r = report(run);
        const QJsonObject arm = r.value(QStringLiteral("chains")).toObject().value(QStringLiteral("arm")).toObject();
        QVERIFY2(arm.value(QStringLiteral("reached")).toBool(), qPrintable(run.out));
        // The chain's target at 0.25 s: an eighth of the way along its linear keys, (520, 380) at
        // 0 s to (560, 300) at 2 s; its tip is there (the setup mix, 1, before the mix key at 1 s).
        QVERIFY(std::hypot(joint(r, "hand").x() - 525, joint(r, "hand").y() - 370) <= 0.01);
        QCOMPARE(arm.value(QStringLiteral("mix")).toDouble(), 1.0);
        // From the mix key at 1 s on: the report gives the mix the solve was blended by.
        const Run later = cli({valid(QStringLiteral("arm_animated.json")), QStringLiteral("--animation"), QStringLiteral("wave"),
                               QStringLiteral("--time"), QStringLiteral("1.5"), QStringLiteral("--report")});
        QCOMPARE(later.exitCode, 0);
        QCOMPARE(report(later).value(QStringLiteral("chains")).toObject().value(QStringLiteral("arm")).toObject().value(QStringLiteral("mix")).toDouble(),
                 0.5);
        QFile f(posed);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject file = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(file.value(QStringLiteral("animations")).toArray().size(), 2);
        // The same time again gives the same report, to the digit.
        const Run again = cli({valid(QStringLiteral("arm_animated.json")), QStringLiteral("--animation"), QStringLiteral("wave"),
                               QStringLiteral("--time"), QStringLiteral("0.25"), QStringLiteral("--report")});
        QCOMPARE(again.out, run.out);
    }

    void badArgumentsAndUnknownAnimations()
    {
        QCOMPARE(cli({m_lift, QStringLiteral("--time"), QStringLiteral("1")}).exitCode, 2); // no --animation
        QCOMPARE(cli({m_lift, QStringLiteral("--animation"), QStringLiteral("lift")}).exitCode, 2); // no --time
        QCOMPARE(cli({m_lift, QStringLiteral("--animation"), QStringLiteral("lift"), QStringLiteral("--time"), QStringLiteral("nan")}).exitCode, 2);
        QCOMPARE(cli({m_dir.filePath(QStringLiteral("none.json")), QStringLiteral("--animation"), QStringLiteral("lift"),
                      QStringLiteral("--time"), QStringLiteral("1")}).exitCode, 2);
        const Run unknown = cli({valid(QStringLiteral("arm_animated.json")), QStringLiteral("--animation"), QStringLiteral("run"),
                                 QStringLiteral("--time"), QStringLiteral("1")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QStringLiteral("has no animation named 'run' (it has: wave, idle)")), qPrintable(unknown.err));
        const Run plain = cli({m_lift, QStringLiteral("--animation"), QStringLiteral("lift"), QStringLiteral("--time"), QStringLiteral("1")});
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(plain.out, QStringLiteral("lift at 1 s: 3 joints posed, 0 chains held\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliSample)
#include "tst_cli_sample.moc"
