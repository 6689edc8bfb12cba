#pragma once
// Reading slot images and writing atlas pages: the one thing the exporters cannot do in plain
// C++ without an image library. The application passes its codec in (the editor and the CLI
// use Qt's, app/formats/qt_image_codec.h); a game's asset pipeline can pass its own.

#include "bonework/exporters/raster_image.h"

#include <string>

namespace bonework::exporters {

class ImageCodec {
public:
    virtual ~ImageCodec() = default;

    // The image file at `path` (UTF-8, absolute or relative to the current directory), decoded
    // to RasterImage's layout. False, with the reason in `why` (e.g. "Unsupported image format"),
    // when it cannot be read or is empty.
    virtual bool read(const std::string& path, RasterImage& image, std::string& why) const = 0;
    // The image as the bytes of a PNG file, alpha kept. False, with the reason in `why`.
    virtual bool encodePng(const RasterImage& image, std::string& png, std::string& why) const = 0;
};

} // namespace bonework::exporters
