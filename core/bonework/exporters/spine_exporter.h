#pragma once
// Spine 4.2 JSON export (the published Spine JSON format). Spine is y-up with counter-clockwise
// rotations, Bonework y-down with clockwise ones: every y and every rotation changes sign, which
// mirrors nothing on screen. Chains of one or two bones become `ik` constraints aiming at a target
// bone; everything Spine's IK cannot carry is listed in the report.
//
// Slots (exported_slots.h) become `slots` in draw order and region attachments of the `default`
// skin, hung from the bone named like the slot's joint. A region attachment's x, y is the image's
// CENTRE in the bone's frame and its width, height the original (untrimmed) size: the atlas's
// offsets put the trimmed pixels back in place. Opacity is the slot colour's alpha; a hidden
// slot has no setup attachment, but its attachment stays in the skin. A slot whose clips key
// other images has one attachment per image, named by its region (the setup one is its setup
// attachment), switched by the animations' attachment timelines.
//
// The rig's clips become `animations` beside the empty `setup` (spine_animation.h), planned with
// `options` (clip_plan.h: what is baked, at which frame rate, within which tolerance).

#include "bonework/exporters/clip_plan.h"
#include "bonework/exporters/export_report.h"
#include "bonework/exporters/exported_slots.h"
#include "bonework/rig.h"

#include <string>

namespace bonework::exporters {

inline constexpr char kSpineVersion[] = "4.2.0";

// The skeleton's "images" by default: Spine's own, for a skeleton without art beside it.
inline constexpr char kSpineImagesFolder[] = "./images/";

// Without `exported`, the rig's slots with their art, they are reported as left out.
// `imagesFolder`: the skeleton's "images", where the Spine editor looks for the images its
// attachments name when the file is imported (ending in '/').
std::string exportSpine(const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported = {},
                        const AnimationOptions& options = {}, const std::string& imagesFolder = kSpineImagesFolder);

// The region attachment of a slot as Spine wants it (y up, counter-clockwise, centred).
struct SpineRegion {
    double x = 0, y = 0, rotation = 0, scaleX = 1, scaleY = 1;
    int width = 0, height = 0;
};
SpineRegion spineRegionOf(const ExportedSlot& slot); // its setup image
SpineRegion spineRegionOf(const ExportedSlot& slot, const ExportedImage& image);

} // namespace bonework::exporters
