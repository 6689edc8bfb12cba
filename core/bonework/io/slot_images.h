#pragma once
// Whether the images a rig's slots name are there, and the images its clips key for them: each
// file, relative to the rig file's folder, exists, can be read and is a PNG or a JPEG (by its
// first bytes). A missing image does not make a rig invalid (the editor draws a placeholder),
// but `bonework-cli validate` reports it and `export` refuses. Plain file I/O, no Qt; the images
// are decoded only through a check the caller passes.

#include "bonework/rig.h"

#include <functional>
#include <string>
#include <vector>

namespace bonework::io {

struct ImageProblem {
    int slot = -1;        // index into rig.slotList()
    std::string jsonPath; // "slots[2].image", or "animations[0].slots.hand.image[1].value" for a keyed image
    std::string message;  // e.g. "cannot use the image \"art/arm.png\": it does not exist"
    int animation = -1;   // index into rig.animations() for a keyed image; -1 for the slot's own
};

// The image a slot names, as a path to open: `image` joined to the folder of `rigPath` (the rig
// file as given, relative or absolute).
std::string imageFilePath(const std::string& rigPath, const std::string& image);

// The image's path as the disk spells it where `image` (relative to `folder`, empty: the
// current directory) differs from an existing file only in ASCII letter case ("art/Case.png"
// for "art/case.png"): a rig made on Windows or macOS, which tell no case apart, names its
// art so and finds it there. Empty when no such file exists, or `image` names it exactly.
std::string differentlyCasedImage(const std::string& folder, const std::string& image);

// "it does not exist", with the file `image` names but for its letter case, where there is one.
std::string missingImageProblem(const std::string& folder, const std::string& image);

// Why the image file at `path` does not decode; empty when it does. Core decodes no images: a
// front end with an image library (the CLI's Qt) passes one to checkSlotImages.
using ImageDecodeCheck = std::function<std::string(const std::string& path)>;

// One problem per slot whose image is missing, unreadable or neither PNG nor JPEG, in slot
// order, then one per image key naming such an image (clip by clip, in file order: track by
// track, key by key); empty when every image is fine. Each file is looked at once. With
// `decodes`, a file that starts as a PNG or JPEG but does not decode is a problem too.
std::vector<ImageProblem> checkSlotImages(const Rig& rig, const std::string& rigPath, const ImageDecodeCheck& decodes = {});

} // namespace bonework::io
