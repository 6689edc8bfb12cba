#include "image_watch.h"

#include <QSet>

namespace bonework::editor {

ImageWatch::ImageWatch(QObject* parent) : QObject(parent)
{
    connect(&m_watch, &FileWatch::touched, this, &ImageWatch::check);
}

void ImageWatch::follow(const QStringList& files)
{
    const QStringList before = m_watch.files();
    m_watch.watch(files);
    if (m_watch.files() == before)
        return; // an edit that named no other image: the usual case
    const QSet<QString> watched(before.begin(), before.end());
    QStringList again; // known, not watched until now: it may have changed meanwhile
    for (const QString& file : m_watch.files()) {
        if (watched.contains(file))
            continue;
        if (m_known.contains(file))
            again.append(file);
        else
            m_known.insert(file, FileWatch::digestOf(file));
    }
    if (!again.isEmpty()) // told after the edit that brought them back has been announced
        QMetaObject::invokeMethod(this, [this, again] { check(again); }, Qt::QueuedConnection);
}

void ImageWatch::reset()
{
    m_known.clear();
    m_watch.watch({});
}

void ImageWatch::check(const QStringList& touched)
{
    QStringList changed;
    for (const QString& file : touched) {
        const QByteArray now = FileWatch::digestOf(file);
        if (now != m_known.value(file)) {
            m_known.insert(file, now);
            changed.append(file);
        }
    }
    if (!changed.isEmpty())
        emit this->changed(changed);
}

} // namespace bonework::editor
