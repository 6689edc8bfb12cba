#pragma once
// Which image of a rig a path is: the commands that write a file (render's picture, solve,
// sample and record's rig) refuse to write over the art the rig shows, which a mistyped -o
// would otherwise replace.

#include "bonework/rig.h"

#include <QString>

#include <optional>

namespace bonework::cli {

struct ShownImage {
    QString image; // as the rig names it, relative to its folder
    QString slot;  // the slot that shows it (its setup image or one a clip keys)
};

// The image of `rig` (read from `rigFile`) that `path` is, links followed; none when it is none.
std::optional<ShownImage> shownImageAt(const Rig& rig, const QString& rigFile, const QString& path);

} // namespace bonework::cli
