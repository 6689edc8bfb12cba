#pragma once
// The Bonework rig file format (JSON, "format": "bonework.rig", versioned). The loader is
// strict: any problem is reported with the file, the JSON path and what is wrong, and nothing is
// half-loaded. See docs/rig-format.md and resources/schema/rig.schema.json.

#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonework::io {

// The newest version this build reads and writes, and the oldest it reads. Version 2 added
// slots and animations, version 3 a clip's loop flag, version 4 mirrored images (a slot's
// negative scale); a rig is written as the lowest version
// that holds it (one without slots or animations as version 1, byte for byte as before), so
// older builds keep reading it.
inline constexpr int kRigFormatVersion = 4;
inline constexpr int kOldestRigFormatVersion = 1;
inline constexpr char kRigFormatName[] = "bonework.rig";
// Files larger than this are refused before parsing (bounded memory on hostile input).
inline constexpr std::int64_t kMaxRigFileBytes = std::int64_t(256) * 1024 * 1024;
// The most chains a rig file may hold (real rigs have tens; the cap bounds hostile files).
inline constexpr int kMaxChains = 10000;
// The most slots a rig file may hold (each is checked against the earlier ones, as chains are).
inline constexpr int kMaxSlots = 10000;

struct LoadError {
    std::string file;     // as given by the caller
    std::string jsonPath; // e.g. "joints[3].length"; empty for whole-file problems (UTF-8)
    std::string message;  // what is wrong, e.g. "must be greater than 0" (UTF-8)
    bool readError = false; // the file could not be read at all (missing, unreadable)
    bool outOfMemory = false; // memory ran out while reading it (the file may be fine)
    // "FILE: PATH: MESSAGE" (PATH left out when empty)
    std::string toString() const;
};

struct LoadResult {
    std::optional<Rig> rig; // set exactly when loading succeeded
    EditorSettings editor;  // what the file keeps for the editor (set with the rig)
    LoadError error;        // set when it did not
    bool ok() const { return rig.has_value(); }
};

// Parses rig JSON; `fileName` is only used in error messages.
LoadResult parseRig(std::string_view json, std::string_view fileName);
// Reads and parses a file; unreadable files are reported as errors too.
LoadResult loadRigFile(const std::string& path);
// True when the error came from reading the file (missing, unreadable) rather than its content.
bool isReadError(const LoadError& error);

// The version `rig` is written as: 1 when it has neither slots nor animations, 4 when a slot's
// image is mirrored, else 3 when a clip loops, otherwise 2.
int rigFormatVersionFor(const Rig& rig);

// Why `rig` cannot be written as a file the loader reads back (no joints, a name that is not
// UTF-8, a number JSON cannot hold, ...); empty when it can. saveRigFile refuses such a rig.
std::string rigFileProblem(const Rig& rig);

// Serialises with a stable field order and numbers that read back bit-exact.
std::string serializeRig(const Rig& rig, const EditorSettings& editor = {});
// Writes atomically (temporary file, fsync, rename): either the whole new file or the old one stays.
bool saveRigFile(const Rig& rig, const std::string& path, std::string* errorMessage = nullptr,
                 const EditorSettings& editor = {});

// A file a rig needs beside it, written with the rig: an image copied into the rig's new folder.
struct FileToWrite {
    std::string path; // where it goes (its folder must exist)
    std::string data; // its whole content
};
// As saveRigFile, writing `alongside` in the same batch (io::FileBatch): the rig and every other
// file land together, or none does and each target stays as it was.
bool saveRigFileWith(const Rig& rig, const std::string& path, const std::vector<FileToWrite>& alongside,
                     std::string* errorMessage = nullptr, const EditorSettings& editor = {});

} // namespace bonework::io
