// What a name typed into the editor's file dialog means, and where the dialog opens.
#include "file_names.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using bonework::editor::FileNames;

class TestFileNames : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QUrl folder() const { return QUrl::fromLocalFile(m_dir.path()); }
    QString path(const QUrl& url) const { return url.toLocalFile(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_file_names");
    }

    void aBareNameIsInTheFolderWithTheSuffix()
    {
        QCOMPARE(path(FileNames::resolve(folder(), "arm", "rig.json")), m_dir.filePath("arm.rig.json"));
        QCOMPARE(path(FileNames::resolve(folder(), "arm.rig.json", "rig.json")), m_dir.filePath("arm.rig.json"));
        QCOMPARE(path(FileNames::resolve(folder(), "  arm  ", "rig.json")), m_dir.filePath("arm.rig.json"));
        QCOMPARE(path(FileNames::resolve(folder(), "game", "json")), m_dir.filePath("game.json"));
        // Opening: no suffix is invented.
        QCOMPARE(path(FileNames::resolve(folder(), "arm", "")), m_dir.filePath("arm"));
        QVERIFY(FileNames::resolve(folder(), "   ", "rig.json").isEmpty());
    }

    void pathsAreTakenAsTyped()
    {
        QCOMPARE(path(FileNames::resolve(folder(), "/tmp/x.rig.json", "rig.json")), QString("/tmp/x.rig.json"));
        QCOMPARE(path(FileNames::resolve(folder(), "~/x", "rig.json")), QDir::homePath() + "/x.rig.json");
        QCOMPARE(path(FileNames::resolve(folder(), "sub/../y", "rig.json")), m_dir.filePath("y.rig.json"));
        // A folder stays a folder (the dialog opens it).
        QVERIFY(QDir(m_dir.path()).mkdir("rigs"));
        const QUrl rigs = FileNames::resolve(folder(), "rigs", "rig.json");
        QVERIFY(FileNames::isFolder(rigs));
        QCOMPARE(FileNames::parentFolder(rigs), folder());
    }

    void existsAndWritable()
    {
        const QUrl file = FileNames::resolve(folder(), "there", "rig.json");
        QVERIFY(!FileNames::exists(file));
        QVERIFY(FileNames::canCreateIn(file));
        QFile f(file.toLocalFile());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QVERIFY(FileNames::exists(file));
        QVERIFY(!FileNames::canCreateIn(QUrl::fromLocalFile("/no/such/folder/x.rig.json")));
    }

    void startsBesideTheFileOrWhereItWasLast()
    {
        QSettings().remove("files/lastFolder");
        QCOMPARE(FileNames::startFolder(""), QUrl::fromLocalFile(QDir::homePath()));
        FileNames::rememberFolder(QUrl::fromLocalFile(m_dir.filePath("a.rig.json")));
        QCOMPARE(FileNames::startFolder(""), folder());
        QCOMPARE(FileNames::startFolder("/tmp/other.rig.json"), QUrl::fromLocalFile("/tmp"));
        QSettings().remove("files/lastFolder");
    }

    // Choosing a file for an image opens where its path leads (a missing art/head.png: art/),
    // else beside the rig.
    void anImageIsChosenWhereItsPathLeads()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("art"));
        const QString rig = m_dir.filePath("hero.rig.json");
        QCOMPARE(FileNames::imageFolder(rig, "art/head.png"), QUrl::fromLocalFile(m_dir.filePath("art")));
        QCOMPARE(FileNames::imageFolder(rig, "gone/head.png"), folder());
        QCOMPARE(FileNames::imageFolder(rig, ""), folder());
    }
};

QTEST_MAIN(TestFileNames)
#include "tst_file_names.moc"
