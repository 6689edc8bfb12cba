// `bonework-cli validate` as users run it: one summary line per valid file on stdout, the
// error (file: JSON path: problem) on stderr, exit 0 / 1 / 2.
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

Run validate(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(BONEWORK_CLI), QStringList{QStringLiteral("validate")} + args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit)
        qFatal("bonework-cli did not finish normally");
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString valid(const QString& name)
{
    return qEnvironmentVariable("BONEWORK_SOURCE_DIR") + QStringLiteral("/tests/io/valid/") + name;
}

QString invalid(const QString& name)
{
    return qEnvironmentVariable("BONEWORK_SOURCE_DIR") + QStringLiteral("/tests/io/invalid/") + name;
}

} // namespace

class TestCliValidate : public QObject {
    Q_OBJECT

private slots:
    void validFileGetsASummary()
    {
        const Run r = validate({valid(QStringLiteral("arm.json"))});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, valid(QStringLiteral("arm.json")) + QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n"));
        QCOMPARE(r.err, QString());
    }

    void severalValidFiles()
    {
        const Run r = validate({valid(QStringLiteral("forest.json")), valid(QStringLiteral("minimal.json"))});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, valid(QStringLiteral("forest.json")) + QStringLiteral(": valid: 6 joints, 2 roots, 2 chains\n")
                            + valid(QStringLiteral("minimal.json")) + QStringLiteral(": valid: 2 joints, 1 root, 0 chains\n"));
        QCOMPARE(r.err, QString());
    }

    void invalidFileReportsPathAndProblem()
    {
        const QString file = invalid(QStringLiteral("length_negative.json"));
        const Run r = validate({file});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, file + QStringLiteral(": joints[2].length: must be greater than 0, not -1\n"));
    }

    void notJson()
    {
        const QString file = invalid(QStringLiteral("not_json.json"));
        const Run r = validate({file});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, file + QStringLiteral(": joints[0]: not valid JSON: illegal value at offset 55 (line 2, column 15)\n"));
    }

    // Every file is checked: valid ones still get their summary, each invalid one its error.
    void mixedFiles()
    {
        const QString good = valid(QStringLiteral("arm.json"));
        const QString cycle = invalid(QStringLiteral("cycle.json"));
        const QString newer = invalid(QStringLiteral("newer_version.json"));
        const Run r = validate({cycle, good, newer});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, good + QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n"));
        QCOMPARE(r.err, cycle + QStringLiteral(": joints[3].parent: the parents form a cycle: \"a\" -> \"b\" -> \"c\" -> \"a\" "
                                               "(each is the parent of the next)\n")
                            + newer + QStringLiteral(": version: was written by a newer Bonework (version 2); this build "
                                                     "reads version 1\n"));
    }

    void unreadableFileIsExit2()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        Run r = validate({missing});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, missing + QStringLiteral(": cannot read the file: it does not exist\n"));

        // Unreadable outranks invalid; the valid file is still summarised.
        r = validate({invalid(QStringLiteral("length_zero.json")), missing, valid(QStringLiteral("arm.json"))});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.count(u'\n'), 2);
        QVERIFY(r.out.endsWith(QStringLiteral(": valid: 3 joints, 1 root, 1 chain\n")));

        r = validate({dir.path()});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, dir.path() + QStringLiteral(": cannot read the file: it is a directory\n"));
    }

    void usageErrors()
    {
        Run r = validate({});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("bonework-cli validate: no rig file given\n")), qPrintable(r.err));
        QCOMPARE(r.out, QString());

        r = validate({QStringLiteral("--frobnicate"), valid(QStringLiteral("arm.json"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("bonework-cli validate: Unknown option 'frobnicate'.")), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }

    // "--" ends the options, so a file whose name starts with "-" can still be checked.
    void fileNamedLikeAnOption()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(valid(QStringLiteral("arm.json")), dir.filePath(QStringLiteral("-arm.json"))));
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(BONEWORK_CLI), {QStringLiteral("validate"), QStringLiteral("--"), QStringLiteral("-arm.json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), QStringLiteral("-arm.json: valid: 3 joints, 1 root, 1 chain\n"));
    }

    void help()
    {
        const Run r = validate({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("Exit codes: 0 all valid, 1 some file invalid, 2 usage error or unreadable file.")));
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage: bonework-cli validate RIG.json...\n")), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
