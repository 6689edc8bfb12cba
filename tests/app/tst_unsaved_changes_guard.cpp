// "Save the changes first?" (UnsavedChangesGuard): an action runs at once when nothing would be
// lost, waits for the answer otherwise, and runs after Save only when the save happened.
#include "document.h"
#include "unsaved_changes_guard.h"

#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework::editor;

class TestUnsavedChangesGuard : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_unsaved_changes_guard");
    }

    void nothingToLoseRunsAtOnce()
    {
        Document doc;
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        QSignalSpy ask(&guard, &UnsavedChangesGuard::askToSave);
        QSignalSpy close(&guard, &UnsavedChangesGuard::closeApproved);
        QSignalSpy open(&guard, &UnsavedChangesGuard::chooseFileToOpen);
        guard.request(UnsavedChangesGuard::Close);
        guard.request(UnsavedChangesGuard::Open);
        QCOMPARE(ask.count(), 0);
        QCOMPARE(close.count(), 1);
        QCOMPARE(open.count(), 1);
    }

    void cancelLeavesEverything()
    {
        Document doc;
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        doc.addRoot(1, 2);
        QSignalSpy ask(&guard, &UnsavedChangesGuard::askToSave);
        guard.request(UnsavedChangesGuard::NewRig);
        QCOMPARE(ask.count(), 1);
        QCOMPARE(doc.jointCount(), 1); // not yet
        guard.answer(UnsavedChangesGuard::Cancel);
        QCOMPARE(doc.jointCount(), 1);
        QVERIFY(doc.isModified());
        QVERIFY(!guard.isPending());
    }

    void discardRunsTheAction()
    {
        Document doc;
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        doc.addRoot(1, 2);
        guard.request(UnsavedChangesGuard::OpenExample, 0);
        guard.answer(UnsavedChangesGuard::Discard);
        QVERIFY(doc.jointCount() > 1); // the first example
        QVERIFY(!doc.isModified());
    }

    void saveWithAFileSavesThenRuns()
    {
        Document doc;
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        const QString path = m_dir.filePath("a.rig.json");
        doc.addRoot(1, 2);
        QVERIFY(doc.files()->saveAs(path));
        doc.addRoot(3, 4);
        QSignalSpy close(&guard, &UnsavedChangesGuard::closeApproved);
        guard.request(UnsavedChangesGuard::Close);
        guard.answer(UnsavedChangesGuard::Save);
        QCOMPARE(close.count(), 1);
        QVERIFY(!doc.isModified());
        Document reopened;
        QVERIFY(reopened.files()->open(path));
        QCOMPARE(reopened.jointCount(), 2);
    }

    void saveUntitledAsksForAFileAndRunsOnlyIfSaved()
    {
        Document doc;
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        doc.addRoot(1, 2);
        QSignalSpy choose(&guard, &UnsavedChangesGuard::chooseFileToSave);
        guard.request(UnsavedChangesGuard::NewRig);
        guard.answer(UnsavedChangesGuard::Save);
        QCOMPARE(choose.count(), 1);
        guard.savedAs(false); // the Save As dialog was cancelled: New does not run
        QCOMPARE(doc.jointCount(), 1);

        guard.request(UnsavedChangesGuard::NewRig);
        guard.answer(UnsavedChangesGuard::Save);
        QVERIFY(doc.files()->saveAs(m_dir.filePath("b.rig.json")));
        guard.savedAs(true);
        QCOMPARE(doc.jointCount(), 0); // then New ran
    }

    void aFailedSaveRunsNothing()
    {
        Document doc;
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        const QString folder = m_dir.filePath("gone");
        QVERIFY(QDir().mkpath(folder));
        doc.addRoot(1, 2);
        QVERIFY(doc.files()->saveAs(folder + "/c.rig.json"));
        doc.addRoot(3, 4);
        QVERIFY(QDir(folder).removeRecursively()); // the file's folder is gone: saving fails
        QSignalSpy failed(&doc, &Document::saveFailed);
        guard.request(UnsavedChangesGuard::NewRig);
        guard.answer(UnsavedChangesGuard::Save);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(doc.jointCount(), 2); // nothing lost
    }
};

QTEST_MAIN(TestUnsavedChangesGuard)
#include "tst_unsaved_changes_guard.moc"
