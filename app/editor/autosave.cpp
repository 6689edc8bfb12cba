#include "autosave.h"

#include "document.h"

#include "bonework/io/rig_file.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace bonework::editor {
namespace {

constexpr char kRig[] = "recovery.rig.json";
constexpr char kPath[] = "recovery.path";
constexpr char kImages[] = "recovery.images.json"; // where the images are read from (image_sources.h)
// The version of the rig's file on disk the work was made against (a digest, hex): a change on
// disk after it is told on recovery, before a save could silently replace it.
constexpr char kDisk[] = "recovery.disk";
constexpr char kLock[] = "session.lock";
constexpr char kSessionPrefix[] = "session-";

QString in(const QString& folder, const char* name) { return folder + QLatin1Char('/') + QLatin1String(name); }

} // namespace

Autosave::Autosave(Document* document, QString directory, int intervalMs, QObject* parent)
    : QObject(parent), m_document(document), m_directory(std::move(directory))
{
    if (m_directory.isEmpty())
        m_directory = qEnvironmentVariable("BONEWORK_RECOVERY_DIR");
    if (m_directory.isEmpty())
        m_directory = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(m_directory);
    // This session's folder, locked while it runs: other editors leave it alone.
    m_session = in(m_directory, kSessionPrefix) + QStringLiteral("%1-%2").arg(QCoreApplication::applicationPid())
                                                       .arg(QDateTime::currentMSecsSinceEpoch());
    for (int n = 2; QFileInfo::exists(m_session); ++n) // two sessions of one process in one millisecond
        m_session += QStringLiteral("-%1").arg(n);
    QDir().mkpath(m_session);
    m_lock = std::make_unique<QLockFile>(in(m_session, kLock));
    m_lock->setStaleLockTime(0); // held as long as the editor runs: stale only when its process is gone
    m_lock->tryLock(0);
    findOffered();
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer.start();
    // Saved (or every change undone): the recovery goes at once, not at the next tick. Left
    // until then, a crash meanwhile offered work older than the file just saved, and taking
    // that offer undid the last edits (found by QA).
    connect(m_document, &Document::modifiedChanged, this, [this] {
        if (m_document && m_lock && !m_document->isModified())
            removeSessionFiles(m_session);
    });
}

Autosave::~Autosave()
{
    // A clean exit leaves no recovery of its own behind; one on offer and not answered stays
    // for the next start (its lock goes with m_offeredLock).
    if (m_lock) {
        removeSessionFiles(m_session);
        m_lock->unlock();
        QDir().rmdir(m_session);
    }
}

void Autosave::findOffered()
{
    // Folders of sessions that no longer run, newest recovery first. A lock that can be taken
    // has no running owner (QLockFile finds a lock whose process died stale); this session
    // keeps it while the recovery is on offer, so a second editor started meanwhile does not
    // offer the same work.
    QFileInfoList sessions = QDir(m_directory).entryInfoList({QLatin1String(kSessionPrefix) + u'*'}, QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(sessions.begin(), sessions.end(), [](const QFileInfo& a, const QFileInfo& b) {
        return QFileInfo(in(a.filePath(), kRig)).lastModified() > QFileInfo(in(b.filePath(), kRig)).lastModified();
    });
    for (const QFileInfo& session : sessions) {
        const QString folder = session.filePath();
        if (folder == m_session)
            continue;
        auto lock = std::make_unique<QLockFile>(in(folder, kLock));
        lock->setStaleLockTime(0); // an editor running for hours still holds its lock
        if (!lock->tryLock(0))
            continue; // a running editor's
        if (!QFileInfo::exists(in(folder, kRig))) { // left empty: nothing to offer
            removeSessionFiles(folder);
            lock->unlock();
            QDir().rmdir(folder);
            continue;
        }
        if (m_offered.isEmpty()) {
            m_offered = folder;
            m_offeredLock = std::move(lock);
        }
    }
    // Versions before session folders wrote into the recovery folder itself.
    if (m_offered.isEmpty() && QFileInfo::exists(in(m_directory, kRig)))
        m_offered = m_directory;
}

QString Autosave::recoveryFile() const { return in(m_session, kRig); }

QString Autosave::recoveryDescription() const
{
    if (m_offered.isEmpty())
        return {};
    QFile path(in(m_offered, kPath));
    const QString original = path.open(QIODevice::ReadOnly) ? QString::fromUtf8(path.readAll()) : QString();
    const QString when = QFileInfo(in(m_offered, kRig)).lastModified().toString(Qt::TextDate);
    return original.isEmpty() ? tr("Unsaved work on an untitled rig from %1").arg(when)
                              : tr("Unsaved changes to %1 from %2").arg(QFileInfo(original).fileName(), when);
}

void Autosave::saveNow()
{
    if (!m_document || !m_lock)
        return;
    // Nothing unsaved, or nothing a file can hold (a rig without joints: its recovery could not be
    // opened, and every later start offered it and failed again).
    if (!m_document->isModified() || !io::rigFileProblem(m_document->setupRig()).empty()) {
        removeSessionFiles(m_session);
        return;
    }
    QSaveFile rig(recoveryFile());
    if (!rig.open(QIODevice::WriteOnly))
        return;
    rig.write(QByteArray::fromStdString(io::serializeRig(m_document->setupRig(), m_document->editorSettings())));
    if (!rig.commit())
        return;
    QSaveFile path(in(m_session, kPath));
    if (path.open(QIODevice::WriteOnly)) {
        path.write(m_document->filePath().toUtf8());
        path.commit();
    }
    QSaveFile disk(in(m_session, kDisk));
    if (disk.open(QIODevice::WriteOnly)) {
        disk.write(m_document->files()->diskDigest().toHex());
        disk.commit();
    }
    const ImageSources images = m_document->imageSources();
    if (images.isEmpty()) {
        QFile::remove(in(m_session, kImages));
    } else {
        QSaveFile sources(in(m_session, kImages));
        if (sources.open(QIODevice::WriteOnly)) {
            sources.write(images.toJson());
            sources.commit();
        }
    }
}

bool Autosave::recover()
{
    if (m_offered.isEmpty() || !m_document)
        return false;
    QFile rig(in(m_offered, kRig));
    QFile path(in(m_offered, kPath));
    if (!rig.open(QIODevice::ReadOnly))
        return false;
    const QString original = path.open(QIODevice::ReadOnly) ? QString::fromUtf8(path.readAll()) : QString();
    QFile sources(in(m_offered, kImages));
    const ImageSources images = sources.open(QIODevice::ReadOnly) ? ImageSources::fromJson(sources.readAll()) : ImageSources{};
    QFile disk(in(m_offered, kDisk));
    const QByteArray diskThen = disk.open(QIODevice::ReadOnly) ? QByteArray::fromHex(disk.readAll()) : QByteArray();
    const bool ok = m_document->files()->restoreRecovered(rig.readAll(), original, images, diskThen);
    rig.close();
    if (!ok)
        return false;
    // The recovered work is on disk again (this session's) before the old files go: a crash
    // now loses nothing.
    saveNow();
    discardRecovery();
    return true;
}

void Autosave::discardRecovery()
{
    if (m_offered.isEmpty())
        return;
    removeSessionFiles(m_offered);
    if (m_offeredLock) {
        m_offeredLock->unlock();
        m_offeredLock.reset();
        QDir().rmdir(m_offered);
    }
    m_offered.clear();
    emit recoveryChanged();
}

void Autosave::leaveAsCrashed()
{
    m_timer.stop();
    if (m_lock)
        m_lock->unlock(); // the lock file goes; a crash would leave it stale, which reads the same
    m_lock.reset();
    m_offeredLock.reset();
}

void Autosave::removeSessionFiles(const QString& folder)
{
    QFile::remove(in(folder, kRig));
    QFile::remove(in(folder, kPath));
    QFile::remove(in(folder, kImages));
    QFile::remove(in(folder, kDisk));
}

} // namespace bonework::editor
