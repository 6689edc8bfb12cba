#pragma once
// The exporters' image codec (bonework/exporters/image_codec.h) on Qt's image plugins: slot art
// in any format Qt reads (PNG, JPEG, ...), atlas pages written as PNG by Qt.

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

// Between QImage and the exporters' pixels (any QImage format in; Format_ARGB32 out), for the
// codec and for code that paints or compares images with Qt (the tests).
exporters::RasterImage rasterImageOf(const QImage& image);
QImage qImageOf(const exporters::RasterImage& image);

} // namespace bonework::formats
