#pragma once
// From images to an atlas: each image trimmed (image_trim.h), the trimmed sizes packed into
// pages (atlas_packer.h), and the pages composed (atlas_pages.h). What both formats' atlas files
// are written from (atlas_files.h).

#include "bonework/atlas/atlas_layout.h"
#include "bonework/exporters/raster_image.h"

#include <string>

#include <vector>

namespace bonework::exporters {

struct AtlasImage {
    std::string name; // the region's name in the atlas: what attachments refer to
    RasterImage image;
};

struct BuiltAtlas {
    atlas::AtlasLayout layout; // regions in the order of the images
    std::vector<RasterImage> pages;
    std::string error; // empty on success: an unreadable image, one larger than a page, a repeated name

    bool ok() const { return error.empty(); }
};

BuiltAtlas buildAtlas(const std::vector<AtlasImage>& images, const atlas::PackOptions& options = {});

} // namespace bonework::exporters
