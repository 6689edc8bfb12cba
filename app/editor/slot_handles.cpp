#include "slot_handles.h"

#include "document.h"
#include "rig_painter.h"
#include "slot_transform.h"

#include "bonework/angles.h"
#include "bonework/slot_placement.h"

#include <QLineF>

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

constexpr double kHandleRadius = 6.0;   // view pixels: the corners' and the pivot's pick radius
constexpr double kRotateOffset = 28.0;  // view pixels above the image's top edge
constexpr double kMinScale = 1e-3;

QSizeF imageSize(const Document& document, int index)
{
    return document.slotImages().size(document.rig().slotList()[static_cast<std::size_t>(index)].image);
}

// The image's corners, the rotation handle and the pivot, in view coordinates.
struct HandlePoints {
    std::array<QPointF, 4> corners; // clockwise from the top-left
    QPointF topMiddle, rotate, pivot;
};

HandlePoints handlePoints(const Document& document, std::span<const WorldTransform> world,
                          const drawing::CanvasView& view, int index)
{
    const QTransform toView = slotImageTransform(document, world, index)
                              * QTransform(view.zoom, 0, 0, view.zoom, view.offset.x(), view.offset.y());
    const QSizeF size = imageSize(document, index);
    const Slot& slot = document.rig().slotList()[static_cast<std::size_t>(index)];
    HandlePoints p;
    p.corners = {toView.map(QPointF(0, 0)), toView.map(QPointF(size.width(), 0)),
                 toView.map(QPointF(size.width(), size.height())), toView.map(QPointF(0, size.height()))};
    p.topMiddle = (p.corners[0] + p.corners[1]) / 2;
    // Away from the image's centre, along its own "up", a fixed distance on screen.
    const QPointF centre = (p.corners[0] + p.corners[2]) / 2;
    QPointF up = p.topMiddle - centre;
    const double length = std::hypot(up.x(), up.y());
    up = length > 1e-9 ? up / length : QPointF(0, -1);
    p.rotate = p.topMiddle + up * kRotateOffset;
    p.pivot = toView.map(QPointF(slot.pivotX * size.width(), slot.pivotY * size.height()));
    return p;
}

double distance(QPointF a, QPointF b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }

} // namespace

QTransform slotImageTransform(const Document& document, std::span<const WorldTransform> world, int index)
{
    const Rig& rig = document.rig();
    const Slot& slot = rig.slotList()[static_cast<std::size_t>(index)];
    return drawing::slotImageToRig(slotPlacement(rig, world, slot), imageSize(document, index));
}

int slotUnder(const Document& document, std::span<const WorldTransform> world, const drawing::CanvasView& view,
           QPointF point)
{
    const auto& list = document.rig().slotList();
    if (world.size() != document.rig().jointCount())
        return -1;
    const QPointF rigPoint = view.toRig(point);
    for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) { // the front first
        if (!list[static_cast<std::size_t>(i)].visible || document.isSlotLocked(i))
            continue;
        bool invertible = false;
        const QTransform back = slotImageTransform(document, world, i).inverted(&invertible);
        if (!invertible)
            continue;
        const QPointF p = back.map(rigPoint);
        const QSizeF size = imageSize(document, i);
        if (p.x() >= 0 && p.y() >= 0 && p.x() <= size.width() && p.y() <= size.height())
            return i;
    }
    return -1;
}

SlotHandle slotHandleAt(const Document& document, std::span<const WorldTransform> world,
                        const drawing::CanvasView& view, int index, QPointF point, bool pivotKey)
{
    if (index < 0 || index >= document.slotCount() || world.size() != document.rig().jointCount())
        return SlotHandle::None;
    const HandlePoints p = handlePoints(document, world, view, index);
    bool invertible = false;
    const QTransform back = slotImageTransform(document, world, index).inverted(&invertible);
    const QPointF inImage = back.map(view.toRig(point));
    const QSizeF size = imageSize(document, index);
    const bool onImage =
        invertible && inImage.x() >= 0 && inImage.y() >= 0 && inImage.x() <= size.width() && inImage.y() <= size.height();
    if (distance(point, p.pivot) <= kHandleRadius && (pivotKey || !onImage))
        return SlotHandle::Pivot;
    if (distance(point, p.rotate) <= kHandleRadius + 2)
        return SlotHandle::Rotate;
    for (const QPointF& c : p.corners)
        if (distance(point, c) <= kHandleRadius)
            return SlotHandle::Scale;
    return onImage ? SlotHandle::Move : SlotHandle::None;
}

Slot draggedSlot(const Slot& start, SlotHandle handle, QPointF pressRig, QPointF nowRig, const WorldTransform& frame,
                 QSizeF imageSize)
{
    SlotPlacement placement = placeSlot(start, frame);
    const QPointF pivot(placement.pivot.x, placement.pivot.y);
    switch (handle) {
    case SlotHandle::None: return start;
    // Move and Rotate change only what they move, from the slot's own values: a round trip
    // through the world placement (slotAt) would leave rounding in the others (x 50 saved as
    // 50.00000000000002 after a rotation), and a click that does not move changes nothing.
    case SlotHandle::Move: {
        const QPointF delta = nowRig - pressRig;
        if (delta.isNull())
            return start;
        const Vec2 inFrame = frame.rotation.inverse().apply({delta.x(), delta.y()});
        Slot moved = start;
        moved.x = start.x + inFrame.x;
        moved.y = start.y + inFrame.y;
        return moved;
    }
    case SlotHandle::Rotate: {
        const QPointF a = pressRig - pivot, b = nowRig - pivot;
        if (std::hypot(a.x(), a.y()) < 1e-9 || std::hypot(b.x(), b.y()) < 1e-9)
            return start;
        const double turn = std::atan2(b.y(), b.x()) - std::atan2(a.y(), a.x());
        if (turn == 0.0)
            return start;
        Slot turned = start;
        turned.rotation = wrapDegrees(start.rotation + turn * kDegreesPerRadian);
        return turned;
    }
    case SlotHandle::Scale: {
        // Along the image's own axes, about the pivot: the corner follows the pointer.
        const Rotation back = placement.rotation.inverse();
        const Vec2 a = back.apply({pressRig.x() - pivot.x(), pressRig.y() - pivot.y()});
        const Vec2 b = back.apply({nowRig.x() - pivot.x(), nowRig.y() - pivot.y()});
        Slot scaled = start;
        // A mirrored image (scale below 0) stays mirrored: the drag sets the size, not the side.
        if (std::abs(a.x) > 1e-6)
            scaled.scaleX = std::copysign(std::max(kMinScale, std::abs(start.scaleX * b.x / a.x)), start.scaleX);
        if (std::abs(a.y) > 1e-6)
            scaled.scaleY = std::copysign(std::max(kMinScale, std::abs(start.scaleY * b.y / a.y)), start.scaleY);
        return scaled;
    }
    case SlotHandle::Pivot: {
        // The pivot moves over the image; the image stays where it is.
        bool invertible = false;
        const QTransform toRig = drawing::slotImageToRig(placement, imageSize);
        const QPointF inImage = toRig.inverted(&invertible).map(nowRig);
        if (!invertible || imageSize.width() <= 0 || imageSize.height() <= 0)
            return start;
        Slot moved = start;
        moved.pivotX = inImage.x() / imageSize.width();
        moved.pivotY = inImage.y() / imageSize.height();
        const QPointF newPivot = toRig.map(inImage);
        placement.pivot = {newPivot.x(), newPivot.y()};
        placement.pivotX = moved.pivotX;
        placement.pivotY = moved.pivotY;
        return bonework::slotAt(moved, placement, frame);
    }
    }
    return start;
}

void paintSlotHandles(drawing::CanvasSurface& surface, const drawing::CanvasView& view, const Document& document,
                      std::span<const WorldTransform> world, int index)
{
    if (index < 0 || index >= document.slotCount() || world.size() != document.rig().jointCount())
        return;
    const HandlePoints p = handlePoints(document, world, view, index);
    const QColor colour = drawing::RigPainter::kSelection;
    const drawing::Stroke outline(colour, 1.5);
    const QColor fill(0x23, 0x25, 0x29);
    surface.line(p.topMiddle, p.rotate, outline);
    surface.ellipse(p.rotate, kHandleRadius - 1, kHandleRadius - 1, outline, fill);
    for (const QPointF& c : p.corners) {
        const double r = kHandleRadius - 2;
        const QPointF square[4] = {c + QPointF(-r, -r), c + QPointF(r, -r), c + QPointF(r, r), c + QPointF(-r, r)};
        surface.polygon(square, outline, fill);
    }
    // The pivot: a ring with a cross.
    surface.ellipse(p.pivot, kHandleRadius - 1, kHandleRadius - 1, outline, Qt::transparent);
    surface.line(p.pivot - QPointF(kHandleRadius + 3, 0), p.pivot + QPointF(kHandleRadius + 3, 0), drawing::Stroke(colour, 1.0));
    surface.line(p.pivot - QPointF(0, kHandleRadius + 3), p.pivot + QPointF(0, kHandleRadius + 3), drawing::Stroke(colour, 1.0));
}

} // namespace bonework::editor
