#pragma once
// The atlas's page images: each image's trimmed pixels copied to where the packer put them, on
// pages that are otherwise fully transparent (0, 0, 0, 0). Pages are QImage::Format_ARGB32, that
// is straight (not premultiplied) alpha, which is what the PNGs hold and why the Spine atlas says
// `pma: false`: premultiplying would lose colour in faint pixels, and runtimes that want
// premultiplied textures premultiply when they load straight ones.

#include "bonework/atlas/atlas_layout.h"

#include <QImage>

#include <vector>

namespace bonework::exporters {

// `images[i]` is the image of `layout.regions[i]`.
std::vector<QImage> composeAtlasPages(const atlas::AtlasLayout& layout, const std::vector<QImage>& images);

} // namespace bonework::exporters
