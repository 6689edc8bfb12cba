#pragma once
// The game-runtime formats a rig exports to, behind one description (as Tiled's MapFormat):
// the editor's Export dialog lists them, `bonework-cli export --format ID` picks one, and the
// art and animation exporters will add theirs here.

#include "bonework/io/export/export_report.h"
#include "bonework/rig.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <vector>

namespace bonework::io {

struct ExportFormat {
    QString id;          // "spine", "dragonbones": what --format and the settings name
    QString displayName; // "Spine 4.2 JSON"
    QString nameFilter;  // "*.json"
    QString suffix;      // "json", added to a name typed without one
    QByteArray (*write)(const Rig& rig, ExportReport& report);
};

// Every export format, in the order the Export dialog lists them.
const std::vector<ExportFormat>& exportFormats();
// The format with that id; null when there is none.
const ExportFormat* findExportFormat(QStringView id);

// Whether `path` is a Bonework rig an export must never replace: a .rig.json, or the rig
// being exported itself (`rigPath`, empty when it has no file).
bool isRigPath(const QString& path, const QString& rigPath);

// Writes `rig` in `format` to `path` atomically (QSaveFile). On failure returns false with the
// reason in `error`; `report` says what the format could not carry.
bool writeExport(const ExportFormat& format, const Rig& rig, const QString& path, ExportReport& report,
                 QString* error);

} // namespace bonework::io
