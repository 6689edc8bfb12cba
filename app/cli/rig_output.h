#pragma once
// Writing the rig a command derived from a rig file (solve, sample and record's -o). The rig
// names its images relative to its own folder, so a rig written into another folder takes its
// art along, as the editor's Save As does: each image found beside the input and missing beside
// the output is copied there, in one batch with the rig (all of it or nothing), and each copy is
// named on standard error. An image already beside the output is left as it is; one missing
// beside both is named in a warning (the rig is still written).

#include "commands.h"

#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"

#include <QString>

#include <optional>

namespace bonework::cli {

class Command;

// Writes `rig` to `output`; `input` is the rig file it was read from and `read` the rig as read
// (a sampled pose may show other images than the file's setup). Returns the exit code when it
// could not be written (the message printed; exit 1 when `output` is an image either rig shows),
// nothing when it was.
std::optional<ExitCode> writeDerivedRig(Command& command, const Rig& rig, const Rig& read, const io::EditorSettings& editor,
                                        const QString& input, const QString& output);

} // namespace bonework::cli
