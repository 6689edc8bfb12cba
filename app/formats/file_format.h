#pragma once
// Every file format Bonework reads or writes, behind one interface (as Tiled's MapFormat): the
// rig format itself (read and write) and each game runtime's export format (write only). The
// editor's Open, Save and Export dialogs and `bonework-cli` list and pick them here; the art
// and animation issues add theirs by registering in file_format.cpp.

#include "bonework/atlas/atlas_packer.h"
#include "bonework/exporters/clip_plan.h"
#include "bonework/exporters/export_report.h"
#include "bonework/io/rig_file.h"
#include "bonework/rig.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <vector>

namespace bonework::formats {

// What an export needs besides the rig: where its images are and how to pack them.
struct SaveOptions {
    QString rigFolder;        // the rig file's folder, where slot images are found; empty: the current directory
    atlas::PackOptions atlas; // the texture atlas's page size and padding
    exporters::AnimationOptions animation; // the clips' frame rate and bake tolerance
};

class FileFormat {
public:
    virtual ~FileFormat() = default;

    virtual QString id() const = 0;          // "bonework", "spine", "dragonbones": --format, settings
    virtual QString displayName() const = 0; // "Spine 4.2 JSON"
    virtual QString nameFilter() const = 0;  // "*.json"
    virtual QString suffix() const = 0;      // added to a name typed without one
    virtual bool canRead() const { return false; }

    // The rig in `path`, or the error (file, JSON path, problem). Only when canRead().
    virtual io::LoadResult read(const QString& path) const;
    // The rig in this format, with what the file keeps for the editor where the format has a
    // place for it (the rig format; the exports have none); `report` lists what the format
    // could not carry.
    virtual QByteArray write(const Rig& rig, const io::EditorSettings& editor, exporters::ExportReport& report) const = 0;
    // Writes the rig to `path` atomically (QSaveFile): the whole new file or the old one. On
    // failure returns false with the reason in `error`. An export also writes the rig's texture
    // atlas beside it when the rig has slots, its images read from options.rigFolder;
    // report.files lists what was written.
    virtual bool save(const Rig& rig, const io::EditorSettings& editor, const QString& path,
                      exporters::ExportReport& report, QString* error, const SaveOptions& options) const;
    bool save(const Rig& rig, const io::EditorSettings& editor, const QString& path, exporters::ExportReport& report,
              QString* error) const
    {
        return save(rig, editor, path, report, error, SaveOptions{});
    }
};

// The largest atlas page an export writes: GPUs take textures up to 16384 px at most.
inline constexpr int kLargestAtlasPage = 16384;

// `format`.save(), with larger atlas pages when the largest slot image (trimmed) does not fit
// the page options.atlas asks for: the smallest power of two that holds it, up to
// kLargestAtlasPage, said in the report's decisions (the editor's Export: its user sets no page
// size; bonework-cli asks for --max-page-size instead). The images are read again only when the
// page asked for is too small.
bool saveWithPagesThatFit(const FileFormat& format, const Rig& rig, const io::EditorSettings& editor, const QString& path,
                          exporters::ExportReport& report, QString* error, const SaveOptions& options);

// Every format, the rig format first, then the exports in the order the Export dialog lists them.
const std::vector<const FileFormat*>& fileFormats();
// Bonework's own rig format (*.rig.json).
const FileFormat& rigFormat();
// The export formats: every format but the rig format.
std::vector<const FileFormat*> exportFormats();
// The export format with that id; null when there is none (the rig format is not an export).
const FileFormat* findExportFormat(QStringView id);

// Whether `path` is a Bonework rig an export must never replace: a .rig.json (in any case, or a
// link to one), or the rig being exported itself (`rigPath`, empty when it has no file; a link
// to it counts).
bool isRigPath(const QString& path, const QString& rigPath);
// Whether the names `a` and `b` are one file (links followed where both exist).
bool isSameFile(const QString& a, const QString& b);
// Whether `path`, or the file a link at `path` points to, ends in .rig.json, in any case.
bool hasRigSuffix(const QString& path);

} // namespace bonework::formats
