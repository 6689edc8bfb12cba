#pragma once
// The exporters' image codec (bonework/exporters/image_codec.h) on Qt's image plugins: slot art
// in any format Qt reads (PNG, JPEG, ...), upright as its EXIF orientation says (as the editor
// draws it), atlas pages written as PNG by Qt.

#include "bonework/exporters/image_codec.h"

#include <QImage>

namespace bonework::formats {

class QtImageCodec final : public exporters::ImageCodec {
public:
    bool read(const std::string& path, exporters::RasterImage& image, std::string& why) const override;
    bool encodePng(const exporters::RasterImage& image, std::string& png, std::string& why) const override;
};

// The one the editor and the CLI use.
const QtImageCodec& qtImageCodec();

// Why the image file at `path` does not decode as the codec reads it (Qt's reason); empty when
// it does: io::checkSlotImages's decode check, so validate, export and render refuse the same
// files, naming the rig, the JSON path and the reason.
std::string imageDecodeProblem(const std::string& path);

// Between QImage and the exporters' pixels (any QImage format in; Format_ARGB32 out), for the
// codec and for code that paints or compares images with Qt (the tests).
exporters::RasterImage rasterImageOf(const QImage& image);
QImage qImageOf(const exporters::RasterImage& image);

} // namespace bonework::formats
