#include "disk_watch.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

namespace bonework::editor {

namespace {
constexpr int kQuietMilliseconds = 300;
}

DiskWatch::DiskWatch(QObject* parent) : QObject(parent)
{
    m_quiet.setSingleShot(true);
    m_quiet.setInterval(kQuietMilliseconds);
    connect(&m_quiet, &QTimer::timeout, this, &DiskWatch::check);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, &m_quiet, qOverload<>(&QTimer::start));
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, &m_quiet, qOverload<>(&QTimer::start));
}

QByteArray DiskWatch::digestOf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    return hash.addData(&file) ? hash.result() : QByteArray();
}

void DiskWatch::follow(const QString& path, const QByteArray& known)
{
    m_quiet.stop();
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    if (!m_watcher.directories().isEmpty())
        m_watcher.removePaths(m_watcher.directories());
    m_path = path;
    m_known = known;
    m_told.clear();
    m_toldGone = false;
    rewatch();
}

void DiskWatch::rewatch()
{
    if (m_path.isEmpty())
        return;
    const QString folder = QFileInfo(m_path).absolutePath();
    if (!m_watcher.directories().contains(folder) && QFileInfo(folder).isDir())
        m_watcher.addPath(folder);
    if (!m_watcher.files().contains(m_path) && QFileInfo::exists(m_path))
        m_watcher.addPath(m_path);
}

void DiskWatch::check()
{
    if (m_path.isEmpty())
        return;
    rewatch(); // a replaced file is watched again
    if (!QFileInfo::exists(m_path)) {
        if (!m_toldGone) {
            m_toldGone = true;
            emit removed(m_path);
        }
        return;
    }
    m_toldGone = false;
    const QByteArray now = digestOf(m_path);
    // Unreadable for now (being written, or its rights changed): the next change tells.
    if (now.isEmpty() || now == m_known || now == m_told)
        return;
    m_told = now;
    emit changed(m_path);
}

} // namespace bonework::editor
