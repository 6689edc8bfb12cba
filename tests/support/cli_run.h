#pragma once
// bonework-cli as users run it: the real binary (BONEWORK_CLI, defined by the test's CMake
// target) as a process, with what it printed and its exit code.
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace bonework::testing {

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs `bonework-cli ARGUMENTS...`; a run that does not end normally within `timeoutMs` stops
// the test (a crash or a hang is never an exit code to compare).
inline CliRun runCli(const QStringList& arguments, int timeoutMs = 60000,
                     const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(QStringLiteral(BONEWORK_CLI), arguments);
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit)
        qFatal("bonework-cli %s did not finish normally", qPrintable(arguments.value(0)));
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

} // namespace bonework::testing
