#pragma once
// The atlas's page images: each image's trimmed pixels copied to where the packer put them, on
// pages that are otherwise fully transparent (0, 0, 0, 0). Pages hold straight (not
// premultiplied) alpha, which is what the PNGs hold and why the Spine atlas says `pma: false`: premultiplying would lose colour in faint pixels, and runtimes that want
// premultiplied textures premultiply when they load straight ones.

#include "bonework/atlas/atlas_layout.h"
#include "bonework/exporters/raster_image.h"

#include <vector>

namespace bonework::exporters {

// `images[i]` is the image of `layout.regions[i]`.
std::vector<RasterImage> composeAtlasPages(const atlas::AtlasLayout& layout, const std::vector<const RasterImage*>& images);

} // namespace bonework::exporters
