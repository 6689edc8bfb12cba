#pragma once
// One clip as a Spine 4.2 animation (docs/export-formats.md), from its plan (clip_plan.h):
//   - bones: `rotate` (value: the angle's offset from the setup rotation) and `translate` (x, y:
//     a root's or a kept chain's target bone's offset from its setup position), y up and
//     counter-clockwise, so angles and y flip sign. Keys at their own times in seconds; before
//     its first key a timeline leaves the setup pose, as in Bonework. Linear keys have no curve, stepped ones "curve": "stepped",
//     Bezier ones "curve": [cx1, cy1, cx2, cy2] in absolute time and value (per value: eight
//     numbers for translate), Bonework's normalized handles scaled to the key's span.
//   - slots: `attachment` (the slot's `visible` and `image` keys merged, exported_slots.h's
//     shownKeys: the shown image's attachment, or null while hidden) and `alpha` (opacity).
//   - ik: mix 0 for every exported IK chain the plan baked (the runtime's default mix is 1);
//     a chain the plan keeps stays on, its target bone keyed.
//   - drawOrder: one key without offsets (the setup draw order, which no export changes) at the
//     clip's end when no other key is there: Spine's reader takes an animation's length from
//     its latest key, the format having no duration (reported as a decision).

#include "bonework/exporters/clip_plan.h"
#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/exported_slots.h"

#include <nlohmann/json.hpp>

namespace bonework::exporters {

nlohmann::json spineAnimation(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton,
                              const std::vector<ExportedSlot>& exported, ExportReport& report);

} // namespace bonework::exporters
