#include "art_copy_plan.h"

#include "image_paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

namespace bonework::editor {

QList<ArtCopy> planArtCopies(const QStringList& images, const std::function<QString(const QString&)>& sourceOf,
                             const QString& folder)
{
    const QSet<QString> named(images.begin(), images.end());
    QSet<QString> claimed; // paths this save writes or renames to
    QList<ArtCopy> copies;
    for (const QString& image : images) {
        const QString source = sourceOf(image);
        const QString there = QDir::cleanPath(folder + QLatin1Char('/') + image);
        // Beside the rig already, nothing to copy (the image stays missing), or the same picture
        // already where the path leads.
        if (source == there || !QFileInfo::exists(source) || (QFileInfo(there).isFile() && sameFileBytes(source, there)))
            continue;
        const auto inFolder = [&](const QString& path) { return QDir::cleanPath(folder + QLatin1Char('/') + path); };
        // Another image's path, another save's copy, or a file with other bytes: not this one's.
        const auto taken = [&](const QString& path) {
            if (claimed.contains(path) || (path != image && named.contains(path)))
                return true;
            const QFileInfo file(inFolder(path));
            return file.exists() && !(file.isFile() && sameFileBytes(source, file.filePath()));
        };
        const QString wanted = isInsideFolder(there, folder) ? image : QStringLiteral("art/") + QFileInfo(image).fileName();
        ArtCopy copy{image, uniqueImagePath(wanted, taken), source, {}};
        if (!QFileInfo::exists(inFolder(copy.stored)))
            copy.destination = inFolder(copy.stored);
        claimed.insert(copy.stored);
        copies.append(copy);
    }
    return copies;
}

QHash<QString, QString> renamesOf(const QList<ArtCopy>& copies)
{
    QHash<QString, QString> renames;
    for (const ArtCopy& copy : copies)
        if (copy.renamed())
            renames.insert(copy.image, copy.stored);
    return renames;
}

Rig withImagesRenamed(Rig rig, const QHash<QString, QString>& renames)
{
    if (renames.isEmpty())
        return rig;
    const auto renamed = [&](std::string& image) {
        const auto it = renames.constFind(QString::fromStdString(image));
        if (it == renames.constEnd())
            return false;
        image = it->toStdString();
        return true;
    };
    for (int i = 0; i < static_cast<int>(rig.slotList().size()); ++i) {
        Slot slot = rig.slotList()[static_cast<std::size_t>(i)];
        if (renamed(slot.image))
            rig.setSlot(i, slot); // a new path in the folder is as legal as the old one
    }
    std::vector<animation::Clip> clips = rig.animations();
    for (animation::Clip& clip : clips)
        for (animation::SlotTracks& tracks : clip.slotTracks)
            for (animation::ImageKey& key : tracks.image)
                renamed(key.image);
    rig.restoreAnimations(std::move(clips));
    return rig;
}

} // namespace bonework::editor
