#include "file_watch.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <utility>

namespace bonework::editor {

namespace {

constexpr int kQuietMilliseconds = 300;

// The file's folder, or the nearest folder above it that exists.
QString existingFolderOf(const QString& file)
{
    QString folder = QFileInfo(file).absolutePath();
    while (!QFileInfo(folder).isDir()) {
        const QString up = QFileInfo(folder).absolutePath();
        if (up == folder)
            return {};
        folder = up;
    }
    return folder;
}

} // namespace

FileWatch::FileWatch(QObject* parent) : QObject(parent)
{
    m_quiet.setSingleShot(true);
    m_quiet.setInterval(kQuietMilliseconds);
    connect(&m_quiet, &QTimer::timeout, this, &FileWatch::settle);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString& file) {
        m_touched.insert(file);
        m_quiet.start();
    });
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this](const QString& folder) {
        for (const QString& file : m_byFolder.value(folder))
            m_touched.insert(file);
        m_quiet.start();
    });
}

QByteArray FileWatch::digestOf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    return hash.addData(&file) ? hash.result() : QByteArray();
}

void FileWatch::watch(const QStringList& files)
{
    QStringList absolute;
    for (const QString& file : files)
        if (!file.isEmpty() && !file.startsWith(QLatin1Char(':')))
            absolute.append(QFileInfo(file).absoluteFilePath());
    absolute.removeDuplicates();
    if (absolute == m_files)
        return; // what was touched is still told
    m_files = std::move(absolute);
    const QSet<QString> kept(m_files.begin(), m_files.end());
    m_touched.intersect(kept);
    rewatch();
}

void FileWatch::rewatch(const QSet<QString>& renewed)
{
    QSet<QString> files, folders;
    m_byFolder.clear();
    for (const QString& file : m_files) {
        if (QFileInfo::exists(file))
            files.insert(file);
        if (const QString folder = existingFolderOf(file); !folder.isEmpty()) {
            folders.insert(folder);
            m_byFolder[folder].append(file);
        }
    }
    QStringList drop;
    for (const QString& file : m_watcher.files())
        if (!files.contains(file) || renewed.contains(file))
            drop.append(file);
    for (const QString& folder : m_watcher.directories())
        if (!folders.contains(folder))
            drop.append(folder);
    if (!drop.isEmpty())
        m_watcher.removePaths(drop);
    const QStringList watchedFiles = m_watcher.files(), watchedFolders = m_watcher.directories();
    QStringList add;
    for (const QString& file : files)
        if (!watchedFiles.contains(file))
            add.append(file);
    for (const QString& folder : folders)
        if (!watchedFolders.contains(folder))
            add.append(folder);
    if (!add.isEmpty())
        m_watcher.addPaths(add);
}

void FileWatch::settle()
{
    const QSet<QString> hit = std::exchange(m_touched, {});
    rewatch(hit); // a replaced file, or a folder made meanwhile, is watched again
    QStringList told;
    for (const QString& file : m_files)
        if (hit.contains(file))
            told.append(file);
    if (!told.isEmpty())
        emit touched(told);
}

} // namespace bonework::editor
