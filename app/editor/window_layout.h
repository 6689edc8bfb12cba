#pragma once
// Where the window and its panels were when the editor last closed, kept in QSettings: the
// window's place and size (and whether it was maximized) and each SplitView's state, restored
// at start so the editor opens as the user left it. A place that no screen shows any more (a
// monitor unplugged) is not restored: the window keeps its default place, on a screen. A first
// start on a screen smaller than the default size fits the window to it.

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QRect>
#include <QQuickWindow>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class WindowLayout : public QObject {
    Q_OBJECT
    QML_ELEMENT

public:
    explicit WindowLayout(QObject* parent = nullptr);

    // Puts `window` where it last closed and follows it from now on (its size and place while
    // neither maximized nor full screen: what un-maximizing returns to).
    Q_INVOKABLE void restoreWindow(QQuickWindow* window);
    // Keeps the window's place and the panels' states (call as the window closes).
    Q_INVOKABLE void saveWindow();

    // A SplitView's saved state (SplitView.saveState()), empty when none was kept; `name` tells
    // the window's splits apart.
    Q_INVOKABLE QByteArray splitState(const QString& name) const;
    Q_INVOKABLE void setSplitState(const QString& name, const QByteArray& state);

    // Forgets every kept place and state: the next start lays the window out afresh (the
    // end-to-end tests start from the default layout).
    static void forget();

    // Whether some screen shows enough of `rect` (global coordinates) to grab the window by.
    static bool onSomeScreen(const QRect& rect);

private:
    void noteGeometry();

    QPointer<QQuickWindow> m_window;
    QRect m_normal; // the last place and size while neither maximized nor full screen
};

} // namespace bonework::editor
