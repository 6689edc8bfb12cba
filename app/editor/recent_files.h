#pragma once
// The list behind File > Open Recent, kept in QSettings (most recent first, at most ten).

#include <QStringList>

namespace bonework::editor::RecentFiles {

QStringList list();
void add(const QString& path);
void clear();

} // namespace bonework::editor::RecentFiles
