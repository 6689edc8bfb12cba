#pragma once
// An atlas as both formats describe it: for each image, its trimmed rectangle on a page and what
// trimming took off its edges. Built by packing the trimmed sizes (atlas_packer.h). Plain C++.

#include "bonework/atlas/atlas_packer.h"

#include <string>
#include <vector>

namespace bonework::atlas {

// What is left of an image once its fully transparent borders are cut off, in the original
// image's pixels, y down.
struct Trim {
    int left = 0; // columns cut off on the left
    int top = 0;  // rows cut off at the top
    int width = 0;
    int height = 0;
    int originalWidth = 0;
    int originalHeight = 0;

    int right() const { return originalWidth - left - width; }   // columns cut off on the right
    int bottom() const { return originalHeight - top - height; } // rows cut off at the bottom
    bool trimmed() const { return width != originalWidth || height != originalHeight; }
    bool operator==(const Trim&) const = default;
};

struct TrimmedImage {
    std::string name;
    Trim trim;
};

struct AtlasRegion {
    std::string name;
    int page = -1;
    int x = 0; // the trimmed pixels' top-left corner on the page, y down
    int y = 0;
    Trim trim; // trim.width x trim.height pixels sit on the page
};

struct AtlasLayout {
    std::vector<PageSize> pages;
    std::vector<AtlasRegion> regions; // in the order the images were given
    std::string error;                // empty on success

    bool ok() const { return error.empty(); }
};

// Packs the trimmed sizes; an error (an image larger than a page, two images of one name, an
// inconsistent trim) leaves the layout empty.
AtlasLayout layoutAtlas(const std::vector<TrimmedImage>& images, const PackOptions& options = {});

} // namespace bonework::atlas
