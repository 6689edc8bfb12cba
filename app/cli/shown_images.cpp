#include "shown_images.h"

#include "file_format.h"

#include "bonework/exporters/slot_art.h"

#include <QDir>
#include <QFileInfo>

#include <string>
#include <vector>

namespace bonework::cli {

std::optional<ShownImage> shownImageAt(const Rig& rig, const QString& rigFile, const QString& path)
{
    const QDir folder = QFileInfo(rigFile).absoluteDir();
    for (std::size_t s = 0; s < rig.slotList().size(); ++s) {
        std::vector<std::string> shown{rig.slotList()[s].image};
        for (std::string& keyed : exporters::keyedImages(rig, s))
            shown.push_back(std::move(keyed));
        for (const std::string& image : shown)
            if (formats::isSameFile(path, folder.absoluteFilePath(QString::fromStdString(image))))
                return ShownImage{QString::fromStdString(image), QString::fromStdString(rig.slotList()[s].name)};
    }
    return std::nullopt;
}

} // namespace bonework::cli
