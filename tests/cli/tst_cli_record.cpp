// `bonework-cli record`: the motion preview recorded headless into a clip. The same arguments
// write the same bytes; the output loads with the new clip beside the rig as it was; sampling
// it gives a pose; and bad arguments, unknown chains and taken names get their exit codes.
#include "cli_run.h"
#include "source_tree.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = bonework::testing::CliRun;

Run cli(const QStringList& arguments) { return bonework::testing::runCli(arguments); }

QString example(const char* file)
{
    return bonework::testing::sourceTree() + QStringLiteral("/resources/examples/") + QLatin1String(file);
}

QByteArray read(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString firstChain(const char* file)
{
    return QJsonDocument::fromJson(read(example(file))).object().value(QStringLiteral("chains")).toArray().at(0).toObject()
        .value(QStringLiteral("name")).toString();
}

} // namespace

class TestCliRecord : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void recordsRepeatablyAndTheClipPlays_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("driver");
        QTest::newRow("ball") << "ball-arm.rig.json" << "ball";
        QTest::newRow("steering") << "snake.rig.json" << "steering";
        QTest::newRow("cursor") << "gunner.rig.json" << "cursor";
    }

    void recordsRepeatablyAndTheClipPlays()
    {
        QFETCH(QString, file);
        QFETCH(QString, driver);
        const QString chain = firstChain(file.toUtf8().constData());
        const QString a = m_dir.filePath(driver + QStringLiteral("_a.rig.json"));
        const QString b = m_dir.filePath(driver + QStringLiteral("_b.rig.json"));
        const QStringList args{QStringLiteral("record"), example(file.toUtf8().constData()), QStringLiteral("--chain"), chain,
                               QStringLiteral("--driver"), driver, QStringLiteral("--seed"), QStringLiteral("7"),
                               QStringLiteral("--seconds"), QStringLiteral("2"), QStringLiteral("--name"), QStringLiteral("take")};
        const Run first = cli(args + QStringList{QStringLiteral("-o"), a});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QVERIFY2(first.out.startsWith(QStringLiteral("take: 121 frames recorded, ")), qPrintable(first.out));
        QCOMPARE(cli(args + QStringList{QStringLiteral("-o"), b}).exitCode, 0);
        QCOMPARE(read(a), read(b));
        // Another seed, another recording (the driver uses it; the steering and cursor scripts do).
        const QString c = m_dir.filePath(driver + QStringLiteral("_c.rig.json"));
        QStringList other = args;
        other[other.indexOf(QStringLiteral("7"))] = QStringLiteral("8");
        QCOMPARE(cli(other + QStringList{QStringLiteral("-o"), c}).exitCode, 0);
        QVERIFY(read(c) != read(a));

        const QJsonObject rig = QJsonDocument::fromJson(read(a)).object();
        const QJsonArray clips = rig.value(QStringLiteral("animations")).toArray();
        const QJsonArray before = QJsonDocument::fromJson(read(example(file.toUtf8().constData()))).object()
                                      .value(QStringLiteral("animations")).toArray();
        QCOMPARE(clips.size(), before.size() + 1); // the example's own clips, then the new one
        QCOMPARE(clips.last().toObject().value(QStringLiteral("name")).toString(), QStringLiteral("take"));
        QCOMPARE(clips.last().toObject().value(QStringLiteral("duration")).toDouble(), 2.0);
        // The rig itself is as it was: its joints are those of the example.
        QCOMPARE(rig.value(QStringLiteral("joints")), QJsonDocument::fromJson(read(example(file.toUtf8().constData()))).object()
                                                          .value(QStringLiteral("joints")));
        const Run sampled = cli({QStringLiteral("sample"), a, QStringLiteral("--animation"), QStringLiteral("take"),
                                 QStringLiteral("--time"), QStringLiteral("1.5"), QStringLiteral("--report")});
        QVERIFY2(sampled.exitCode == 0, qPrintable(sampled.err));
    }

    void badRequestsGetTheirExitCodes()
    {
        const QString out = m_dir.filePath(QStringLiteral("x.rig.json"));
        const QString rig = example("ball-arm.rig.json");
        const QString chain = firstChain("ball-arm.rig.json");
        auto run = [&](QStringList extra) {
            return cli(QStringList{QStringLiteral("record"), rig, QStringLiteral("-o"), out} + extra);
        };
        const QStringList good{QStringLiteral("--chain"), chain, QStringLiteral("--driver"), QStringLiteral("ball"),
                               QStringLiteral("--seconds"), QStringLiteral("1"), QStringLiteral("--name"), QStringLiteral("t")};
        QCOMPARE(run(good.mid(0, 6)).exitCode, 2); // no --name
        QStringList badDriver = good;
        badDriver[3] = QStringLiteral("kite");
        QCOMPARE(run(badDriver).exitCode, 2);
        QStringList badSeconds = good;
        badSeconds[5] = QStringLiteral("0");
        QCOMPARE(run(badSeconds).exitCode, 2);
        QStringList badChain = good;
        badChain[1] = QStringLiteral("nope");
        const Run unknown = run(badChain);
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains(QStringLiteral("no chain named 'nope'")));
        QCOMPARE(run(good).exitCode, 0);
        // Recording into the output again under the same name: the name is taken.
        const Run taken = cli(QStringList{QStringLiteral("record"), out, QStringLiteral("-o"), out} + good);
        QCOMPARE(taken.exitCode, 1);
        QVERIFY2(taken.err.contains(QStringLiteral("an animation named 't' already")), qPrintable(taken.err));
    }
};

QTEST_GUILESS_MAIN(TestCliRecord)
#include "tst_cli_record.moc"
