#pragma once
// The exporters' image codec (bonework/exporters/image_codec.h) on Qt's image plugins: slot art
// in any format Qt reads (PNG, JPEG, ...), upright as its EXIF orientation says (as the editor
// draws it), atlas pages written as PNG by Qt.

#include "bonework/exporters/image_codec.h"

#include <QImage>
#include <QImageReader>

namespace bonework::formats {

class QtImageCodec final : public exporters::ImageCodec {
public:
    bool read(const std::string& path, exporters::RasterImage& image, std::string& why) const override;
    bool encodePng(const exporters::RasterImage& image, std::string& png, std::string& why) const override;
};

// The one the editor and the CLI use.
const QtImageCodec& qtImageCodec();

// Reads the image file `reader` is on as every part of Bonework reads art: upright as its EXIF
// orientation says, and as large as the largest atlas page (16384 x 16384; Qt's own limit of
// 128 MB decoded refused valid art from about 5793 x 5793 up as "Unable to read image data").
// A null image when it does not decode, with `why`: Qt's reason, the size that is too large
// (more pixels than that page), or a JPEG cut short (which Qt reads, grey where data is missing).
QImage readImage(QImageReader& reader, QString& why);

// Why the image file at `path` does not decode as the codec reads it (Qt's reason); empty when
// it does: io::checkSlotImages's decode check, so validate, export and render refuse the same
// files, naming the rig, the JSON path and the reason.
std::string imageDecodeProblem(const std::string& path);

// Between QImage and the exporters' pixels (any QImage format in; Format_ARGB32 out), for the
// codec and for code that paints or compares images with Qt (the tests).
exporters::RasterImage rasterImageOf(const QImage& image);
QImage qImageOf(const exporters::RasterImage& image);

} // namespace bonework::formats
