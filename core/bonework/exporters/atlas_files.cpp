#include "bonework/exporters/atlas_files.h"

#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/exporters/dragonbones_atlas.h"

#include <QFileInfo>
#include <QSaveFile>

namespace bonework::exporters {
namespace {

// The page files' suffix: none for the first page, "_2", "_3", ... after it.
QString pageSuffix(std::size_t page)
{
    return page == 0 ? QString() : QStringLiteral("_%1").arg(page + 1);
}

bool save(const QString& path, const QByteArray& bytes, AtlasFiles& out)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        out.error = QStringLiteral("could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    out.files << path;
    return true;
}

bool savePng(const QString& path, const RasterImage& page, const ImageCodec& codec, AtlasFiles& out)
{
    std::string png, why;
    if (!codec.encodePng(page, png, why)) {
        out.error = QStringLiteral("could not write %1: %2").arg(path, QString::fromStdString(why));
        return false;
    }
    return save(path, QByteArray::fromStdString(png), out);
}

} // namespace

AtlasFiles writeSpineAtlasFiles(const BuiltAtlas& atlas, const QString& outBase, const ImageCodec& codec)
{
    AtlasFiles out;
    if (!atlas.ok()) {
        out.error = atlas.error;
        return out;
    }
    if (atlas.pages.empty())
        return out;
    const QString baseName = QFileInfo(outBase).fileName();
    std::vector<std::string> pageNames;
    for (std::size_t p = 0; p < atlas.pages.size(); ++p)
        pageNames.push_back((baseName + pageSuffix(p) + QStringLiteral(".png")).toStdString());
    // The text first, in memory: a name it cannot hold stops the export before any file is written.
    const atlas::SpineAtlasText text = atlas::writeSpineAtlas(atlas::spineAtlasOf(atlas.layout, pageNames));
    if (!text.error.empty()) {
        out.error = QString::fromStdString(text.error);
        return out;
    }
    for (std::size_t p = 0; p < atlas.pages.size(); ++p) {
        if (!savePng(outBase + pageSuffix(p) + QStringLiteral(".png"), atlas.pages[p], codec, out))
            return out;
    }
    save(outBase + QStringLiteral(".atlas"), QByteArray::fromStdString(text.text), out);
    return out;
}

AtlasFiles writeDragonBonesAtlasFiles(const BuiltAtlas& atlas, const QString& outBase, const QString& name,
                                      const ImageCodec& codec)
{
    AtlasFiles out;
    if (!atlas.ok()) {
        out.error = atlas.error;
        return out;
    }
    const QString baseName = QFileInfo(outBase).fileName();
    for (std::size_t p = 0; p < atlas.pages.size(); ++p) {
        const QString stem = QStringLiteral("_tex") + pageSuffix(p);
        if (!savePng(outBase + stem + QStringLiteral(".png"), atlas.pages[p], codec, out))
            return out;
        const QByteArray json = dragonBonesAtlasJson(atlas.layout, static_cast<int>(p), name,
                                                     baseName + stem + QStringLiteral(".png"));
        if (!save(outBase + stem + QStringLiteral(".json"), json, out))
            return out;
    }
    return out;
}

} // namespace bonework::exporters
