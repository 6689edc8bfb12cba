#include "onion_skin_painter.h"

#include <cmath>
#include <cstdlib>

namespace bonework::editor {
namespace {

const QColor kBefore(0xE8, 0x7A, 0x4F); // where the motion comes from
const QColor kAfter(0x4F, 0xB0, 0xE8);  // where it goes

} // namespace

void OnionSkinPainter::paintArt(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
                                const std::vector<AnimationPlayer::Ghost>& ghosts, const drawing::RigPainter& painter,
                                const drawing::SlotImages& images) const
{
    const int farthest = AnimationPlayer::kGhostsEachSide * AnimationPlayer::kGhostSpacing;
    // The farthest first, so the nearest lie over them.
    for (int away = farthest; away > 0; --away) {
        for (const AnimationPlayer::Ghost& ghost : ghosts) {
            if (std::abs(ghost.frames) != away || ghost.pose.slotList().empty())
                continue;
            m_world.resize(ghost.pose.jointCount());
            forwardKinematics(ghost.pose, m_world);
            // The nearest at 0.3 of the art's opacity, the farthest at 0.15: a trace, not a copy.
            painter.paintSlots(surface, view, ghost.pose, m_world, images, -1, 0.3 - 0.15 * away / farthest);
        }
    }
}

void OnionSkinPainter::paint(drawing::CanvasSurface& surface, const drawing::CanvasView& view,
                             const std::vector<AnimationPlayer::Ghost>& ghosts) const
{
    const int farthest = AnimationPlayer::kGhostsEachSide * AnimationPlayer::kGhostSpacing;
    for (const AnimationPlayer::Ghost& ghost : ghosts) {
        const Rig& rig = ghost.pose;
        m_world.resize(rig.jointCount());
        forwardKinematics(rig, m_world);
        QColor colour = ghost.frames < 0 ? kBefore : kAfter;
        // The nearest ghost at 0.8, the farthest at 0.45: they read over the art too.
        const double away = static_cast<double>(std::abs(ghost.frames)) / farthest;
        colour.setAlphaF(0.8 - 0.35 * away);
        const drawing::Stroke bone{colour, 3.0, {}, false};
        for (std::size_t i = 0; i < rig.jointCount(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (rig.isRoot(j))
                continue;
            const Vec2 from = m_world[static_cast<std::size_t>(rig.parent(j))].position;
            const Vec2 to = m_world[i].position;
            surface.line(view.fromRig({from.x, from.y}), view.fromRig({to.x, to.y}), bone);
        }
    }
}

} // namespace bonework::editor
