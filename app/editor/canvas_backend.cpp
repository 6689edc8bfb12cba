#include "canvas_backend.h"

#include "renderer_choice.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QQuickWindow>
#include <QSGRendererInterface>

namespace bonework::editor {
namespace {

// OpenGL drivers that rasterise on the CPU, by the renderer string they report.
bool rasterisesOnCpu(QQuickWindow* window, QSGRendererInterface* renderer)
{
    if (renderer->graphicsApi() != QSGRendererInterface::OpenGL)
        return false;
    auto* context = static_cast<QOpenGLContext*>(renderer->getResource(window, QSGRendererInterface::OpenGLContextResource));
    if (!context || QOpenGLContext::currentContext() != context)
        return false;
    const auto* name = reinterpret_cast<const char*>(context->functions()->glGetString(GL_RENDERER));
    return name && isCpuRasteriser(QByteArray(name));
}

} // namespace

CanvasBackend chooseCanvasBackend(QQuickWindow* window)
{
    QSGRendererInterface* renderer = window ? window->rendererInterface() : nullptr;
    if (!renderer || !QSGRendererInterface::isApiRhiBased(renderer->graphicsApi()))
        return CanvasBackend::Painter;
    const QString forced = qEnvironmentVariable("BONEWORK_CANVAS");
    if (forced == QLatin1String("painter"))
        return CanvasBackend::Painter;
    if (forced == QLatin1String("mesh"))
        return CanvasBackend::Mesh;
    return rasterisesOnCpu(window, renderer) ? CanvasBackend::Painter : CanvasBackend::Mesh;
}

} // namespace bonework::editor
