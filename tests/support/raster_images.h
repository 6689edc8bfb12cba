#pragma once
// Between the tests' QImages and the exporters' RasterImage (bonework/exporters/raster_image.h):
// tests paint and compare art with Qt; the exporters take plain pixels.

#include "bonework/exporters/raster_image.h"

#include <QImage>

#include <cstring>

namespace bonework::testing {

inline exporters::RasterImage rasterOf(const QImage& image)
{
    if (image.isNull())
        return {};
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    exporters::RasterImage out(argb.width(), argb.height());
    for (int y = 0; y < argb.height(); ++y)
        std::memcpy(out.row(y), argb.constScanLine(y), std::size_t(argb.width()) * sizeof(std::uint32_t));
    return out;
}

inline QImage qImageOf(const exporters::RasterImage& image)
{
    if (image.isNull())
        return {};
    QImage out(image.width, image.height, QImage::Format_ARGB32);
    for (int y = 0; y < image.height; ++y)
        std::memcpy(out.scanLine(y), image.row(y), std::size_t(image.width) * sizeof(std::uint32_t));
    return out;
}

} // namespace bonework::testing
