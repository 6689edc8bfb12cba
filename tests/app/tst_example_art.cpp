// The examples' art travels with them: every image a slot of an example names is on disk beside
// the rig (resources/examples/art/...) and bundled in the editor's resources under the same
// relative path (":/examples/art/..."), so File > Examples can draw it; SlotImages based on
// ":/examples" finds none missing. The bundle holds exactly the art on disk.
#include "slot_images.h"
#include "source_tree.h"
#include "std_text.h"

#include "bonework/io/rig_file.h"
#include "bonework/io/slot_images.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSet>
#include <QTest>

using namespace bonework;

namespace {

QString examplesOnDisk() { return bonework::testing::sourceTree() + QStringLiteral("/resources/examples"); }

QSet<QString> pngsUnder(const QString& root)
{
    QSet<QString> files;
    QDirIterator it(root + QStringLiteral("/art"), {QStringLiteral("*.png")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.insert(QDir(root).relativeFilePath(it.next()));
    return files;
}

} // namespace

class TestExampleArt : public QObject {
    Q_OBJECT

private slots:
    void bundledExamplesFindTheirArt()
    {
        const QStringList rigs = QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.rig.json")}, QDir::Files);
        QVERIFY(rigs.size() >= 8);
        int withArt = 0;
        for (const QString& name : rigs) {
            QFile file(QStringLiteral(":/examples/") + name);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            const io::LoadResult bundled = io::parseRig(testing::view(text), name.toStdString());
            QVERIFY2(bundled.ok(), bundled.error.toString().c_str());
            if (bundled.rig->slotList().empty())
                continue;
            ++withArt;
            drawing::SlotImages images;
            images.setBaseFolder(QStringLiteral(":/examples"));
            images.sync(*bundled.rig);
            QVERIFY2(images.missing().isEmpty(), qPrintable(name + QStringLiteral(": ") + images.missing().join(", ")));
            for (const Slot& slot : bundled.rig->slotList())
                QVERIFY(images.image(slot.image) && !images.image(slot.image)->isNull());

            // The same rig on disk finds the same files there.
            const std::string onDisk = testing::localPath(examplesOnDisk() + QLatin1Char('/') + name);
            const io::LoadResult loaded = io::loadRigFile(onDisk);
            QVERIFY(loaded.ok());
            QVERIFY(io::checkSlotImages(*loaded.rig, onDisk).empty());
        }
        QVERIFY(withArt >= 3); // the humanoid, the gunner and the snake
    }

    void theBundleHoldsExactlyTheArtOnDisk()
    {
        const QSet<QString> onDisk = pngsUnder(examplesOnDisk());
        QVERIFY(onDisk.size() >= 30);
        QCOMPARE(pngsUnder(QStringLiteral(":/examples")), onDisk);
    }
};

QTEST_GUILESS_MAIN(TestExampleArt)
#include "tst_example_art.moc"
