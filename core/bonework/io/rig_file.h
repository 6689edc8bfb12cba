#pragma once
// The Bonework rig file format (JSON, "format": "bonework.rig", versioned). The loader is
// strict: any problem is reported with the file, the JSON path and what is wrong, and nothing is
// half-loaded. See docs/rig-format.md and resources/schema/rig.schema.json.

#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace bonework::io {

inline constexpr int kRigFormatVersion = 1;
inline constexpr char kRigFormatName[] = "bonework.rig";
// Files larger than this are refused before parsing (bounded memory on hostile input).
inline constexpr qint64 kMaxRigFileBytes = qint64(256) * 1024 * 1024;
// The most chains a rig file may hold (real rigs have tens; the cap bounds hostile files).
inline constexpr int kMaxChains = 10000;

struct LoadError {
    QString file;     // as given by the caller
    QString jsonPath; // e.g. "joints[3].length"; empty for whole-file problems
    QString message;  // what is wrong, e.g. "must be greater than 0"
    bool readError = false; // the file could not be read at all (missing, unreadable)
    // "FILE: PATH: MESSAGE" (PATH left out when empty)
    QString toString() const;
};

struct LoadResult {
    std::optional<Rig> rig; // set exactly when loading succeeded
    EditorSettings editor;  // what the file keeps for the editor (set with the rig)
    LoadError error;        // set when it did not
    bool ok() const { return rig.has_value(); }
};

// Parses rig JSON; `fileName` is only used in error messages.
LoadResult parseRig(const QByteArray& json, const QString& fileName);
// Reads and parses a file; unreadable files are reported as errors too.
LoadResult loadRigFile(const QString& path);
// True when the error came from reading the file (missing, unreadable) rather than its content.
bool isReadError(const LoadError& error);

// Serialises with a stable field order and numbers that read back bit-exact.
QByteArray serializeRig(const Rig& rig, const EditorSettings& editor = {});
// Writes atomically (QSaveFile): either the whole new file or the old one stays.
bool saveRigFile(const Rig& rig, const QString& path, QString* errorMessage = nullptr,
                 const EditorSettings& editor = {});

} // namespace bonework::io
