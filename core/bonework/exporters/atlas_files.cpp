#include "bonework/exporters/atlas_files.h"

#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/exporters/dragonbones_atlas.h"
#include "bonework/io/atomic_file.h"

#include <filesystem>

namespace bonework::exporters {
namespace {

// The page files' suffix: none for the first page, "_2", "_3", ... after it.
std::string pageSuffix(std::size_t page)
{
    return page == 0 ? std::string() : "_" + std::to_string(page + 1);
}

bool save(const std::string& path, std::string_view bytes, AtlasFiles& out, io::FileBatch& batch)
{
    std::string why;
    if (!batch.add(path, bytes, why)) {
        out.error = "could not write " + path + ": " + why;
        return false;
    }
    out.files.push_back(path);
    return true;
}

bool savePng(const std::string& path, const RasterImage& page, const ImageCodec& codec, AtlasFiles& out, io::FileBatch& batch)
{
    std::string png, why;
    if (!codec.encodePng(page, png, why)) {
        out.error = "could not write " + path + ": " + why;
        return false;
    }
    return save(path, png, out, batch);
}

std::string fileNameOf(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

// Commits what a stage* function staged, unless it failed.
AtlasFiles committed(AtlasFiles out, io::FileBatch& batch)
{
    std::string why;
    if (out.ok() && !batch.commit(why))
        out.error = "could not write " + batch.failedPath() + ": " + why;
    return out;
}

} // namespace

AtlasFiles writeSpineAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const ImageCodec& codec)
{
    io::FileBatch batch;
    return committed(stageSpineAtlasFiles(atlas, outBase, codec, batch), batch);
}

AtlasFiles writeDragonBonesAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const std::string& name,
                                      const ImageCodec& codec)
{
    io::FileBatch batch;
    return committed(stageDragonBonesAtlasFiles(atlas, outBase, name, codec, batch), batch);
}

AtlasFiles stageSpineAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const ImageCodec& codec, io::FileBatch& batch)
{
    AtlasFiles out;
    if (!atlas.ok()) {
        out.error = atlas.error;
        return out;
    }
    if (atlas.pages.empty())
        return out;
    const std::string baseName = fileNameOf(outBase);
    std::vector<std::string> pageNames;
    for (std::size_t p = 0; p < atlas.pages.size(); ++p)
        pageNames.push_back(baseName + pageSuffix(p) + ".png");
    // The text first, in memory: a name it cannot hold stops the export before any file is written.
    const atlas::SpineAtlasText text = atlas::writeSpineAtlas(atlas::spineAtlasOf(atlas.layout, pageNames));
    if (!text.error.empty()) {
        out.error = text.error;
        return out;
    }
    for (std::size_t p = 0; p < atlas.pages.size(); ++p) {
        if (!savePng(outBase + pageSuffix(p) + ".png", atlas.pages[p], codec, out, batch))
            return out;
    }
    save(outBase + ".atlas", text.text, out, batch);
    return out;
}

AtlasFiles stageDragonBonesAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const std::string& name,
                                      const ImageCodec& codec, io::FileBatch& batch)
{
    AtlasFiles out;
    if (!atlas.ok()) {
        out.error = atlas.error;
        return out;
    }
    const std::string baseName = fileNameOf(outBase);
    for (std::size_t p = 0; p < atlas.pages.size(); ++p) {
        const std::string stem = "_tex" + pageSuffix(p);
        if (!savePng(outBase + stem + ".png", atlas.pages[p], codec, out, batch))
            return out;
        const std::string json = dragonBonesAtlasJson(atlas.layout, static_cast<int>(p), name, baseName + stem + ".png");
        if (!save(outBase + stem + ".json", json, out, batch))
            return out;
    }
    return out;
}

} // namespace bonework::exporters
