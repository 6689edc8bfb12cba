#pragma once
// The document's files: New, Open (a file, a recent file, a bundled example), Save, Save As,
// Revert, Export and recovering autosaved work. Every format goes through the one format
// interface (app/formats/file_format.h): the rig format reads and writes, the exporters
// write. QML reaches it as `document.files`; failures are reported through the document's
// loadFailed and saveFailed signals, and a failed open leaves the document as it was.

#include "art_copy_plan.h"
#include "disk_watch.h"
#include "export_job.h"
#include "image_sources.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class Document;

class FileService : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Each document has its file service")
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY recentFilesChanged)
    // An export started with startExport is running (the window shows a progress bar).
    Q_PROPERTY(bool exporting READ isExporting NOTIFY exportingChanged)
    // How an export writes the rig's animation clips (remembered in QSettings, as the format):
    // the frame rate baked keys are sampled at (DragonBones' frameRate too) and how far, in px,
    // a baked joint may stray from the sampled pose. The Export Options step sets them.
    Q_PROPERTY(int bakeFps READ bakeFps NOTIFY bakeOptionsChanged)
    Q_PROPERTY(double bakeTolerance READ bakeTolerance NOTIFY bakeOptionsChanged)
    // The atlas pages' largest width and height in px, for a rig with slots (remembered as the
    // bake options; bonework-cli export --max-page-size). An image larger than it still
    // exports: its pages grow to hold it, and the report says so.
    Q_PROPERTY(int atlasPageSize READ atlasPageSize NOTIFY atlasPageSizeChanged)

public:
    explicit FileService(Document* document);

    Q_INVOKABLE void newRig();
    // Opens a file; on failure the document is left untouched and loadFailed is emitted with
    // the loader's message (file, JSON path, problem).
    Q_INVOKABLE bool open(const QString& path);
    Q_INVOKABLE bool openUrl(const QUrl& url) { return open(url.toLocalFile()); }
    // Opens bundled example `index` (of examples()) as a new, untitled rig (saving asks for a
    // file name), and remembers how it is meant to be played (the document's playHint).
    Q_INVOKABLE bool openExample(int index);
    Q_INVOKABLE QVariantList examples() const;
    Q_INVOKABLE bool save();
    Q_INVOKABLE bool saveAs(const QString& path);
    Q_INVOKABLE bool saveAsUrl(const QUrl& url) { return saveAs(url.toLocalFile()); }
    // Saving copies the images the rig's slots need beside it (imports from elsewhere, the art
    // of a rig saved into another folder), but asks first: save and saveAs then emit
    // artCopyNeeded and return false, and saveCopyingArt saves with the copies once approved
    // (the saved file keeps only relative paths, so the choice is Copy or Cancel).
    Q_INVOKABLE bool saveCopyingArt(const QString& path);
    Q_INVOKABLE bool saveCopyingArtUrl(const QUrl& url) { return saveCopyingArt(url.toLocalFile()); }
    // Saving over the document's own file after another program changed it on disk (since it
    // was opened or last saved here) asks first, as Godot and most editors do: save emits
    // overwriteNeeded and returns false; saveOverwriting saves once approved (Revert instead
    // loads the file as it is now).
    Q_INVOKABLE bool saveOverwriting(const QString& path);
    Q_INVOKABLE bool revert();
    // The file changed on disk while open (changedOnDisk): reload it as one undo step, the
    // document clean after (undo brings back the rig as it was here; false, loadFailed emitted
    // and nothing changed, when the file no longer loads), or keep the rig here: that version
    // is not told again and, when `overwrite`, a save writes over it without asking (else the
    // save asks, overwriteNeeded).
    Q_INVOKABLE bool reloadFromDisk();
    Q_INVOKABLE void keepOwnVersion(bool overwrite);
    // Writes the rig in a game runtime's format ("spine" or "dragonbones"); never over a
    // .rig.json. lastExportReport() then says what the format could not carry.
    Q_INVOKABLE bool exportTo(const QUrl& url, const QString& format);
    // The same off the GUI thread (packing many images takes a while): exportFinished(true) when
    // written (lastExportReport() then says what was lost), exportFailed on failure. False when
    // it cannot start (an export running, a .rig.json name, an unknown format).
    Q_INVOKABLE bool startExport(const QUrl& url, const QString& format);
    // Whether an export may be named `url` (not the rig, not a .rig.json, not an image's or an
    // atlas's suffix); exportFailed says why not. Asked before the Export Options step, so a
    // refused name is not told only after the options are filled in.
    Q_INVOKABLE bool exportNameAccepted(const QUrl& url);
    bool isExporting() const { return m_exportJob.isRunning(); }
    // The export formats for the Export dialog: id, label ("Spine 4.2 JSON (*.json)"), globs, suffix.
    Q_INVOKABLE QVariantList exportFormats() const;
    // The Open dialog's file types: the formats that read (rigs are also opened from plain
    // *.json), then all files. The Save dialog's: the rig format alone.
    Q_INVOKABLE QVariantList openFilters() const;
    Q_INVOKABLE QVariantList saveFilters() const;
    Q_INVOKABLE QString lastExportReport() const { return m_lastExportReport; }
    // The format and folder of the last export (QSettings), for the export dialog.
    Q_INVOKABLE QString lastExportFormat() const;
    Q_INVOKABLE QUrl lastExportFolder() const;
    // Whether Export asks for the bake options after the file is chosen: only a rig with
    // animation clips has anything to bake.
    Q_INVOKABLE bool exportAsksBakeOptions() const;
    // Whether Export asks for the atlas's page size: only a rig with slots has an atlas.
    Q_INVOKABLE bool exportAsksAtlasOptions() const;
    static constexpr int kMostBakeFps = 240; // as bonework-cli export --fps
    // The frame rate last chosen for an export; until one was, the Timeline's (a clip keyed at
    // 24 fps was offered 30, then warned of keys between frames).
    int bakeFps() const;
    double bakeTolerance() const { return m_bake.bakeTolerance; }
    // Why a value cannot be the option, "" when it can: a whole number of frames per second from
    // 1 to kMostBakeFps; a finite number of pixels above 0. (QML passes what was typed as a
    // number, NaN when it is none.)
    Q_INVOKABLE QString bakeFpsProblem(double fps) const;
    Q_INVOKABLE QString bakeToleranceProblem(double px) const;
    // A warning, not a refusal: which keys of the rig's clips fall between frames at `fps`
    // (moved onto the nearest frame on export) and the common rate that keeps them all (the
    // motion preview's recordings key 60 Hz steps); empty when every key is on a frame.
    Q_INVOKABLE QString keysBetweenFrames(double fps) const;
    // Set and remember the option; false, and nothing changed, when its problem is not "".
    Q_INVOKABLE bool setBakeFps(double fps);
    Q_INVOKABLE bool setBakeTolerance(double px);
    int atlasPageSize() const { return m_atlasPageSize; }
    // Why `px` cannot be the page size ("" when it can): a whole number of pixels from
    // kSmallestAtlasPage to formats::kLargestAtlasPage.
    Q_INVOKABLE QString atlasPageSizeProblem(double px) const;
    Q_INVOKABLE bool setAtlasPageSize(double px);
    static constexpr int kSmallestAtlasPage = 16;
    // The snapshot autosave writes and offers back after a crash, as one undoable step on top
    // of its original file, its images read from where they were (see image_sources.h).
    // `diskThen`: the digest of the original file as the work knew it; when the file on disk is
    // another version now, that is told as any change on disk is (Reload / Keep Mine), and a
    // save asks before replacing it.
    bool restoreRecovered(const QByteArray& json, const QString& originalPath, const ImageSources& images = {},
                          const QByteArray& diskThen = {});
    // The digest of the document's file as last read or written here (empty: none).
    QByteArray diskDigest() const { return m_diskDigest; }

    QStringList recentFiles() const;
    // How File > Open Recent shows a file: its name first, then its folder.
    Q_INVOKABLE QString recentFileLabel(const QString& path) const;

signals:
    void recentFilesChanged();
    void exportingChanged();
    void bakeOptionsChanged();
    void atlasPageSizeChanged();
    void exportFinished(bool ok);
    // An export refused or failed: `message` says why (a save's failure is
    // Document::saveFailed, titled so).
    void exportFailed(const QString& message);
    // A save to `path` needs images copied beside it: `message` says which, for a Copy / Cancel
    // question.
    void artCopyNeeded(const QString& path, const QString& message);
    // The document's file at `path` changed on disk since it was read or written here.
    void overwriteNeeded(const QString& path);
    // Another program wrote a new version of the document's file while it is open.
    void changedOnDisk(const QString& path);

private:
    void addRecent(const QString& path);
    // What an export to `url` needs: the path, the format and the options; null (exportFailed
    // emitted where the user should know) when it cannot be.
    QString exportNameProblem(const QString& path) const;
    const formats::FileFormat* prepareExport(const QUrl& url, const QString& format, QString& path, formats::SaveOptions& options);
    // After an export: the report kept and the dialog's choices remembered, or exportFailed.
    // `baked`: the animation options used, null when the rig had no clips; `atlasPage`: the
    // page size asked for, 0 when the rig had no slots.
    bool exportDone(const QString& path, const QString& format, const exporters::ExportReport& report, const QString& error,
                    const exporters::AnimationOptions* baked, int atlasPage);

    // Copies the images a save needs (Document::artCopies); false (saveFailed emitted) when one
    // fails. `made`: each file and folder it made, for removeMade when the save goes no further.
    bool copyArt(const QList<ArtCopy>& copies, QStringList& made);
    static void removeMade(const QStringList& made);
    // The Copy / Cancel question: where each image goes, and why where its path changes.
    QString artCopyQuestion(const QList<ArtCopy>& copies) const;

    Document* m_document;
    QString m_lastExportReport;
    bool m_copyApproved = false; // saveCopyingArt is saving
    // The document's file as this editor last read or wrote it (a digest of its bytes; empty:
    // no file, or none to compare with), and a version on disk the user agreed to overwrite.
    QByteArray m_diskDigest;
    QByteArray m_overwriteApproved;
    void rememberDisk(const QString& path);
    DiskWatch m_diskWatch;
    ExportJob m_exportJob;
    exporters::AnimationOptions m_bake; // from QSettings
    bool m_bakeFpsChosen = false;       // m_bake.fps was chosen in an export (else: the Timeline's)
    int m_atlasPageSize;                // from QSettings
};

} // namespace bonework::editor
