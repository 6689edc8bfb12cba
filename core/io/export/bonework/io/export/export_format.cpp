#include "bonework/io/export/export_format.h"

#include "bonework/io/export/dragonbones_exporter.h"
#include "bonework/io/export/spine_exporter.h"

#include <QFileInfo>
#include <QSaveFile>

namespace bonework::io {

const std::vector<ExportFormat>& exportFormats()
{
    static const std::vector<ExportFormat> formats = {
        {QStringLiteral("spine"), QStringLiteral("Spine 4.2 JSON"), QStringLiteral("*.json"), QStringLiteral("json"),
         &exportSpine},
        {QStringLiteral("dragonbones"), QStringLiteral("DragonBones 5.5 JSON"), QStringLiteral("*.json"),
         QStringLiteral("json"), &exportDragonBones},
    };
    return formats;
}

const ExportFormat* findExportFormat(QStringView id)
{
    for (const ExportFormat& f : exportFormats())
        if (f.id == id)
            return &f;
    return nullptr;
}

bool isRigPath(const QString& path, const QString& rigPath)
{
    return path.endsWith(QLatin1String(".rig.json"))
           || (!rigPath.isEmpty() && QFileInfo(path).absoluteFilePath() == QFileInfo(rigPath).absoluteFilePath());
}

bool writeExport(const ExportFormat& format, const Rig& rig, const QString& path, ExportReport& report, QString* error)
{
    const QByteArray data = format.write(rig, report);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace bonework::io
