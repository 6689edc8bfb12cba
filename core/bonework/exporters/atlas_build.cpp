#include "bonework/exporters/atlas_build.h"

#include "bonework/exporters/atlas_pages.h"
#include "bonework/exporters/image_trim.h"

namespace bonework::exporters {

BuiltAtlas buildAtlas(const std::vector<AtlasImage>& images, const atlas::PackOptions& options)
{
    BuiltAtlas built;
    std::vector<atlas::TrimmedImage> trimmed;
    std::vector<const RasterImage*> sources;
    trimmed.reserve(images.size());
    sources.reserve(images.size());
    for (const AtlasImage& image : images) {
        const std::optional<atlas::Trim> trim = trimOf(image.image);
        if (!trim) {
            built.error = "image '" + image.name + "' is empty or could not be read";
            return built;
        }
        trimmed.push_back({image.name, *trim});
        sources.push_back(&image.image);
    }
    built.layout = atlas::layoutAtlas(trimmed, options);
    if (!built.layout.ok()) {
        built.error = built.layout.error;
        return built;
    }
    built.pages = composeAtlasPages(built.layout, sources);
    return built;
}

} // namespace bonework::exporters
