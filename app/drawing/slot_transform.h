#pragma once
// A slot's image as a QTransform: from the image's pixels ((0, 0) its top-left corner) to rig
// coordinates, as slot_placement.h defines where the image goes. Painting, hit tests and
// handles all map through this one transform.

#include "bonework/slot_placement.h"

#include <QSizeF>
#include <QTransform>

namespace bonework::drawing {

inline QTransform slotImageToRig(const SlotPlacement& p, QSizeF imageSize)
{
    const double c = p.rotation.c;
    const double s = p.rotation.s;
    const double px = p.pivotX * imageSize.width();
    const double py = p.pivotY * imageSize.height();
    // (u, v) -> pivot + rotation.apply({(u - px) * scaleX, (v - py) * scaleY})
    return QTransform(c * p.scaleX, s * p.scaleX, // m11, m12
                      -s * p.scaleY, c * p.scaleY, // m21, m22
                      p.pivot.x - c * p.scaleX * px + s * p.scaleY * py,
                      p.pivot.y - s * p.scaleX * px - c * p.scaleY * py);
}

} // namespace bonework::drawing
