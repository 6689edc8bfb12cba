#pragma once
// The list behind File > Open Recent, kept in QSettings (most recent first, at most ten).

#include <QString>
#include <QStringList>

namespace bonework::editor::RecentFiles {

QStringList list();
void add(const QString& path);
void clear();
// How a menu shows a file: "arm.rig.json — ~/rigs/characters" (the name first, so entries in
// long folders can be told apart).
QString label(const QString& path);

} // namespace bonework::editor::RecentFiles
