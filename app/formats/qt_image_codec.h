#pragma once
// The exporters' image codec (bonework/exporters/image_codec.h) on Qt's image plugins: slot art
// in any format Qt reads (PNG, JPEG, ...), atlas pages written as PNG by Qt.

#include "bonework/exporters/image_codec.h"

namespace bonework::formats {

class QtImageCodec final : public exporters::ImageCodec {
public:
    bool read(const std::string& path, exporters::RasterImage& image, std::string& why) const override;
    bool encodePng(const exporters::RasterImage& image, std::string& png, std::string& why) const override;
};

// The one the editor and the CLI use.
const QtImageCodec& qtImageCodec();

} // namespace bonework::formats
