#pragma once
// The texture atlas packer: rectangles (images already trimmed) packed into as few pages as it
// manages, each at most maxPageWidth x maxPageHeight, with `padding` empty pixels between any two
// rectangles (none at the page's edges: runtimes clamp there). Plain C++, no Qt.
//
// Rectangles are never rotated: both formats can carry a rotated region, but every reader would
// then have to get the rotation right, and the space it saves is small.
//
// A page is tight: its size is the bounds of what is on it (no power of two unless asked, since
// NPOT textures are fine without mipmaps or repeat, which atlases do not use). Every page but
// the last is filled at the largest size; the last is packed again into narrower candidate pages
// and the one of least area is kept.
//
// Deterministic and independent of the input's order: the rectangles are sorted by a total order
// (longer side, area, height, width, id) before packing.

#include <string>
#include <vector>

namespace bonework::atlas {

struct PackItem {
    std::string id; // unique, names the image in errors and in the atlas
    int width = 0;
    int height = 0;
};

struct PackOptions {
    int maxPageWidth = 2048;
    int maxPageHeight = 2048;
    int padding = 2;
    bool powerOfTwo = false; // round page sizes up to powers of two (the maxima must be powers of two)
};

struct Placement {
    std::string id;
    int page = -1;
    int x = 0; // top-left corner on the page, y down (as in the page image)
    int y = 0;
    int width = 0;
    int height = 0;
};

struct PageSize {
    int width = 0;
    int height = 0;
};

struct PackResult {
    std::vector<PageSize> pages;
    std::vector<Placement> placements; // one per input item, in the input's order
    std::string error;                 // empty when packed; otherwise names the item at fault

    bool ok() const { return error.empty(); }
};

PackResult packRectangles(const std::vector<PackItem>& items, const PackOptions& options = {});

} // namespace bonework::atlas
