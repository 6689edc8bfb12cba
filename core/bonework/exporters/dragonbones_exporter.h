#pragma once
// DragonBones 5.5 JSON export: one armature whose bones carry local transforms (x, y, skX, skY)
// in DragonBones' own y-down, clockwise convention (the same as Bonework's), and `ik` entries for
// chains of one or two bones (`bone` is the tip bone, `chain` 0 or 1). Losses go to the report.
//
// Slots (exported_slots.h) become `slot` entries in draw order, hung from the bone named like
// the slot's joint, and one image display each in the skin: its `transform` is the slot's x, y,
// rotation (skX = skY) and scale, its `pivot` the slot's pivot as fractions of the original
// image (the runtime adds the atlas's frameX/frameY for trimmed images). Opacity is the slot
// colour's alpha multiplier `aM` (percent); a hidden slot shows no display (displayIndex -1).

#include "bonework/exporters/clip_plan.h"
#include "bonework/exporters/export_report.h"
#include "bonework/exporters/exported_slots.h"
#include "bonework/rig.h"

#include <string>

namespace bonework::exporters {

inline constexpr char kDragonBonesVersion[] = "5.5";

// Without `exported`, the rig's slots with their art, they are reported as left out.
// The rig's clips become animations (dragonbones_animation.h) at options.fps, which is then the
// frame rate (60 for a rig without clips, as before).
std::string exportDragonBones(const Rig& rig, ExportReport& report, const std::vector<ExportedSlot>& exported = {},
                              const AnimationOptions& options = {});

// The DragonBones data's (and its armature's) name, which the texture atlas JSON repeats.
std::string dragonBonesDataName(const Rig& rig);

} // namespace bonework::exporters
