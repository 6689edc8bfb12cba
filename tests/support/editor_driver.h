#pragma once
// Drives the real editor window in end-to-end tests: starts it exactly as `bonework` does
// (editor_window.h), sends real X input through xdotool so events take a user's path, and finds
// items, popups and dialogs by objectName.
#include "autosave.h"
#include "document.h"
#include "editor_window.h"
#include "renderer_choice.h"
#include "rig_canvas.h"
#include "window_layout.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QStandardPaths>
#include <QTest>

#include <memory>

namespace bonework::testing {

class EditorDriver {
public:
    // Why the real window cannot be driven here (no X display, no xdotool); empty when it can.
    // scripts/test provides both: it installs xdotool and runs the suites under xvfb-run.
    static QString missingPrerequisite()
    {
        if (qEnvironmentVariableIsEmpty("DISPLAY"))
            return QStringLiteral("needs an X display (scripts/test runs the suite under xvfb-run)");
        if (QStandardPaths::findExecutable("xdotool").isEmpty())
            return QStringLiteral("needs xdotool (scripts/test installs it)");
        return {};
    }

    // Starts the editor; a non-empty return value says why it could not.
    QString start(const QString& recoveryDir)
    {
        qputenv("BONEWORK_RECOVERY_DIR", recoveryDir.toUtf8());
        editor::WindowLayout::forget(); // the default layout, whatever an earlier run kept
        editor::useEditorStyle();
        editor::applyRendererChoice();
        document = std::make_unique<editor::Document>();
        autosave = std::make_unique<editor::Autosave>(document.get());
        engine = std::make_unique<QQmlApplicationEngine>();
        QString error;
        if (!editor::loadEditorWindow(*engine,
                                      {{"document", QVariant::fromValue(document.get())},
                                       {"autosave", QVariant::fromValue(autosave.get())}},
                                      &error))
            return error;
        window = qobject_cast<QQuickWindow*>(engine->rootObjects().first());
        if (!window || !QTest::qWaitForWindowExposed(window))
            return QStringLiteral("the window did not show");
        window->requestActivate();
        if (!QTest::qWaitForWindowActive(window))
            return QStringLiteral("the window did not become active");
        canvas = window->findChild<editor::RigCanvas*>("canvas");
        return canvas ? QString() : QStringLiteral("no canvas");
    }

    void stop()
    {
        engine.reset();
        autosave.reset();
        document.reset();
        window = nullptr;
        canvas = nullptr;
    }

    // Real X input; events are handled while xdotool runs, as they arrive.
    bool xdotool(const QStringList& args, QString* error = nullptr)
    {
        QProcess p;
        p.start("xdotool", args);
        QElapsedTimer clock;
        clock.start();
        while (p.state() != QProcess::NotRunning && clock.elapsed() < 10000)
            QTest::qWait(10);
        const bool ok = p.state() == QProcess::NotRunning && p.exitCode() == 0;
        if (!ok && error)
            *error = QString::fromLocal8Bit(p.readAllStandardError());
        QTest::qWait(100); // let the window handle what X delivered
        return ok;
    }
    bool key(const QString& keys) { return xdotool({"key", "--clearmodifiers", keys}); }
    bool type(const QString& text) { return xdotool({"type", "--delay", "20", text}); }
    // A click on the centre of `item`, in screen coordinates.
    bool click(QQuickItem* item) { return clickAt(item->mapToScene(QPointF(item->width() / 2, item->height() / 2))); }
    // A click at a point of the window (scene coordinates).
    bool clickAt(QPointF scene)
    {
        const QPoint p = window->mapToGlobal(scene.toPoint());
        return xdotool({"mousemove", QString::number(p.x()), QString::number(p.y()), "sleep", "0.05", "click", "1"});
    }

    // The same with the button held a moment, as a hand clicks: the press and the release
    // reach the window apart.
    bool slowClick(QQuickItem* item)
    {
        const QPoint p = window->mapToGlobal(item->mapToScene(QPointF(item->width() / 2, item->height() / 2)).toPoint());
        return xdotool({"mousemove", QString::number(p.x()), QString::number(p.y()), "sleep", "0.05", "mousedown", "1", "sleep",
                        "0.25", "mouseup", "1"});
    }

    // A mouse drag on the canvas from one rig point to another, in eight moves (Shift held if
    // asked), then a moment for the window to handle what X delivered.
    bool drag(QPointF fromRig, QPointF toRig, bool shift = false)
    {
        return dragAt(toWindow(fromRig), toWindow(toRig), shift);
    }
    // The same between two points of the window (scene coordinates): a Timeline key, a row.
    bool dragAt(QPointF fromScene, QPointF toScene, bool shift = false)
    {
        const QPoint from = window->mapToGlobal(fromScene.toPoint());
        const QPoint to = window->mapToGlobal(toScene.toPoint());
        QStringList args;
        if (shift)
            args << "keydown" << "shift";
        args << "mousemove" << QString::number(from.x()) << QString::number(from.y()) << "sleep" << "0.05"
             << "mousedown" << "1";
        for (int i = 1; i <= 8; ++i) {
            const QPoint p = from + (to - from) * i / 8;
            args << "mousemove" << QString::number(p.x()) << QString::number(p.y()) << "sleep" << "0.02";
        }
        args << "mouseup" << "1";
        if (shift)
            args << "keyup" << "shift";
        const bool ok = xdotool(args);
        QTest::qWait(50);
        return ok;
    }

    // A click on the canvas at a rig point by a hand that trembles: pressed there, moved a pixel
    // or two, released.
    bool trembleClick(QPointF rig)
    {
        const QPoint at = window->mapToGlobal(toWindow(rig));
        const auto x = [&](int dx) { return QString::number(at.x() + dx); };
        const auto y = [&](int dy) { return QString::number(at.y() + dy); };
        const bool ok = xdotool({"mousemove", x(0), y(0), "sleep", "0.05", "mousedown", "1", "mousemove", x(1), y(1), "sleep",
                                 "0.02", "mousemove", x(2), y(1), "sleep", "0.02", "mouseup", "1"});
        QTest::qWait(50);
        return ok;
    }

    // Window coordinates of a rig point on the canvas.
    QPoint toWindow(QPointF scene) const { return canvas->mapToScene(canvas->mapFromRig(scene)).toPoint(); }

    // The first item (in the window or its popups) with `name`, optionally visible only.
    QQuickItem* item(const QString& name, bool visibleOnly = true) const
    {
        return find(window->contentItem(), name, visibleOnly); // the root: the window's items and popups
    }
    // A visible, enabled button showing one of `texts` (mnemonics ignored).
    QQuickItem* button(const QStringList& texts) const { return findButton(window->contentItem(), texts); }
    QObject* object(const QString& name) const { return window->findChild<QObject*>(name); }

    std::unique_ptr<editor::Document> document;
    std::unique_ptr<editor::Autosave> autosave;
    std::unique_ptr<QQmlApplicationEngine> engine;
    QQuickWindow* window = nullptr;
    editor::RigCanvas* canvas = nullptr;

private:
    static QQuickItem* findButton(QQuickItem* from, const QStringList& texts)
    {
        if (!from || !from->isVisible())
            return nullptr;
        if (from->inherits("QQuickAbstractButton") && from->isEnabled()
            && texts.contains(from->property("text").toString().remove('&')))
            return from;
        for (QQuickItem* child : from->childItems())
            if (QQuickItem* found = findButton(child, texts))
                return found;
        return nullptr;
    }
    static QQuickItem* find(QQuickItem* from, const QString& name, bool visibleOnly)
    {
        if (!from || (visibleOnly && !from->isVisible()))
            return nullptr;
        if (from->objectName() == name)
            return from;
        for (QQuickItem* child : from->childItems()) {
            if (QQuickItem* found = find(child, name, visibleOnly))
                return found;
        }
        return nullptr;
    }
};

} // namespace bonework::testing
