// `bonework-cli export` with slots: it refuses (exit 1, nothing written) while an image a slot
// names is missing, naming it as validate does; with every image there it exports the bones
// and says in its report that the slots are not exported yet. Rigs without slots say nothing
// about slots.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run exportRig(const QString& rig, const QString& output)
{
    QProcess p;
    p.start(QStringLiteral(BONEWORK_CLI), {QStringLiteral("export"), rig, QStringLiteral("--format"),
                                           QStringLiteral("spine"), QStringLiteral("-o"), output});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit)
        qFatal("bonework-cli did not finish normally");
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString valid(const QString& name)
{
    return qEnvironmentVariable("BONEWORK_SOURCE_DIR") + QStringLiteral("/tests/io/valid/") + name;
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
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
        const QByteArray png("\x89PNG\r\n\x1a\n", 8);
        writeFile(dir.filePath(QStringLiteral("rigs/art/upper_arm.png")), png);
        writeFile(dir.filePath(QStringLiteral("rigs/art/forearm.jpg")), QByteArray("\xff\xd8\xff\xe0", 4));
        const QString output = dir.filePath(QStringLiteral("arm.spine.json"));

        Run r = exportRig(rig, output);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, rig + QStringLiteral(": slots[2].image: cannot use the image \"../shared/badge.png\": it does not "
                                             "exist\nbonework-cli export: not exported: 1 image missing\n"));
        QVERIFY(!QFile::exists(output));

        writeFile(dir.filePath(QStringLiteral("shared/badge.png")), png);
        r = exportRig(rig, output);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(output));
        QVERIFY2(r.err.contains(QStringLiteral("  - slots: not exported yet (3 slots left out)\n")), qPrintable(r.err));
    }

    void rigsWithoutSlotsSayNothingOfSlots()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run r = exportRig(valid(QStringLiteral("arm.json")), dir.filePath(QStringLiteral("arm.spine.json")));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains(QStringLiteral("slot")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
