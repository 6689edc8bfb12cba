#pragma once
// A rig's art for an export: each slot's image read from disk (relative to the rig file's
// folder), and every image a clip's image keys show it (animation::ImageKey), every distinct
// image named as an atlas region, and the atlas packed from them. Slots (and keys) that share
// an image file share its region.

#include "bonework/exporters/atlas_build.h"
#include "bonework/exporters/image_codec.h"
#include "bonework/rig.h"

#include <map>
#include <string>

#include <vector>

namespace bonework::exporters {

struct SlotArt {
    std::vector<AtlasImage> images; // one per distinct image path, named as its region
    std::vector<std::string> paths;     // per image: its path as the rig names it
    std::vector<int> imageOfSlot;   // per slot of the rig, in draw order: index into images
    // Per slot: every image it shows, its setup image first, then the images the clips' image
    // keys give it (clips in order, keys in time order), each once: indices into images.
    std::vector<std::vector<int>> imagesOfSlot;
    BuiltAtlas atlas;
    std::string error; // empty on success: an image that cannot be read or packed, named

    bool ok() const { return error.empty(); }
    const std::string& regionOf(std::size_t slot) const { return images[std::size_t(imageOfSlot[slot])].name; }
    // The original (untrimmed) size, which both formats size an attachment by.
    ImageSize sizeOf(std::size_t slot) const { return images[std::size_t(imageOfSlot[slot])].image.size(); }
    // The image of a path, or -1.
    int imageOf(const std::string& path) const;
};

// The region name of an image path: the path without its extension ("art/arm.png" ->
// "art/arm", as Spine names regions by image), with characters an atlas line cannot hold
// (a colon, spaces at either end) replaced by '_'. Not yet unique: buildSlotArt makes it so.
std::string regionNameOf(const std::string& imagePath);

// A unique region name for each of `paths` (normal image paths, repeats allowed): its
// regionNameOf, where only one path gives that name; where several do ("a.png", "a.jpg"), the
// PNG keeps it (else the first in path order) and the others get "_2", "_3", ..., skipping any
// name another path gives as its own. Independent of the order of `paths`.
std::map<std::string, std::string> uniqueRegionNames(const std::vector<std::string>& paths);

// Reads every slot's image and every image a clip keys a slot to from `rigFolder` (empty: the
// current directory) with `codec` and packs the atlas. A rig without slots gives an empty art.
SlotArt buildSlotArt(const Rig& rig, const std::string& rigFolder, const ImageCodec& codec, const atlas::PackOptions& options = {});

// The image paths a slot shows in the rig's clips besides its setup image (each once, clips in
// order, keys in time order).
std::vector<std::string> keyedImages(const Rig& rig, std::size_t slot);

// The longest side of any slot image (setup or keyed) once trimmed (the smallest page that
// holds every image), with that image's path in `image`; 0 when there are no slots or an image
// cannot be read.
int largestTrimmedSide(const Rig& rig, const std::string& rigFolder, const ImageCodec& codec, std::string* image = nullptr);

} // namespace bonework::exporters
