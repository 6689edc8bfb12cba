// io/atomic_file.h: a file is replaced whole or not at all; a link is written through (the link
// kept); a target that is not a regular file (a folder, a pipe, a device) is refused and left as
// it is; a FileBatch replaces its files together, so a failure while staging any leaves every
// target as it was, and no temporary is ever left behind.
#include "bonework/io/atomic_file.h"

#include "std_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using bonework::io::FileBatch;
using bonework::io::writeFileAtomically;
using bonework::testing::localPath;

namespace {

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Every entry of the folder (hidden ones too): a temporary left behind would show here.
QStringList entries(const QString& folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT

private slots:
    void replacesWholeKeepingPermissionsAndLinks()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath("a.json");
        std::string why;
        QVERIFY(writeFileAtomically(localPath(file), "first", why));
        QCOMPARE(contents(file), QByteArray("first"));
        QVERIFY(chmod(localPath(file).c_str(), 0640) == 0);
        QVERIFY(writeFileAtomically(localPath(file), "second", why));
        QCOMPARE(contents(file), QByteArray("second"));
        struct stat info {};
        QVERIFY(stat(localPath(file).c_str(), &info) == 0);
        QCOMPARE(int(info.st_mode & 0777), 0640);
        // Through a link: the file it points at changes, the link stays a link.
        const QString link = dir.filePath("link.json");
        QVERIFY(QFile::link(file, link));
        QVERIFY(writeFileAtomically(localPath(link), "third", why));
        QCOMPARE(contents(file), QByteArray("third"));
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(entries(dir.path()), QStringList({"a.json", "link.json"}));
    }

    // Renaming over a pipe or a device would replace the node itself (as root, /dev/full became
    // a regular file); over a folder it fails. Both are refused before anything is written.
    void refusesWhatIsNotARegularFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pipe = dir.filePath("pipe");
        QVERIFY(mkfifo(localPath(pipe).c_str(), 0600) == 0);
        const QString folder = dir.filePath("folder.json");
        QVERIFY(QDir(dir.path()).mkdir("folder.json"));
        std::string why;
        QVERIFY(!writeFileAtomically(localPath(pipe), "data", why));
        QCOMPARE(why, std::string("it is not a regular file"));
        QVERIFY(!writeFileAtomically(localPath(folder), "data", why));
        QCOMPARE(why, std::string("it is a folder"));
        struct stat info {};
        QVERIFY(lstat(localPath(pipe).c_str(), &info) == 0 && S_ISFIFO(info.st_mode));
        QVERIFY(QFileInfo(folder).isDir());
        QCOMPARE(entries(dir.path()), QStringList({"folder.json", "pipe"}));
        // A missing folder: the system's reason.
        QVERIFY(!writeFileAtomically(localPath(dir.filePath("no/such.json")), "data", why));
        QCOMPARE(why, std::string("No such file or directory"));
    }

    void aBatchReplacesItsFilesTogether()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString page = dir.filePath("out.png"), atlas = dir.filePath("out.atlas"), skeleton = dir.filePath("out.json");
        writeFile(page, "old page");
        writeFile(atlas, "old atlas");
        writeFile(skeleton, "old skeleton");
        std::string why;
        {
            FileBatch batch;
            QVERIFY(batch.add(localPath(page), "new page", why));
            QVERIFY(batch.add(localPath(atlas), "new atlas", why));
            // Staged, not yet in place: the old files are what a reader sees.
            QCOMPARE(contents(page), QByteArray("old page"));
            QCOMPARE(contents(atlas), QByteArray("old atlas"));
            QVERIFY(batch.add(localPath(skeleton), "new skeleton", why));
            QVERIFY(batch.commit(why));
            QCOMPARE(batch.paths(), (std::vector<std::string>{localPath(page), localPath(atlas), localPath(skeleton)}));
        }
        QCOMPARE(contents(page), QByteArray("new page"));
        QCOMPARE(contents(atlas), QByteArray("new atlas"));
        QCOMPARE(contents(skeleton), QByteArray("new skeleton"));
        QCOMPARE(entries(dir.path()), QStringList({"out.atlas", "out.json", "out.png"}));
    }

    // The export that failed on its skeleton after writing its atlas left the last export's
    // skeleton with this export's atlas. A batch that fails to stage one file replaces none.
    void aBatchThatFailsReplacesNothing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString page = dir.filePath("out.png"), atlas = dir.filePath("out.atlas");
        writeFile(page, "old page");
        writeFile(atlas, "old atlas");
        QVERIFY(QDir(dir.path()).mkdir("out.json")); // the skeleton cannot be written
        std::string why;
        {
            FileBatch batch;
            QVERIFY(batch.add(localPath(page), "new page", why));
            QVERIFY(batch.add(localPath(atlas), "new atlas", why));
            QVERIFY(!batch.add(localPath(dir.filePath("out.json")), "new skeleton", why));
            QCOMPARE(batch.paths().size(), std::size_t(2));
        } // not committed: the staged files are removed
        QCOMPARE(contents(page), QByteArray("old page"));
        QCOMPARE(contents(atlas), QByteArray("old atlas"));
        QCOMPARE(entries(dir.path()), QStringList({"out.atlas", "out.json", "out.png"}));
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomic_file.moc"
