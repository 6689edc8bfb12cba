// Slot edits (the images the bones carry) are one undo step each, and undo and redo give back
// the rig to the bit: property-tested over seeded random rigs with random slots and random
// slot edits (add, remove, reorder, rename, another joint, another image, every number, shown or
// hidden, a canvas drag), and over structural edits that take slots with them (removing a joint)
// or move them (reparenting). A failure names its seed.
#include "document.h"
#include "rig_edit_command.h"

#include "bonework/angles.h"
#include "bonework/io/rig_file.h"
#include "random_rigs.h"
#include "random_slots.h"
#include "std_text.h"

#include <QDir>
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
        switch (n == 0 ? 0 : testing::uniformInt(rng, 0, 9)) {
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
        QCOMPARE(refused.at(0).at(0).toString(), QString("the slot's scale must be greater than 0"));
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
