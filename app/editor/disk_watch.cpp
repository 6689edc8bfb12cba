#include "disk_watch.h"

#include <QFileInfo>

namespace bonework::editor {

DiskWatch::DiskWatch(QObject* parent) : QObject(parent)
{
    connect(&m_watch, &FileWatch::touched, this, &DiskWatch::check);
}

void DiskWatch::follow(const QString& path, const QByteArray& known)
{
    m_path = path;
    m_known = known;
    m_told.clear();
    m_toldGone = false;
    m_watch.watch(path.isEmpty() ? QStringList() : QStringList{path});
}

void DiskWatch::check()
{
    if (m_path.isEmpty())
        return;
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
