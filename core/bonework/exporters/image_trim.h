#pragma once
// Trimming an image for the atlas: the tight bounds of its pixels that are not fully transparent
// (alpha 0), with what was cut off each edge (an opaque image is kept whole). A fully
// transparent image keeps a single (transparent) pixel, its top-left one, so it still has a
// region and its original size: a runtime then places and sizes the attachment as before.

#include "bonework/atlas/atlas_layout.h"

#include "bonework/exporters/raster_image.h"

#include <optional>

namespace bonework::exporters {

// nullopt for a null (unread or empty) image.
std::optional<atlas::Trim> trimOf(const RasterImage& image);

} // namespace bonework::exporters
