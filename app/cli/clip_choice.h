#pragma once
// The clip a command line names (--animation NAME): its index in the rig, or why there is none
// ("RIG has no animation named 'x' (it has: walk, blink)"), in the words sample and render share.

#include "bonework/rig.h"

#include <QString>

namespace bonework::cli {

// The index of the animation `name` of `rig` (read from `file`), or -1 with `why` said.
int findClip(const Rig& rig, const QString& file, const QString& name, QString& why);

} // namespace bonework::cli
