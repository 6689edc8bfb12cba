#include "bonework/exporters/slot_art.h"

#include "bonework/exporters/image_trim.h"

#include <QDir>
#include <QHash>
#include <QImageReader>
#include <QSet>

namespace bonework::exporters {

QString regionNameOf(const QString& imagePath)
{
    QString name = imagePath;
    const qsizetype slash = name.lastIndexOf(u'/');
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot > slash + 1) // "art/.png" keeps its name: nothing would be left
        name.truncate(dot);
    name.replace(u':', u'_'); // the atlas text splits "key: value" lines at colons
    while (!name.isEmpty() && name.front().isSpace())
        name.front() = u'_';
    while (!name.isEmpty() && name.back().isSpace())
        name.back() = u'_';
    return name;
}

SlotArt buildSlotArt(const Rig& rig, const QString& rigFolder, const atlas::PackOptions& options)
{
    SlotArt art;
    const QDir folder(rigFolder.isEmpty() ? QDir::currentPath() : rigFolder);
    QHash<QString, int> byPath;
    QSet<QString> names;
    for (const Slot& slot : rig.slotList()) {
        const QString path = QString::fromStdString(slot.image);
        if (const auto found = byPath.constFind(path); found != byPath.cend()) {
            art.imageOfSlot.push_back(*found);
            continue;
        }
        QImageReader reader(folder.filePath(path));
        QImage image = reader.read();
        if (image.isNull()) {
            art.error = QStringLiteral("cannot read the image \"%1\" of slot \"%2\": %3")
                            .arg(path, QString::fromStdString(slot.name), reader.errorString());
            return art;
        }
        // Two paths may give one name ("a.png", "a.jpg"): the later gets a number.
        const QString wanted = regionNameOf(path);
        QString name = wanted;
        for (int n = 2; names.contains(name); ++n)
            name = wanted + QStringLiteral("_%1").arg(n);
        names.insert(name);
        byPath.insert(path, int(art.images.size()));
        art.imageOfSlot.push_back(int(art.images.size()));
        art.images.push_back({name, std::move(image)});
    }
    if (art.images.empty())
        return art;
    art.atlas = buildAtlas(art.images, options);
    if (!art.atlas.ok())
        art.error = art.atlas.error;
    return art;
}

} // namespace bonework::exporters

namespace bonework::exporters {

int largestTrimmedSide(const Rig& rig, const QString& rigFolder, QString* image)
{
    const QDir folder(rigFolder.isEmpty() ? QDir::currentPath() : rigFolder);
    QSet<QString> seen;
    int largest = 0;
    for (const Slot& slot : rig.slotList()) {
        const QString path = QString::fromStdString(slot.image);
        if (seen.contains(path))
            continue;
        seen.insert(path);
        const std::optional<atlas::Trim> trim = trimOf(QImage(folder.filePath(path)));
        if (!trim)
            return 0;
        if (const int side = std::max(trim->width, trim->height); side > largest) {
            largest = side;
            if (image)
                *image = path;
        }
    }
    return largest;
}

} // namespace bonework::exporters
