#include "file_service.h"

#include "document.h"
#include "example_catalogue.h"
#include "file_names.h"
#include "recent_files.h"
#include "replace_rig_command.h"
#include "slot_images.h"

#include "bonework/animation/clip_edit.h"
#include "file_format.h"
#include "bonework/exporters/export_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string_view>

namespace bonework::editor {
namespace {

constexpr char kExportFormatKey[] = "export/format";
constexpr char kExportFolderKey[] = "export/folder";
constexpr char kBakeFpsKey[] = "export/bakeFps";
constexpr char kBakeToleranceKey[] = "export/bakeTolerance";
constexpr char kAtlasPageSizeKey[] = "export/atlasPageSize";

constexpr char kUntitled[] = "untitled";

Rig untitledRig()
{
    Rig rig;
    rig.setName(kUntitled);
    return rig;
}

// "hero" for hero.rig.json (or hero.json, or hero).
QString rigNameFor(const QString& path)
{
    QString name = QFileInfo(path).fileName();
    for (const QString& suffix : {QStringLiteral(".rig.json"), QStringLiteral(".json")})
        if (name.endsWith(suffix, Qt::CaseInsensitive)) {
            name.chop(suffix.size());
            break;
        }
    return name.trimmed().isEmpty() ? QString::fromLatin1(kUntitled) : name;
}

} // namespace

FileService::FileService(Document* document)
    : QObject(document), m_document(document), m_atlasPageSize(formats::SaveOptions{}.atlas.maxPageWidth)
{
    // A value the settings file should not hold (edited by hand) leaves the default.
    const QSettings settings;
    const double page = settings.value(kAtlasPageSizeKey, m_atlasPageSize).toDouble();
    if (atlasPageSizeProblem(page).isEmpty())
        m_atlasPageSize = static_cast<int>(page);
    const double fps = settings.value(kBakeFpsKey, m_bake.fps).toDouble();
    const double tolerance = settings.value(kBakeToleranceKey, m_bake.bakeTolerance).toDouble();
    if (settings.contains(kBakeFpsKey) && bakeFpsProblem(fps).isEmpty()) {
        m_bake.fps = static_cast<int>(fps);
        m_bakeFpsChosen = true;
    }
    if (bakeToleranceProblem(tolerance).isEmpty())
        m_bake.bakeTolerance = tolerance;
    connect(&m_diskWatch, &DiskWatch::changed, this, &FileService::changedOnDisk);
    connect(&m_diskWatch, &DiskWatch::removed, this, [this](const QString& path) {
        // The rig now exists only here: an unsaved change (quitting asks; autosave keeps it).
        m_document->setFileGone(true);
        emit m_document->notice(
            tr("%1 was deleted or moved by another program: Save writes it again.").arg(QFileInfo(path).fileName()));
    });
}

void FileService::rememberDisk(const QString& path)
{
    m_diskDigest = path.isEmpty() ? QByteArray() : DiskWatch::digestOf(path);
    m_overwriteApproved.clear();
    m_diskWatch.follow(path, m_diskDigest);
}

void FileService::newRig()
{
    m_document->adopt(untitledRig(), {}, QString(), {});
    rememberDisk({});
}

bool FileService::open(const QString& path)
{
    const io::LoadResult loaded = formats::rigFormat().read(path);
    if (!loaded.ok()) {
        emit m_document->loadFailed(QString::fromStdString(loaded.error.toString()));
        return false;
    }
    // An example keeps the way it is meant to be played however it is opened (menu, command
    // line, Open, Open Recent): the catalogue knows it by its file name.
    const QFileInfo file(path);
    m_document->adopt(*loaded.rig, loaded.editor, file.absoluteFilePath(),
                      ExampleCatalogue::hintForFile(file.fileName()));
    rememberDisk(file.absoluteFilePath());
    addRecent(file.absoluteFilePath());
    return true;
}

bool FileService::openExample(int index)
{
    const QVariantList list = examples();
    if (index < 0 || index >= list.size())
        return false;
    const QVariantMap example = list[index].toMap();
    const io::LoadResult loaded = formats::rigFormat().read(ExampleCatalogue::resourcePath(example));
    if (!loaded.ok()) {
        emit m_document->loadFailed(QString::fromStdString(loaded.error.toString()));
        return false;
    }
    // A template: saving asks where. Its art is read from the resource folder it came from.
    m_document->adopt(*loaded.rig, loaded.editor, QString(), example,
                      QFileInfo(ExampleCatalogue::resourcePath(example)).path());
    rememberDisk({});
    return true;
}

QVariantList FileService::examples() const { return ExampleCatalogue::entries(); }

bool FileService::save()
{
    const QString path = m_document->filePath();
    return !path.isEmpty() && saveAs(path);
}

bool FileService::saveAs(const QString& path)
{
    if (path.isEmpty())
        return false;
    // Over the document's own file, changed on disk by someone else: ask before losing that.
    if (QFileInfo(path).absoluteFilePath() == m_document->filePath() && !m_diskDigest.isEmpty() && QFileInfo::exists(path)) {
        const QByteArray onDisk = DiskWatch::digestOf(path);
        if (onDisk != m_diskDigest && onDisk != m_overwriteApproved) {
            emit overwriteNeeded(path);
            return false;
        }
    }
    const QList<ArtCopy> copies = m_document->artCopies(path);
    const QHash<QString, QString> renames = renamesOf(copies);
    // The motion preview keeps the rig it started from and puts it back when it stops, so a
    // renamed path could not outlast it (a clip open is fine: undo works there).
    if (!renames.isEmpty() && m_document->posing()->isPreviewing() && !m_document->posing()->isAnimating()) {
        emit m_document->saveFailed(tr("Stop playing to save here: images in this folder must be renamed"));
        return false;
    }
    if (!copies.isEmpty() && !m_copyApproved) {
        emit artCopyNeeded(path, artCopyQuestion(copies));
        return false;
    }
    // The files and folders the copies make, taken back if the save does not happen: a failed
    // save leaves the folder as it found it (a later save there would otherwise find those
    // files in the way and rename around them).
    QStringList made;
    if (!copies.isEmpty() && !copyArt(copies, made)) {
        removeMade(made);
        return false;
    }
    // A new rig takes its file's name at its first save: the exports name their skeleton (and
    // a DragonBones runtime looks the armature up) by it, and "untitled" would clash. Part of
    // the save, as the file's path is, not an undo step of its own (Ctrl+Z after a first save
    // undid that and left the rig modified).
    if (m_document->setupRig().name() == kUntitled) {
        m_document->posing()->nameRig(rigNameFor(path).toStdString());
        emit m_document->rigChanged();
    }
    exporters::ExportReport report;
    QString error;
    if (!formats::rigFormat().save(withImagesRenamed(m_document->setupRig(), renames), m_document->editorSettings(), path,
                                   report, &error)) {
        removeMade(made);
        emit m_document->saveFailed(error);
        return false;
    }
    const QString saved = QFileInfo(path).absoluteFilePath();
    // Only once the file is written: a failed save leaves the rig's paths as they were.
    m_document->renameImages(renames, tr("Rename images saved as %1").arg(QFileInfo(path).fileName()));
    m_document->markSaved(saved);
    rememberDisk(saved);
    addRecent(saved);
    // Images the saved rig names that are not beside it (their files gone before they could be
    // copied, as after a crash with an imported image moved away): said, not silently left out.
    QStringList missing;
    for (const std::string& image : drawing::SlotImages::imagesOf(m_document->setupRig()))
        if (const QString name = QString::fromStdString(image); !QFileInfo::exists(QFileInfo(saved).absolutePath() + u'/' + name))
            missing.append(name);
    if (!missing.isEmpty())
        emit m_document->notice(tr("Saved %1, but %n image(s) it names are not beside it (missing): %2", nullptr, int(missing.size()))
                                    .arg(QFileInfo(saved).fileName(), missing.join(QStringLiteral(", "))));
    return true;
}

bool FileService::saveOverwriting(const QString& path)
{
    m_overwriteApproved = DiskWatch::digestOf(path); // this version on disk, and no later one
    return saveAs(path);
}

bool FileService::saveCopyingArt(const QString& path)
{
    m_copyApproved = true;
    const bool saved = saveAs(path);
    m_copyApproved = false;
    return saved;
}

QString FileService::artCopyQuestion(const QList<ArtCopy>& copies) const
{
    // Each image as the saved rig names it; where that is a new path, the old one first and why.
    QStringList lines;
    for (const ArtCopy& copy : copies) {
        if (!copy.renamed())
            lines.append(copy.image);
        else if (copy.destination.isEmpty())
            lines.append(tr("%1 \u2192 %2 (the same image is there already)").arg(copy.image, copy.stored));
        else if (QDir::cleanPath(copy.image).startsWith(QLatin1String("../")))
            lines.append(tr("%1 \u2192 %2 (its path leads outside this folder)").arg(copy.image, copy.stored));
        else
            lines.append(tr("%1 \u2192 %2 (another image has that name there)").arg(copy.image, copy.stored));
    }
    const int count = int(copies.size());
    const bool copying = std::any_of(copies.begin(), copies.end(), [](const ArtCopy& copy) { return !copy.destination.isEmpty(); });
    QString question = !copying    ? tr("The rig must name %n image(s) by another path to find them here:\n%1", nullptr, count)
                       : count == 1 ? tr("An image must be copied beside the rig so it finds it:\n%1")
                                  : tr("%n images must be copied beside the rig so it finds them:\n%1", nullptr, count);
    question = question.arg(lines.join(QLatin1Char('\n')));
    if (!renamesOf(copies).isEmpty())
        question += QLatin1Char('\n') + tr("The rig names each image after the \u2192 from now on; no file already there is changed.");
    return question;
}

bool FileService::copyArt(const QList<ArtCopy>& copies, QStringList& made)
{
    for (const ArtCopy& copy : copies) {
        const QString& to = copy.destination;
        if (to.isEmpty()) // the same bytes are there already
            continue;
        // The folders mkpath makes, for removeMade.
        // (Walked up by name: QDir::cdUp refuses to step into a folder that does not exist.)
        QStringList folders;
        for (QString dir = QFileInfo(to).absolutePath(); !QFileInfo::exists(dir);) {
            folders.append(dir);
            const QString up = QFileInfo(dir).path();
            if (up == dir)
                break;
            dir = up;
        }
        const bool madeFolders = QDir().mkpath(QFileInfo(to).absolutePath());
        if (madeFolders)
            made.append(folders);
        // QFile::copy never writes over a file (one that appeared since the plan stops the save)
        // and writes through a temporary file, so a failed copy leaves nothing half written.
        if (!madeFolders || !QFile::copy(copy.source, to)) {
            emit m_document->saveFailed(tr("Cannot copy %1 to %2").arg(copy.source, to));
            return false;
        }
        made.append(to);
        // A copy from the resources is read-only; the user's copy should not be.
        QFile::setPermissions(to, QFile::permissions(to) | QFileDevice::WriteOwner);
    }
    return true;
}

void FileService::removeMade(const QStringList& made)
{
    // Files first, then the folders made for them, deepest first; a folder something else was
    // put in since is kept (rmdir only removes an empty one).
    QStringList folders;
    for (const QString& path : made)
        if (QFileInfo(path).isDir())
            folders.append(path);
        else
            QFile::remove(path);
    std::sort(folders.begin(), folders.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
    for (const QString& folder : folders)
        QDir().rmdir(folder);
}

bool FileService::revert()
{
    if (m_document->filePath().isEmpty()) {
        m_document->revertToClean();
        return true;
    }
    return open(m_document->filePath());
}

bool FileService::reloadFromDisk()
{
    const QString path = m_document->filePath();
    if (path.isEmpty())
        return false;
    const io::LoadResult loaded = formats::rigFormat().read(path);
    if (!loaded.ok()) {
        emit m_document->loadFailed(QString::fromStdString(loaded.error.toString()));
        return false;
    }
    m_document->reloadFrom(*loaded.rig, loaded.editor);
    rememberDisk(path);
    emit m_document->notice(tr("Reloaded %1 from disk: Undo brings back the rig as it was here.").arg(QFileInfo(path).fileName()));
    return true;
}

void FileService::keepOwnVersion(bool overwrite)
{
    const QByteArray theirs = DiskWatch::digestOf(m_document->filePath());
    if (overwrite)
        m_overwriteApproved = theirs;
    m_diskWatch.dismiss(theirs);
}

QString FileService::exportNameProblem(const QString& path) const
{
    if (formats::isSameFile(path, m_document->filePath()))
        return tr("An export never replaces the rig it exports: choose another name");
    if (formats::isRigPath(path, m_document->filePath()))
        return tr("An export never replaces a Bonework rig: choose a name that does not end in .rig.json");
    QString problem = QString::fromStdString(exporters::skeletonNameProblem(QFile::encodeName(path).toStdString()));
    if (!problem.isEmpty())
        problem[0] = problem[0].toUpper(); // a sentence of its own here, as the two above
    return problem;
}

bool FileService::exportNameAccepted(const QUrl& url)
{
    const QString problem = exportNameProblem(url.isLocalFile() ? url.toLocalFile() : url.toString());
    if (!problem.isEmpty())
        emit exportFailed(problem);
    return problem.isEmpty();
}

const formats::FileFormat* FileService::prepareExport(const QUrl& url, const QString& format, QString& path,
                                                     formats::SaveOptions& options)
{
    path = url.isLocalFile() ? url.toLocalFile() : url.toString();
    if (const QString problem = exportNameProblem(path); !problem.isEmpty()) {
        emit exportFailed(problem);
        return nullptr;
    }
    // The slots' images are where the canvas reads them: the rig file's folder, or the bundled
    // examples' resources for an example not saved yet. The atlas is written beside `path`.
    options.rigFolder = m_document->slotImages().baseFolder();
    if (options.rigFolder.isEmpty() && !m_document->filePath().isEmpty())
        options.rigFolder = QFileInfo(m_document->filePath()).absolutePath();
    options.animation = m_bake;
    options.animation.fps = bakeFps();
    options.atlas.maxPageWidth = options.atlas.maxPageHeight = m_atlasPageSize;
    return formats::findExportFormat(format);
}

bool FileService::exportDone(const QString& path, const QString& format, const exporters::ExportReport& report,
                             const QString& error, const exporters::AnimationOptions* baked, int atlasPage)
{
    if (!error.isEmpty()) {
        emit exportFailed(tr("Cannot export %1: %2").arg(path, error));
        return false;
    }
    QSettings settings;
    settings.setValue(kExportFormatKey, format);
    settings.setValue(kExportFolderKey, QFileInfo(path).absolutePath());
    exporters::ExportReport shown = report;
    // The report's decisions name the frame rate only where a key was off its grid; the user
    // chose both values just before, so say which were used.
    // The page size too, unless the pages grew past it (saveWithPagesThatFit says so first).
    constexpr std::string_view kGrown = "atlas pages up to ";
    if (atlasPage > 0 && (shown.decisions.empty() || shown.decisions.front().rfind(kGrown, 0) != 0))
        shown.decisions.insert(shown.decisions.begin(), tr("atlas pages up to %1 px").arg(atlasPage).toStdString());
    if (baked)
        shown.decisions.insert(shown.decisions.begin(),
                               tr("clips written at %1 fps; baked keys stay within %2 px of the sampled pose")
                                   .arg(baked->fps)
                                   .arg(baked->bakeTolerance)
                                   .toStdString());
    m_lastExportReport = QString::fromStdString(shown.toText());
    return true;
}

bool FileService::exportAsksBakeOptions() const { return !m_document->rig().animations().empty(); }

bool FileService::exportAsksAtlasOptions() const { return !m_document->rig().slotList().empty(); }

QString FileService::atlasPageSizeProblem(double px) const
{
    if (std::isfinite(px) && px >= kSmallestAtlasPage && px <= formats::kLargestAtlasPage && px == std::floor(px))
        return {};
    return tr("The page size must be a whole number of pixels from %1 to %2.").arg(kSmallestAtlasPage).arg(formats::kLargestAtlasPage);
}

bool FileService::setAtlasPageSize(double px)
{
    if (!atlasPageSizeProblem(px).isEmpty())
        return false;
    QSettings().setValue(kAtlasPageSizeKey, static_cast<int>(px));
    if (m_atlasPageSize != static_cast<int>(px)) {
        m_atlasPageSize = static_cast<int>(px);
        emit atlasPageSizeChanged();
    }
    return true;
}

QString FileService::bakeFpsProblem(double fps) const
{
    if (std::isfinite(fps) && fps >= 1 && fps <= kMostBakeFps && fps == std::floor(fps))
        return {};
    return tr("The frame rate must be a whole number of frames per second from 1 to %1.").arg(kMostBakeFps);
}

QString FileService::keysBetweenFrames(double fps) const
{
    if (!bakeFpsProblem(fps).isEmpty())
        return {};
    const auto onGrid = [](double t, double rate) { return std::fabs(t * rate - std::round(t * rate)) < 1e-6; };
    const auto& clips = m_document->rig().animations();
    // The first clip with keys between this rate's frames, how many, and the common rates
    // that hold every key of every clip.
    QString clipName;
    int between = 0;
    std::vector<double> times;
    for (const animation::Clip& clip : clips)
        for (const animation::TrackRef& track : animation::keyedTracks(clip))
            for (double t : animation::keyTimes(clip, track)) {
                times.push_back(t);
                if (!onGrid(t, fps)) {
                    if (clipName.isEmpty())
                        clipName = QString::fromStdString(clip.name);
                    ++between;
                }
            }
    if (between == 0)
        return {};
    int holds = 0;
    for (int rate : {24, 25, 30, 48, 50, 60, 120, 240})
        if (std::all_of(times.begin(), times.end(), [&](double t) { return onGrid(t, rate); })) {
            holds = rate;
            break;
        }
    const QString moved = (between == 1 ? tr("A key falls between frames at this rate (in \"%1\"): it moves onto the nearest "
                                             "frame, and a fast move plays off between frames.")
                                          : tr("%n keys fall between frames at this rate (first in \"%1\"): they move onto the "
                                               "nearest frame, and fast moves play off between frames.", nullptr, between))
                              .arg(clipName);
    return holds > 0 ? moved + QLatin1Char(' ') + tr("%1 fps keeps every key.").arg(holds) : moved;
}

QString FileService::bakeToleranceProblem(double px) const
{
    if (std::isfinite(px) && px > 0)
        return {};
    return tr("The bake tolerance must be a number of pixels above 0, such as 0.1.");
}

bool FileService::setBakeFps(double fps)
{
    if (!bakeFpsProblem(fps).isEmpty())
        return false;
    QSettings().setValue(kBakeFpsKey, static_cast<int>(fps));
    if (m_bake.fps != static_cast<int>(fps) || !m_bakeFpsChosen) {
        m_bake.fps = static_cast<int>(fps);
        m_bakeFpsChosen = true;
        emit bakeOptionsChanged();
    }
    return true;
}

int FileService::bakeFps() const { return m_bakeFpsChosen ? m_bake.fps : m_document->animation()->fps(); }

bool FileService::setBakeTolerance(double px)
{
    if (!bakeToleranceProblem(px).isEmpty())
        return false;
    QSettings().setValue(kBakeToleranceKey, px);
    if (m_bake.bakeTolerance != px) {
        m_bake.bakeTolerance = px;
        emit bakeOptionsChanged();
    }
    return true;
}

bool FileService::exportTo(const QUrl& url, const QString& format)
{
    QString path;
    formats::SaveOptions options;
    const formats::FileFormat* exporter = prepareExport(url, format, path, options);
    if (!exporter)
        return false;
    exporters::ExportReport report;
    QString error;
    if (!formats::saveWithPagesThatFit(*exporter, m_document->setupRig(), m_document->editorSettings(), path, report, &error, options)
        && error.isEmpty())
        error = tr("the exporter gave no reason");
    return exportDone(path, format, report, error, exportAsksBakeOptions() ? &options.animation : nullptr,
                      exportAsksAtlasOptions() ? options.atlas.maxPageWidth : 0);
}

bool FileService::startExport(const QUrl& url, const QString& format)
{
    QString path;
    formats::SaveOptions options;
    const formats::FileFormat* exporter = isExporting() ? nullptr : prepareExport(url, format, path, options);
    if (!exporter || !m_exportJob.start(exporter, m_document->setupRig(), m_document->editorSettings(), path, options))
        return false;
    // One connection per export: the format's id and the options used travel with it (the rig
    // may be edited while it runs).
    const std::optional<exporters::AnimationOptions> baked =
        exportAsksBakeOptions() ? std::optional(options.animation) : std::nullopt;
    const int atlasPage = exportAsksAtlasOptions() ? options.atlas.maxPageWidth : 0;
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(&m_exportJob, &ExportJob::finished, this,
                          [this, format, baked, atlasPage, connection](const QString& written, const exporters::ExportReport& report,
                                                                       const QString& error) {
                              disconnect(*connection);
                              const bool ok = exportDone(written, format, report, error, baked ? &*baked : nullptr, atlasPage);
                              emit exportingChanged();
                              emit exportFinished(ok);
                          });
    emit exportingChanged();
    return true;
}

QVariantList FileService::exportFormats() const
{
    QVariantList list;
    for (const formats::FileFormat* f : formats::exportFormats())
        list.append(QVariantMap{{"id", f->id()},
                                {"label", QStringLiteral("%1 (%2)").arg(f->displayName(), f->nameFilter())},
                                {"globs", QStringList{f->nameFilter()}},
                                {"suffix", f->suffix()}});
    return list;
}

QVariantList FileService::openFilters() const
{
    QVariantList list;
    for (const formats::FileFormat* f : formats::fileFormats()) {
        if (!f->canRead())
            continue;
        const QStringList globs{f->nameFilter(), QStringLiteral("*.json")};
        list.append(QVariantMap{{"label", tr("%1s (%2)").arg(f->displayName(), globs.join(QStringLiteral(", ")))},
                                {"globs", globs}});
    }
    list.append(QVariantMap{{"label", tr("All files")}, {"globs", QStringList{QStringLiteral("*")}}});
    return list;
}

QVariantList FileService::saveFilters() const
{
    const formats::FileFormat& rig = formats::rigFormat();
    return {QVariantMap{{"label", tr("%1s (%2)").arg(rig.displayName(), rig.nameFilter())},
                        {"globs", QStringList{rig.nameFilter()}},
                        {"suffix", rig.suffix()}}};
}

QString FileService::lastExportFormat() const
{
    return QSettings().value(kExportFormatKey, formats::exportFormats().front()->id()).toString();
}

QUrl FileService::lastExportFolder() const
{
    const QString folder = QSettings().value(kExportFolderKey).toString();
    if (!folder.isEmpty())
        return QUrl::fromLocalFile(folder);
    const QString rig = m_document->filePath();
    return rig.isEmpty() ? QUrl() : QUrl::fromLocalFile(QFileInfo(rig).absolutePath());
}

bool FileService::restoreRecovered(const QByteArray& json, const QString& originalPath, const ImageSources& images,
                                   const QByteArray& diskThen)
{
    const io::LoadResult loaded = io::parseRig(json.toStdString(), tr("recovered work").toStdString());
    if (!loaded.ok()) {
        emit m_document->loadFailed(QString::fromStdString(loaded.error.toString()));
        return false;
    }
    newRig();
    // The recovered rig comes back as an unsaved change on top of its original file.
    if (!originalPath.isEmpty()) {
        const io::LoadResult original = formats::rigFormat().read(originalPath);
        if (original.ok()) {
            m_document->adopt(*original.rig, original.editor, QFileInfo(originalPath).absoluteFilePath(), {});
            rememberDisk(QFileInfo(originalPath).absoluteFilePath());
        }
    }
    m_document->restoreImageSources(images); // before the rig comes back, so its images are found
    m_document->undoStack()->push(
        new ReplaceRigCommand(m_document, tr("Recover unsaved work"), m_document->rig(), *loaded.rig));
    m_document->applyNodeShape(loaded.editor.nodeShape); // a view setting: not an undo step
    // Changed on disk since the work was autosaved (another program, after the crash): the work
    // was made against the version it knew, so that is the one known here; the watch tells the
    // newer one at once and a save asks before replacing it.
    if (!diskThen.isEmpty() && !m_diskDigest.isEmpty() && diskThen != m_diskDigest) {
        m_diskDigest = diskThen;
        m_diskWatch.follow(m_document->filePath(), diskThen);
        m_diskWatch.check();
    }
    return true;
}

QStringList FileService::recentFiles() const { return RecentFiles::list(); }

QString FileService::recentFileLabel(const QString& path) const { return RecentFiles::label(path); }

void FileService::addRecent(const QString& path)
{
    RecentFiles::add(path);
    // The file dialogs start where the last rig was opened or saved, however (the command line,
    // Open Recent, an example saved): after New, Save As opened in the home folder.
    FileNames::rememberFolder(QUrl::fromLocalFile(path));
    emit recentFilesChanged();
}

} // namespace bonework::editor
