// An image the open rig shows, changed on disk by another program (an image editor saving over
// it in place, or writing a new file and renaming it over the old, as most editors save; a file
// appearing or going), is read again and the canvas draws the new picture, as the export and
// `bonework-cli render` read it: no undo step, nothing modified. The watch follows the rig: the
// images it names after an edit, in the folder it is saved into, of the rig opened.
#include "document.h"
#include "painter_surface.h"
#include "rig_painter.h"

#include "bonework/forward_kinematics.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace bonework;
using namespace bonework::editor;

namespace {

constexpr int kTimeout = 5000; // ms: the watch tells after 300 ms of quiet
const QColor kBackdrop(0, 0, 0);
const QPoint kPivot(150, 100); // where the slot's image is centred on the canvas below

// A PNG of one colour at `path` (its folders made), written as QImage writes: into the file.
bool writeImage(const QString& path, QColor colour, QSize size = {20, 20})
{
    QImage image(size, QImage::Format_ARGB32);
    image.fill(colour);
    return QDir().mkpath(QFileInfo(path).absolutePath()) && image.save(path, "PNG");
}

// The same as an image editor saving atomically: a new file beside it, renamed over it.
bool replaceImage(const QString& path, QColor colour)
{
    const QString temporary = path + QStringLiteral(".tmp");
    return writeImage(temporary, colour)
           && std::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(path).constData()) == 0;
}

// root at (100, 100) -> "arm" 100 px to the right, carrying `image` halfway along (150, 100);
// its clip "swap" keys `keyed` at 0.5 s.
bool writeRig(const QString& path, const QString& image, const QString& keyed)
{
    const QByteArray json = QStringLiteral(R"({"format": "bonework.rig", "version": 2, "name": "hero",
"joints": [{"name": "root", "x": 100, "y": 100, "rotation": 0}, {"name": "arm", "parent": "root", "length": 100, "angle": 0}],
"chains": [], "slots": [{"name": "art", "bone": "arm", "image": "%1", "x": 50, "y": 0}],
"animations": [{"name": "swap", "duration": 1, "slots": {"art": {"image": [{"time": 0.5, "value": "%2"}]}}}]})")
                                .arg(image, keyed)
                                .toUtf8();
    QFile file(path);
    return QDir().mkpath(QFileInfo(path).absolutePath()) && file.open(QIODevice::WriteOnly)
           && file.write(json) == json.size();
}

// The canvas's colour at the slot's pivot: the document's rig and images drawn as the canvas
// draws them (RigCanvas::draw hands RigPainter::paintSlots the document's slotImages()).
QColor drawnAtPivot(const Document& doc)
{
    QImage canvas(300, 200, QImage::Format_ARGB32_Premultiplied);
    canvas.fill(kBackdrop);
    QPainter painter(&canvas);
    drawing::PainterSurface surface(&painter);
    drawing::CanvasView view; // zoom 1, no offset: view pixels are rig units
    view.size = canvas.size();
    const std::vector<WorldTransform> world = forwardKinematics(doc.rig());
    drawing::RigPainter().paintSlots(surface, view, doc.rig(), world, doc.slotImages(), -1);
    painter.end();
    return canvas.pixelColor(kPivot);
}

QColor keyedColour(const Document& doc, const std::string& image)
{
    const QImage* picture = doc.slotImages().image(image);
    return picture ? picture->pixelColor(0, 0) : QColor();
}

} // namespace

class TestImageReload : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_image_reload");
    }

    void anImageWrittenOverOnDiskIsDrawnAnew()
    {
        QTemporaryDir dir;
        const QString rig = dir.filePath("hero.rig.json"), part = dir.filePath("art/part.png");
        QVERIFY(writeImage(part, Qt::red) && writeImage(dir.filePath("art/keyed.png"), Qt::white));
        QVERIFY(writeRig(rig, "art/part.png", "art/keyed.png"));
        Document doc;
        QVERIFY(doc.files()->open(rig));
        QCOMPARE(drawnAtPivot(doc), QColor(Qt::red));
        QSignalSpy redrawn(&doc, &Document::slotImagesChanged); // what the canvas redraws on

        // Written in place (QImage::save writes into the file).
        QVERIFY(writeImage(part, Qt::blue));
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::blue), kTimeout);
        QVERIFY(redrawn.count() >= 1);

        // Replaced by a rename, as editors that save atomically do; then written in place again:
        // the replacing file is watched in turn.
        QVERIFY(replaceImage(part, Qt::green));
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::green), kTimeout);
        QVERIFY(writeImage(part, Qt::yellow));
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::yellow), kTimeout);

        // An image a clip keys is read again too.
        QVERIFY(replaceImage(dir.filePath("art/keyed.png"), Qt::cyan));
        QTRY_COMPARE_WITH_TIMEOUT(keyedColour(doc, "art/keyed.png"), QColor(Qt::cyan), kTimeout);

        // The rig did not change: no undo step, nothing modified.
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
    }

    // A file that was missing is drawn once it appears (its folder made too); one that goes is
    // drawn as missing, as on open, and the status bar says so.
    void aMissingImageAppearsAndAGoneOneIsMissing()
    {
        QTemporaryDir dir;
        const QString rig = dir.filePath("hero.rig.json"), part = dir.filePath("art/part.png");
        QVERIFY(writeRig(rig, "art/part.png", "art/part.png"));
        Document doc;
        QVERIFY(doc.files()->open(rig));
        QVERIFY(doc.isImageMissing("art/part.png"));

        QVERIFY(writeImage(part, Qt::red)); // art/ is made now
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::red), kTimeout);
        QVERIFY(!doc.isImageMissing("art/part.png"));

        QSignalSpy said(&doc, &Document::notice);
        QVERIFY(QFile::remove(part));
        QTRY_VERIFY_WITH_TIMEOUT(doc.isImageMissing("art/part.png"), kTimeout);
        QVERIFY(!doc.slotImages().image("art/part.png"));
        QCOMPARE(said.count(), 1);
        QVERIFY2(said.first().first().toString().contains("art/part.png: it does not exist"),
                 qPrintable(said.first().first().toString()));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
    }

    // What is watched follows the rig: an image pointed elsewhere, a Save As into another
    // folder, another rig opened.
    void theWatchFollowsTheRig()
    {
        QTemporaryDir dir;
        const QString proj = dir.filePath("proj"), other = dir.filePath("other");
        QVERIFY(writeImage(proj + "/art/part.png", Qt::red) && writeImage(proj + "/art/new.png", Qt::white)
                && writeImage(proj + "/art/keyed.png", Qt::white));
        QVERIFY(writeRig(proj + "/hero.rig.json", "art/part.png", "art/keyed.png"));
        Document doc;
        QVERIFY(doc.files()->open(proj + "/hero.rig.json"));

        // Pointed at another image: that one is watched.
        QVERIFY(doc.setSlotImage(0, "art/new.png"));
        QCOMPARE(drawnAtPivot(doc), QColor(Qt::white));
        QVERIFY(replaceImage(proj + "/art/new.png", Qt::magenta));
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::magenta), kTimeout);
        // The old one, changed while no longer shown, shows as it is now once undo brings it back.
        QVERIFY(writeImage(proj + "/art/part.png", Qt::blue));
        QTest::qWait(800);
        doc.undo();
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::blue), kTimeout);

        // Saved into another folder (the art copied there): the copies are watched, not the old files.
        QVERIFY(doc.files()->saveCopyingArt(other + "/hero.rig.json"));
        QCOMPARE(drawnAtPivot(doc), QColor(Qt::blue));
        QSignalSpy redrawn(&doc, &Document::slotImagesChanged);
        QVERIFY(writeImage(proj + "/art/part.png", Qt::red));
        QTest::qWait(800);
        QCOMPARE(redrawn.count(), 0);
        QCOMPARE(drawnAtPivot(doc), QColor(Qt::blue));
        QVERIFY(replaceImage(other + "/art/part.png", Qt::green));
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::green), kTimeout);

        // Another rig opened: its images are watched, the last one's are not.
        QVERIFY(writeImage(dir.filePath("third/art/part.png"), Qt::white));
        QVERIFY(writeRig(dir.filePath("third/hero.rig.json"), "art/part.png", "art/part.png"));
        QVERIFY(doc.files()->open(dir.filePath("third/hero.rig.json")));
        QCOMPARE(drawnAtPivot(doc), QColor(Qt::white));
        redrawn.clear();
        QVERIFY(writeImage(other + "/art/part.png", Qt::red));
        QTest::qWait(800);
        QCOMPARE(redrawn.count(), 0);
        QVERIFY(writeImage(dir.filePath("third/art/part.png"), Qt::cyan));
        QTRY_COMPARE_WITH_TIMEOUT(drawnAtPivot(doc), QColor(Qt::cyan), kTimeout);
        QVERIFY(!doc.isModified());
    }
};

QTEST_MAIN(TestImageReload)
#include "tst_image_reload.moc"
