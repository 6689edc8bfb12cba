#pragma once
// Replacing files all at once, as QSaveFile did: the data goes to a new file in the same folder,
// is flushed to disk, then renamed over the target. Readers see the old file or the whole new
// one, never a part; on failure the old file stays and the new one is removed.
// A target that exists and is not a regular file (a folder, a device such as /dev/full, a pipe)
// is refused: renaming over it would replace the device node itself, not write to it.

#include <string>
#include <string_view>
#include <vector>

namespace bonework::io {

// Writes `data` to `path` (a local file-system path); returns false with the reason (the
// system's wording, e.g. "No such file or directory") in `why`.
bool writeFileAtomically(const std::string& path, std::string_view data, std::string& why);

// Several files replaced together (an export's skeleton, its atlas text and pages): add() writes
// each whole to a temporary beside its target, commit() renames them all, in the order added.
// A failure while writing (a full disk, a folder that cannot be written) leaves every target as
// it was, so the files never disagree with one another; only a rename failing after every file
// is on disk could, and renames within a folder do not fail for want of room.
class FileBatch {
public:
    FileBatch() = default;
    FileBatch(const FileBatch&) = delete;
    FileBatch& operator=(const FileBatch&) = delete;
    ~FileBatch(); // removes the temporaries of a batch not committed

    // Writes `data` for `path`; false with the reason in `why` (nothing then is staged for it).
    bool add(const std::string& path, std::string_view data, std::string& why);
    // Renames every staged file over its target; false with the reason in `why` (the target it
    // failed on named by the caller from failedPath()).
    bool commit(std::string& why);
    // The paths added, in order, as the caller gave them.
    const std::vector<std::string>& paths() const { return m_paths; }
    // The path commit() failed on (empty when it did not).
    const std::string& failedPath() const { return m_failed; }

private:
    struct Staged {
        std::string target;    // where the data lands (a symbolic link followed)
        std::string temporary; // where it waits
    };
    std::vector<Staged> m_staged;
    std::vector<std::string> m_paths;
    std::string m_failed;
};

} // namespace bonework::io
