#include "bonework/exporters/atlas_pages.h"

#include <cstring>

namespace bonework::exporters {

std::vector<RasterImage> composeAtlasPages(const atlas::AtlasLayout& layout, const std::vector<const RasterImage*>& images)
{
    std::vector<RasterImage> pages;
    pages.reserve(layout.pages.size());
    for (const atlas::PageSize& size : layout.pages)
        pages.emplace_back(size.width, size.height);
    for (std::size_t i = 0; i < layout.regions.size() && i < images.size(); ++i) {
        const atlas::AtlasRegion& r = layout.regions[i];
        const atlas::Trim& t = r.trim;
        const RasterImage& source = *images[i];
        RasterImage& page = pages[std::size_t(r.page)];
        // Row by row: the packer keeps every region inside its page and the trim inside its image.
        for (int row = 0; row < t.height; ++row) {
            const std::uint32_t* from = source.row(t.top + row) + t.left;
            std::uint32_t* to = page.row(r.y + row) + r.x;
            std::memcpy(to, from, std::size_t(t.width) * sizeof(std::uint32_t));
        }
    }
    return pages;
}

} // namespace bonework::exporters
