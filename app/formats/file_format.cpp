#include "file_format.h"

#include "qt_image_codec.h"

#include "bonework/exporters/export_files.h"
#include "bonework/exporters/slot_art.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace bonework::formats {
namespace {

// A Qt resource (the editor's bundled examples, ":/examples/...") is not on the file system the
// Qt-free loader reads, so it is read here, with the loader's own messages.
io::LoadResult readResource(const QString& path)
{
    const std::string file = path.toStdString();
    auto readFailure = [&](const std::string& why) {
        io::LoadResult result;
        result.error.file = file;
        result.error.message = why;
        result.error.readError = true;
        return result;
    };
    const QFileInfo info(path);
    if (!info.exists())
        return readFailure("cannot read the file: it does not exist");
    if (info.isDir())
        return readFailure("cannot read the file: it is a directory");
    QFile resource(path);
    if (!resource.open(QIODevice::ReadOnly))
        return readFailure("cannot read the file: " + resource.errorString().toStdString());
    return io::parseRig(resource.readAll().toStdString(), file);
}

// The path the Qt-free file functions take: the file system's own bytes for the name.
std::string localPath(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

// Bonework's rig format: the strict loader and the writer of core/bonework/io.
class RigJsonFormat final : public FileFormat {
public:
    QString id() const override { return QStringLiteral("bonework"); }
    QString displayName() const override { return QStringLiteral("Bonework rig"); }
    QString nameFilter() const override { return QStringLiteral("*.rig.json"); }
    QString suffix() const override { return QStringLiteral("rig.json"); }
    bool canRead() const override { return true; }
    io::LoadResult read(const QString& path) const override
    {
        return path.startsWith(u':') ? readResource(path) : io::loadRigFile(localPath(path));
    }
    QByteArray write(const Rig& rig, const io::EditorSettings& editor, exporters::ExportReport& report) const override
    {
        report.format = id().toStdString(); // a rig file carries everything
        return QByteArray::fromStdString(io::serializeRig(rig, editor));
    }
    // Refuses rigs no file could hold (io::saveRigFile says why, naming the file).
    bool save(const Rig& rig, const io::EditorSettings& editor, const QString& path, exporters::ExportReport& report,
              QString* error, const SaveOptions&) const override
    {
        report.format = id().toStdString();
        report.files.clear();
        std::string why;
        if (io::saveRigFile(rig, localPath(path), &why, editor)) {
            report.files.push_back(localPath(path));
            return true;
        }
        if (error)
            *error = QString::fromStdString(why);
        return false;
    }
};

// A game runtime's format, written by core/bonework/exporters with its texture atlas.
class ExportFormat final : public FileFormat {
public:
    ExportFormat(QString id, QString displayName, exporters::Runtime runtime)
        : m_id(std::move(id)), m_displayName(std::move(displayName)), m_runtime(runtime)
    {
    }
    QString id() const override { return m_id; }
    QString displayName() const override { return m_displayName; }
    QString nameFilter() const override { return QStringLiteral("*.json"); }
    QString suffix() const override { return QStringLiteral("json"); }
    // The skeleton alone: without a folder to read images from, slots are reported as left out.
    QByteArray write(const Rig& rig, const io::EditorSettings&, exporters::ExportReport& report) const override
    {
        // A runtime has no use for the editor's settings.
        return QByteArray::fromStdString(exporters::exportSkeleton(m_runtime, rig, report));
    }
    bool save(const Rig& rig, const io::EditorSettings&, const QString& path, exporters::ExportReport& report,
              QString* error, const SaveOptions& options) const override
    {
        std::string why;
        const bool written = exporters::exportFiles(m_runtime, rig, localPath(path),
                                                    {localPath(options.rigFolder), options.atlas, options.animation},
                                                    qtImageCodec(), report, &why);
        if (!written && error)
            *error = QFile::decodeName(QByteArray::fromStdString(why));
        return written;
    }

private:
    QString m_id;
    QString m_displayName;
    exporters::Runtime m_runtime;
};

} // namespace

io::LoadResult FileFormat::read(const QString& path) const
{
    io::LoadResult result;
    result.error.file = path.toStdString();
    result.error.message = QStringLiteral("%1 files cannot be opened, only exported").arg(displayName()).toStdString();
    return result;
}

const std::vector<const FileFormat*>& fileFormats()
{
    static const RigJsonFormat rig;
    static const ExportFormat spine(QStringLiteral("spine"), QStringLiteral("Spine 4.2 JSON"), exporters::Runtime::Spine);
    static const ExportFormat dragonBones(QStringLiteral("dragonbones"), QStringLiteral("DragonBones 5.5 JSON"),
                                          exporters::Runtime::DragonBones);
    static const std::vector<const FileFormat*> formats = {&rig, &spine, &dragonBones};
    return formats;
}

const FileFormat& rigFormat() { return *fileFormats().front(); }

std::vector<const FileFormat*> exportFormats()
{
    std::vector<const FileFormat*> list;
    for (const FileFormat* format : fileFormats())
        if (format != &rigFormat())
            list.push_back(format);
    return list;
}

const FileFormat* findExportFormat(QStringView id)
{
    for (const FileFormat* format : exportFormats())
        if (format->id() == id)
            return format;
    return nullptr;
}

bool saveWithPagesThatFit(const FileFormat& format, const Rig& rig, const io::EditorSettings& editor, const QString& path,
                          exporters::ExportReport& report, QString* error, const SaveOptions& options)
{
    if (format.save(rig, editor, path, report, error, options))
        return true;
    std::string image;
    const int largest = exporters::largestTrimmedSide(rig, localPath(options.rigFolder), qtImageCodec(), &image);
    const int asked = std::min(options.atlas.maxPageWidth, options.atlas.maxPageHeight);
    if (largest <= asked)
        return false; // another reason: the error says so
    if (largest > kLargestAtlasPage) {
        if (error)
            *error = QStringLiteral("the image \"%1\" is %2 px on its longer side once trimmed, more than the largest atlas page "
                                    "(%3 px) holds: scale it down")
                         .arg(QString::fromStdString(image))
                         .arg(largest)
                         .arg(kLargestAtlasPage);
        return false;
    }
    int page = asked;
    while (page < largest)
        page = std::min(2 * page, kLargestAtlasPage);
    SaveOptions roomier = options;
    roomier.atlas.maxPageWidth = roomier.atlas.maxPageHeight = page;
    report = {};
    if (error)
        error->clear();
    if (!format.save(rig, editor, path, report, error, roomier))
        return false;
    report.decisions.insert(report.decisions.begin(), "atlas pages up to " + std::to_string(page) + " px: the image \"" + image + "\""
                                                          + " is " + std::to_string(largest) + " px once trimmed, more than "
                                                          + std::to_string(asked) + " px pages hold");
    return true;
}

bool isSameFile(const QString& a, const QString& b)
{
    if (a.isEmpty() || b.isEmpty())
        return false;
    const QFileInfo first(a), second(b);
    // Links followed where the files exist (an output that links to the rig is the rig), the
    // names compared as they are where one does not (it cannot be the other).
    if (first.exists() && second.exists())
        return first.canonicalFilePath() == second.canonicalFilePath();
    return first.absoluteFilePath() == second.absoluteFilePath();
}

bool hasRigSuffix(const QString& path)
{
    // Whatever the case: on a file system that ignores it, "x.RIG.JSON" is x.rig.json.
    return path.endsWith(QLatin1String(".rig.json"), Qt::CaseInsensitive)
           || QFileInfo(path).canonicalFilePath().endsWith(QLatin1String(".rig.json"), Qt::CaseInsensitive);
}

bool isRigPath(const QString& path, const QString& rigPath)
{
    return hasRigSuffix(path) || isSameFile(path, rigPath);
}

bool FileFormat::save(const Rig& rig, const io::EditorSettings& editor, const QString& path,
                      exporters::ExportReport& report, QString* error, const SaveOptions&) const
{
    const QByteArray data = write(rig, editor, report);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    report.files = {localPath(path)};
    return true;
}

} // namespace bonework::formats
