#pragma once
// Trimming an image for the atlas: the tight bounds of its pixels that are not fully transparent
// (alpha 0), with what was cut off each edge. An image with no alpha channel is kept whole. A
// fully transparent image keeps a single (transparent) pixel, its top-left one, so it still has
// a region and its original size: a runtime then places and sizes the attachment as before.

#include "bonework/atlas/atlas_layout.h"

#include <QImage>

#include <optional>

namespace bonework::exporters {

// nullopt for a null (unread or empty) image.
std::optional<atlas::Trim> trimOf(const QImage& image);

} // namespace bonework::exporters
