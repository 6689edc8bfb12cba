// Slot edits (the images the bones carry) are one undo step each, and undo and redo give back
// the rig to the bit: property-tested over seeded random rigs with random slots and random
// slot edits (add, remove, reorder, rename, another joint, another image, every number, shown or
// hidden, a canvas drag), and over structural edits that take slots with them (removing a joint)
// or move them (reparenting). A failure names its seed.
#include "document.h"
#include "rig_edit_command.h"
#include "slot_handles.h"

#include "bonework/angles.h"
#include "bonework/io/rig_file.h"
#include "bonework/slot_placement.h"
#include "random_rigs.h"
#include "random_slots.h"
#include "std_text.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QUrl>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <cstring>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::Engine;
using bonework::testing::localPath;

namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool sameSlotToTheBit(const Slot& a, const Slot& b)
{
    return a.name == b.name && a.joint == b.joint && a.image == b.image && sameBits(a.x, b.x) && sameBits(a.y, b.y)
           && sameBits(a.rotation, b.rotation) && sameBits(a.scaleX, b.scaleX) && sameBits(a.scaleY, b.scaleY)
           && sameBits(a.pivotX, b.pivotX) && sameBits(a.pivotY, b.pivotY) && sameBits(a.opacity, b.opacity)
           && a.visible == b.visible;
}

bool sameToTheBit(const Rig& a, const Rig& b)
{
    if (!(a == b) || a.slotList().size() != b.slotList().size())
        return false;
    for (std::size_t i = 0; i < a.jointCount(); ++i)
        if (!(a.pose(static_cast<JointIndex>(i)) == b.pose(static_cast<JointIndex>(i))))
            return false;
    for (std::size_t i = 0; i < a.slotList().size(); ++i)
        if (!sameSlotToTheBit(a.slotList()[i], b.slotList()[i]))
            return false;
    return true;
}

const char* const kFields[] = {"x", "y", "rotation", "scaleX", "scaleY", "pivotX", "pivotY", "opacity"};

// A PNG of one colour at `path` (its folders made); false when it cannot be written.
bool writeImage(const QString& path, QColor colour, QSize size = {8, 8})
{
    QImage image(size, QImage::Format_ARGB32);
    image.fill(colour);
    return QDir().mkpath(QFileInfo(path).absolutePath()) && image.save(path);
}

QByteArray bytesOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every file under `folder`, relative to it, sorted.
QStringList filesUnder(const QString& folder)
{
    QStringList files;
    QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(QDir(folder).relativeFilePath(it.next()));
    files.sort();
    return files;
}

// A rig whose slots show `images` (one joint each) and whose clip keys `keyed` on the first
// slot, as the rig file has them.
QByteArray rigJson(const QStringList& images, const QString& keyed)
{
    QString joints = QStringLiteral(R"({"name": "root", "x": 0, "y": 0, "rotation": 0})");
    QString slotText;
    for (int i = 0; i < images.size(); ++i) {
        joints += QStringLiteral(R"(, {"name": "j%1", "parent": "root", "length": 50, "angle": %2})").arg(i).arg(30 * i);
        slotText += QStringLiteral(R"(%1{"name": "s%2", "bone": "j%2", "image": "%3", "x": 10, "y": 0})")
                     .arg(i == 0 ? "" : ", ")
                     .arg(i)
                     .arg(images[i]);
    }
    return QStringLiteral(R"({"format": "bonework.rig", "version": 2, "name": "hero", "joints": [%1], "chains": [],
"slots": [%2], "animations": [{"name": "blink", "duration": 1, "slots": {"s0": {"image": [{"time": 0.5, "value": "%3"}]}}}]})")
        .arg(joints, slotText, keyed)
        .toUtf8();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return QDir().mkpath(QFileInfo(path).absolutePath()) && file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QStringList slotImagesOf(const Rig& rig)
{
    QStringList images;
    for (const Slot& slot : rig.slotList())
        images.append(QString::fromStdString(slot.image));
    return images;
}

QString keyedImageOf(const Rig& rig) { return QString::fromStdString(rig.animations().at(0).slotTracks.at(0).image.at(0).image); }

} // namespace

class TestSlotCommands : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    bool openRandomRig(Engine& rng, Document& doc, int slotCount)
    {
        testing::RigOptions options;
        options.limits = true;
        Rig rig = testing::randomTree(rng, testing::uniformInt(rng, 3, 20), options);
        testing::addRandomSlots(rng, rig, slotCount);
        const QString path = m_dir.filePath("random.rig.json");
        std::string error;
        return io::saveRigFile(rig, localPath(path), &error) && doc.files()->open(path);
    }

    // One random slot edit through the document's invokables; false when it was refused.
    static bool randomSlotEdit(Engine& rng, Document& doc)
    {
        const int n = doc.slotCount();
        const int s = n > 0 ? testing::uniformInt(rng, 0, n - 1) : -1;
        switch (n == 0 ? 0 : testing::uniformInt(rng, 0, 10)) {
        case 0:
            return doc.addSlot(testing::uniformInt(rng, 0, doc.jointCount() - 1), "art/new part.png",
                               testing::uniform(rng, -300, 300), testing::uniform(rng, -300, 300))
                   >= 0;
        case 1: return doc.removeSlot(s);
        case 2: return doc.moveSlot(s, testing::uniformInt(rng, 0, n - 1));
        case 3: return doc.renameSlot(s, QString("renamed %1").arg(rng() % 1000));
        case 4: return doc.setSlotJoint(s, testing::uniformInt(rng, 0, doc.jointCount() - 1));
        case 5: return doc.setSlotImage(s, QString::fromStdString(testing::randomImagePath(rng)));
        case 6: return doc.setSlotVisible(s, rng() % 2 == 0);
        case 10: return doc.flipSlot(s, rng() % 2 == 0);
        case 7: {
            // A canvas drag: several moves, one step.
            if (!doc.beginSlotDrag(s))
                return false;
            Slot slot = doc.rig().slotList()[s];
            for (int k = 0; k < 5; ++k) {
                slot.x += testing::uniform(rng, -20, 20);
                slot.rotation += testing::uniform(rng, -20, 20);
                doc.dragSlot(slot);
            }
            doc.endSlotDrag("Move slot");
            return true;
        }
        default: {
            const char* field = kFields[rng() % std::size(kFields)];
            const double value = std::strcmp(field, "opacity") == 0 ? testing::uniform(rng, 0, 1)
                                 : std::strncmp(field, "scale", 5) == 0 ? testing::uniform(rng, 0.1, 3)
                                                                         : testing::uniform(rng, -200, 200);
            return doc.setSlotValue(s, field, value);
        }
        }
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_slot_commands");
    }

    void slotEditsUndoExactly()
    {
        int edited = 0;
        for (int seed = 0; seed < 400; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 7000001);
            Document doc;
            QVERIFY2(openRandomRig(rng, doc, testing::uniformInt(rng, 0, 6)), qPrintable(QString("seed %1").arg(seed)));
            const Rig before = doc.rig();
            const QString where = QString("seed %1").arg(seed);
            if (!randomSlotEdit(rng, doc))
                continue;
            const Rig after = doc.rig();
            if (doc.undoStack()->count() == 0) {
                QVERIFY2(sameToTheBit(after, before), qPrintable(where + ": no step, yet the rig changed"));
                continue;
            }
            ++edited;
            QVERIFY2(doc.undoStack()->count() == 1, qPrintable(where + ": one edit, one step"));
            QVERIFY2(dynamic_cast<const RigEditCommand*>(doc.undoStack()->command(0)), qPrintable(where));
            doc.undo();
            QVERIFY2(sameToTheBit(doc.rig(), before), qPrintable(where + ": undo is not the rig before"));
            doc.redo();
            QVERIFY2(sameToTheBit(doc.rig(), after), qPrintable(where + ": redo is not the rig after"));
            QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where));
        }
        QVERIFY2(edited > 300, qPrintable(QString("only %1 of 400 edits changed anything").arg(edited)));
    }

    void runsOfEditsUndoExactly()
    {
        // Slot edits mixed with joint removals and reparents (which take or move slots).
        for (int seed = 0; seed < 200; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 8000003);
            Document doc;
            QVERIFY(openRandomRig(rng, doc, testing::uniformInt(rng, 1, 8)));
            const Rig before = doc.rig();
            const QString where = QString("seed %1").arg(seed);
            for (int i = 0, edits = testing::uniformInt(rng, 1, 8); i < edits && doc.jointCount() > 1; ++i) {
                const int kind = testing::uniformInt(rng, 0, 4);
                const int j = testing::uniformInt(rng, 0, doc.jointCount() - 1);
                if (kind == 0)
                    doc.removeJoint(j);
                else if (kind == 1)
                    doc.reparentJoint(j, testing::uniformInt(rng, -1, doc.jointCount() - 1));
                else
                    randomSlotEdit(rng, doc);
                QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where));
            }
            const Rig after = doc.rig();
            const int n = doc.undoStack()->count();
            for (int i = 0; i < n; ++i)
                doc.undo();
            QVERIFY2(sameToTheBit(doc.rig(), before), qPrintable(where + ": undoing is not the rig before"));
            for (int i = 0; i < n; ++i)
                doc.redo();
            QVERIFY2(sameToTheBit(doc.rig(), after), qPrintable(where + ": redoing is not the rig after"));
        }
    }

    // Flip mirrors an image about its pivot as the canvas shows it: left to right negates the
    // scale of whichever of the image's axes runs nearer across the screen (Scale Y for an image
    // turned a quarter turn), nothing else changes, one undo step named after the image;
    // flipping twice gives the slot back, and a corner drag on a mirrored image sizes it and
    // keeps it mirrored.
    void flipMirrorsOneStepAtATime()
    {
        Engine rng(77);
        Document doc;
        QVERIFY(openRandomRig(rng, doc, 2));
        const Slot original = doc.rig().slotList()[0];
        const double frameDegrees = slotFrameOf(doc.rig(), original.joint).rotation.degrees();
        // The image's x axis straight across the screen, then straight down it.
        for (const double onScreen : {0.0, 90.0, 180.0, -90.0, 30.0, 120.0}) {
            Slot turned = original;
            turned.rotation = wrapDegrees(onScreen - frameDegrees);
            QVERIFY(doc.setSlotValue(0, "rotation", turned.rotation));
            const Slot before = doc.rig().slotList()[0];
            const bool xAcross = std::fabs(std::cos(onScreen * kRadiansPerDegree)) >= std::fabs(std::sin(onScreen * kRadiansPerDegree));
            const int steps = doc.undoStack()->count();
            QVERIFY(doc.flipSlot(0, true));
            Slot expected = before;
            (xAcross ? expected.scaleX : expected.scaleY) *= -1;
            QVERIFY2(doc.rig().slotList()[0] == expected, qPrintable(QString("image at %1 degrees on screen").arg(onScreen)));
            QCOMPARE(doc.undoStack()->count(), steps + 1);
            QCOMPARE(doc.undoStack()->text(steps), QString("Flip %1 Horizontally").arg(QString::fromStdString(before.name)));
            QVERIFY(doc.flipSlot(0, false));
            (xAcross ? expected.scaleY : expected.scaleX) *= -1;
            QVERIFY(doc.rig().slotList()[0] == expected);
            QCOMPARE(doc.undoStack()->text(steps + 1), QString("Flip %1 Vertically").arg(QString::fromStdString(before.name)));
            doc.undoStack()->undo();
            doc.undoStack()->undo();
            QVERIFY(doc.rig().slotList()[0] == before);
        }
        const Slot before = doc.rig().slotList()[0];
        QVERIFY(doc.flipSlot(0, true));
        QVERIFY(doc.flipSlot(0, true));
        QVERIFY(doc.rig().slotList()[0] == before);
        QVERIFY(doc.isModified());
        QVERIFY(!doc.flipSlot(5000, true));

        // A corner dragged outward on a mirrored image: larger, still mirrored on both axes.
        Slot mirrored = before;
        mirrored.scaleX = -1.5;
        mirrored.scaleY = -0.5;
        WorldTransform frame;
        frame.position = {100, 50};
        frame.rotation = Rotation::fromDegrees(30);
        const SlotPlacement placement = placeSlot(mirrored, frame);
        const QPointF pivot(placement.pivot.x, placement.pivot.y);
        const Vec2 along = placement.rotation.apply({40, 20});
        const QPointF press = pivot + QPointF(along.x, along.y);
        const QPointF now = pivot + 2 * QPointF(along.x, along.y);
        const Slot dragged = draggedSlot(mirrored, SlotHandle::Scale, press, now, frame, QSizeF(80, 40));
        QCOMPARE(dragged.scaleX, -3.0);
        QCOMPARE(dragged.scaleY, -1.0);
        // Dragged through the pivot and beyond, it does not flip: the scale stops at its least size.
        const Slot squashed = draggedSlot(mirrored, SlotHandle::Scale, press, pivot - QPointF(along.x, along.y) * 1e-9, frame,
                                          QSizeF(80, 40));
        QVERIFY(squashed.scaleX < 0 && squashed.scaleY < 0);
    }

    void refusedValuesSayWhyAndChangeNothing()
    {
        Engine rng(42);
        Document doc;
        QVERIFY(openRandomRig(rng, doc, 2));
        const Rig before = doc.rig();
        QSignalSpy refused(&doc, &Document::editRefused);
        QVERIFY(!doc.setSlotValue(0, "scaleX", 0.0));
        QVERIFY(!doc.setSlotValue(0, "opacity", 1.5));
        QVERIFY(!doc.setSlotImage(0, "/etc/passwd"));
        QVERIFY(!doc.renameSlot(0, QString::fromStdString(doc.rig().slotList()[1].name)));
        QCOMPARE(refused.count(), 4);
        QCOMPARE(refused.at(0).at(0).toString(), QString("the image's scale must be finite and not 0"));
        QCOMPARE(refused.at(1).at(0).toString(), QString("the opacity must be between 0 and 1"));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(sameToTheBit(doc.rig(), before));
    }

    void importsStoreRelativePathsAndCopyTheRestOnSave()
    {
        // A file inside the rig's folder is named relative to it; files from elsewhere become
        // art/NAME (a second hand.png from another folder art/hand-2.png), which a save copies.
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("rig/parts") && QDir(dir.path()).mkpath("a") && QDir(dir.path()).mkpath("b"));
        QImage image(10, 6, QImage::Format_ARGB32);
        image.fill(Qt::blue);
        for (const char* file : {"rig/parts/arm.png", "a/hand.png", "b/hand.png"})
            QVERIFY(image.save(dir.filePath(file)));
        Engine rng(11);
        Document doc;
        QVERIFY(openRandomRig(rng, doc, 0));
        const QString rigPath = dir.filePath("rig/figure.rig.json");
        QVERIFY(doc.files()->saveAs(rigPath));
        doc.setSelectedJoint(0);
        const QList<QUrl> files{QUrl::fromLocalFile(dir.filePath("rig/parts/arm.png")), QUrl::fromLocalFile(dir.filePath("a/hand.png")),
                                QUrl::fromLocalFile(dir.filePath("b/hand.png"))};
        QCOMPARE(doc.importImages(files, 10, 20), 3);
        QCOMPARE(doc.undoStack()->count(), 1); // one import, one step
        const auto& list = doc.rig().slotList();
        QCOMPARE(list[0].image, std::string("parts/arm.png"));
        QCOMPARE(list[1].image, std::string("art/hand.png"));
        QCOMPARE(list[2].image, std::string("art/hand-2.png"));
        QCOMPARE(list[2].name, std::string("hand2"));
        QVERIFY(doc.slotImages().image("art/hand-2.png")); // read from where it is until saved
        QCOMPARE(doc.artCopies(rigPath).size(), 2);
        QSignalSpy asked(doc.files(), &FileService::artCopyNeeded);
        QVERIFY(!doc.files()->save());
        QCOMPARE(asked.count(), 1);
        QVERIFY(doc.files()->saveCopyingArt(rigPath));
        QVERIFY(QFileInfo::exists(dir.filePath("rig/art/hand-2.png")));
        QVERIFY(doc.artCopies(rigPath).isEmpty());
        // The same bytes already beside the rig, named by it or not: used as they are (QA: a
        // second, identical art/extra-2.png was written); other bytes take a free name.
        QVERIFY(QDir(dir.path()).mkpath("c"));
        QVERIFY(image.save(dir.filePath("rig/art/extra.png")));
        QVERIFY(QFile::copy(dir.filePath("rig/art/extra.png"), dir.filePath("c/extra.png")));
        QCOMPARE(doc.importImages({QUrl::fromLocalFile(dir.filePath("c/extra.png")), QUrl::fromLocalFile(dir.filePath("a/hand.png"))}, 0, 0), 2);
        QCOMPARE(list[3].image, std::string("art/extra.png"));
        QCOMPARE(list[4].image, std::string("art/hand.png"));
        QVERIFY(doc.artCopies(rigPath).isEmpty());
        QImage other = image;
        other.fill(Qt::red);
        QVERIFY(QDir(dir.path()).mkpath("d") && other.save(dir.filePath("d/extra.png")));
        QCOMPARE(doc.importImages({QUrl::fromLocalFile(dir.filePath("d/extra.png"))}, 0, 0), 1);
        QCOMPARE(list[5].image, std::string("art/extra-2.png"));
        doc.undo();
        doc.undo();
        doc.undo();
        QCOMPARE(doc.slotCount(), 0);

        // An image imported onto a bone at 30 degrees stands upright: rotation -30 exactly.
        {
            Document tilted;
            const int root = tilted.addRoot(0, 0);
            const int bone = tilted.addBone(root, 100 * std::cos(kPi / 6), 100 * std::sin(kPi / 6));
            QCOMPARE(tilted.rig().angle(bone), 30.0);
            tilted.setSelectedJoint(bone);
            QCOMPARE(tilted.importImages({QUrl::fromLocalFile(dir.filePath("a/hand.png"))}, 50, 50), 1);
            QCOMPARE(tilted.rig().slotList()[0].rotation, -30.0);
            // Its middle (50, 50 on screen) half way along a bone of 100 would be rounding
            // noise off whole numbers; kept to a billionth of a pixel (no -0 either).
            const Slot& slot = tilted.rig().slotList()[0];
            QCOMPARE(slot.x, std::round(slot.x * 1e9) / 1e9);
            QCOMPARE(slot.y, std::round(slot.y * 1e9) / 1e9);
            tilted.setSelectedJoint(bone);
            const Vec2 middle = slotFrameOf(tilted.rig(), bone).position + Vec2{50 * std::cos(kPi / 6), 50 * std::sin(kPi / 6)};
            QCOMPARE(tilted.importImages({QUrl::fromLocalFile(dir.filePath("a/hand.png"))}, middle.x, middle.y), 1);
            QCOMPARE(tilted.rig().slotList()[1].x, 50.0);
            QCOMPARE(tilted.rig().slotList()[1].y, 0.0);
            QVERIFY(!std::signbit(tilted.rig().slotList()[1].y));
        }

        // A format the exporters refuse is not imported, and the status bar says which and why.
        QVERIFY(image.save(dir.filePath("a/flat.bmp"), "BMP"));
        QSignalSpy refused(&doc, &Document::editRefused);
        QCOMPARE(doc.importImages({QUrl::fromLocalFile(dir.filePath("a/flat.bmp")), QUrl::fromLocalFile(dir.filePath("a/hand.png"))}, 0, 0), 1);
        const int steps = doc.undoStack()->count();
        QCOMPARE(doc.slotCount(), 1);
        QCOMPARE(refused.count(), 1);
        const QString why = refused.first().first().toString();
        QVERIFY2(why.contains("flat.bmp: it is a BMP file, not a PNG or JPEG"), qPrintable(why));
        QCOMPARE(doc.importImages({QUrl::fromLocalFile(dir.filePath("a/flat.bmp"))}, 0, 0), 0);
        QCOMPARE(doc.undoStack()->count(), steps); // nothing imported: no step
    }

    void saveAsNeverTakesOverAnotherFile()
    {
        // The rig's art/head.png and the key's art/eyes_closed.png clash with other pictures of
        // those names in the folder saved into: the copies take free names (Import's rule) and
        // the rig names them; those files stay as they were. A file with the same bytes is used.
        QTemporaryDir dir;
        const QString proj = dir.filePath("proj"), other = dir.filePath("other");
        QVERIFY(writeImage(proj + "/art/head.png", Qt::blue) && writeImage(proj + "/art/torso.png", Qt::red)
                && writeImage(proj + "/art/eyes.png", Qt::white) && writeImage(proj + "/art/eyes_closed.png", Qt::black));
        QVERIFY(writeImage(other + "/art/head.png", Qt::magenta) && writeImage(other + "/art/eyes_closed.png", Qt::cyan));
        QVERIFY(QFile::copy(proj + "/art/torso.png", other + "/art/torso.png")); // the same bytes
        QVERIFY(writeFile(proj + "/hero.rig.json", rigJson({"art/head.png", "art/torso.png", "art/eyes.png"}, "art/eyes_closed.png")));
        const QByteArray theirHead = bytesOf(other + "/art/head.png"), theirEyes = bytesOf(other + "/art/eyes_closed.png");

        Document doc;
        QVERIFY(doc.files()->open(proj + "/hero.rig.json"));
        doc.animation()->setCurrent(0); // a clip open: the renames still reach the setup pose
        QVERIFY(doc.posing()->isAnimating());
        const QString saved = other + "/hero.rig.json";
        const QList<ArtCopy> copies = doc.artCopies(saved);
        QCOMPARE(copies.size(), 3); // not the torso: the same bytes are there
        QSignalSpy asked(doc.files(), &FileService::artCopyNeeded);
        QVERIFY(!doc.files()->saveAs(saved));
        QCOMPARE(asked.count(), 1);
        const QString question = asked.first().at(1).toString();
        QVERIFY2(question.contains(QString::fromUtf8("art/head.png \u2192 art/head-2.png")), qPrintable(question));
        QVERIFY2(question.contains(QString::fromUtf8("art/eyes_closed.png \u2192 art/eyes_closed-2.png")), qPrintable(question));
        QVERIFY2(question.contains("\nart/eyes.png"), qPrintable(question));
        QVERIFY(!QFileInfo::exists(other + "/art/head-2.png")); // nothing written before Copy and Save

        QVERIFY(doc.files()->saveCopyingArt(saved));
        QCOMPARE(bytesOf(other + "/art/head.png"), theirHead);
        QCOMPARE(bytesOf(other + "/art/eyes_closed.png"), theirEyes);
        QCOMPARE(bytesOf(other + "/art/head-2.png"), bytesOf(proj + "/art/head.png"));
        QCOMPARE(bytesOf(other + "/art/eyes_closed-2.png"), bytesOf(proj + "/art/eyes_closed.png"));
        QCOMPARE(bytesOf(other + "/art/eyes.png"), bytesOf(proj + "/art/eyes.png"));
        QCOMPARE(filesUnder(other), QStringList({"art/eyes.png", "art/eyes_closed-2.png", "art/eyes_closed.png", "art/head-2.png",
                                                 "art/head.png", "art/torso.png", "hero.rig.json"}));
        const QStringList renamed{"art/head-2.png", "art/torso.png", "art/eyes.png"};
        QVERIFY(doc.posing()->isAnimating()); // the clip is still open
        QCOMPARE(slotImagesOf(doc.setupRig()), renamed);
        QCOMPARE(keyedImageOf(doc.setupRig()), QString("art/eyes_closed-2.png"));
        QVERIFY(!doc.isModified());
        QVERIFY(doc.artCopies(saved).isEmpty());
        QCOMPARE(doc.slotImages().image("art/head-2.png")->pixelColor(0, 0), QColor(Qt::blue));
        Document reopened;
        QVERIFY(reopened.files()->open(saved));
        QCOMPARE(slotImagesOf(reopened.rig()), renamed);
        QCOMPARE(keyedImageOf(reopened.rig()), QString("art/eyes_closed-2.png"));
        QVERIFY(reopened.missingImagesReport().isEmpty());

        // The renames are one undo step on top of the save: undoing an earlier edit never brings
        // back a path that names another picture here without undoing them first.
        QCOMPARE(doc.undoText(), QString("Rename images saved as hero.rig.json"));
        doc.undo();
        QVERIFY(doc.isModified());
        QCOMPARE(slotImagesOf(doc.setupRig()), QStringList({"art/head.png", "art/torso.png", "art/eyes.png"}));
        doc.redo();
        QVERIFY(!doc.isModified());
        QCOMPARE(slotImagesOf(doc.setupRig()), renamed);

        // Saved into the same folder again, the copies made are the same bytes: nothing to do.
        QVERIFY(doc.files()->open(proj + "/hero.rig.json"));
        QVERIFY(doc.files()->saveAs(dir.filePath("other/again.rig.json")) == false); // still asks: head.png clashes
        const QList<ArtCopy> again = doc.artCopies(dir.filePath("other/again.rig.json"));
        QCOMPARE(again.size(), 2);
        for (const ArtCopy& copy : again)
            QVERIFY2(copy.destination.isEmpty(), qPrintable(copy.stored)); // art/head-2.png and eyes_closed-2.png are reused
        QVERIFY(doc.files()->saveCopyingArt(dir.filePath("other/again.rig.json")));
        QCOMPARE(slotImagesOf(doc.rig()), renamed);
        QCOMPARE(filesUnder(other).size(), 8); // again.rig.json, and no image more
    }

    // The motion preview puts back the rig it started from when it stops, so a rename made by a
    // save during it could not last: such a save is refused, saying why, and writes nothing; a
    // save that renames nothing goes ahead, and after the preview the renaming save does too.
    void saveAsDuringThePreviewRefusesRenames()
    {
        QTemporaryDir dir;
        const QString proj = dir.filePath("proj"), other = dir.filePath("other"), plain = dir.filePath("plain");
        QVERIFY(writeImage(proj + "/art/head.png", Qt::blue) && writeImage(proj + "/art/torso.png", Qt::red)
                && writeImage(proj + "/art/eyes.png", Qt::white) && writeImage(proj + "/art/eyes_closed.png", Qt::black));
        QVERIFY(writeImage(other + "/art/head.png", Qt::magenta)); // another picture of that name
        QVERIFY(QDir().mkpath(plain));
        QVERIFY(writeFile(proj + "/hero.rig.json", rigJson({"art/head.png", "art/torso.png", "art/eyes.png"}, "art/eyes_closed.png")));
        Document doc;
        QVERIFY(doc.files()->open(proj + "/hero.rig.json"));
        doc.posing()->beginPreview();
        QVERIFY(doc.posing()->isPreviewing() && !doc.posing()->isAnimating());
        QSignalSpy failed(&doc, &Document::saveFailed);
        QVERIFY(!doc.files()->saveCopyingArt(other + "/hero.rig.json"));
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.first().at(0).toString(), QString("Stop playing to save here: images in this folder must be renamed"));
        QCOMPARE(filesUnder(other), QStringList({"art/head.png"}));
        QCOMPARE(slotImagesOf(doc.setupRig()), QStringList({"art/head.png", "art/torso.png", "art/eyes.png"}));
        // Where nothing needs a new name, the save goes ahead during the preview.
        QVERIFY(doc.files()->saveCopyingArt(plain + "/hero.rig.json"));
        QCOMPARE(filesUnder(plain).size(), 5);
        doc.posing()->endPreview(false);
        QVERIFY(doc.files()->saveCopyingArt(other + "/hero.rig.json"));
        QCOMPARE(slotImagesOf(doc.setupRig()).first(), QString("art/head-2.png"));
    }

    // A Save As that fails takes back the images it copied, and the folders it made for them:
    // the folder is as it was (files left there would stand in a later save's way, which would
    // rename around them), and the rig still names its images as before.
    void aFailedSaveAsTakesBackItsCopies()
    {
        QTemporaryDir dir;
        const QString proj = dir.filePath("proj");
        QVERIFY(writeImage(proj + "/art/head.png", Qt::blue) && writeImage(proj + "/art/parts/torso.png", Qt::red)
                && writeImage(proj + "/art/eyes_closed.png", Qt::black));
        QVERIFY(writeFile(proj + "/hero.rig.json", rigJson({"art/head.png", "art/parts/torso.png"}, "art/eyes_closed.png")));
        Document doc;
        QVERIFY(doc.files()->open(proj + "/hero.rig.json"));
        QSignalSpy failed(&doc, &Document::saveFailed);

        // The rig file cannot be written (a folder has its name): every copy is taken back.
        const QString blocked = dir.filePath("blocked");
        QVERIFY(QDir().mkpath(blocked + "/hero.rig.json"));
        QVERIFY(!doc.files()->saveCopyingArt(blocked + "/hero.rig.json"));
        QCOMPARE(failed.count(), 1);
        QCOMPARE(QDir(blocked).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList({"hero.rig.json"}));

        // The second image cannot be copied (a file stands where its folder would go): the first
        // copy is taken back, the folder that was there is kept.
        const QString clash = dir.filePath("clash");
        QVERIFY(writeFile(clash + "/art/parts", "not a folder"));
        QVERIFY(!doc.files()->saveCopyingArt(clash + "/hero.rig.json"));
        QCOMPARE(failed.count(), 2);
        QVERIFY2(failed.last().at(0).toString().startsWith("Cannot copy"), qPrintable(failed.last().at(0).toString()));
        QCOMPARE(filesUnder(clash), QStringList({"art/parts"}));

        QCOMPARE(slotImagesOf(doc.setupRig()), QStringList({"art/head.png", "art/parts/torso.png"}));
        QCOMPARE(doc.filePath(), QFileInfo(proj + "/hero.rig.json").absoluteFilePath());
        // Folders made two deep for the first image are taken back too (QA: art/ stayed).
        QVERIFY(writeImage(proj + "/deep/er/x.png", Qt::green));
        QVERIFY(writeFile(proj + "/deep.rig.json", rigJson({"deep/er/x.png"}, "deep/er/x.png")));
        Document deep;
        QVERIFY(deep.files()->open(proj + "/deep.rig.json"));
        const QString blockedDeep = dir.filePath("blocked2");
        QVERIFY(QDir().mkpath(blockedDeep + "/deep.rig.json"));
        QVERIFY(!deep.files()->saveCopyingArt(blockedDeep + "/deep.rig.json"));
        QCOMPARE(QDir(blockedDeep).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList({"deep.rig.json"}));
        // Where nothing is in the way, the same save goes through.
        QVERIFY(doc.files()->saveCopyingArt(dir.filePath("free/hero.rig.json")));
        QCOMPARE(filesUnder(dir.filePath("free")),
                 QStringList({"art/eyes_closed.png", "art/head.png", "art/parts/torso.png", "hero.rig.json"}));
    }

    void saveAsWritesNothingOutsideTheFolder()
    {
        // Images named outside the rig's folder ("../art/torso.png") are copied into the chosen
        // folder's art/ and renamed there, never into the folder above it; one whose path leads
        // to the same bytes from the new folder too stays as it is.
        QTemporaryDir dir;
        const QString shared = dir.filePath("shared");
        QVERIFY(writeImage(shared + "/art/torso.png", Qt::red) && writeImage(shared + "/art/head.png", Qt::blue)
                && writeImage(shared + "/art/eyes_closed.png", Qt::black) && writeImage(shared + "/rigs/art/head.png", Qt::green));
        QVERIFY(writeFile(shared + "/rigs/hero.rig.json",
                          rigJson({"../art/torso.png", "../art/head.png", "art/head.png"}, "../art/eyes_closed.png")));

        Document doc;
        QVERIFY(doc.files()->open(shared + "/rigs/hero.rig.json"));
        QVERIFY(doc.missingImagesReport().isEmpty());
        QVERIFY(QDir().mkpath(dir.filePath("x/saveas3")));
        const QString saved = dir.filePath("x/saveas3/hero.rig.json");
        QSignalSpy asked(doc.files(), &FileService::artCopyNeeded);
        QVERIFY(!doc.files()->saveAs(saved));
        QCOMPARE(asked.count(), 1);
        const QString question = asked.first().at(1).toString();
        QVERIFY2(question.contains(QString::fromUtf8("../art/torso.png \u2192 art/torso.png")), qPrintable(question));
        // Its own art/head.png keeps its name; the other head, from above, takes a free one.
        QVERIFY2(question.contains(QString::fromUtf8("../art/head.png \u2192 art/head-2.png")), qPrintable(question));
        QVERIFY2(question.contains("\nart/head.png"), qPrintable(question));

        QVERIFY(doc.files()->saveCopyingArt(saved));
        QCOMPARE(filesUnder(dir.filePath("x")), QStringList({"saveas3/art/eyes_closed.png", "saveas3/art/head-2.png", "saveas3/art/head.png",
                                                             "saveas3/art/torso.png", "saveas3/hero.rig.json"}));
        QCOMPARE(bytesOf(dir.filePath("x/saveas3/art/head-2.png")), bytesOf(shared + "/art/head.png"));
        QCOMPARE(bytesOf(dir.filePath("x/saveas3/art/head.png")), bytesOf(shared + "/rigs/art/head.png"));
        QCOMPARE(slotImagesOf(doc.rig()), QStringList({"art/torso.png", "art/head-2.png", "art/head.png"}));
        QCOMPARE(keyedImageOf(doc.rig()), QString("art/eyes_closed.png"));
        Document reopened;
        QVERIFY(reopened.files()->open(saved));
        QVERIFY(reopened.missingImagesReport().isEmpty());
        QCOMPARE(reopened.slotImages().image("art/head-2.png")->pixelColor(0, 0), QColor(Qt::blue));

        // Where each path leads from the new folder to the same bytes, outside it or not, the
        // rig keeps naming them: nothing to copy, nothing renamed.
        QVERIFY(doc.files()->open(shared + "/rigs/hero.rig.json"));
        for (const char* name : {"torso.png", "head.png", "eyes_closed.png"})
            QVERIFY(writeFile(dir.filePath("y/art/") + name, bytesOf(shared + "/art/" + name)));
        QVERIFY(writeFile(dir.filePath("y/save/art/head.png"), bytesOf(shared + "/rigs/art/head.png")));
        QVERIFY(doc.artCopies(dir.filePath("y/save/hero.rig.json")).isEmpty());
        QVERIFY(doc.files()->saveAs(dir.filePath("y/save/hero.rig.json")));
        QCOMPARE(slotImagesOf(doc.rig()), QStringList({"../art/torso.png", "../art/head.png", "art/head.png"}));
        QCOMPARE(doc.undoStack()->count(), 0); // nothing renamed, no step
    }

    void aDragIsOneStepAndLocksFollowTheSlot()
    {
        Engine rng(7);
        Document doc;
        QVERIFY(openRandomRig(rng, doc, 3));
        QVERIFY(doc.beginSlotDrag(1));
        Slot s = doc.rig().slotList()[1];
        for (int k = 0; k < 10; ++k) {
            s.x += 1;
            QVERIFY(doc.dragSlot(s));
        }
        doc.endSlotDrag("Move image");
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.undoStack()->undoText(), QString("Move image"));
        doc.setSlotLocked(1, true);
        const QString name = QString::fromStdString(doc.rig().slotList()[1].name);
        QVERIFY(doc.moveSlot(1, 0));
        QVERIFY(doc.isSlotLocked(0));
        QVERIFY(!doc.isSlotLocked(1));
        QVERIFY(doc.renameSlot(0, "moved"));
        QVERIFY(doc.isSlotLocked(0));
        QCOMPARE(doc.undoStack()->count(), 3); // locking is not an edit
        // The selection follows its slot when the indices shift, and through a rename.
        doc.setSlotLocked(0, false);
        doc.setSelectedSlot(2);
        const std::string selected = doc.rig().slotList()[2].name;
        QVERIFY(doc.removeSlot(0));
        QCOMPARE(doc.selectedSlot(), 1);
        QVERIFY(doc.renameSlot(1, "still selected"));
        QCOMPARE(doc.selectedSlot(), 1);
        doc.undo();
        doc.undo();
        QCOMPARE(doc.selectedSlot(), 2);
        QCOMPARE(doc.rig().slotList()[2].name, selected);
    }
};

QTEST_MAIN(TestSlotCommands)
#include "tst_slot_commands.moc"
