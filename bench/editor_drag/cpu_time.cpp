#include "cpu_time.h"

#include <QDir>
#include <QFile>

#include <unistd.h>

namespace bonework::bench {
namespace {

// utime + stime from a /proc stat line, in milliseconds, and the thread's name.
bool readStat(const QString& path, QString* name, double* ms)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = file.readAll();
    const int open = line.indexOf('('), close = line.lastIndexOf(')');
    if (open < 0 || close < open)
        return false;
    *name = QString::fromUtf8(line.mid(open + 1, close - open - 1));
    const QList<QByteArray> fields = line.mid(close + 2).split(' '); // fields from the 3rd on
    if (fields.size() < 13)
        return false;
    const double ticks = fields[11].toDouble() + fields[12].toDouble(); // utime, stime
    *ms = 1000.0 * ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
    return true;
}

QString groupOf(const QString& thread, bool isMain)
{
    if (isMain)
        return QStringLiteral("gui");
    if (thread.startsWith(QLatin1String("QSGRenderThread")))
        return QStringLiteral("render");
    if (thread.startsWith(QLatin1String("llvmpipe")))
        return QStringLiteral("llvmpipe");
    return QStringLiteral("other");
}

// The X server serving $DISPLAY: a process named Xvfb or Xorg with ":N" among its arguments.
QString xServerStat()
{
    const QString display = qEnvironmentVariable("DISPLAY").section('.', 0, 0);
    if (display.isEmpty())
        return {};
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& pid : pids) {
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!cmdline.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> args = cmdline.readAll().split('\0');
        if (args.isEmpty() || !(args[0].endsWith("Xvfb") || args[0].endsWith("Xorg")))
            continue;
        if (args.contains(display.toUtf8()))
            return QStringLiteral("/proc/%1/stat").arg(pid);
    }
    return {};
}

} // namespace

CpuTimes sampleCpuTimes()
{
    CpuTimes times;
    const QString self = QString::number(getpid());
    const QStringList tasks = QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& tid : tasks) {
        QString name;
        double ms = 0;
        if (readStat(QStringLiteral("/proc/self/task/%1/stat").arg(tid), &name, &ms))
            times[groupOf(name, tid == self)] += ms;
    }
    static const QString xServer = xServerStat();
    QString name;
    double ms = 0;
    if (!xServer.isEmpty() && readStat(xServer, &name, &ms))
        times[QStringLiteral("X server")] = ms;
    return times;
}

CpuTimes cpuTimesSince(const CpuTimes& before)
{
    CpuTimes d = sampleCpuTimes();
    for (const auto& [group, ms] : before)
        d[group] -= ms;
    return d;
}

} // namespace bonework::bench
