#include "bonework/exporters/atlas_pages.h"

#include <cstring>

namespace bonework::exporters {

std::vector<QImage> composeAtlasPages(const atlas::AtlasLayout& layout, const std::vector<QImage>& images)
{
    std::vector<QImage> pages;
    for (const atlas::PageSize& size : layout.pages) {
        pages.emplace_back(size.width, size.height, QImage::Format_ARGB32);
        pages.back().fill(0);
    }
    for (std::size_t i = 0; i < layout.regions.size() && i < images.size(); ++i) {
        const atlas::AtlasRegion& r = layout.regions[i];
        const atlas::Trim& t = r.trim;
        const QImage source = images[i].convertToFormat(QImage::Format_ARGB32);
        QImage& page = pages[std::size_t(r.page)];
        // Row by row: the packer keeps every region inside its page and the trim inside its image.
        for (int row = 0; row < t.height; ++row) {
            const uchar* from = source.constScanLine(t.top + row) + std::size_t(t.left) * 4;
            uchar* to = page.scanLine(r.y + row) + std::size_t(r.x) * 4;
            std::memcpy(to, from, std::size_t(t.width) * 4);
        }
    }
    return pages;
}

} // namespace bonework::exporters
