#pragma once
// Replacing a file all at once, as QSaveFile did: the data goes to a new file in the same
// folder, is flushed to disk, then renamed over the target. Readers see the old file or the
// whole new one, never a part; on failure the old file stays and the new one is removed.

#include <string>
#include <string_view>

namespace bonework::io {

// Writes `data` to `path` (a local file-system path); returns false with the reason (the
// system's wording, e.g. "No such file or directory") in `why`.
bool writeFileAtomically(const std::string& path, std::string_view data, std::string& why);

} // namespace bonework::io
