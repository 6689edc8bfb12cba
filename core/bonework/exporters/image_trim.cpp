#include "bonework/exporters/image_trim.h"

namespace bonework::exporters {

std::optional<atlas::Trim> trimOf(const QImage& image)
{
    if (image.isNull())
        return std::nullopt;
    atlas::Trim t;
    t.originalWidth = image.width();
    t.originalHeight = image.height();
    t.width = image.width();
    t.height = image.height();
    if (!image.hasAlphaChannel())
        return t;

    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    const int w = argb.width(), h = argb.height();
    const auto row = [&](int y) { return reinterpret_cast<const QRgb*>(argb.constScanLine(y)); };
    const auto rowIsClear = [&](int y) {
        const QRgb* line = row(y);
        for (int x = 0; x < w; ++x)
            if (qAlpha(line[x]) != 0)
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
        const QRgb* line = row(y);
        for (int x = 0; x < left; ++x)
            if (qAlpha(line[x]) != 0) {
                left = x;
                break;
            }
        for (int x = w - 1; x > right; --x)
            if (qAlpha(line[x]) != 0) {
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
