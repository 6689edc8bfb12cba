// RigPainter's slots: the art under the bones (rig_painter.h).
#include "rig_painter.h"
#include "slot_transform.h"

#include "bonework/slot_placement.h"

#include <array>

namespace bonework::drawing {
namespace {

const QColor kMissingFill(0xc0, 0x39, 0x2b, 0x40);
const QColor kMissingLine(0xe7, 0x4c, 0x3c);

// The image's corners in view coordinates, clockwise from its top-left.
std::array<QPointF, 4> viewCorners(const QTransform& toView, QSizeF size)
{
    return {toView.map(QPointF(0, 0)), toView.map(QPointF(size.width(), 0)),
            toView.map(QPointF(size.width(), size.height())), toView.map(QPointF(0, size.height()))};
}

} // namespace

void RigPainter::paintSlots(CanvasSurface& surface, const CanvasView& view, const Rig& rig, std::span<const WorldTransform> world,
                            const SlotImages& images, int selectedSlot, double fade) const
{
    const QTransform rigToView(view.zoom, 0, 0, view.zoom, view.offset.x(), view.offset.y());
    const std::vector<Slot>& slotList = rig.slotList();
    for (std::size_t i = 0; i < slotList.size(); ++i) {
        const Slot& slot = slotList[i];
        const bool isSelected = static_cast<int>(i) == selectedSlot;
        if (!slot.visible && !isSelected)
            continue;
        const SlotPlacement placement = slotPlacement(rig, world, slot);
        const QSizeF size = images.size(slot.image);
        const QTransform toView = slotImageToRig(placement, size) * rigToView;
        if (slot.visible) {
            if (const QImage* image = images.image(slot.image)) {
                surface.image(toView, *image, slot.opacity * fade);
            } else if (fade >= 1.0) {
                // A missing image keeps its place: a crossed, tinted box of its last known size.
                const auto corners = viewCorners(toView, size);
                surface.polygon(corners, Stroke{kMissingLine, 1.5, {4.0, 3.0}}, kMissingFill);
                surface.line(corners[0], corners[2], Stroke{kMissingLine, 1.0});
                surface.line(corners[1], corners[3], Stroke{kMissingLine, 1.0});
            }
        }
        if (isSelected) {
            const auto corners = viewCorners(toView, size);
            surface.polygon(corners, Stroke{kSelection, 1.5, slot.visible ? QList<qreal>{} : QList<qreal>{3.0, 3.0}},
                            Qt::transparent);
        }
    }
}

} // namespace bonework::drawing
