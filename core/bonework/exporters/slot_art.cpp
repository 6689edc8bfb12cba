#include "bonework/exporters/slot_art.h"

#include "bonework/exporters/image_trim.h"

#include <QDir>
#include <QHash>
#include <QSet>

#include <algorithm>

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

std::vector<std::string> keyedImages(const Rig& rig, std::size_t slot)
{
    std::vector<std::string> out;
    const Slot& s = rig.slotList()[slot];
    for (const animation::Clip& clip : rig.animations())
        for (const animation::SlotTracks& t : clip.slotTracks) {
            if (t.slot != s.name)
                continue;
            for (const animation::ImageKey& k : t.image)
                if (k.image != s.image && std::find(out.begin(), out.end(), k.image) == out.end())
                    out.push_back(k.image);
        }
    return out;
}

int SlotArt::imageOf(const QString& path) const
{
    const auto found = std::find(paths.begin(), paths.end(), path);
    return found == paths.end() ? -1 : int(found - paths.begin());
}

SlotArt buildSlotArt(const Rig& rig, const QString& rigFolder, const ImageCodec& codec, const atlas::PackOptions& options)
{
    SlotArt art;
    const QDir folder(rigFolder.isEmpty() ? QDir::currentPath() : rigFolder);
    QHash<QString, int> byPath;
    QSet<QString> names;
    // The image of a path, read the first time it is met; -1 (and art.error) if it cannot be.
    const auto imageOf = [&](const std::string& imagePath, const Slot& slot) {
        const QString path = QString::fromStdString(imagePath);
        if (const auto found = byPath.constFind(path); found != byPath.cend())
            return *found;
        RasterImage image;
        std::string why;
        if (!codec.read(folder.filePath(path).toStdString(), image, why)) {
            art.error = QStringLiteral("cannot read the image \"%1\" of slot \"%2\"%3: %4")
                            .arg(path, QString::fromStdString(slot.name),
                                 imagePath == slot.image ? QString() : QStringLiteral(" (an image key of a clip)"),
                                 QString::fromStdString(why));
            return -1;
        }
        // Two paths may give one name ("a.png", "a.jpg"): the later gets a number.
        const QString wanted = regionNameOf(path);
        QString name = wanted;
        for (int n = 2; names.contains(name); ++n)
            name = wanted + QStringLiteral("_%1").arg(n);
        names.insert(name);
        const int index = int(art.images.size());
        byPath.insert(path, index);
        art.paths.push_back(path);
        art.images.push_back({name, std::move(image)});
        return index;
    };
    // Setup images first (in draw order), so a rig without image keys names its regions as
    // before; then the keyed ones.
    const auto& rigSlots = rig.slotList();
    for (const Slot& slot : rigSlots) {
        const int index = imageOf(slot.image, slot);
        if (index < 0)
            return art;
        art.imageOfSlot.push_back(index);
        art.imagesOfSlot.push_back({index});
    }
    for (std::size_t s = 0; s < rigSlots.size(); ++s)
        for (const std::string& path : keyedImages(rig, s)) {
            const int index = imageOf(path, rigSlots[s]);
            if (index < 0)
                return art;
            art.imagesOfSlot[s].push_back(index);
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

int largestTrimmedSide(const Rig& rig, const QString& rigFolder, const ImageCodec& codec, QString* image)
{
    const QDir folder(rigFolder.isEmpty() ? QDir::currentPath() : rigFolder);
    QSet<QString> seen;
    int largest = 0;
    const auto& rigSlots = rig.slotList();
    for (std::size_t s = 0; s < rigSlots.size(); ++s) {
        std::vector<std::string> shown{rigSlots[s].image};
        for (std::string& keyed : keyedImages(rig, s))
            shown.push_back(std::move(keyed));
        for (const std::string& imagePath : shown) {
            const QString path = QString::fromStdString(imagePath);
            if (seen.contains(path))
                continue;
            seen.insert(path);
            RasterImage pixels;
            std::string why;
            if (!codec.read(folder.filePath(path).toStdString(), pixels, why))
                return 0;
            const std::optional<atlas::Trim> trim = trimOf(pixels);
            if (!trim)
                return 0;
            if (const int side = std::max(trim->width, trim->height); side > largest) {
                largest = side;
                if (image)
                    *image = path;
            }
        }
    }
    return largest;
}

} // namespace bonework::exporters
