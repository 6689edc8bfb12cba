#pragma once
// The bundled example rigs (resources/examples/examples.json, compiled into the editor): what
// File > Examples lists, and how each example is meant to be played (its driver, chain, joint
// and solver), known by file name so the hint comes with the file however it is opened.

#include <QString>
#include <QVariantList>
#include <QVariantMap>

namespace bonework::editor::ExampleCatalogue {

// Every entry: file, title, description, behaviour, and the play hint (driver, chain, joint, solver).
QVariantList entries();
// The hint of the first entry for a file name ("ball-arm.rig.json"); empty when none.
QVariantMap hintForFile(const QString& fileName);
// Where the editor holds an entry's rig.
QString resourcePath(const QVariantMap& entry);

} // namespace bonework::editor::ExampleCatalogue
