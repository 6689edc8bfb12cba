// `bonework-cli validate` as users run it: one summary line per valid file on stdout, the
// error (file: JSON path: problem) on stderr, one per missing image of a rig's slots and of
// the images its clips key, exit 0 / 1 / 2.
#include "cli_run.h"
#include "source_tree.h"
#include <QDir>
#include <QColor>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = bonework::testing::CliRun;

Run validate(const QStringList& args) { return bonework::testing::runCli(QStringList{QStringLiteral("validate")} + args, 30000); }

QString valid(const QString& name)
{
    return bonework::testing::sourceTree() + QStringLiteral("/tests/io/valid/") + name;
}

QString invalid(const QString& name)
{
    return bonework::testing::sourceTree() + QStringLiteral("/tests/io/invalid/") + name;
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

void writeImage(const QString& path, const char* format)
{
    QImage image(12, 8, QImage::Format_ARGB32);
    image.fill(QColor(200, 120, 40));
    if (!image.save(path, format))
        qFatal("cannot write %s", qPrintable(path));
}

// The example with slots in <dir>/rigs/, beside the art it names: art/upper_arm.png,
// art/forearm.jpg and ../shared/badge.png.
QString rigWithArt(const QTemporaryDir& dir)
{
    QDir(dir.path()).mkpath(QStringLiteral("rigs/art"));
    QDir(dir.path()).mkpath(QStringLiteral("shared"));
    const QString rig = dir.filePath(QStringLiteral("rigs/arm_slots.json"));
    if (!QFile::copy(valid(QStringLiteral("arm_slots.json")), rig))
        qFatal("cannot copy the example");
    writeImage(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), "PNG");
    writeImage(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")), "JPEG");
    writeImage(dir.filePath(QStringLiteral("shared/badge.png")), "PNG");
    return rig;
}

} // namespace

class TestCliValidate : public QObject {
    Q_OBJECT

private slots:
    void validFileGetsASummary()
    {
        const Run r = validate({valid(QStringLiteral("arm.json"))});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, valid(QStringLiteral("arm.json")) + QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n"));
        QCOMPARE(r.err, QString());
    }

    void severalValidFiles()
    {
        const Run r = validate({valid(QStringLiteral("forest.json")), valid(QStringLiteral("minimal.json"))});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, valid(QStringLiteral("forest.json")) + QStringLiteral(": valid: 6 joints, 2 roots, 2 chains\n")
                            + valid(QStringLiteral("minimal.json")) + QStringLiteral(": valid: 2 joints, 1 root, 0 chains\n"));
        QCOMPARE(r.err, QString());
    }

    void invalidFileReportsPathAndProblem()
    {
        const QString file = invalid(QStringLiteral("length_negative.json"));
        const Run r = validate({file});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, file + QStringLiteral(": joints[2].length: must be greater than 0, not -1\n"));
    }

    void notJson()
    {
        const QString file = invalid(QStringLiteral("not_json.json"));
        const Run r = validate({file});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, file + QStringLiteral(": joints[0]: not valid JSON: illegal value at offset 55 (line 2, column 15)\n"));
    }

    // Every file is checked: valid ones still get their summary, each invalid one its error.
    void mixedFiles()
    {
        const QString good = valid(QStringLiteral("arm.json"));
        const QString cycle = invalid(QStringLiteral("cycle.json"));
        const QString newer = invalid(QStringLiteral("newer_version.json"));
        const Run r = validate({cycle, good, newer});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, good + QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n"));
        QCOMPARE(r.err, cycle + QStringLiteral(": joints[3].parent: the parents form a cycle: \"a\" -> \"b\" -> \"c\" -> \"a\" "
                                               "(each is the parent of the next)\n")
                            + newer + QStringLiteral(": version: was written by a newer Bonework (version 5); this build "
                                                     "reads versions 1 to 4\n"));
    }

    // Images are looked for relative to the rig file's folder (not the working folder); with
    // all of them there the rig is valid, and the summary counts its slots.
    void slotsWithTheirImages()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = rigWithArt(dir);
        Run r = validate({rig});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, rig + QStringLiteral(": valid: 3 joints, 1 root, 1 chain, 3 slots\n"));

        QProcess p;
        p.setWorkingDirectory(dir.filePath(QStringLiteral("shared")));
        p.start(QStringLiteral(BONEWORK_CLI), {QStringLiteral("validate"), QStringLiteral("../rigs/arm_slots.json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(QString::fromUtf8(p.readAllStandardError()), QString());
        QCOMPARE(p.exitCode(), 0);
    }

    // Each missing or unusable image is named with its slot's path; the rig is not called
    // valid and the exit code is 1, as for an invalid file. Other files are still checked.
    void missingImagesAreNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = rigWithArt(dir);
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("rigs/art/upper_arm.png"))));
        writeFile(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")), "GIF89a");
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("shared/badge.png"))));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("shared/badge.png")));
        const QString good = valid(QStringLiteral("arm.json"));
        const Run r = validate({rig, good});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, good + QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n"));
        QCOMPARE(r.err, rig + QStringLiteral(": slots[0].image: cannot use the image \"art/upper_arm.png\": it does not exist\n")
                            + rig + QStringLiteral(": slots[1].image: cannot use the image \"art/forearm.jpg\": it is not a PNG or "
                                                   "JPEG file\n")
                            + rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it is a "
                                                   "directory\n"));

        // An empty file is no image either, and one problem is one line.
        QVERIFY(QDir(dir.path()).rmdir(QStringLiteral("shared/badge.png")));
        writeFile(dir.filePath(QStringLiteral("shared/badge.png")), QByteArray("\x89PNG\r\n\x1a\n", 8));
        writeFile(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")), QByteArray("\xff\xd8\xff", 3));
        writeFile(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), QByteArray());
        const Run empty = validate({rig});
        QCOMPARE(empty.exitCode, 1);
        QCOMPARE(empty.out, QString());
        const QStringList lines = empty.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], rig + QStringLiteral(": slots[0].image: cannot use the image \"art/upper_arm.png\": it is not a "
                                                "PNG or JPEG file"));
        // A signature alone is no image.
        QVERIFY2(lines[1].startsWith(rig + QStringLiteral(": slots[1].image: cannot use the image \"art/forearm.jpg\": it does not decode (")),
                 qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith(rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it does not decode (")),
                 qPrintable(lines[2]));
    }

    // An image there but for its letter case is named (a rig made on Windows or macOS finds it
    // there, and "it does not exist" alone left the artist looking at a file that does);
    // through ".." and folders too.
    void imagesThatDifferInCaseOnlyAreNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = rigWithArt(dir);
        QVERIFY(QFile::rename(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), dir.filePath(QStringLiteral("rigs/art/Upper_Arm.png"))));
        QVERIFY(QFile::rename(dir.filePath(QStringLiteral("shared")), dir.filePath(QStringLiteral("Shared"))));
        const Run r = validate({rig});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, rig + QStringLiteral(": slots[0].image: cannot use the image \"art/upper_arm.png\": it does not exist; "
                                             "\"art/Upper_Arm.png\" does, which differs in letter case only (file names here "
                                             "tell case apart: rename one to match)\n")
                            + rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it does not exist; "
                                                   "\"../Shared/badge.png\" does, which differs in letter case only (file names "
                                                   "here tell case apart: rename one to match)\n"));
    }

    // A file that starts as a PNG or a JPEG but does not decode is named as the others are,
    // by validate and by export alike (validate called such a rig valid; export then failed
    // without naming the rig or the JSON path).
    void imagesThatDoNotDecodeAreNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = rigWithArt(dir);
        writeFile(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), QByteArray("\x89PNG\r\n\x1a\n", 8) + "garbage, not chunks");
        QFile jpeg(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")));
        QVERIFY(jpeg.open(QIODevice::ReadWrite));
        const QByteArray head = jpeg.read(40);
        QVERIFY(jpeg.resize(0) && jpeg.seek(0) && jpeg.write(head) == head.size()); // cut short
        jpeg.close();
        const Run r = validate({rig});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith(rig + QStringLiteral(": slots[0].image: cannot use the image \"art/upper_arm.png\": it does not decode (")),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith(rig + QStringLiteral(": slots[1].image: cannot use the image \"art/forearm.jpg\": it does not decode (")),
                 qPrintable(lines[1]));

        const Run exported = bonework::testing::runCli({QStringLiteral("export"), rig, QStringLiteral("--format"), QStringLiteral("spine"),
                                                        QStringLiteral("-o"), dir.filePath(QStringLiteral("out/arm.json"))},
                                                       30000);
        QCOMPARE(exported.exitCode, 1);
        QVERIFY2(exported.err.contains(lines[0] + QLatin1Char('\n')) && exported.err.contains(lines[1] + QLatin1Char('\n')), qPrintable(exported.err));
        QVERIFY2(exported.err.contains(QStringLiteral("not exported: 2 images missing or unreadable")), qPrintable(exported.err));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out/arm.json"))));
    }

    // The images a clip keys for a slot are checked too, each key's image named with its JSON
    // path (the rig's own slot images first, then the clips' keys in file order).
    void missingKeyedImagesAreNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = rigWithArt(dir);
        QFile file(rig);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        const QJsonArray keys{QJsonObject{{QStringLiteral("time"), 0}, {QStringLiteral("value"), QStringLiteral("art/forearm.jpg")}},
                              QJsonObject{{QStringLiteral("time"), 0.5}, {QStringLiteral("value"), QStringLiteral("art/fist.png")}},
                              QJsonObject{{QStringLiteral("time"), 1}, {QStringLiteral("value"), QStringLiteral("art/fist.png")}},
                              QJsonObject{{QStringLiteral("time"), 1.5}, {QStringLiteral("value"), QStringLiteral("../shared/badge.png")}}};
        doc.insert(QStringLiteral("animations"),
                   QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("grab")},
                                          {QStringLiteral("duration"), 2},
                                          {QStringLiteral("slots"), QJsonObject{{QStringLiteral("forearm"),
                                                                                 QJsonObject{{QStringLiteral("image"), keys}}}}}}});
        writeFile(rig, QJsonDocument(doc).toJson());
        Run r = validate({rig});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, rig + QStringLiteral(": animations[0].slots.forearm.image[1].value: cannot use the image \"art/fist.png\": "
                                             "it does not exist\n")
                            + rig + QStringLiteral(": animations[0].slots.forearm.image[2].value: cannot use the image "
                                                   "\"art/fist.png\": it does not exist\n"));

        // With the image there, the rig is valid; a missing slot image is still named first.
        writeImage(dir.filePath(QStringLiteral("rigs/art/fist.png")), "PNG");
        r = validate({rig});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("shared/badge.png"))));
        r = validate({rig});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it does not exist\n")
                            + rig + QStringLiteral(": animations[0].slots.forearm.image[3].value: cannot use the image "
                                                   "\"../shared/badge.png\": it does not exist\n"));
    }

    void unreadableFileIsExit2()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        Run r = validate({missing});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, missing + QStringLiteral(": cannot read the file: it does not exist\n"));

        // Unreadable outranks invalid; the valid file is still summarised.
        r = validate({invalid(QStringLiteral("length_zero.json")), missing, valid(QStringLiteral("arm.json"))});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.count(u'\n'), 2);
        QVERIFY(r.out.endsWith(QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n")));

        r = validate({dir.path()});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, dir.path() + QStringLiteral(": cannot read the file: it is a directory\n"));
    }

    void usageErrors()
    {
        Run r = validate({});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("bonework-cli validate: no rig file given\n")), qPrintable(r.err));
        QCOMPARE(r.out, QString());

        r = validate({QStringLiteral("--frobnicate"), valid(QStringLiteral("arm.json"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("bonework-cli validate: Unknown option 'frobnicate'.")), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }

    // "--" ends the options, so a file whose name starts with "-" can still be checked.
    void fileNamedLikeAnOption()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(valid(QStringLiteral("arm.json")), dir.filePath(QStringLiteral("-arm.json"))));
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(BONEWORK_CLI), {QStringLiteral("validate"), QStringLiteral("--"), QStringLiteral("-arm.json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), QStringLiteral("-arm.json: valid: 3 joints, 1 root, 1 chain\n"));
    }

    void help()
    {
        const Run r = validate({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("Exit codes: 0 all valid, 1 some file invalid, 2 usage error or unreadable file.")));
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage: bonework-cli validate RIG.json...\n")), qPrintable(r.out));
    }

    // The program's own help names every command and --version, which answers with the version.
    void programHelpAndVersion()
    {
        const Run help = bonework::testing::runCli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char* listed : {"validate", "solve", "export", "render", "sample", "record", "--version"})
            QVERIFY2(help.out.contains(QLatin1String(listed)), listed);
        const Run version = bonework::testing::runCli({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(version.out.startsWith(QStringLiteral("bonework-cli ")) && version.out.count(QLatin1Char('.')) == 2, qPrintable(version.out));
    }
};

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
