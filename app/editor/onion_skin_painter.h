#pragma once
// Drawing the onion skin on the canvas: the clip's poses a few frames before the playhead
// (warm) and after it (cool) as thin bones under the rig, and their art faint under the frame's
// own, fainter the further away they are, so an animator sees where the motion comes from and
// goes to (AnimationPlayer::ghosts).

#include "animation_player.h"
#include "canvas_surface.h"
#include "canvas_view.h"
#include "rig_painter.h"
#include "slot_images.h"

#include "bonework/forward_kinematics.h"

#include <vector>

namespace bonework::editor {

class OnionSkinPainter {
public:
    // The ghosts' art, faint, under the frame's own art (as Spine's onion skin shows images).
    void paintArt(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
                  const std::vector<AnimationPlayer::Ghost>& ghosts, const drawing::RigPainter& painter,
                  const drawing::SlotImages& images) const;
    // The ghosts' bones, warm before the playhead and cool after, over the art.
    void paint(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
               const std::vector<AnimationPlayer::Ghost>& ghosts) const;
};

} // namespace bonework::editor
