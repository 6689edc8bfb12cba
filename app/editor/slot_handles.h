#pragma once
// The selected image's handles on the canvas and what dragging them does: the image itself
// moves it, the circle above it rotates it about its pivot, a corner scales it (along its own
// axes, about the pivot), and the pivot marker (Shift-dragged where it lies on the image) moves
// the pivot while the image stays where it is. Picking an image takes the topmost in draw order that is shown, not locked and under the
// point. Distances are in view pixels; every drag works from the slot as it was at the press,
// so a drag is exact whatever the number of moves.

#include "canvas_surface.h"
#include "canvas_view.h"

#include "bonework/forward_kinematics.h"
#include "bonework/slot.h"

#include <QPointF>
#include <QTransform>

#include <array>
#include <span>

namespace bonework::editor {

class Document;

enum class SlotHandle { None, Move, Rotate, Scale, Pivot };

// The image's pixels to rig coordinates, for slot `index` of the document's rig.
QTransform slotImageTransform(const Document& document, std::span<const WorldTransform> world, int index);

// The topmost pickable image at `point` (view coordinates), or -1.
int slotUnder(const Document& document, std::span<const WorldTransform> world, const drawing::CanvasView& view,
           QPointF point);

// Which handle of slot `index` is at `point` (Move: inside the image), or None. Inside the
// image the pivot marker is taken only with `pivotKey` (Shift) held: it sits at the image's
// middle by default, right where a hand grabs an image to move it.
SlotHandle slotHandleAt(const Document& document, std::span<const WorldTransform> world,
                        const drawing::CanvasView& view, int index, QPointF point, bool pivotKey = false);

// The slot after dragging `handle` from `pressRig` to `nowRig` (rig coordinates), from the slot
// `start` as it was at the press, whose joint's frame is `frame`, showing an image of `imageSize`.
Slot draggedSlot(const Slot& start, SlotHandle handle, QPointF pressRig, QPointF nowRig, const WorldTransform& frame,
                 QSizeF imageSize);

// Draws the handles of slot `index`.
void paintSlotHandles(drawing::CanvasSurface& surface, const drawing::CanvasView& view, const Document& document,
                      std::span<const WorldTransform> world, int index);

} // namespace bonework::editor
