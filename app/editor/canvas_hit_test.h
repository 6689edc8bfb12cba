#pragma once
// What lies under a point of the canvas: a joint (joints win over bones; a bone picks the joint
// it ends at) or a chain's target handle. Distances are in view pixels, so picking feels the
// same at every zoom.

#include "canvas_view.h"

#include "bonework/forward_kinematics.h"

#include <span>

namespace bonework::editor {

class Document;

inline constexpr double kPickRadius = 9.0;     // view pixels around a joint or target
inline constexpr double kBonePickDistance = 6.0; // view pixels either side of a bone

// The joint at `point` (view coordinates), or -1.
int jointAt(const Rig& rig, std::span<const WorldTransform> world, const drawing::CanvasView& view, QPointF point);
// The chain whose target handle is at `point`, or -1.
int chainTargetAt(const Document& document, const drawing::CanvasView& view, QPointF point);

} // namespace bonework::editor
