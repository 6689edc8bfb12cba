#include "slot_images.h"

#include <QDir>
#include <QImageReader>

#include <algorithm>

namespace bonework::drawing {

void SlotImages::setBaseFolder(const QString& folder)
{
    if (folder == m_baseFolder)
        return;
    m_baseFolder = folder;
    m_entries.clear();
}

QString SlotImages::filePath(const std::string& path) const
{
    const QString relative = QString::fromStdString(path);
    if (m_baseFolder.isEmpty())
        return relative;
    return QDir::cleanPath(m_baseFolder + QLatin1Char('/') + relative);
}

bool SlotImages::sync(const Rig& rig)
{
    bool added = false;
    for (const Slot& slot : rig.slotList()) {
        const QString key = QString::fromStdString(slot.image);
        auto it = m_entries.find(key);
        if (it != m_entries.end())
            continue; // read (or found missing) already: reload() reads again
        Entry entry;
        QImageReader reader(filePath(slot.image));
        reader.setAutoTransform(true);
        QImage image = reader.read();
        if (image.isNull()) {
            entry.missing = true;
            entry.size = m_knownSizes.value(key, QSize(kPlaceholderSize, kPlaceholderSize));
        } else {
            // Premultiplied: the format QPainter and textures draw fastest from.
            entry.image = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
            entry.size = entry.image.size();
            m_knownSizes.insert(key, entry.size);
            added = true;
        }
        m_entries.insert(key, std::move(entry));
    }
    return added;
}

void SlotImages::reload()
{
    m_entries.clear();
}

const QImage* SlotImages::image(const std::string& path) const
{
    const auto it = m_entries.constFind(QString::fromStdString(path));
    if (it == m_entries.constEnd() || it->missing)
        return nullptr;
    return &it->image;
}

QSize SlotImages::size(const std::string& path) const
{
    const QString key = QString::fromStdString(path);
    const auto it = m_entries.constFind(key);
    if (it != m_entries.constEnd())
        return it->size;
    return m_knownSizes.value(key, QSize(kPlaceholderSize, kPlaceholderSize));
}

bool SlotImages::isMissing(const std::string& path) const
{
    const auto it = m_entries.constFind(QString::fromStdString(path));
    return it != m_entries.constEnd() && it->missing;
}

QStringList SlotImages::missing() const
{
    QStringList paths;
    for (auto it = m_entries.constBegin(); it != m_entries.constEnd(); ++it)
        if (it->missing)
            paths.append(it.key());
    std::sort(paths.begin(), paths.end());
    return paths;
}

void SlotImages::setKnownSize(const std::string& path, QSize size)
{
    if (size.isValid() && !size.isEmpty())
        m_knownSizes.insert(QString::fromStdString(path), size);
}

} // namespace bonework::drawing
