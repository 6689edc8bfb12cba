#include "recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace bonework::editor::RecentFiles {
namespace {
constexpr char kKey[] = "files/recent";
constexpr int kMaxEntries = 10;
} // namespace

QStringList list()
{
    QStringList files = QSettings().value(kKey).toStringList();
    files.erase(std::remove_if(files.begin(), files.end(), [](const QString& f) { return !QFileInfo::exists(f); }),
                files.end());
    return files;
}

void add(const QString& path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return;
    QStringList files = QSettings().value(kKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxEntries)
        files.removeLast();
    QSettings().setValue(kKey, files);
}

void clear() { QSettings().remove(kKey); }

QString label(const QString& path)
{
    const QFileInfo info(path);
    QString folder = QDir::toNativeSeparators(info.absolutePath());
    const QString home = QDir::toNativeSeparators(QDir::homePath());
    if (folder == home || folder.startsWith(home + QDir::separator()))
        folder = QStringLiteral("~") + folder.mid(home.size());
    return info.fileName() + QStringLiteral(" \u2014 ") + folder;
}

} // namespace bonework::editor::RecentFiles
