#pragma once
// An image as the exporters handle it: plain pixels, no toolkit. Reading and writing image
// files (PNG, JPEG) is left to an ImageCodec (image_codec.h), which the application supplies.

#include <cstdint>
#include <vector>

namespace bonework::exporters {

struct ImageSize {
    int width = 0;
    int height = 0;
};

// Pixels row by row from the top left, each a 32-bit 0xAARRGGBB value with straight
// (non-premultiplied) alpha: the layout of Qt's QImage::Format_ARGB32, so a codec built on Qt
// copies rows as they are.
struct RasterImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint32_t> pixels; // width * height

    RasterImage() = default;
    // A fully transparent image of that size.
    RasterImage(int w, int h) : width(w), height(h), pixels(std::size_t(w) * std::size_t(h), 0u) {}

    bool isNull() const { return width <= 0 || height <= 0; }
    ImageSize size() const { return {width, height}; }
    const std::uint32_t* row(int y) const { return pixels.data() + std::size_t(y) * std::size_t(width); }
    std::uint32_t* row(int y) { return pixels.data() + std::size_t(y) * std::size_t(width); }
    static int alpha(std::uint32_t pixel) { return int(pixel >> 24); }
};

} // namespace bonework::exporters
