#include "bonework/exporters/export_files.h"

#include "bonework/exporters/atlas_files.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/earlier_export.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/io/atomic_file.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace bonework::exporters {
namespace {

// The files atlas_files.h writes for page `page` (from 0) into `paths`.
void addPagePaths(Runtime runtime, const std::string& base, std::size_t page, std::vector<std::string>& paths)
{
    const std::string suffix = page == 0 ? std::string() : "_" + std::to_string(page + 1);
    if (runtime == Runtime::Spine) {
        paths.push_back(base + suffix + ".png");
    } else {
        paths.push_back(base + "_tex" + suffix + ".png");
        paths.push_back(base + "_tex" + suffix + ".json");
    }
}

// The atlas files atlas_files.h writes for `pages` pages, to check them before writing.
std::vector<std::string> atlasPaths(Runtime runtime, const std::string& base, std::size_t pages)
{
    std::vector<std::string> paths;
    for (std::size_t p = 0; p < pages; ++p)
        addPagePaths(runtime, base, p, paths);
    if (runtime == Runtime::Spine)
        paths.push_back(base + ".atlas");
    return paths;
}

// A path made absolute (from the current directory) with "." and ".." and the symbolic links of
// its existing part resolved: what two names of one file are compared by (an output named
// through a linked folder still names the image it would replace).
std::string absoluteOf(const std::filesystem::path& path)
{
    std::error_code error;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
    if (!error)
        return canonical.string();
    const std::filesystem::path absolute = std::filesystem::absolute(path, error);
    return (error ? path : absolute).lexically_normal().string();
}

// Every image file the export reads (each slot's and those its clips key it to), as absoluteOf
// names them: no file the export writes may replace one.
std::vector<std::string> imageFiles(const Rig& rig, const ExportOptions& options)
{
    const std::filesystem::path folder = options.rigFolder.empty() ? std::filesystem::path() : std::filesystem::path(options.rigFolder);
    std::vector<std::string> images;
    for (std::size_t s = 0; s < rig.slotList().size(); ++s) {
        images.push_back(absoluteOf(folder / rig.slotList()[s].image));
        for (const std::string& keyed : keyedImages(rig, s))
            images.push_back(absoluteOf(folder / keyed));
    }
    return images;
}

// The first of `files` that would replace one of `kept`; empty when none does.
std::string clobberedFile(const std::vector<std::string>& files, const std::vector<std::string>& kept)
{
    for (const std::string& file : files)
        if (std::find(kept.begin(), kept.end(), absoluteOf(file)) != kept.end())
            return file;
    return {};
}

// Atlas files by this export's names that it did not write: an earlier export's pages past
// this one's last (it had more pages, or this one has no art), in page order until a page is
// missing. They are named, not deleted: a file by that name may be the user's own.
std::vector<std::string> leftOverAtlasFiles(Runtime runtime, const std::string& base, std::size_t pages,
                                            const std::vector<std::string>& kept)
{
    std::vector<std::string> left;
    std::error_code error;
    if (pages == 0 && runtime == Runtime::Spine) {
        // Without an atlas file beside it, NAME.png is no export's page (a reference picture).
        if (!std::filesystem::is_regular_file(base + ".atlas", error))
            return left;
        left.push_back(base + ".atlas");
    }
    for (std::size_t p = pages;; ++p) {
        std::vector<std::string> paths;
        addPagePaths(runtime, base, p, paths);
        bool any = false;
        for (const std::string& path : paths) {
            if (!std::filesystem::is_regular_file(path, error) || !clobberedFile({path}, kept).empty())
                continue;
            left.push_back(path);
            any = true;
        }
        if (!any)
            return left;
    }
}

bool endsWithNoCase(const std::string& text, std::string_view suffix);

// Whether a skeleton file named `path` would be taken for an image or an atlas: the skeleton
// is JSON, and a name ending so would put JSON where a picture is expected.
bool namedLikeArt(const std::string& path)
{
    for (std::string_view suffix : {".png", ".jpg", ".jpeg", ".atlas"})
        if (endsWithNoCase(path, suffix))
            return true;
    return false;
}

// Where the rig's images are seen from the skeleton file's folder, ending in '/': the Spine
// editor finds an attachment's image there when it imports the skeleton (its attachments are
// named by their image paths, relative to the rig's folder, without the extension).
std::string imagesFolderFor(const std::string& skeleton, const std::string& rigFolder)
{
    std::error_code error;
    const std::filesystem::path from = std::filesystem::absolute(std::filesystem::path(skeleton), error).parent_path();
    const std::filesystem::path to = std::filesystem::absolute(rigFolder.empty() ? std::filesystem::path(".") : std::filesystem::path(rigFolder), error);
    std::filesystem::path relative = error ? std::filesystem::path() : std::filesystem::relative(to, from, error);
    if (error || relative.empty())
        return "./";
    std::string text = relative.generic_string();
    if (text == ".")
        return "./";
    if (text.rfind("..", 0) != 0)
        text = "./" + text;
    return text + "/";
}

// Whether `text` ends with `suffix`, ignoring ASCII case.
bool endsWithNoCase(const std::string& text, std::string_view suffix)
{
    if (text.size() < suffix.size())
        return false;
    return std::equal(suffix.begin(), suffix.end(), text.end() - std::ptrdiff_t(suffix.size()), [](char a, char b) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
        return lower(a) == lower(b);
    });
}

} // namespace

std::string exportSkeleton(Runtime runtime, const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported,
                           const AnimationOptions& animation, const std::string& imagesFolder)
{
    return runtime == Runtime::Spine ? exportSpine(rig, report, exported, animation, imagesFolder)
                                      : exportDragonBones(rig, report, exported, animation);
}

std::string atlasBase(Runtime runtime, const std::string& skeletonPath)
{
    std::string base = skeletonPath;
    if (endsWithNoCase(base, ".json"))
        base.resize(base.size() - 5);
    if (runtime == Runtime::DragonBones && base.size() >= 4 && base.compare(base.size() - 4, 4, "_ske") == 0)
        base.resize(base.size() - 4);
    return base;
}

std::string skeletonNameProblem(const std::string& path)
{
    return namedLikeArt(path) ? "the skeleton file " + path + " is JSON: name it .json" : std::string();
}

bool exportFiles(Runtime runtime, const Rig& rig, const std::string& path, const ExportOptions& options, const ImageCodec& codec,
                 ExportReport& report, std::string* error)
{
    auto fail = [&](const std::string& why) {
        if (error)
            *error = why;
        return false;
    };
    const SlotArt art = buildSlotArt(rig, options.rigFolder, codec, options.atlas);
    if (!art.ok())
        return fail(art.error);
    const std::string skeleton = exportSkeleton(runtime, rig, report, exportedSlots(rig, art), options.animation,
                                                art.images.empty() ? std::string(kSpineImagesFolder) : imagesFolderFor(path, options.rigFolder));
    report.files.clear();
    // A mistyped output must not turn the rig's art into JSON, nor an atlas page overwrite it or
    // the skeleton file.
    std::vector<std::string> kept = imageFiles(rig, options);
    if (!clobberedFile({path}, kept).empty())
        return fail("the skeleton file would replace " + path + ", an image the export reads: choose another output name");
    if (const std::string problem = skeletonNameProblem(path); !problem.empty())
        return fail(problem);
    io::FileBatch batch;
    if (!art.images.empty()) {
        const std::string base = atlasBase(runtime, path);
        kept.push_back(absoluteOf(path));
        const std::vector<std::string> written = atlasPaths(runtime, base, art.atlas.pages.size());
        if (const std::string clash = clobberedFile(written, kept); !clash.empty())
            return fail("the atlas would replace " + clash + ", which the export needs: choose another output name");
        std::string why;
        if (const std::string foreign = foreignAtlasFile(written, runtime == Runtime::Spine ? base + ".atlas" : std::string(), &why);
            !foreign.empty())
            return fail("the atlas would replace " + foreign + ", " + why + ": choose another output name, or move that file");
        const AtlasFiles staged = runtime == Runtime::Spine
                                      ? stageSpineAtlasFiles(art.atlas, base, codec, batch)
                                      : stageDragonBonesAtlasFiles(art.atlas, base, dragonBonesDataName(rig), codec, batch);
        if (!staged.ok())
            return fail(staged.error);
    }
    std::string why;
    if (!batch.add(path, skeleton, why))
        return fail("could not write " + path + ": " + why);
    // Every file is on disk beside its target: only now do they replace the last export's,
    // together, so that a failure above left that export whole.
    if (!batch.commit(why))
        return fail("could not write " + batch.failedPath() + ": " + why);
    report.files = batch.paths();
    report.leftOver = leftOverAtlasFiles(runtime, atlasBase(runtime, path), art.images.empty() ? 0 : art.atlas.pages.size(), kept);
    return true;
}

} // namespace bonework::exporters
