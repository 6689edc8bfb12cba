#pragma once
// One clip as a DragonBones 5.5 animation (docs/export-formats.md), from its plan (clip_plan.h):
//   - bone timelines: `translateFrame` (a root's x, y) and `rotateFrame` (the joint's angle), as
//     offsets from the bone's setup transform, y down and clockwise like Bonework; `duration` in
//     frames. Linear keys tween with tweenEasing 0, stepped ones have no tweenEasing (the
//     runtime holds them), Bezier ones carry `curve` [x1, y1, x2, y2] (the runtime samples it
//     once a frame). A channel whose first key is after 0 starts with a held setup frame.
//     Turns of 179 degrees or more between keys get `clockwise`, since the runtime otherwise
//     takes the shortest way (baked angles come unwrapped, clip_plan.h: a frame apart they turn
//     less than that, the short way).
//   - slot timelines: `displayFrame` (the slot's `visible` and `image` keys merged,
//     exported_slots.h's shownKeys: the shown image's index in the slot's display list, its
//     setup image 0, or -1 while hidden) and `colorFrame` (opacity as the alpha multiplier aM,
//     whole percents; a Bezier key longer than kMostDragonBonesCurveFrames split in two, the
//     runtime counting its curve samples in 16 bits); slot keys off the frame grid are moved to
//     the nearest frame (reported;
//     image keys each by time and frame), the later key winning where two land on one frame.
//   - `ik` timelines: weight 0 over the whole clip for every exported IK chain the plan baked;
//     weight 1 for a kept chain whose setup mix is below 1 (the clip switches it on).
// `playTimes` is 0 (forever) for a looping clip and 1 for one played once. Each timeline's last
// frame has no tween, so that the runtime holds it to the clip's end, looping or not.
// An animation whose keyframes the runtime cannot address is cut (cutPlan) at the last frame
// up to which they fit, reported: the runtime finds each keyframe in its frame array (an
// Int16Array shared by the file) by its offset from the animation's first entry, kept in the
// timeline array, a Uint16Array (ObjectDataParser._parseTimeline), so every keyframe must
// start within kMostDragonBonesFrameOffset entries of it. (The offsets of the timelines' values,
// in the float and int frame arrays, are kept alike but never larger: a keyframe takes as many
// entries in the frame array as values there, or more.)

// The last entry of the runtime's frame array a keyframe of an animation may start at.
inline constexpr int kMostDragonBonesFrameOffset = 65535;

#include "bonework/exporters/clip_plan.h"
#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/exported_slots.h"

#include <nlohmann/json.hpp>

namespace bonework::exporters {

// An opacity as DragonBones' alpha multiplier aM: whole percents, 0 to 100.
int dragonBonesAlphaPercent(double opacity);
// Reports an opacity above 0 that whole percents make 0 (the image would not show at all);
// `where` says whose ("slot \"a\"", "animation \"walk\": slot \"a\" at 0.5 s").
void reportHiddenOpacity(double opacity, const std::string& subject, const std::string& where, ExportReport& report);

nlohmann::json dragonBonesAnimation(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton,
                                    const std::vector<ExportedSlot>& exported, const AnimationOptions& options,
                                    ExportReport& report);

} // namespace bonework::exporters
