#include "file_names.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace bonework::editor {
namespace {

constexpr char kLastFolderKey[] = "files/lastFolder";

} // namespace

QUrl FileNames::resolve(const QUrl& folder, const QString& typed, const QString& defaultSuffix)
{
    QString name = typed.trimmed();
    if (name.isEmpty())
        return {};
    if (name == QLatin1String("~") || name.startsWith(QLatin1String("~/")))
        name = QDir::homePath() + name.mid(1);
    const QString path = QDir::isAbsolutePath(name) ? name : QDir(folder.toLocalFile()).filePath(name);
    QFileInfo info(QDir::cleanPath(path));
    if (!defaultSuffix.isEmpty() && !info.isDir() && info.suffix().isEmpty())
        info.setFile(info.filePath() + QLatin1Char('.') + defaultSuffix);
    return QUrl::fromLocalFile(info.absoluteFilePath());
}

bool FileNames::exists(const QUrl& file) { return file.isLocalFile() && QFileInfo::exists(file.toLocalFile()); }

bool FileNames::isFolder(const QUrl& file) { return file.isLocalFile() && QFileInfo(file.toLocalFile()).isDir(); }

bool FileNames::canCreateIn(const QUrl& file)
{
    const QFileInfo folder(QFileInfo(file.toLocalFile()).absolutePath());
    return file.isLocalFile() && folder.isDir() && folder.isWritable();
}

QUrl FileNames::parentFolder(const QUrl& folder)
{
    QDir dir(folder.toLocalFile());
    return dir.cdUp() ? QUrl::fromLocalFile(dir.absolutePath()) : folder;
}

QUrl FileNames::folderOf(const QUrl& file) { return QUrl::fromLocalFile(QFileInfo(file.toLocalFile()).absolutePath()); }

bool FileNames::makeFolder(const QUrl& folder) { return folder.isLocalFile() && QDir().mkpath(folder.toLocalFile()); }

QString FileNames::fileName(const QUrl& file) { return QFileInfo(file.toLocalFile()).fileName(); }

QString FileNames::localPath(const QUrl& file) { return QDir::toNativeSeparators(file.toLocalFile()); }

QUrl FileNames::startFolder(const QString& currentFile)
{
    if (!currentFile.isEmpty() && QFileInfo(currentFile).absoluteDir().exists())
        return QUrl::fromLocalFile(QFileInfo(currentFile).absolutePath());
    const QString last = QSettings().value(kLastFolderKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return QUrl::fromLocalFile(last);
    return QUrl::fromLocalFile(QDir::homePath());
}

QUrl FileNames::imageFolder(const QString& rigFile, const QString& image)
{
    if (!image.isEmpty()) {
        const QDir base = rigFile.isEmpty() ? QDir::current() : QFileInfo(rigFile).absoluteDir();
        const QFileInfo file(base.filePath(image)); // an absolute image path stays as it is
        if (file.absoluteDir().exists())
            return QUrl::fromLocalFile(file.absolutePath());
    }
    return startFolder(rigFile);
}

void FileNames::rememberFolder(const QUrl& file)
{
    const QFileInfo info(file.toLocalFile());
    QSettings().setValue(kLastFolderKey, info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

} // namespace bonework::editor
