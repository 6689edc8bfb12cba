#pragma once
// How the editor's window is drawn, chosen once before it opens (View > Renderer keeps the
// preference in QSettings; a change applies at the next start, as the scene graph's backend
// is fixed for the life of the process):
//   Automatic: Qt Quick's own choice (OpenGL, through the RHI), unless that OpenGL rasterises
//     on the CPU (Mesa's llvmpipe on a machine without a GPU, a VM, Xvfb): there Qt Quick's
//     software scene graph is used. OpenGL redraws the whole window every frame, which on the
//     CPU costs about 10 ms at 1400 x 880 before the canvas draws anything; the software scene
//     graph repaints only what changed (the canvas and the fields that moved) and hands it to
//     the window system as an image (docs/editor.md, "Performance").
//   Hardware: Qt Quick's own choice, always.
//   Software: the software scene graph, always.
// QT_QUICK_BACKEND or QSG_RHI_BACKEND in the environment are Qt's own overrides and win;
// BONEWORK_RENDERER=auto|hardware|software overrides the saved preference (benchmarks, tests).

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

// True for OpenGL renderer strings of drivers that rasterise on the CPU.
bool isCpuRasteriser(const QByteArray& openGlRenderer);

// Call after the QGuiApplication exists and before the first window: reads the preference,
// probes OpenGL when it has to, and sets the scene graph's backend.
void applyRendererChoice();

// The preference (View > Renderer) and what this run uses, for QML.
class RendererChoice : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // "auto", "hardware" or "software", saved in QSettings; applies at the next start.
    Q_PROPERTY(QString preference READ preference WRITE setPreference NOTIFY preferenceChanged)
    // What draws this window, e.g. "software (OpenGL here is llvmpipe, on the CPU)".
    Q_PROPERTY(QString active READ active CONSTANT)
    // The preference differs from what this run applied: a restart would change the renderer.
    Q_PROPERTY(bool restartNeeded READ restartNeeded NOTIFY preferenceChanged)

public:
    using QObject::QObject;

    QString preference() const;
    void setPreference(const QString& preference);
    static QString active();
    bool restartNeeded() const;

signals:
    void preferenceChanged();
};

} // namespace bonework::editor
