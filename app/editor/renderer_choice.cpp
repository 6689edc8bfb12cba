#include "renderer_choice.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QQuickWindow>
#include <QSGRendererInterface>
#include <QSettings>

namespace bonework::editor {
namespace {

constexpr auto kPreferenceKey = "view/renderer";

enum class RendererPreference { Automatic, Hardware, Software };

// What applyRendererChoice did, for the menu and the frame-time overlay; empty until it ran.
struct AppliedChoice {
    QString savedAtStart; // the saved preference then, to tell when a restart would change it
    QString description;
};

AppliedChoice& appliedChoice()
{
    static AppliedChoice choice;
    return choice;
}

RendererPreference parsePreference(const QString& text)
{
    if (text == QLatin1String("hardware"))
        return RendererPreference::Hardware;
    if (text == QLatin1String("software"))
        return RendererPreference::Software;
    return RendererPreference::Automatic;
}

QString preferenceName(RendererPreference preference)
{
    switch (preference) {
    case RendererPreference::Hardware:
        return QStringLiteral("hardware");
    case RendererPreference::Software:
        return QStringLiteral("software");
    case RendererPreference::Automatic:
        break;
    }
    return QStringLiteral("auto");
}

RendererPreference savedPreference()
{
    return parsePreference(QSettings().value(QLatin1String(kPreferenceKey)).toString());
}

// The saved preference, or BONEWORK_RENDERER's when it is set.
RendererPreference preferenceToApply()
{
    const QString forced = qEnvironmentVariable("BONEWORK_RENDERER");
    return forced.isEmpty() ? savedPreference() : parsePreference(forced);
}

// The renderer string of the OpenGL the window would get; empty when there is none.
QByteArray probeOpenGlRenderer()
{
    QOpenGLContext context;
    if (!context.create())
        return {};
    QOffscreenSurface surface;
    surface.setFormat(context.format());
    surface.create();
    if (!surface.isValid() || !context.makeCurrent(&surface))
        return {};
    const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QByteArray renderer = name ? QByteArray(name) : QByteArray();
    context.doneCurrent();
    return renderer;
}

// "llvmpipe (LLVM 15.0.6, 256 bits)" -> "llvmpipe": short enough for the frame-time overlay.
QString shortRendererName(const QByteArray& renderer)
{
    const int details = renderer.indexOf(" (");
    return QString::fromLatin1(details > 0 ? renderer.left(details) : renderer);
}

void useSoftwareSceneGraph()
{
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    // The software scene graph asks for each frame with QWindow::requestUpdate, which Qt holds
    // back 5 ms by default to gather changes; a drag frame is already one mouse move's worth of
    // changes, so the wait would only add to every frame. Left alone when set by the user.
    if (!qEnvironmentVariableIsSet("QT_QPA_UPDATE_IDLE_TIME"))
        qputenv("QT_QPA_UPDATE_IDLE_TIME", "0");
}

} // namespace

bool isCpuRasteriser(const QByteArray& openGlRenderer)
{
    for (const char* software : {"llvmpipe", "softpipe", "Software Rasterizer", "SwiftShader"})
        if (openGlRenderer.contains(software))
            return true;
    return false;
}

void applyRendererChoice()
{
    AppliedChoice& choice = appliedChoice();
    choice.savedAtStart = preferenceName(savedPreference());
    for (const char* qtOverride : {"QT_QUICK_BACKEND", "QSG_RHI_BACKEND"}) {
        if (qEnvironmentVariableIsSet(qtOverride)) {
            choice.description = QStringLiteral("as %1=%2 asks").arg(QLatin1String(qtOverride), qEnvironmentVariable(qtOverride));
            return;
        }
    }
    switch (preferenceToApply()) {
    case RendererPreference::Software:
        useSoftwareSceneGraph();
        choice.description = QStringLiteral("software (View > Renderer)");
        return;
    case RendererPreference::Hardware:
        choice.description = QStringLiteral("hardware (View > Renderer)");
        return;
    case RendererPreference::Automatic:
        break;
    }
    const QByteArray renderer = probeOpenGlRenderer();
    if (isCpuRasteriser(renderer)) {
        useSoftwareSceneGraph();
        choice.description = QStringLiteral("software (OpenGL here is %1, on the CPU)").arg(shortRendererName(renderer));
    } else if (renderer.isEmpty()) {
        choice.description = QStringLiteral("Qt Quick's choice (no OpenGL found)");
    } else {
        choice.description = QStringLiteral("OpenGL (%1)").arg(shortRendererName(renderer));
    }
}

QString RendererChoice::preference() const
{
    return preferenceName(savedPreference());
}

void RendererChoice::setPreference(const QString& preference)
{
    const QString name = preferenceName(parsePreference(preference));
    if (name == this->preference())
        return;
    QSettings().setValue(QLatin1String(kPreferenceKey), name);
    emit preferenceChanged();
}

QString RendererChoice::active()
{
    const AppliedChoice& choice = appliedChoice();
    if (!choice.description.isEmpty())
        return choice.description;
    return QQuickWindow::sceneGraphBackend() == QLatin1String("software") ? QStringLiteral("software")
                                                                          : QStringLiteral("Qt Quick's choice");
}

bool RendererChoice::restartNeeded() const
{
    const AppliedChoice& choice = appliedChoice();
    return !choice.description.isEmpty() && preference() != choice.savedAtStart;
}

} // namespace bonework::editor
