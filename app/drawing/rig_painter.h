#pragma once
// Drawing the rig on the canvas: the grid, bones and joints (with roots, pins and the
// selection), the selected joint's limit wedge, chain targets and the frame-time overlay, on a
// CanvasSurface (QPainter or the scene graph's geometry, canvas_surface.h). It draws from the
// forward-kinematics array the canvas keeps, and allocates nothing per frame once its line
// batch has grown (joint circles are stamped from cached sprites).

#include "canvas_surface.h"
#include "canvas_view.h"
#include "slot_images.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QSizeF>
#include <QVector>
#include <QLineF>

#include <map>
#include <span>

namespace bonework::drawing {

class RigPainter {
public:
    static const QColor kBackground; // the canvas behind everything
    static const QColor kSelection;  // the selected joint, chain and the bone being drawn
    static constexpr double kJointRadius = 5.0; // view pixels

    void paintGrid(CanvasSurface& surface, const CanvasView& view) const;
    // `shape`: how the joints' bones are drawn (the rig file's editor setting).
    void paintRig(CanvasSurface& surface, const CanvasView& view, const Rig& rig, std::span<const WorldTransform> world,
                  io::NodeShape shape, int selectedJoint) const;
    // The slots' images in draw order, under the bones: visible slots only; a missing image as a
    // marked placeholder of its last known size; `selectedSlot` (-1: none) outlined. `fade`
    // scales every image's opacity (the onion skin's faint frames); faded, missing images are
    // left out. (rig_painter_slots.cpp)
    void paintSlots(CanvasSurface& surface, const CanvasView& view, const Rig& rig, std::span<const WorldTransform> world,
                    const SlotImages& images, int selectedSlot, double fade = 1.0) const;
    void paintLimitWedge(CanvasSurface& surface, const CanvasView& view, const Rig& rig,
                         std::span<const WorldTransform> world, int joint) const;
    void paintTargets(CanvasSurface& surface, const CanvasView& view, const Rig& rig, std::span<const WorldTransform> world,
                      int selectedChain) const;
    void paintFrameTime(CanvasSurface& surface, double frameMs, double paintMs, std::size_t joints,
                        const QString& renderer = QString()) const;

private:
    const QImage& jointSprite(double radius, double devicePixelRatio) const;

    mutable QVector<QLineF> m_gridLines;           // reused every frame
    mutable std::map<int, QImage> m_jointSprites;  // joint circles by radius (quarter pixels)
    mutable double m_spriteRatio = 0.0;
};

} // namespace bonework::drawing
