#pragma once
// Which surface the canvas draws on (canvas_surface.h), chosen once the scene graph runs:
//   geometry (MeshSurface) where the scene graph renders through the RHI on a GPU: the GPU draws
//     the triangles, and nothing is painted on the CPU or uploaded per frame;
//   QPainter where it renders in software: the software scene graph (which the editor chooses
//     where OpenGL rasterises on the CPU: renderer_choice.h; also the offscreen tests), and
//     OpenGL on a CPU rasteriser when forced (View > Renderer > Hardware under Mesa's llvmpipe),
//     which spends far longer on each of a big rig's hundred thousand small triangles than
//     QPainter takes to paint the canvas (docs/editor.md, "Performance").
// BONEWORK_CANVAS=painter or =mesh overrides the choice (mesh only through the RHI).

class QQuickWindow;

namespace bonework::editor {

enum class CanvasBackend { Painter, Mesh };

// Call on the render thread, with the window's graphics context current (updatePaintNode).
CanvasBackend chooseCanvasBackend(QQuickWindow* window);

} // namespace bonework::editor
