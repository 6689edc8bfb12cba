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
            built.error = QStringLiteral("image '%1' is empty or could not be read").arg(image.name);
            return built;
        }
        trimmed.push_back({image.name.toStdString(), *trim});
        sources.push_back(&image.image);
    }
    built.layout = atlas::layoutAtlas(trimmed, options);
    if (!built.layout.ok()) {
        built.error = QString::fromStdString(built.layout.error);
        return built;
    }
    built.pages = composeAtlasPages(built.layout, sources);
    return built;
}

} // namespace bonework::exporters
