// `bonework-cli export` with slots: it refuses (exit 1, nothing written) while an image a slot
// names is missing, naming it as validate does; with every image there it writes the skeleton
// and its texture atlas and lists the files it wrote. --max-page-size is checked (exit 2 for a
// bad value or one smaller than the largest trimmed image). Rigs without slots say nothing
// about slots and write the skeleton alone.
#include "cli_run.h"
#include "source_tree.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>
#include <QColor>
#include <QFileInfo>
#include <QTest>

namespace {

using Run = bonework::testing::CliRun;

Run exportRig(const QString& rig, const QString& output, const QString& format = QStringLiteral("spine"),
              const QStringList& more = {})
{
    return bonework::testing::runCli(QStringList{QStringLiteral("export"), rig, QStringLiteral("--format"), format, QStringLiteral("-o"), output}
                                     + more,
                                     30000);
}

QString valid(const QString& name)
{
    return bonework::testing::sourceTree() + QStringLiteral("/tests/io/valid/") + name;
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// An image `w` x `h` with a transparent border `border` px wide around an opaque block, so the
// atlas trims it to (w - 2 border) x (h - 2 border).
void writeImage(const QString& path, int w, int h, int border, const char* format = "PNG")
{
    QImage image(w, h, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter(&image).fillRect(border, border, w - 2 * border, h - 2 * border, QColor(200, 80, 40));
    if (!image.save(path, format))
        qFatal("cannot write %s", qPrintable(path));
}

// arm_slots.json with real art: 90 x 40 (trims to 80 x 30), a 70 x 30 JPEG (no alpha: kept
// whole) and a 30 x 30 badge (trims to 22 x 22).
QString armWithArt(const QTemporaryDir& dir)
{
    QDir(dir.path()).mkpath(QStringLiteral("rigs/art"));
    QDir(dir.path()).mkpath(QStringLiteral("shared"));
    const QString rig = dir.filePath(QStringLiteral("rigs/arm_slots.json"));
    QFile::copy(valid(QStringLiteral("arm_slots.json")), rig);
    writeImage(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), 90, 40, 5);
    writeImage(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")), 70, 30, 0, "JPG");
    writeImage(dir.filePath(QStringLiteral("shared/badge.png")), 30, 30, 4);
    return rig;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList filesIn(const QString& folder)
{
    return QDir(folder).entryList(QDir::Files, QDir::Name);
}

} // namespace

class TestCliExport : public QObject {
    Q_OBJECT

private slots:
    void missingImageRefusesTheExport()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("rigs/art")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("shared")));
        const QString rig = dir.filePath(QStringLiteral("rigs/arm_slots.json"));
        QVERIFY(QFile::copy(valid(QStringLiteral("arm_slots.json")), rig));
        QImage art(12, 8, QImage::Format_ARGB32);
        art.fill(QColor(40, 160, 90));
        QVERIFY(art.save(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), "PNG"));
        QVERIFY(art.save(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")), "JPEG"));
        const QString output = dir.filePath(QStringLiteral("arm.spine.json"));

        Run r = exportRig(rig, output);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it does not "
                                             "exist\nbonework-cli export: not exported: 1 image missing or unreadable\n"));
        QVERIFY(!QFile::exists(output));

        // Present, starting as a PNG, but no image: named as validate names it, nothing written.
        writeFile(dir.filePath(QStringLiteral("shared/badge.png")), QByteArray("\x89PNG\r\n\x1a\n", 8));
        r = exportRig(rig, output);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it does not decode (")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(output));
    }

    void slotsAreExportedWithTheirAtlas()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = armWithArt(dir);
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("out")));
        const QString out = dir.filePath(QStringLiteral("out"));

        Run r = exportRig(rig, out + QStringLiteral("/arm.json"));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains(QStringLiteral("slots")), qPrintable(r.err));
        QVERIFY2(r.err.endsWith(QStringLiteral("wrote %1/arm.png\nwrote %1/arm.atlas\nwrote %1/arm.json\n").arg(out)),
                 qPrintable(r.err));
        QCOMPARE(filesIn(out), (QStringList{"arm.atlas", "arm.json", "arm.png"}));
        // "images" leads the Spine editor, importing the skeleton, from its folder to the rig's
        // art: every region attachment's path + ".png" is an image there.
        QFile spine(out + QStringLiteral("/arm.json"));
        QVERIFY(spine.open(QIODevice::ReadOnly));
        const QJsonObject skeleton = QJsonDocument::fromJson(spine.readAll()).object();
        const QString images = skeleton.value(QStringLiteral("skeleton")).toObject().value(QStringLiteral("images")).toString();
        QCOMPARE(images, QStringLiteral("../rigs/"));
        int found = 0;
        const QJsonObject skin = skeleton.value(QStringLiteral("skins")).toArray().at(0).toObject().value(QStringLiteral("attachments")).toObject();
        for (const QString& slot : skin.keys())
            for (const QJsonValue& attachment : skin.value(slot).toObject()) {
                const QString path = attachment.toObject().value(QStringLiteral("path")).toString();
                QVERIFY2(QFileInfo::exists(out + u'/' + images + path + QStringLiteral(".png"))
                             || QFileInfo::exists(out + u'/' + images + path + QStringLiteral(".jpg")),
                         qPrintable(path));
                ++found;
            }
        QVERIFY(found >= 2);

        r = exportRig(rig, out + QStringLiteral("/arm_ske.json"), QStringLiteral("dragonbones"));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.endsWith(QStringLiteral("wrote %1/arm_tex.png\nwrote %1/arm_tex.json\nwrote %1/arm_ske.json\n").arg(out)),
                 qPrintable(r.err));
        QCOMPARE(QImage(out + QStringLiteral("/arm_tex.png")).size(), QImage(out + QStringLiteral("/arm.png")).size());
    }

    void maxPageSizeIsChecked()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = armWithArt(dir);
        const QString output = dir.filePath(QStringLiteral("arm.json"));
        for (const QString& bad : {QStringLiteral("0"), QStringLiteral("-3"), QStringLiteral("big"), QStringLiteral("12.5"),
                                   QStringLiteral("16385")}) {
            const Run r = exportRig(rig, output, QStringLiteral("spine"), {QStringLiteral("--max-page-size"), bad});
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err, QStringLiteral("bonework-cli export: --max-page-size must be a whole number of pixels from 1 "
                                           "to 16384, not \"%1\"\n").arg(bad));
            QVERIFY(!QFile::exists(output));
        }
        // The largest image is 80 px wide once trimmed: 79 is too small, 80 holds it.
        Run r = exportRig(rig, output, QStringLiteral("spine"), {QStringLiteral("--max-page-size"), QStringLiteral("79")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, QStringLiteral("bonework-cli export: --max-page-size 79 is too small: the image \"art/upper_arm.png\" "
                                       "is 80 px on its longer side once trimmed; use at least 80\n"));
        QVERIFY(!QFile::exists(output));
        r = exportRig(rig, output, QStringLiteral("spine"), {QStringLiteral("--max-page-size"), QStringLiteral("80")});
        QCOMPARE(r.exitCode, 0);
        // An 80 x 80 page holds the 80 x 30 and 70 x 30 images (2 px apart), not the 22 x 22 too.
        QVERIFY2(r.err.contains(QStringLiteral("wrote %1\n").arg(dir.filePath(QStringLiteral("arm_2.png")))), qPrintable(r.err));
        for (const QString& page : {QStringLiteral("arm.png"), QStringLiteral("arm_2.png")}) {
            const QImage image(dir.filePath(page));
            QVERIFY(!image.isNull() && image.width() <= 80 && image.height() <= 80);
        }

        // An image wider than the default page (2048), no page size given: the same usage error,
        // said once (QA: exit 1, the problem said twice; exit 2 with a page size given). Wider
        // than the largest page (16384): the rig's to fix, exit 1 (the advice was to pass a size
        // the option refuses).
        for (const int width : {2100, 16500}) {
            QImage wide(width, 4, QImage::Format_ARGB32);
            wide.fill(Qt::red);
            QVERIFY(wide.save(QFileInfo(rig).absolutePath() + QStringLiteral("/art/upper_arm.png")));
            for (const QString& format : {QStringLiteral("spine"), QStringLiteral("dragonbones")}) {
                r = exportRig(rig, output, format);
                const QString needs = QStringLiteral("the image \"art/upper_arm.png\" is %1 px on its longer side once trimmed").arg(width);
                if (width == 2100) {
                    QCOMPARE(r.exitCode, 2);
                    QCOMPARE(r.err, QStringLiteral("bonework-cli export: the default page (2048 px) is too small: %1; pass "
                                                   "--max-page-size 2100 or more (at most 16384), or scale it down\n").arg(needs));
                } else {
                    QCOMPARE(r.exitCode, 1);
                    QCOMPARE(r.err, QStringLiteral("bonework-cli export: not exported: %1, more than the largest page (16384 px) "
                                                   "holds: scale it down\n").arg(needs));
                }
            }
            r = exportRig(rig, output, QStringLiteral("spine"), {QStringLiteral("--max-page-size"), QStringLiteral("16384")});
            QCOMPARE(r.exitCode, width == 2100 ? 0 : 1);
        }
    }

    void animationsAreExportedWithFpsAndTolerance()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString output = dir.filePath(QStringLiteral("arm_ske.json"));
        armWithArt(dir); // the animated arm names the same images
        const QString rig = dir.filePath(QStringLiteral("rigs/arm_animated.json"));
        QVERIFY(QFile::copy(valid(QStringLiteral("arm_animated.json")), rig));
        for (const QString& bad : {QStringLiteral("0"), QStringLiteral("241"), QStringLiteral("29.97"), QStringLiteral("fast")}) {
            const Run r = exportRig(rig, output, QStringLiteral("dragonbones"), {QStringLiteral("--fps"), bad});
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err, QStringLiteral("bonework-cli export: --fps must be a whole number from 1 to 240, not \"%1\"\n").arg(bad));
            QVERIFY(!QFile::exists(output));
        }
        for (const QString& bad : {QStringLiteral("0"), QStringLiteral("-0.1"), QStringLiteral("nan"), QStringLiteral("px")}) {
            const Run r = exportRig(rig, output, QStringLiteral("dragonbones"), {QStringLiteral("--bake-tolerance"), bad});
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err, QStringLiteral("bonework-cli export: --bake-tolerance must be a number of pixels above 0, not \"%1\"\n").arg(bad));
            QVERIFY(!QFile::exists(output));
        }
        const Run r = exportRig(rig, output, QStringLiteral("dragonbones"),
                                {QStringLiteral("--fps"), QStringLiteral("24"), QStringLiteral("--bake-tolerance"), QStringLiteral("0.5")});
        QCOMPARE(r.exitCode, 0);
        QFile file(output);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject armature = QJsonDocument::fromJson(file.readAll()).object().value("armature").toArray()[0].toObject();
        QCOMPARE(armature.value("frameRate").toInt(), 24);
        QVERIFY(armature.value("animation").toArray().size() >= 2); // the setup pose and the rig's clips
    }

    // Like every other command: -h prints the command's own help (no Qt options, the exit
    // codes), and a usage error names its problem, then the help, exit 2, nothing written.
    void helpAndUsageErrorsAreTheCommands()
    {
        const Run help = bonework::testing::runCli({QStringLiteral("export"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.startsWith(QStringLiteral("Usage: bonework-cli export RIG.json --format spine|dragonbones -o OUT.json")),
                 qPrintable(help.out));
        QVERIFY2(help.out.contains(QStringLiteral("Exit codes: 0 written")), qPrintable(help.out));
        QVERIFY2(!help.out.contains(QStringLiteral("--help-all")), qPrintable(help.out));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = valid(QStringLiteral("arm.json"));
        const QString output = dir.filePath(QStringLiteral("arm.json"));
        const QString o = QStringLiteral("-o"), f = QStringLiteral("--format"), e = QStringLiteral("export");
        const struct {
            QStringList arguments;
            QString problem;
        } cases[] = {
            {{e, rig, o, output}, QStringLiteral("no format given (--format spine or --format dragonbones)")},
            {{e, rig, f, QStringLiteral("unity"), o, output}, QStringLiteral("--format wants spine or dragonbones, not 'unity'")},
            {{e, rig, f, QStringLiteral("spine")}, QStringLiteral("no output file given (-o OUT.json)")},
            {{e, f, QStringLiteral("spine"), o, output}, QStringLiteral("no rig file given")},
            {{e, rig, rig, f, QStringLiteral("spine"), o, output}, QStringLiteral("one rig file at a time, not 2")},
            {{e, rig, f, QStringLiteral("spine"), o, output, QStringLiteral("--frames")}, QStringLiteral("Unknown option 'frames'.")},
        };
        for (const auto& c : cases) {
            const Run r = bonework::testing::runCli(c.arguments);
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err, QStringLiteral("bonework-cli export: ") + c.problem + QStringLiteral("\n\n") + help.out);
            QVERIFY(!QFile::exists(output));
        }
    }

    // The output is compared with what the export must not replace as the file system sees it:
    // a link to the rig is the rig, ".RIG.JSON" is a rig name, a page reached through a linked
    // folder is the image it would replace. A failed export replaces none of the last export's
    // files (they are staged, then renamed together), so skeleton and atlas always match.
    void theOutputNeverReplacesWhatTheExportNeeds()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = armWithArt(dir);
        const QByteArray rigBytes = readAll(rig);
        QVERIFY(QFile::link(rig, dir.filePath(QStringLiteral("link.json"))));
        Run r = exportRig(rig, dir.filePath(QStringLiteral("link.json")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("refusing to write the export over the rig being exported")), qPrintable(r.err));
        QCOMPARE(readAll(rig), rigBytes);
        r = exportRig(rig, dir.filePath(QStringLiteral("copy.RIG.JSON")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("over a Bonework rig")), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("copy.RIG.JSON"))));

        QVERIFY(QFile::link(dir.filePath(QStringLiteral("rigs/art")), dir.filePath(QStringLiteral("linked"))));
        const QByteArray art = readAll(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")));
        r = exportRig(rig, dir.filePath(QStringLiteral("linked/upper_arm.json")));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("the atlas would replace")), qPrintable(r.err));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("rigs/art/upper_arm.png"))), art);
        // The skeleton file named as one of the images (QA: -o art/head.png turned it into
        // JSON and every later command refused the rig), directly or through the link.
        for (const QString& image : {QStringLiteral("rigs/art/upper_arm.png"), QStringLiteral("linked/upper_arm.png")}) {
            for (const char* format : {"spine", "dragonbones"}) {
                r = exportRig(rig, dir.filePath(image), QString::fromLatin1(format));
                QCOMPARE(r.exitCode, 1);
                QVERIFY2(r.err.contains(QStringLiteral("the skeleton file would replace")), qPrintable(r.err));
                QCOMPARE(readAll(dir.filePath(QStringLiteral("rigs/art/upper_arm.png"))), art);
            }
        }

        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("out")));
        const QString out = dir.filePath(QStringLiteral("out/arm.json"));
        QCOMPARE(exportRig(rig, out).exitCode, 0);
        const QStringList files{QStringLiteral("arm.atlas"), QStringLiteral("arm.json"), QStringLiteral("arm.png")};
        QCOMPARE(filesIn(dir.filePath(QStringLiteral("out"))), files);
        QList<QByteArray> before;
        for (const QString& f : files)
            before << readAll(dir.filePath(QStringLiteral("out/") + f));
        // The next export's skeleton cannot be written (its name is taken by a folder): its
        // atlas, written first, must not replace the last one either.
        writeImage(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), 60, 50, 0);
        QVERIFY(QFile::remove(out));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("out/arm.json")));
        r = exportRig(rig, out);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("could not write %1: it is a folder").arg(out)), qPrintable(r.err));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("out/arm.png"))), before[2]);
        QCOMPARE(readAll(dir.filePath(QStringLiteral("out/arm.atlas"))), before[0]);
        QCOMPARE(QDir(dir.filePath(QStringLiteral("out"))).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name),
                 files); // no temporary left behind
    }

    void rigsWithoutSlotsSayNothingOfSlots()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run r = exportRig(valid(QStringLiteral("arm.json")), dir.filePath(QStringLiteral("arm.spine.json")));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains(QStringLiteral("slot")), qPrintable(r.err));
        QCOMPARE(filesIn(dir.path()), QStringList{"arm.spine.json"}); // no atlas without slots
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
