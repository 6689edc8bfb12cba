// The Draw Order panel's model: rows front to back (row 0 is the slot drawn last), each with its
// slot's index in the draw order, name, joint name, image, shown, locked and missing; rows follow
// edits, undo, locks and reorders, and a pose alone changes no row.
#include "document.h"
#include "slot_list_model.h"

#include "bonework/io/rig_file.h"
#include "std_text.h"

#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::localPath;

class TestSlotListModel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QVariant at(const SlotListModel& model, int row, const char* role) const
    {
        const auto roles = model.roleNames();
        return model.data(model.index(row), roles.key(role));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_slot_list_model");
    }

    void rowsRunFrontToBackAndFollowEdits()
    {
        Rig rig;
        rig.setName("two");
        JointDesc root;
        root.name = "hip";
        QVERIFY(rig.addJoint(root).ok());
        for (const char* name : {"back", "middle", "front"}) {
            Slot s;
            s.name = name;
            s.joint = 0;
            s.image = std::string("art/") + name + ".png";
            QVERIFY(rig.addSlot(s).ok());
        }
        QDir(m_dir.path()).mkpath("art");
        QImage image(8, 8, QImage::Format_ARGB32);
        image.fill(Qt::red);
        QVERIFY(image.save(m_dir.filePath("art/front.png")));
        QVERIFY(image.save(m_dir.filePath("art/middle.png"))); // art/back.png is missing
        const QString path = m_dir.filePath("slots.rig.json");
        std::string error;
        QVERIFY(io::saveRigFile(rig, localPath(path), &error));
        Document doc;
        QVERIFY(doc.files()->open(path));
        SlotListModel model;
        model.setDocument(&doc);

        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(at(model, 0, "name").toString(), QString("front"));
        QCOMPARE(at(model, 0, "slotIndex").toInt(), 2);
        QCOMPARE(at(model, 2, "name").toString(), QString("back"));
        QCOMPARE(at(model, 2, "jointName").toString(), QString("hip"));
        QCOMPARE(at(model, 2, "missing").toBool(), true);
        QCOMPARE(at(model, 0, "missing").toBool(), false);
        // Why, for the row's tooltip (QA: an image too large to read said "Missing image file").
        QCOMPARE(at(model, 2, "problem").toString(), QStringLiteral("it does not exist"));
        QCOMPARE(at(model, 0, "problem").toString(), QString());
        QVERIFY(doc.missingImagesReport().contains("art/back.png"));
        QCOMPARE(model.rowOf(0), 2);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(doc.setSlotVisible(2, false));
        QCOMPARE(at(model, 0, "shown").toBool(), false);
        doc.setSlotLocked(0, true);
        QCOMPARE(at(model, 2, "locked").toBool(), true);
        QVERIFY(changed.count() >= 2);

        QVERIFY(doc.moveSlot(0, 2)); // back to the front
        QCOMPARE(at(model, 0, "name").toString(), QString("back"));
        QCOMPARE(at(model, 0, "locked").toBool(), true); // the lock went with it
        doc.undo();
        QCOMPARE(at(model, 0, "name").toString(), QString("front"));

        changed.clear();
        QVERIFY(doc.setRootPosition(0, 10, 20)); // a pose-like change: no row changes
        QCOMPARE(changed.count(), 0);
    }
};

QTEST_MAIN(TestSlotListModel)
#include "tst_slot_list_model.moc"
