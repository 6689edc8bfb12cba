#pragma once
// Seeded random inputs for the atlas tests: sets of image sizes drawn from several kinds of art
// (icons, mixed parts, thin strips, a few big pieces among small ones, equal tiles) and page
// options. Every generator takes the caller's engine, so a failing case replays from its seed.
// BONEWORK_PROPERTY_SCALE scales the case counts (propertyRounds).

#include "bonework/atlas/atlas_layout.h"

#include <QString>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace bonework::testing {

struct RandomAtlasCase {
    std::vector<atlas::PackItem> items;
    atlas::PackOptions options;
    int kind = 0;
};

// n scaled by BONEWORK_PROPERTY_SCALE (default 1; below 1 for slow sanitizer builds), at least 1.
inline int propertyRounds(int n)
{
    const double scale = qEnvironmentVariableIsSet("BONEWORK_PROPERTY_SCALE")
                             ? qEnvironmentVariable("BONEWORK_PROPERTY_SCALE").toDouble()
                             : 1.0;
    return std::max(1, static_cast<int>(n * (scale > 0.0 ? scale : 1.0)));
}

inline int uniformInt(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

inline atlas::PackOptions randomPackOptions(std::mt19937& rng)
{
    atlas::PackOptions o;
    switch (uniformInt(rng, 0, 5)) {
    case 0: o.maxPageWidth = o.maxPageHeight = 256; break;
    case 1: o.maxPageWidth = o.maxPageHeight = 1024; break;
    case 2: o.maxPageWidth = 300, o.maxPageHeight = 700; break; // neither square nor a power of two
    default: break;                                            // the default 2048 x 2048
    }
    o.padding = uniformInt(rng, 0, 4);
    const auto isPow2 = [](int v) { return (v & (v - 1)) == 0; };
    o.powerOfTwo = isPow2(o.maxPageWidth) && isPow2(o.maxPageHeight) && uniformInt(rng, 0, 3) == 0;
    return o;
}

// Sizes of one kind of art, each within the page.
inline RandomAtlasCase randomAtlasCase(std::mt19937& rng, int maxCount = 80)
{
    RandomAtlasCase c;
    c.options = randomPackOptions(rng);
    c.kind = uniformInt(rng, 0, 4);
    const int count = uniformInt(rng, 1, maxCount);
    const int maxW = c.options.maxPageWidth, maxH = c.options.maxPageHeight;
    const int tile = uniformInt(rng, 1, std::min(maxW, maxH) / 3);
    for (int i = 0; i < count; ++i) {
        int w = 1, h = 1;
        switch (c.kind) {
        case 0: w = uniformInt(rng, 1, 64), h = uniformInt(rng, 1, 64); break;
        case 1: w = uniformInt(rng, 1, 512), h = uniformInt(rng, 1, 512); break;
        case 2: // strips, lying or standing
            w = uniformInt(rng, 1, 1024), h = uniformInt(rng, 1, 16);
            if (uniformInt(rng, 0, 1))
                std::swap(w, h);
            break;
        case 3: // now and then a big piece among small ones
            if (uniformInt(rng, 0, 9) == 0)
                w = uniformInt(rng, 256, 2048), h = uniformInt(rng, 256, 2048);
            else
                w = uniformInt(rng, 1, 128), h = uniformInt(rng, 1, 128);
            break;
        default: w = h = tile; break;
        }
        c.items.push_back({"img_" + std::to_string(i), std::min(w, maxW), std::min(h, maxH)});
    }
    return c;
}

} // namespace bonework::testing

namespace bonework::testing {

// Random images as trimming would describe them: an original size and the rectangle of it that
// is left (now and then all of it, now and then a single pixel).
inline std::vector<atlas::TrimmedImage> randomTrimmedImages(std::mt19937& rng, int count, int maxSide)
{
    std::vector<atlas::TrimmedImage> images;
    for (int i = 0; i < count; ++i) {
        atlas::Trim t;
        t.originalWidth = uniformInt(rng, 1, maxSide);
        t.originalHeight = uniformInt(rng, 1, maxSide);
        const int how = uniformInt(rng, 0, 5);
        if (how == 0) { // untrimmed
            t.width = t.originalWidth, t.height = t.originalHeight;
        } else if (how == 1) { // fully transparent: one pixel
            t.width = t.height = 1;
        } else {
            t.width = uniformInt(rng, 1, t.originalWidth);
            t.height = uniformInt(rng, 1, t.originalHeight);
            t.left = uniformInt(rng, 0, t.originalWidth - t.width);
            t.top = uniformInt(rng, 0, t.originalHeight - t.height);
        }
        images.push_back({"part_" + std::to_string(i), t});
    }
    return images;
}

} // namespace bonework::testing
