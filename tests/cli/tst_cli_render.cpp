// `bonework-cli render` run as a real process and checked by pixel statistics, not against
// committed screenshots: each example with art covers about the area its slots' images add up
// to; each slot's image centre shows the image's own centre colour where the rig format puts
// it (worked out here, rendered_rig.h), also after posing with `bonework-cli solve`; --bones
// adds pixels; --size and --background are honoured; bad arguments exit 2, a missing image
// exits 1 naming it and writes nothing; it runs without any display.
#include "cli_run.h"
#include "rendered_rig.h"
#include "source_tree.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace rendertest;

namespace {

using Run = bonework::testing::CliRun;

Run cli(const QStringList& arguments, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    return bonework::testing::runCli(arguments, 60000, env);
}

QString source(const QString& path) { return bonework::testing::sourceTree() + QLatin1Char('/') + path; }
QString example(const QString& name) { return source(QStringLiteral("resources/examples/") + name + QStringLiteral(".rig.json")); }

// The rendered PNG, ARGB32 not premultiplied; a null image (and a failed check) when the
// command did not succeed.
QImage render(const QString& rig, const QString& output, const QStringList& options = {})
{
    const Run r = cli(QStringList{QStringLiteral("render"), rig, QStringLiteral("-o"), output} + options);
    if (r.exitCode != 0) {
        qWarning("render failed (%d): %s", r.exitCode, qPrintable(r.err));
        return {};
    }
    return QImage(output).convertToFormat(QImage::Format_ARGB32);
}

// Copies the example's art folder next to a rig written elsewhere, so its slots resolve.
void copyArt(const QString& rigName, const QDir& to)
{
    const QDir from(source(QStringLiteral("resources/examples/art/")) + rigName);
    QVERIFY(to.mkpath(QStringLiteral("art/") + rigName));
    for (const QString& file : from.entryList({QStringLiteral("*.png")}, QDir::Files))
        QVERIFY(QFile::copy(from.filePath(file), to.filePath(QStringLiteral("art/%1/%2").arg(rigName, file))));
}

// Each slot whose image centre no later slot hides shows, at the rendered pixel under it, the
// image's own centre colour. Returns how many slots were checked.
int checkCentres(const RigArt& art, const QImage& rendered, const View& view, const char* what)
{
    int checked = 0;
    for (std::size_t i = 0; i < art.images.size(); ++i) {
        const QImage& image = art.images[i];
        const QPoint centre(image.width() / 2, image.height() / 2);
        const QPointF rigPoint = art.imageToRig[i].map(QPointF(centre) + QPointF(0.5, 0.5));
        if (coveredLater(art, i, rigPoint))
            continue;
        const QPointF v = view.toView(rigPoint);
        const QPoint pixel(int(std::floor(v.x())), int(std::floor(v.y())));
        const QString name = QString::fromStdString(art.rig.slotList()[i].name);
        if (!rendered.valid(pixel)) {
            qWarning("%s: %s's centre (%g, %g) is outside the render", what, qPrintable(name), v.x(), v.y());
            return -1;
        }
        const QRgb want = image.pixel(centre);
        const QRgb got = rendered.pixel(pixel);
        const int diff = std::max({std::abs(qRed(want) - qRed(got)), std::abs(qGreen(want) - qGreen(got)),
                                   std::abs(qBlue(want) - qBlue(got)), std::abs(qAlpha(want) - qAlpha(got))});
        if (diff > 4) {
            qWarning("%s: %s at (%d, %d): rendered #%08x, its image's centre is #%08x", what, qPrintable(name), pixel.x(),
                     pixel.y(), got, want);
            return -1;
        }
        ++checked;
    }
    return checked;
}

const QStringList kRigsWithArt{QStringLiteral("humanoid"), QStringLiteral("gunner"), QStringLiteral("snake")};

} // namespace

class TestCliRender : public QObject {
    Q_OBJECT

private slots:
    void defaultSizeFramesTheJointsAndImages_data()
    {
        QTest::addColumn<QString>("rig");
        for (const QString& rig : kRigsWithArt)
            QTest::newRow(qPrintable(rig)) << rig;
    }
    void defaultSizeFramesTheJointsAndImages()
    {
        QFETCH(QString, rig);
        QTemporaryDir dir;
        const QImage rendered = render(example(rig), dir.filePath(QStringLiteral("out.png")));
        QVERIFY(!rendered.isNull());
        const View view = defaultView(loadArt(example(rig)));
        QCOMPARE(rendered.size(), view.size);
        // Nothing drawn within the margin (a quarter of it: antialiasing and rounding).
        for (int y = 0; y < rendered.height(); ++y)
            for (int x = 0; x < rendered.width(); ++x)
                if (x < kMargin / 4 || y < kMargin / 4 || x >= rendered.width() - kMargin / 4 || y >= rendered.height() - kMargin / 4)
                    QVERIFY2(qAlpha(rendered.pixel(x, y)) == 0, qPrintable(QStringLiteral("drawn at %1, %2").arg(x).arg(y)));
    }

    // Overlaps at the joints hide part of each image, so the art covers less than the images'
    // own opaque areas added up, but not much less; a missing image, a scale ignored (four
    // times the area) or art off the picture falls outside.
    void coverageMatchesTheSlotsAreas_data() { defaultSizeFramesTheJointsAndImages_data(); }
    void coverageMatchesTheSlotsAreas()
    {
        QFETCH(QString, rig);
        QTemporaryDir dir;
        const QImage rendered = render(example(rig), dir.filePath(QStringLiteral("out.png")));
        QVERIFY(!rendered.isNull());
        const double area = slotArea(loadArt(example(rig)));
        const double covered = double(countPixels(rendered, 128));
        const double ratio = covered / area;
        qInfo("%s: %.0f px covered of %.0f px of images: %.3f", qPrintable(rig), covered, area, ratio);
        QVERIFY2(ratio > 0.6 && ratio < 1.02, qPrintable(QString::number(ratio)));
    }

    void eachSlotShowsItsImageWhereTheFormatPutsIt_data() { defaultSizeFramesTheJointsAndImages_data(); }
    void eachSlotShowsItsImageWhereTheFormatPutsIt()
    {
        QFETCH(QString, rig);
        QTemporaryDir dir;
        const QImage rendered = render(example(rig), dir.filePath(QStringLiteral("out.png")));
        QVERIFY(!rendered.isNull());
        const RigArt art = loadArt(example(rig));
        const int checked = checkCentres(art, rendered, defaultView(art), qPrintable(rig));
        QVERIFY(checked >= 0);
        QVERIFY2(checked * 2 >= int(art.images.size()), qPrintable(QString::number(checked))); // not vacuous
    }

    // A pose made by `bonework-cli solve`: the art moved with the bones.
    void artFollowsThePose_data()
    {
        QTest::addColumn<QString>("rig");
        QTest::addColumn<QString>("joint");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("slot");
        QTest::newRow("humanoid hand") << "humanoid" << "hand_r" << "700,250" << "hand_r";
        QTest::newRow("snake head") << "snake" << "head" << "700,300" << "head";
    }
    void artFollowsThePose()
    {
        QFETCH(QString, rig);
        QFETCH(QString, joint);
        QFETCH(QString, target);
        QFETCH(QString, slot);
        QTemporaryDir dir;
        const QString posed = dir.filePath(rig + QStringLiteral(".rig.json"));
        const Run solved = cli({QStringLiteral("solve"), example(rig), QStringLiteral("--solver"), QStringLiteral("follow"),
                                QStringLiteral("--target"), joint + QLatin1Char('=') + target, QStringLiteral("-o"), posed});
        QVERIFY2(solved.exitCode == 0, qPrintable(solved.err)); // the art comes along into dir

        const RigArt before = loadArt(example(rig));
        const RigArt after = loadArt(posed);
        std::size_t s = 0;
        while (s < after.rig.slotList().size() && after.rig.slotList()[s].name != slot.toStdString())
            ++s;
        QVERIFY(s < after.rig.slotList().size());
        const QPointF moved = after.imageToRig[s].map(QPointF(0, 0)) - before.imageToRig[s].map(QPointF(0, 0));
        QVERIFY2(std::hypot(moved.x(), moved.y()) > 50, "the pose should move the slot far"); // the check means something

        const QImage rendered = render(posed, dir.filePath(QStringLiteral("posed.png")));
        QVERIFY(!rendered.isNull());
        const int checked = checkCentres(after, rendered, defaultView(after), "posed");
        QVERIFY(checked >= 0);
        QVERIFY(checked * 2 >= int(after.images.size()));
        // The posed picture is not the rest pose's.
        const QImage rest = render(example(rig), dir.filePath(QStringLiteral("rest.png")));
        QVERIFY(rest != rendered);
    }

    // --animation NAME --time T draws the clip's pose (its keyed images too) exactly as the rig
    // that `sample` writes for that time renders, and not the setup pose.
    void aClipFrameRendersAsItsSampledRig_data()
    {
        QTest::addColumn<QString>("clip");
        QTest::addColumn<QString>("time");
        QTest::newRow("walk") << "walk" << "0.3";
        QTest::newRow("blink, eyes shut") << "blink" << "2.45";
        // The walk loops (1.2 s): a time in its second turn, or before it started, wraps as
        // sample wraps it.
        QTest::newRow("walk, second turn") << "walk" << "1.5";
        QTest::newRow("walk, a turn before") << "walk" << "-0.9";
    }
    void aClipFrameRendersAsItsSampledRig()
    {
        QFETCH(QString, clip);
        QFETCH(QString, time);
        QTemporaryDir dir;
        copyArt(QStringLiteral("humanoid"), QDir(dir.path()));
        const QString sampled = dir.filePath(QStringLiteral("sampled.rig.json"));
        const Run s = cli({QStringLiteral("sample"), example(QStringLiteral("humanoid")), QStringLiteral("--animation"), clip,
                           QStringLiteral("--time"), time, QStringLiteral("-o"), sampled});
        QVERIFY2(s.exitCode == 0, qPrintable(s.err));
        const QStringList size{QStringLiteral("--size"), QStringLiteral("300x400"), QStringLiteral("--bones")};
        const QImage direct = render(example(QStringLiteral("humanoid")), dir.filePath(QStringLiteral("direct.png")),
                                     size + QStringList{QStringLiteral("--animation"), clip, QStringLiteral("--time"), time});
        const QImage viaSample = render(sampled, dir.filePath(QStringLiteral("via.png")), size);
        QVERIFY(!direct.isNull() && !viaSample.isNull());
        QVERIFY(direct == viaSample);
        QVERIFY(direct != render(example(QStringLiteral("humanoid")), dir.filePath(QStringLiteral("setup.png")), size));
    }

    void bonesDrawOverTheArt()
    {
        QTemporaryDir dir;
        for (const QString& rig : kRigsWithArt) {
            const QImage art = render(example(rig), dir.filePath(QStringLiteral("art.png")));
            const QImage bones = render(example(rig), dir.filePath(QStringLiteral("bones.png")), {QStringLiteral("--bones")});
            QVERIFY(!art.isNull() && !bones.isNull());
            QCOMPARE(bones.size(), art.size());
            qint64 changed = 0;
            for (int y = 0; y < art.height(); ++y)
                for (int x = 0; x < art.width(); ++x)
                    changed += art.pixel(x, y) != bones.pixel(x, y);
            QVERIFY2(countPixels(bones, 1) > countPixels(art, 1), qPrintable(rig));
            QVERIFY2(changed > 1000, qPrintable(QStringLiteral("%1: %2 pixels changed").arg(rig).arg(changed)));
        }
        // A rig without slots draws nothing without --bones, and its bones with it.
        const QImage empty = render(example(QStringLiteral("elbow")), dir.filePath(QStringLiteral("e.png")));
        QVERIFY(!empty.isNull());
        QCOMPARE(countPixels(empty, 1), 0);
        const QImage elbow = render(example(QStringLiteral("elbow")), dir.filePath(QStringLiteral("e.png")), {QStringLiteral("--bones")});
        QVERIFY(countPixels(elbow, 128) > 500);
    }

    // --size: exactly that size, the rig framed as fit to view (coverage scales with the zoom
    // squared, the art's centres land where the fitted view puts them).
    void sizeIsHonoured()
    {
        QTemporaryDir dir;
        const RigArt art = loadArt(example(QStringLiteral("humanoid")));
        const QImage natural = render(example(QStringLiteral("humanoid")), dir.filePath(QStringLiteral("n.png")));
        for (const QSize size : {QSize(900, 700), QSize(200, 150), QSize(640, 1200)}) {
            const QImage rendered = render(example(QStringLiteral("humanoid")), dir.filePath(QStringLiteral("s.png")),
                                           {QStringLiteral("--size"), QStringLiteral("%1x%2").arg(size.width()).arg(size.height())});
            QVERIFY(!rendered.isNull());
            QCOMPARE(rendered.size(), size);
            const View view = fittedView(art, size);
            const double expected = double(countPixels(natural, 128)) * view.zoom * view.zoom;
            const double ratio = double(countPixels(rendered, 128)) / expected;
            QVERIFY2(ratio > 0.93 && ratio < 1.07, qPrintable(QStringLiteral("%1: %2").arg(view.zoom).arg(ratio)));
            if (view.zoom >= 1)
                QVERIFY(checkCentres(art, rendered, view, "sized") * 2 >= int(art.images.size()));
        }
        QImage one = render(example(QStringLiteral("snake")), dir.filePath(QStringLiteral("1.png")), {QStringLiteral("--size"), QStringLiteral("1x1")});
        QCOMPARE(one.size(), QSize(1, 1));
    }

    void backgroundIsAnyQtColour_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QColor>("corner");
        QTest::newRow("default: transparent") << QStringList{} << QColor(0, 0, 0, 0);
        QTest::newRow("#rrggbb") << QStringList{"--background", "#232529"} << QColor(0x23, 0x25, 0x29);
        QTest::newRow("#aarrggbb") << QStringList{"--background", "#80ff0000"} << QColor(255, 0, 0, 128);
        QTest::newRow("name") << QStringList{"--background", "white"} << QColor(Qt::white);
        QTest::newRow("transparent") << QStringList{"--background", "transparent"} << QColor(0, 0, 0, 0);
    }
    void backgroundIsAnyQtColour()
    {
        QFETCH(QStringList, options);
        QFETCH(QColor, corner);
        QTemporaryDir dir;
        const QImage rendered = render(example(QStringLiteral("gunner")), dir.filePath(QStringLiteral("b.png")), options);
        QVERIFY(!rendered.isNull());
        const QColor got = rendered.pixelColor(0, 0);
        QCOMPARE(got.alpha(), corner.alpha());
        if (corner.alpha() > 0)
            QVERIFY2(std::abs(got.red() - corner.red()) <= 2 && std::abs(got.green() - corner.green()) <= 2
                         && std::abs(got.blue() - corner.blue()) <= 2,
                     qPrintable(got.name(QColor::HexArgb)));
        // The art is drawn over it: much of the picture is not the background.
        qint64 art = 0;
        for (int y = 0; y < rendered.height(); ++y)
            for (int x = 0; x < rendered.width(); ++x)
                art += rendered.pixel(x, y) != rendered.pixel(0, 0);
        QVERIFY2(art > 10000, qPrintable(QString::number(art)));
    }

    void badArgumentsExit2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        const QString rig = example(QStringLiteral("humanoid"));
        QTest::newRow("no rig") << QStringList{"-o", "OUT"} << 2;
        QTest::newRow("no output") << QStringList{rig} << 2;
        QTest::newRow("two rigs") << QStringList{rig, rig, "-o", "OUT"} << 2;
        QTest::newRow("unknown option") << QStringList{rig, "-o", "OUT", "--colour"} << 2;
        QTest::newRow("size not WxH") << QStringList{rig, "-o", "OUT", "--size", "800"} << 2;
        QTest::newRow("size zero") << QStringList{rig, "-o", "OUT", "--size", "0x600"} << 2;
        QTest::newRow("size negative") << QStringList{rig, "-o", "OUT", "--size", "-5x600"} << 2;
        QTest::newRow("size too big") << QStringList{rig, "-o", "OUT", "--size", "99999x10"} << 2;
        QTest::newRow("not a colour") << QStringList{rig, "-o", "OUT", "--background", "bluish"} << 2;
        QTest::newRow("no such rig") << QStringList{source("no/such.rig.json"), "-o", "OUT"} << 2;
        QTest::newRow("unwritable output") << QStringList{rig, "-o", "/no/such/folder/out.png"} << 2;
        QTest::newRow("invalid rig") << QStringList{source("tests/io/invalid/angle_outside_limits.json"), "-o", "OUT"} << 1;
        QTest::newRow("time without animation") << QStringList{rig, "-o", "OUT", "--time", "0.5"} << 2;
        QTest::newRow("animation without time") << QStringList{rig, "-o", "OUT", "--animation", "walk"} << 2;
        QTest::newRow("time not a number") << QStringList{rig, "-o", "OUT", "--animation", "walk", "--time", "nan"} << 2;
        QTest::newRow("no such animation") << QStringList{rig, "-o", "OUT", "--animation", "run", "--time", "0"} << 1;
    }
    void badArgumentsExit2()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QTemporaryDir dir;
        const QString output = dir.filePath(QStringLiteral("out.png"));
        arguments.replaceInStrings(QStringLiteral("OUT"), output);
        const Run r = cli(QStringList{QStringLiteral("render")} + arguments);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(!r.err.isEmpty());
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFile::exists(output));
    }

    void helpListsTheOptions()
    {
        const Run r = cli({QStringLiteral("render"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        for (const char* option : {"--size", "--background", "--bones", "-o, --output", "--animation NAME", "--time T"})
            QVERIFY2(r.out.contains(QLatin1String(option)), option);
        QVERIFY(cli({QStringLiteral("--help")}).out.contains(QStringLiteral("render RIG.json")));
    }

    // A missing image refuses the render (exit 1), naming each one as validate does, and
    // leaves an existing output alone; so does a file that looks like a PNG but does not decode.
    void missingImageRefusesTheRender()
    {
        QTemporaryDir dir;
        const QString rig = dir.filePath(QStringLiteral("humanoid.rig.json"));
        QVERIFY(QFile::copy(example(QStringLiteral("humanoid")), rig));
        const QString output = dir.filePath(QStringLiteral("out.png"));
        QFile old(output);
        QVERIFY(old.open(QIODevice::WriteOnly) && old.write("old") == 3);
        old.close();

        Run r = cli({QStringLiteral("render"), rig, QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(rig + QStringLiteral(": slots[0].image: cannot use the image \"art/humanoid/thigh_l.png\": it does not exist\n")),
                 qPrintable(r.err));
        // The 16 slots' images, then the two its "blink" clip keys (checkSlotImages reports those
        // too, though a render draws the setup pose).
        QVERIFY2(r.err.endsWith(rig + QStringLiteral(": animations[1].slots.head.image[0].value: cannot use the image "
                                                     "\"art/humanoid/head_blink.png\": it does not exist\n")
                                + rig + QStringLiteral(": animations[1].slots.head.image[1].value: cannot use the image "
                                                       "\"art/humanoid/head.png\": it does not exist\n")
                                + QStringLiteral("bonework-cli render: not rendered: 18 images missing or unreadable\n")),
                 qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral("does not exist")), 18);

        copyArt(QStringLiteral("humanoid"), QDir(dir.path()));
        QFile broken(dir.filePath(QStringLiteral("art/humanoid/head.png")));
        QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write(QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray(64, 'x'));
        broken.close();
        r = cli({QStringLiteral("render"), rig, QStringLiteral("-o"), output});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(rig + QStringLiteral(": slots[9].image: cannot use the image \"art/humanoid/head.png\": it does not decode (")),
                 qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("libpng")), qPrintable(r.err)); // Qt's own log stays out of it
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("old"));
        old.close();

        // With every image fine the old file is replaced whole, and nothing else is left behind.
        QVERIFY(QFile::remove(broken.fileName()));
        QVERIFY(QFile::copy(source(QStringLiteral("resources/examples/art/humanoid/head.png")), broken.fileName()));
        QVERIFY(!render(rig, output).isNull());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2); // the rig and the picture
    }

    // A mistyped -o never replaces the rig, another rig or an image the rig shows (links
    // followed), nor a pipe or a device: exit 1 or 2, the file left as it was.
    void theOutputNeverReplacesTheRigOrItsArt()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString rig = dir.filePath(QStringLiteral("humanoid.rig.json"));
        QVERIFY(QFile::copy(example(QStringLiteral("humanoid")), rig));
        copyArt(QStringLiteral("humanoid"), QDir(dir.path()));
        QVERIFY(QFile::link(rig, dir.filePath(QStringLiteral("link.png"))));
        const auto bytes = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray rigBytes = bytes(rig), head = bytes(dir.filePath(QStringLiteral("art/humanoid/head.png")));
        const struct {
            QString output;
            QString why;
        } cases[] = {
            {rig, QStringLiteral("over the rig being rendered")},
            {dir.filePath(QStringLiteral("link.png")), QStringLiteral("over the rig being rendered")},
            {dir.filePath(QStringLiteral("other.Rig.Json")), QStringLiteral("over a Bonework rig")},
            {dir.filePath(QStringLiteral("art/humanoid/head.png")), QStringLiteral("over the image \"art/humanoid/head.png\" of slot \"head\"")},
            {dir.filePath(QStringLiteral("art/humanoid/head_blink.png")), QStringLiteral("over the image \"art/humanoid/head_blink.png\"")},
        };
        for (const auto& c : cases) {
            const Run r = cli({QStringLiteral("render"), rig, QStringLiteral("-o"), c.output});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(c.why), qPrintable(r.err));
        }
        QCOMPARE(bytes(rig), rigBytes);
        QCOMPARE(bytes(dir.filePath(QStringLiteral("art/humanoid/head.png"))), head);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("other.Rig.Json"))));
        const QString pipe = dir.filePath(QStringLiteral("pipe.png"));
        QVERIFY(QProcess::execute(QStringLiteral("mkfifo"), {pipe}) == 0);
        const Run r = cli({QStringLiteral("render"), rig, QStringLiteral("-o"), pipe});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, QStringLiteral("bonework-cli render: cannot write %1: it is not a regular file\n").arg(pipe));
        QVERIFY(!QFileInfo(pipe).isFile());
        // A name that says another image format: PNG bytes in a .jpg would lie to every viewer.
        const QString jpeg = dir.filePath(QStringLiteral("shot.JPG"));
        const Run j = cli({QStringLiteral("render"), rig, QStringLiteral("-o"), jpeg});
        QCOMPARE(j.exitCode, 2);
        QVERIFY2(j.err.startsWith(QStringLiteral("bonework-cli render: render writes PNG images: name the output .png, not '%1'\n").arg(jpeg)),
                 qPrintable(j.err));
        QVERIFY(!QFile::exists(jpeg));
    }

    // No platform and no display set: render picks the offscreen platform itself and says
    // nothing on stderr.
    void rendersWithoutADisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"})
            env.remove(QLatin1String(name));
        QTemporaryDir dir;
        const QString output = dir.filePath(QStringLiteral("out.png"));
        const Run r = cli({QStringLiteral("render"), example(QStringLiteral("snake")), QStringLiteral("-o"), output}, env);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        QVERIFY(countPixels(QImage(output), 128) > 1000);
    }
};

QTEST_GUILESS_MAIN(TestCliRender)
#include "tst_cli_render.moc"
