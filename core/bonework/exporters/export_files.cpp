#include "bonework/exporters/export_files.h"

#include "bonework/exporters/atlas_files.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/exporters/spine_exporter.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace bonework::exporters {
namespace {

// The atlas files atlas_files.h writes for `pages` pages, to check them before writing.
QStringList atlasPaths(Runtime runtime, const QString& base, std::size_t pages)
{
    QStringList paths;
    for (std::size_t p = 0; p < pages; ++p) {
        const QString suffix = p == 0 ? QString() : QStringLiteral("_%1").arg(p + 1);
        if (runtime == Runtime::Spine)
            paths << base + suffix + QStringLiteral(".png");
        else
            paths << base + QStringLiteral("_tex") + suffix + QStringLiteral(".png")
                  << base + QStringLiteral("_tex") + suffix + QStringLiteral(".json");
    }
    if (runtime == Runtime::Spine)
        paths << base + QStringLiteral(".atlas");
    return paths;
}

// An atlas page must never replace one of the images it is made from (or the skeleton file).
QString clobberedFile(const Rig& rig, const ExportOptions& options, const QStringList& atlasFiles, const QString& skeleton)
{
    const QDir folder(options.rigFolder.isEmpty() ? QDir::currentPath() : options.rigFolder);
    QStringList kept{QFileInfo(skeleton).absoluteFilePath()};
    for (std::size_t s = 0; s < rig.slotList().size(); ++s) {
        kept << QFileInfo(folder.filePath(QString::fromStdString(rig.slotList()[s].image))).absoluteFilePath();
        for (const std::string& keyed : keyedImages(rig, s)) // the images clips key it to
            kept << QFileInfo(folder.filePath(QString::fromStdString(keyed))).absoluteFilePath();
    }
    for (const QString& file : atlasFiles)
        if (kept.contains(QFileInfo(file).absoluteFilePath()))
            return file;
    return {};
}

} // namespace

QByteArray exportSkeleton(Runtime runtime, const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported,
                          const AnimationOptions& animation)
{
    return runtime == Runtime::Spine ? exportSpine(rig, report, exported, animation)
                                      : exportDragonBones(rig, report, exported, animation);
}

QString atlasBase(Runtime runtime, const QString& skeletonPath)
{
    QString base = skeletonPath;
    if (base.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        base.chop(5);
    if (runtime == Runtime::DragonBones && base.endsWith(QLatin1String("_ske")))
        base.chop(4);
    return base;
}

bool exportFiles(Runtime runtime, const Rig& rig, const QString& path, const ExportOptions& options, const ImageCodec& codec,
                 ExportReport& report, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const SlotArt art = buildSlotArt(rig, options.rigFolder, codec, options.atlas);
    if (!art.ok())
        return fail(art.error);
    const QByteArray skeleton = exportSkeleton(runtime, rig, report, exportedSlots(rig, art), options.animation);
    report.files.clear();
    if (!art.images.empty()) {
        const QString base = atlasBase(runtime, path);
        if (const QString clash = clobberedFile(rig, options, atlasPaths(runtime, base, art.atlas.pages.size()), path);
            !clash.isEmpty())
            return fail(QStringLiteral("the atlas would replace %1, which the export needs: choose another output name")
                            .arg(clash));
        const AtlasFiles written = runtime == Runtime::Spine
                                       ? writeSpineAtlasFiles(art.atlas, base, codec)
                                       : writeDragonBonesAtlasFiles(art.atlas, base, dragonBonesDataName(rig), codec);
        report.files = written.files;
        if (!written.ok())
            return fail(written.error);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(skeleton) != skeleton.size() || !file.commit())
        return fail(QStringLiteral("could not write %1: %2").arg(path, file.errorString()));
    report.files << path;
    return true;
}

} // namespace bonework::exporters
