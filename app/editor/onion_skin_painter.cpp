#include "onion_skin_painter.h"

#include <cstdlib>

namespace bonework::editor {
namespace {

const QColor kBefore(0xE8, 0x7A, 0x4F); // where the motion comes from
const QColor kAfter(0x4F, 0xB0, 0xE8);  // where it goes

// How far a ghost is from the playhead: from 1/kGhostsEachSide (the nearest) to 1 (the farthest).
double awayShare(const AnimationPlayer::Ghost& ghost)
{
    return static_cast<double>(std::abs(ghost.frames)) / (AnimationPlayer::kGhostsEachSide * AnimationPlayer::kGhostSpacing);
}

} // namespace

void OnionSkinPainter::paintArt(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
                                const std::vector<AnimationPlayer::Ghost>& ghosts, const drawing::RigPainter& painter,
                                const drawing::SlotImages& images) const
{
    for (const AnimationPlayer::Ghost& ghost : ghosts) // the farthest first: the nearest lie over them
        if (!ghost.pose.slotList().empty())
            // The nearest at 0.3 of the art's opacity, the farthest at 0.15: a trace, not a copy.
            painter.paintSlots(surface, view, ghost.pose, ghost.world, images, -1, 0.3 - 0.15 * awayShare(ghost));
}

void OnionSkinPainter::paint(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
                             const std::vector<AnimationPlayer::Ghost>& ghosts) const
{
    for (const AnimationPlayer::Ghost& ghost : ghosts) {
        const Rig& rig = ghost.pose;
        QColor colour = ghost.frames < 0 ? kBefore : kAfter;
        // The nearest ghost at 0.8, the farthest at 0.45: they read over the art too.
        colour.setAlphaF(0.8 - 0.35 * awayShare(ghost));
        const drawing::Stroke bone{colour, 3.0, {}, false};
        for (std::size_t i = 0; i < rig.jointCount(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (rig.isRoot(j))
                continue;
            const Vec2 from = ghost.world[static_cast<std::size_t>(rig.parent(j))].position;
            const Vec2 to = ghost.world[i].position;
            surface.line(view.fromRig({from.x, from.y}), view.fromRig({to.x, to.y}), bone);
        }
    }
}

} // namespace bonework::editor
