#pragma once
// An export as files: the skeleton JSON and, when the rig has slots, its texture atlas beside it
// (atlas_files.h), built from the images the slots name, read relative to the rig file's folder.
// A rig without slots writes the skeleton file alone, as it always did. The atlas is written
// first and the skeleton last, so a skeleton file never names an atlas that failed.
//   Spine:       OUT.json -> OUT.atlas, OUT.png, OUT_2.png, ...
//   DragonBones: OUT_ske.json (or OUT.json) -> OUT_tex.json, OUT_tex.png, OUT_tex_2.json, ...

#include "bonework/atlas/atlas_packer.h"
#include "bonework/exporters/clip_plan.h"
#include "bonework/exporters/export_report.h"
#include "bonework/exporters/exported_slots.h"
#include "bonework/exporters/image_codec.h"
#include "bonework/rig.h"

#include <string>

namespace bonework::exporters {

enum class Runtime { Spine, DragonBones };

struct ExportOptions {
    std::string rigFolder{};      // where the slots' image paths start; empty: the current directory
    atlas::PackOptions atlas{};   // page size, padding
    AnimationOptions animation{}; // frame rate and bake tolerance of the clips
};

// The skeleton in the runtime's format with `exported`, its slots with their art (empty: none given).
// `imagesFolder`: Spine's "images" (spine_exporter.h); DragonBones has none.
std::string exportSkeleton(Runtime runtime, const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported = {},
                           const AnimationOptions& animation = {}, const std::string& imagesFolder = "./images/");

// The base the atlas files are named from: the skeleton's path without ".json" (and, for
// DragonBones, without its "_ske" too, the runtime's own naming).
std::string atlasBase(Runtime runtime, const std::string& skeletonPath);

// Why the skeleton file cannot be named `path` ("" when it can): it is JSON, so not .png,
// .jpg, .jpeg or .atlas, where a picture or an atlas is expected.
std::string skeletonNameProblem(const std::string& path);

// Writes the skeleton to `path` and the rig's atlas next to it; report.files lists every file
// written, in order. Images are read and atlas pages encoded with `codec`. On failure returns
// false with the reason in `error` (an unreadable image, one larger than a page, a file that
// could not be written).
bool exportFiles(Runtime runtime, const Rig& rig, const std::string& path, const ExportOptions& options, const ImageCodec& codec,
                 ExportReport& report, std::string* error);

} // namespace bonework::exporters
