#include "bonework/atlas/atlas_layout.h"

namespace bonework::atlas {

AtlasLayout layoutAtlas(const std::vector<TrimmedImage>& images, const PackOptions& options)
{
    AtlasLayout layout;
    std::vector<PackItem> items;
    items.reserve(images.size());
    for (const TrimmedImage& image : images) {
        const Trim& t = image.trim;
        if (t.left < 0 || t.top < 0 || t.width <= 0 || t.height <= 0 || t.right() < 0 || t.bottom() < 0) {
            layout.error = "image '" + image.name + "' has an invalid trim";
            return layout;
        }
        items.push_back({image.name, t.width, t.height});
    }
    PackResult packed = packRectangles(items, options);
    if (!packed.ok()) {
        layout.error = std::move(packed.error);
        return layout;
    }
    layout.pages = std::move(packed.pages);
    layout.regions.reserve(images.size());
    for (std::size_t i = 0; i < images.size(); ++i) {
        const Placement& p = packed.placements[i];
        layout.regions.push_back({images[i].name, p.page, p.x, p.y, images[i].trim});
    }
    return layout;
}

} // namespace bonework::atlas
