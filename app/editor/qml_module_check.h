#pragma once
// Checks at start that every QML module the editor will load is installed, including those only
// loaded when a dialog or a control first appears (Qt.labs.folderlistmodel for the file dialog,
// the style's implementation modules). Without it a missing module surfaces as a crash or a dead
// dialog the first time a user opens or saves a file; with it the editor names the module and
// exits cleanly.

#include <QString>
#include <QStringList>

class QQmlEngine;

namespace bonework::editor {

// Every system QML module the editor imports, directly or through Qt's controls and dialogs.
// tests/e2e checks this list against an import trace of the editor opening every dialog.
const QStringList& requiredQmlModules();

struct MissingQmlModule {
    QString module;
    QString error; // the engine's message
};

// The required modules that `engine` cannot import (empty when all load).
QList<MissingQmlModule> findMissingQmlModules(QQmlEngine& engine);

} // namespace bonework::editor
