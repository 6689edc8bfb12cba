#include "autosave.h"

#include "document.h"

#include "bonework/io/rig_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace bonework::editor {

Autosave::Autosave(Document* document, QString directory, int intervalMs, QObject* parent)
    : QObject(parent), m_document(document), m_directory(std::move(directory))
{
    if (m_directory.isEmpty())
        m_directory = qEnvironmentVariable("BONEWORK_RECOVERY_DIR");
    if (m_directory.isEmpty())
        m_directory = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(m_directory);
    m_hasRecovery = QFileInfo::exists(recoveryFile());
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer.start();
}

Autosave::~Autosave()
{
    // A clean exit leaves no recovery behind (unless one is still waiting to be answered).
    if (!m_hasRecovery)
        removeFiles();
}

QString Autosave::recoveryFile() const { return m_directory + QStringLiteral("/recovery.rig.json"); }

QString Autosave::pathFile() const { return m_directory + QStringLiteral("/recovery.path"); }

QString Autosave::imagesFile() const { return m_directory + QStringLiteral("/recovery.images.json"); }

QString Autosave::recoveryDescription() const
{
    QFile path(pathFile());
    const QString original = path.open(QIODevice::ReadOnly) ? QString::fromUtf8(path.readAll()) : QString();
    const QString when = QFileInfo(recoveryFile()).lastModified().toString(Qt::TextDate);
    return original.isEmpty() ? tr("Unsaved work on an untitled rig from %1").arg(when)
                              : tr("Unsaved changes to %1 from %2").arg(QFileInfo(original).fileName(), when);
}

void Autosave::saveNow()
{
    if (!m_document || m_hasRecovery)
        return; // never overwrite a recovery the user has not answered yet
    if (!m_document->isModified()) {
        removeFiles();
        return;
    }
    QSaveFile rig(recoveryFile());
    if (!rig.open(QIODevice::WriteOnly))
        return;
    rig.write(QByteArray::fromStdString(io::serializeRig(m_document->setupRig(), m_document->editorSettings())));
    if (!rig.commit())
        return;
    QSaveFile path(pathFile());
    if (path.open(QIODevice::WriteOnly)) {
        path.write(m_document->filePath().toUtf8());
        path.commit();
    }
    const ImageSources images = m_document->imageSources();
    if (images.isEmpty()) {
        QFile::remove(imagesFile());
    } else {
        QSaveFile sources(imagesFile());
        if (sources.open(QIODevice::WriteOnly)) {
            sources.write(images.toJson());
            sources.commit();
        }
    }
}

bool Autosave::recover()
{
    QFile rig(recoveryFile());
    QFile path(pathFile());
    if (!rig.open(QIODevice::ReadOnly))
        return false;
    const QString original = path.open(QIODevice::ReadOnly) ? QString::fromUtf8(path.readAll()) : QString();
    QFile sources(imagesFile());
    const ImageSources images = sources.open(QIODevice::ReadOnly) ? ImageSources::fromJson(sources.readAll()) : ImageSources{};
    const bool ok = m_document->files()->restoreRecovered(rig.readAll(), original, images);
    rig.close();
    if (ok)
        discardRecovery();
    return ok;
}

void Autosave::discardRecovery()
{
    removeFiles();
    m_hasRecovery = false;
    emit recoveryChanged();
}

void Autosave::removeFiles()
{
    QFile::remove(recoveryFile());
    QFile::remove(pathFile());
    QFile::remove(imagesFile());
}

} // namespace bonework::editor
