#include "qt_image_codec.h"

#include <QBuffer>
#include <QImage>
#include <QImageReader>

#include <cstring>

namespace bonework::formats {
namespace {

constexpr int kDotsPerMeter = 3780; // 96 dpi

} // namespace

bool QtImageCodec::read(const std::string& path, exporters::RasterImage& image, std::string& why) const
{
    QImageReader reader(QString::fromStdString(path));
    QImage read = reader.read();
    if (read.isNull()) {
        why = reader.errorString().toStdString();
        return false;
    }
    // Format_ARGB32 is RasterImage's layout (straight alpha, 0xAARRGGBB): rows copy as they are.
    read.convertTo(QImage::Format_ARGB32);
    image = exporters::RasterImage(read.width(), read.height());
    for (int y = 0; y < read.height(); ++y)
        std::memcpy(image.row(y), read.constScanLine(y), std::size_t(read.width()) * sizeof(std::uint32_t));
    return true;
}

bool QtImageCodec::encodePng(const exporters::RasterImage& image, std::string& png, std::string& why) const
{
    if (image.isNull()) {
        why = "the image is empty";
        return false;
    }
    // A view of the pixels, not a copy: QImage only reads them here.
    QImage view(reinterpret_cast<const uchar*>(image.pixels.data()), image.width, image.height,
                qsizetype(image.width) * qsizetype(sizeof(std::uint32_t)), QImage::Format_ARGB32);
    // The PNG's resolution chunk at 96 dpi, whatever the screen: left to Qt it is the screen's
    // (96 dpi in the editor on most screens, 100 in the CLI, which has none), so the same export
    // made in the editor and by the CLI differed in that chunk.
    view.setDotsPerMeterX(kDotsPerMeter);
    view.setDotsPerMeterY(kDotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!view.save(&buffer, "PNG")) {
        why = "the PNG encoder failed";
        return false;
    }
    png.assign(bytes.constData(), std::size_t(bytes.size()));
    return true;
}

const QtImageCodec& qtImageCodec()
{
    static const QtImageCodec codec;
    return codec;
}

} // namespace bonework::formats
