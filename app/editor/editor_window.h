#pragma once
// Starting the editor's window, shared by the `bonework` executable and the end-to-end test so
// that both start the same way: the style, the module check, then Main.qml.

#include <QString>
#include <QVariantMap>

class QQmlApplicationEngine;

namespace bonework::editor {

// Chooses the Fusion style (themed dark by Main.qml). Call before the engine exists.
void useEditorStyle();

// Checks that every QML module the editor needs is installed, then loads Main.qml with
// `initialProperties`. On failure returns false and says which module is missing (or why the
// window could not be created) in `error`; nothing is shown then.
bool loadEditorWindow(QQmlApplicationEngine& engine, const QVariantMap& initialProperties, QString* error);

} // namespace bonework::editor
