#pragma once
// A canvas tool (as Tiled's AbstractTool): it turns presses, moves and releases on the canvas
// into the document's edits, and may draw an overlay of its own (the bone being drawn). The
// canvas owns one of each and routes input to the current one; panning and zooming are the
// canvas's own, whatever the tool.

#include "canvas_surface.h"
#include "canvas_view.h"

#include "bonework/forward_kinematics.h"

#include <QPointF>

#include <span>


namespace bonework::editor {

class Document;

// What a tool may ask of the canvas it works on.
class CanvasToolHost {
public:
    virtual Document& editedDocument() const = 0;
    virtual const drawing::CanvasView& view() const = 0;
    // Every joint's world transform, as of the last change of the rig.
    virtual std::span<const WorldTransform> world() const = 0;
    // Works the world transforms out now (a tool that edited the rig and reads them at once).
    virtual void refreshWorld() = 0;
    virtual void requestUpdate() = 0;
    // Whether bones and joints are drawn (View > Show Bones): hidden ones are not picked.
    virtual bool bonesShown() const { return true; }

protected:
    ~CanvasToolHost() = default;
};

struct ToolEvent {
    QPointF view; // canvas (item) coordinates
    QPointF rig;  // the same point in rig coordinates
    Qt::KeyboardModifiers modifiers;
};

class CanvasTool {
public:
    virtual ~CanvasTool() = default;
    // A left-button press; the tool starts a gesture or does nothing.
    virtual void press(const ToolEvent& event) = 0;
    virtual void move(const ToolEvent&) {}
    virtual void release(const ToolEvent&) {}
    // The tool is switched away from, or the gesture lost (the window lost the mouse grab).
    virtual void cancel() {}
    virtual void paintOverlay(drawing::CanvasSurface&, const drawing::CanvasView&) const {}

protected:
    explicit CanvasTool(CanvasToolHost& host) : m_host(host) {}
    // The joint, or the chain target, under the event's point (-1 for none).
    int jointUnder(const ToolEvent& event) const;
    int chainTargetUnder(const ToolEvent& event) const;

    CanvasToolHost& m_host;
};

// A tool whose gesture is one drag of the pose controller (moving a root, posing): releasing,
// or losing the mouse, ends the drag as one undo step.
class PoseDragTool : public CanvasTool {
public:
    void release(const ToolEvent&) override { cancel(); }
    void cancel() override;

protected:
    using CanvasTool::CanvasTool;
    bool m_dragging = false; // set by press() when it began a drag
};

} // namespace bonework::editor
