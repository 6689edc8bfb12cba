#pragma once
// The Spine 4.x texture atlas text (https://esotericsoftware.com/spine-atlas-format): a writer,
// and a strict reader used to check what the writer wrote. Plain C++, no Qt.
//
// A page is its image's file name followed by indented `key: value, value` lines; each region
// after it is its name followed by the same kind of lines; a blank line ends a page. Bonework
// writes, per page, size, format RGBA8888, filter Linear, Linear, repeat none and pma false
// (the PNGs have straight alpha), and per region `bounds: x, y, width, height` (y down from the
// page's top) and, only for a trimmed image, `offsets: left, bottom, originalWidth,
// originalHeight` (pixels cut off the left and the bottom edge, and the size before). Regions
// are never rotated, so `rotate` is left out (its default is no rotation), as is `index`.

#include "bonework/atlas/atlas_layout.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonework::atlas {

struct SpineAtlasPage {
    std::string name; // the page image's file name, relative to the .atlas file
    int width = 0;
    int height = 0;
    std::string format = "RGBA8888";
    std::string minFilter = "Nearest"; // the format's defaults, for a reader
    std::string magFilter = "Nearest";
    std::string repeat = "none";
    bool pma = false;
    bool operator==(const SpineAtlasPage&) const = default;
};

struct SpineAtlasRegion {
    std::string name;
    int page = -1; // index into SpineAtlas::pages
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    int offsetX = 0; // pixels cut off the left edge
    int offsetY = 0; // pixels cut off the bottom edge (Spine counts offsets from the bottom)
    int originalWidth = 0;
    int originalHeight = 0;
    int degrees = 0;
    int index = -1;
    bool operator==(const SpineAtlasRegion&) const = default;
};

struct SpineAtlas {
    std::vector<SpineAtlasPage> pages;
    std::vector<SpineAtlasRegion> regions; // page by page, in the order they are written
    bool operator==(const SpineAtlas&) const = default;
};

// The Spine description of a layout, its pages named by `pageNames` (one per page).
SpineAtlas spineAtlasOf(const AtlasLayout& layout, const std::vector<std::string>& pageNames);

struct SpineAtlasText {
    std::string text;
    std::string error; // empty on success: a name the format cannot hold, a page without a name
};
// Regions are written under their page, in the order given.
SpineAtlasText writeSpineAtlas(const SpineAtlas& atlas);

struct SpineAtlasReadResult {
    SpineAtlas atlas;
    std::string error; // "line N: ..." on failure
    bool ok() const { return error.empty(); }
};
// Reads page properties size, format, filter, repeat and pma, and region properties bounds,
// offsets, rotate and index (and the older xy, size, orig, offset); any other key is an error,
// since Bonework never writes one.
SpineAtlasReadResult readSpineAtlas(std::string_view text);

} // namespace bonework::atlas
