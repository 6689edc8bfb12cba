#include "canvas_view.h"

#include <algorithm>

namespace bonework::drawing {

void CanvasView::zoomAround(QPointF anchor, double factor)
{
    const QPointF rig = toRig(anchor);
    zoom = std::clamp(zoom * factor, kMinZoom, kMaxZoom);
    offset = anchor - rig * zoom;
}

void CanvasView::frame(QRectF box)
{
    box = box.marginsAdded(QMarginsF(60, 60, 60, 60));
    // Framing never zooms in past 20x: a single joint should not fill the screen.
    zoom = std::clamp(std::min(size.width() / box.width(), size.height() / box.height()), kMinZoom, 20.0);
    offset = centre() - box.center() * zoom;
}

} // namespace bonework::drawing
