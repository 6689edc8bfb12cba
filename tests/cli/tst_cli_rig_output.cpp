// The rigs that solve, sample and record write with -o take their art along: written into
// another folder, every image the rig names (a slot's, or one a clip keys) that is found beside
// the input and missing beside the output is copied there, in one batch with the rig, and
// named on stderr; an image already there is kept, one missing at the source is named in a
// warning, the same folder copies nothing, and a copy that cannot be made leaves neither the rig
// nor a folder behind.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = bonework::testing::CliRun;

// shoulder -> elbow -> hand; the upper arm shows art/arm.png, the hand art/open.png, and the clip
// "grab" keys art/fist.png onto the hand. The chain gives solve --hold-chains and record a chain.
const char* const kArm = R"({"format": "bonework.rig", "version": 2, "name": "arm",
  "joints": [
    {"name": "shoulder", "x": 400, "y": 300, "rotation": 0},
    {"name": "elbow", "parent": "shoulder", "length": 120, "angle": 10, "min": -170, "max": 170},
    {"name": "hand", "parent": "elbow", "length": 100, "angle": 20, "min": -150, "max": 150}],
  "chains": [{"name": "arm", "root": "shoulder", "tip": "hand", "solver": "two-bone", "bend": "positive",
              "iterations": 10, "tolerance": 0.01, "target": {"x": 560, "y": 380}}],
  "slots": [{"name": "upper", "bone": "elbow", "image": "art/arm.png"},
            {"name": "hand", "bone": "hand", "image": "art/open.png"}],
  "animations": [{"name": "grab", "duration": 1,
    "slots": {"hand": {"image": [{"time": 0.5, "value": "art/fist.png"}]}}}]})";

const QStringList kImages{QStringLiteral("art/arm.png"), QStringLiteral("art/open.png"), QStringLiteral("art/fist.png")};

QByteArray read(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writePng(const QString& path, QColor colour)
{
    QImage image(8, 8, QImage::Format_ARGB32);
    image.fill(colour);
    return QDir().mkpath(QFileInfo(path).path()) && image.save(path, "PNG");
}

} // namespace

class TestCliRigOutput : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_rig;

    QString path(const QString& relative) const { return m_dir.filePath(relative); }

    // Each command that writes a rig, with what it needs besides -o.
    static QStringList command(const QString& name, const QString& rig)
    {
        if (name == QLatin1String("solve"))
            return {name, rig, QStringLiteral("--solver"), QStringLiteral("follow"), QStringLiteral("--target"),
                    QStringLiteral("hand=500,360"), QStringLiteral("--hold-chains")};
        if (name == QLatin1String("sample"))
            return {name, rig, QStringLiteral("--animation"), QStringLiteral("grab"), QStringLiteral("--time"), QStringLiteral("0.75")};
        return {name, rig, QStringLiteral("--chain"), QStringLiteral("arm"), QStringLiteral("--driver"), QStringLiteral("ball"),
                QStringLiteral("--seconds"), QStringLiteral("0.5"), QStringLiteral("--name"), QStringLiteral("take")};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_rig = path(QStringLiteral("in/arm.rig.json"));
        QVERIFY(QDir().mkpath(QFileInfo(m_rig).path()));
        QFile f(m_rig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kArm);
        f.close();
        QVERIFY(writePng(path(QStringLiteral("in/art/arm.png")), Qt::red));
        QVERIFY(writePng(path(QStringLiteral("in/art/open.png")), Qt::green));
        QVERIFY(writePng(path(QStringLiteral("in/art/fist.png")), Qt::blue));
    }

    void artIsCopiedIntoAnotherFolder_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("images"); // those the written rig names
        QTest::newRow("solve") << "solve" << kImages;
        // The sampled pose shows the fist where the setup showed the open hand.
        QTest::newRow("sample") << "sample" << QStringList{QStringLiteral("art/arm.png"), QStringLiteral("art/fist.png")};
        QTest::newRow("record") << "record" << kImages;
    }

    void artIsCopiedIntoAnotherFolder()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, images);
        const QString folder = path(name + QStringLiteral("-out"));
        QVERIFY(QDir().mkpath(folder));
        const QString out = folder + QStringLiteral("/posed.rig.json");
        const Run run = bonework::testing::runCli(command(name, m_rig) + QStringList{QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        for (const QString& image : kImages)
            QVERIFY2(images.contains(image) ? read(folder + QLatin1Char('/') + image) == read(path(QStringLiteral("in/") + image))
                                            : !QFileInfo::exists(folder + QLatin1Char('/') + image),
                     qPrintable(image));
        QVERIFY2(run.err.contains(QStringLiteral("copied %1 images beside %2").arg(images.size()).arg(out)), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("art/fist.png")), qPrintable(run.err)); // the keyed one too
        // The written rig finds all its art: validate reports no missing image.
        const Run check = bonework::testing::runCli({QStringLiteral("validate"), out});
        QVERIFY2(check.exitCode == 0 && check.err.isEmpty(), qPrintable(check.err));

        // Written again: nothing to copy, nothing said; an image the user changed there stays.
        QVERIFY(writePng(folder + QStringLiteral("/art/arm.png"), Qt::yellow));
        const QByteArray changed = read(folder + QStringLiteral("/art/arm.png"));
        const Run again = bonework::testing::runCli(command(name, m_rig) + QStringList{QStringLiteral("-o"), out});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.err.isEmpty(), qPrintable(again.err));
        QCOMPARE(read(folder + QStringLiteral("/art/arm.png")), changed);
    }

    // An image missing beside the input cannot be copied: the rig is written (exit 0) and a
    // warning names what the written rig will miss; the images that are there are copied.
    void anImageMissingAtTheSourceIsNamed()
    {
        const QString in = path(QStringLiteral("partial/arm.rig.json"));
        QVERIFY(QDir().mkpath(QFileInfo(in).path()));
        QVERIFY(QFile::copy(m_rig, in));
        QVERIFY(writePng(path(QStringLiteral("partial/art/arm.png")), Qt::red));
        QVERIFY(writePng(path(QStringLiteral("partial/art/open.png")), Qt::green)); // no fist.png
        const QString folder = path(QStringLiteral("partial-out"));
        QVERIFY(QDir().mkpath(folder));
        const QString out = folder + QStringLiteral("/posed.rig.json");
        const Run run = bonework::testing::runCli(command(QStringLiteral("solve"), in) + QStringList{QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(QFileInfo::exists(out));
        QVERIFY2(run.err.contains(QStringLiteral("copied 2 images beside %1").arg(out)), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("warning: 1 image the rig names is missing beside %1, so not copied; %2 will "
                                                 "miss it: art/fist.png")
                                      .arg(in, out)),
                 qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(folder + QStringLiteral("/art/fist.png")));
    }

    void theSameFolderCopiesNothing()
    {
        const QString out = path(QStringLiteral("in/posed.rig.json"));
        const Run run = bonework::testing::runCli(command(QStringLiteral("solve"), m_rig) + QStringList{QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        QCOMPARE(QDir(path(QStringLiteral("in/art"))).entryList(QDir::Files).size(), 3);
    }

    // A mistyped -o naming one of the rig's images (its setup image or one a clip keys) is
    // refused, and the image is left as it was: a rig must never overwrite the art it shows.
    void theRigNeverReplacesItsArt_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("image");
        for (const char* name : {"solve", "sample", "record"}) {
            QTest::addRow("%s over a slot's image", name) << name << "art/open.png";
            QTest::addRow("%s over a keyed image", name) << name << "art/fist.png";
        }
    }

    void theRigNeverReplacesItsArt()
    {
        QFETCH(QString, name);
        QFETCH(QString, image);
        const QString target = path(QStringLiteral("in/") + image);
        const QByteArray before = read(target);
        const Run run = bonework::testing::runCli(command(name, m_rig) + QStringList{QStringLiteral("-o"), target});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("refusing to write the rig over the image \"%1\"").arg(image)), qPrintable(run.err));
        QCOMPARE(read(target), before);
        QVERIFY(!QFileInfo::exists(path(QStringLiteral("in/art/art")))); // no art copied beside it either
    }

    // "-o -" is a usage error (every output is a file), where it made a file named "-"; export
    // and render too.
    void aDashIsNotAnOutput()
    {
        const QString dash = QDir::current().filePath(QStringLiteral("-"));
        QFile::remove(dash);
        QStringList commands = {QStringLiteral("solve"), QStringLiteral("sample"), QStringLiteral("record")};
        for (const QString& name : commands) {
            const Run run = bonework::testing::runCli(command(name, m_rig) + QStringList{QStringLiteral("-o"), QStringLiteral("-")});
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains(QStringLiteral("-o - would write a file named \"-\"")), qPrintable(run.err));
        }
        for (const QStringList& other : {QStringList{QStringLiteral("export"), m_rig, QStringLiteral("--format"), QStringLiteral("spine")},
                                         QStringList{QStringLiteral("render"), m_rig}}) {
            const Run run = bonework::testing::runCli(other + QStringList{QStringLiteral("--output"), QStringLiteral("-")});
            QCOMPARE(run.exitCode, 2);
        }
        QVERIFY(!QFileInfo::exists(dash));
    }

    // An option given twice is a usage error that names both values (the last one won without
    // a word: --format spine --format dragonbones exported DragonBones); --target repeats.
    void anOptionGivenTwiceIsRefused()
    {
        const QString out = path(QStringLiteral("twice/arm.json"));
        const Run exported = bonework::testing::runCli({QStringLiteral("export"), m_rig, QStringLiteral("--format"), QStringLiteral("spine"),
                                                        QStringLiteral("--format"), QStringLiteral("dragonbones"), QStringLiteral("-o"), out});
        QCOMPARE(exported.exitCode, 2);
        QVERIFY2(exported.err.startsWith(QStringLiteral("bonework-cli export: --format is given 2 times (spine, dragonbones): give it once\n")),
                 qPrintable(exported.err));
        QVERIFY(!QFileInfo::exists(out));
        const Run outputs = bonework::testing::runCli(command(QStringLiteral("sample"), m_rig)
                                                      + QStringList{QStringLiteral("-o"), out, QStringLiteral("--output"), out});
        QCOMPARE(outputs.exitCode, 2);
        QVERIFY2(outputs.err.contains(QStringLiteral("--output is given 2 times")), qPrintable(outputs.err));
        const Run targets = bonework::testing::runCli({QStringLiteral("solve"), m_rig, QStringLiteral("--solver"), QStringLiteral("relax"),
                                                       QStringLiteral("--target"), QStringLiteral("hand=500,360"), QStringLiteral("--target"),
                                                       QStringLiteral("elbow=450,380")});
        QCOMPARE(targets.exitCode, 0);
        // One joint, two targets: relax reached neither, and said nothing of why.
        const Run twice = bonework::testing::runCli({QStringLiteral("solve"), m_rig, QStringLiteral("--solver"), QStringLiteral("relax"),
                                                     QStringLiteral("--target"), QStringLiteral("hand=500,360"), QStringLiteral("--target"),
                                                     QStringLiteral("hand=450,380")});
        QCOMPARE(twice.exitCode, 2);
        QVERIFY2(twice.err.startsWith(QStringLiteral("bonework-cli solve: --target names hand twice: give each joint one target\n")),
                 qPrintable(twice.err));
    }

    void aCopyThatFailsLeavesNothing()
    {
        // "art" is a file in the output folder: the copies' folder cannot be made there.
        const QString folder = path(QStringLiteral("blocked"));
        QVERIFY(QDir().mkpath(folder));
        QFile blocker(folder + QStringLiteral("/art"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString out = folder + QStringLiteral("/posed.rig.json");
        const Run run = bonework::testing::runCli(command(QStringLiteral("sample"), m_rig) + QStringList{QStringLiteral("-o"), out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("cannot write")), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(out));
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList{QStringLiteral("art")});

        // A folder made for the copies goes again when the rig itself cannot be written.
        const QString nested = path(QStringLiteral("nested"));
        QVERIFY(QDir().mkpath(nested + QStringLiteral("/posed.rig.json"))); // a folder where the rig goes
        const Run refused = bonework::testing::runCli(command(QStringLiteral("sample"), m_rig)
                                                      + QStringList{QStringLiteral("-o"), nested + QStringLiteral("/posed.rig.json")});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(QStringLiteral("it is a folder")), qPrintable(refused.err));
        QVERIFY(!QFileInfo::exists(nested + QStringLiteral("/art")));
    }
};

QTEST_GUILESS_MAIN(TestCliRigOutput)
#include "tst_cli_rig_output.moc"
