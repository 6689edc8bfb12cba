#include "bonework/exporters/image_trim.h"

namespace bonework::exporters {

std::optional<atlas::Trim> trimOf(const RasterImage& image)
{
    if (image.isNull())
        return std::nullopt;
    atlas::Trim t;
    t.originalWidth = image.width;
    t.originalHeight = image.height;
    t.width = image.width;
    t.height = image.height;
    const int w = image.width, h = image.height;
    const auto rowIsClear = [&](int y) {
        const std::uint32_t* line = image.row(y);
        for (int x = 0; x < w; ++x)
            if (RasterImage::alpha(line[x]) != 0)
                return false;
        return true;
    };
    int top = 0;
    while (top < h && rowIsClear(top))
        ++top;
    if (top == h) { // nothing visible: one pixel stands for the image
        t.width = t.height = 1;
        return t;
    }
    int bottom = h - 1;
    while (rowIsClear(bottom))
        --bottom;
    int left = w, right = -1;
    for (int y = top; y <= bottom; ++y) {
        const std::uint32_t* line = image.row(y);
        for (int x = 0; x < left; ++x)
            if (RasterImage::alpha(line[x]) != 0) {
                left = x;
                break;
            }
        for (int x = w - 1; x > right; --x)
            if (RasterImage::alpha(line[x]) != 0) {
                right = x;
                break;
            }
    }
    t.left = left;
    t.top = top;
    t.width = right - left + 1;
    t.height = bottom - top + 1;
    return t;
}

} // namespace bonework::exporters
