#include "slot_images.h"

#include "bonework/io/slot_images.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>

#include "qt_image_codec.h"

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
    if (const auto source = m_sources.constFind(relative); source != m_sources.constEnd())
        return *source;
    if (m_baseFolder.isEmpty())
        return relative;
    return QDir::cleanPath(m_baseFolder + QLatin1Char('/') + relative);
}

namespace {

// Calls `visit` with every image path the rig names (repeats included), allocating nothing: the
// canvas syncs on every frame a clip plays.
template <typename Visit>
void forEachImage(const Rig& rig, Visit visit)
{
    for (const Slot& slot : rig.slotList())
        visit(slot.image);
    for (const animation::Clip& clip : rig.animations())
        for (const animation::SlotTracks& tracks : clip.slotTracks)
            for (const animation::ImageKey& key : tracks.image)
                visit(key.image);
}

} // namespace

std::vector<std::string> SlotImages::imagesOf(const Rig& rig)
{
    std::vector<std::string> paths;
    forEachImage(rig, [&](const std::string& path) {
        if (std::find(paths.begin(), paths.end(), path) == paths.end())
            paths.push_back(path);
    });
    return paths;
}

namespace {

// Why `image`, read from `file` as `format` (formats::readImage's `why`), is not shown; empty
// when it is.
QString problemReading(const QString& file, const QString& why, const QByteArray& format, const QImage& image)
{
    const QFileInfo info(file);
    if (!info.exists())
        return QStringLiteral("it does not exist");
    if (info.isDir())
        return QStringLiteral("it is a directory");
    if (image.isNull())
        return QStringLiteral("it does not decode (%1)").arg(why);
    const QByteArray name = format.toLower();
    if (name != "png" && name != "jpeg" && name != "jpg")
        return QStringLiteral("it is a %1 file, not a PNG or JPEG").arg(QString::fromLatin1(name.toUpper()));
    return {};
}

} // namespace

bool SlotImages::sync(const Rig& rig)
{
    bool added = false;
    forEachImage(rig, [&](const std::string& path) {
        if (m_entries.count(path))
            return; // read (or found missing) already: reload() reads again
        const QString key = QString::fromStdString(path);
        Entry entry;
        const QString file = filePath(path);
        QImageReader reader(file);
        const QByteArray format = reader.format(); // before read(), which forgets it
        QString why;
        QImage image = formats::readImage(reader, why);
        entry.problem = problemReading(file, why, format, image);
        if (entry.problem == QLatin1String("it does not exist") && !m_sources.contains(key))
            entry.problem = QString::fromStdString(io::missingImageProblem(QFile::encodeName(m_baseFolder).toStdString(), path));
        if (!entry.problem.isEmpty()) {
            entry.missing = true;
            entry.size = m_knownSizes.value(key, QSize(kPlaceholderSize, kPlaceholderSize));
        } else {
            // Premultiplied: the format QPainter and textures draw fastest from.
            entry.image = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
            entry.size = entry.image.size();
            m_knownSizes.insert(key, entry.size);
            added = true;
        }
        m_entries.emplace(path, std::move(entry));
    });
    return added;
}

void SlotImages::reload()
{
    m_entries.clear();
}

const QImage* SlotImages::image(const std::string& path) const
{
    const auto it = m_entries.find(path);
    if (it == m_entries.end() || it->second.missing)
        return nullptr;
    return &it->second.image;
}

QSize SlotImages::size(const std::string& path) const
{
    if (const auto it = m_entries.find(path); it != m_entries.end())
        return it->second.size;
    return m_knownSizes.value(QString::fromStdString(path), QSize(kPlaceholderSize, kPlaceholderSize));
}

QString SlotImages::fileProblem(const QString& file)
{
    QImageReader reader(file);
    const QByteArray format = reader.format();
    QString why;
    const QImage image = formats::readImage(reader, why);
    return problemReading(file, why, format, image);
}

QString SlotImages::problem(const std::string& path) const
{
    const auto it = m_entries.find(path);
    return it != m_entries.end() ? it->second.problem : QString();
}

bool SlotImages::isMissing(const std::string& path) const
{
    const auto it = m_entries.find(path);
    return it != m_entries.end() && it->second.missing;
}

QStringList SlotImages::missing() const
{
    QStringList paths;
    for (const auto& [path, entry] : m_entries)
        if (entry.missing)
            paths.append(QString::fromStdString(path));
    std::sort(paths.begin(), paths.end());
    return paths;
}

void SlotImages::setSource(const std::string& path, const QString& file)
{
    const QString key = QString::fromStdString(path);
    if (m_sources.value(key) == file)
        return;
    if (file.isEmpty())
        m_sources.remove(key);
    else
        m_sources.insert(key, file);
    m_entries.erase(path); // the next sync reads it from where it is now
}

void SlotImages::clearSources()
{
    for (auto it = m_sources.constBegin(); it != m_sources.constEnd(); ++it)
        m_entries.erase(it.key().toStdString());
    m_sources.clear();
}

void SlotImages::setKnownSize(const std::string& path, QSize size)
{
    if (size.isValid() && !size.isEmpty())
        m_knownSizes.insert(QString::fromStdString(path), size);
}

} // namespace bonework::drawing
