#pragma once
// Drawing the onion skin on the canvas: the clip's poses a few frames before the playhead
// (warm) and after it (cool) as thin bones under the rig, fainter the further away they are,
// so an animator sees where the motion comes from and goes to (AnimationPlayer::ghosts).

#include "animation_player.h"
#include "canvas_surface.h"
#include "canvas_view.h"

#include "bonework/forward_kinematics.h"

#include <vector>

namespace bonework::editor {

class OnionSkinPainter {
public:
    void paint(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
               const std::vector<AnimationPlayer::Ghost>& ghosts) const;

private:
    mutable std::vector<WorldTransform> m_world; // reused: no allocation per frame once warm
};

} // namespace bonework::editor
