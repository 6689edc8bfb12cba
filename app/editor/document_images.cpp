// Document's images: reading the slots' image files once (drawing::SlotImages), importing image
// files as slots, and what a save must copy beside the rig so every image path finds its file.
#include "document.h"
#include "image_paths.h"
#include "replace_rig_command.h"

#include "bonework/forward_kinematics.h"

#include <QDir>
#include <QFileInfo>

namespace bonework::editor {

void Document::syncImages()
{
    const bool added = m_images.sync(m_rig);
    const QStringList missing = m_images.missing();
    QSet<QString> missingSet(missing.begin(), missing.end());
    if (added || missingSet != m_missingImages) {
        m_missingImages = std::move(missingSet);
        emit slotImagesChanged();
    }
}

void Document::watchImages()
{
    QStringList files;
    for (const std::string& image : drawing::SlotImages::imagesOf(m_rig))
        files.append(m_images.filePath(image));
    m_imageWatch.follow(files);
}

void Document::imageFilesChanged(const QStringList& files)
{
    const QSet<QString> changed(files.begin(), files.end());
    std::vector<std::string> reread;
    for (const std::string& image : drawing::SlotImages::imagesOf(m_rig))
        if (changed.contains(QFileInfo(m_images.filePath(image)).absoluteFilePath())) {
            m_images.reload(image);
            reread.push_back(image);
        }
    syncImages(); // the canvas redraws (slotImagesChanged)
    // A picture gone or broken shows as a crossed box, as on open; the status bar says why.
    QStringList lost;
    for (const std::string& image : reread)
        if (m_images.isMissing(image))
            lost.append(tr("%1: %2").arg(QString::fromStdString(image), m_images.problem(image)));
    if (!lost.isEmpty())
        emit notice(tr("Changed on disk, drawn as a crossed box: %1").arg(lost.join(QStringLiteral("; "))));
}

QString Document::storedImagePath(const QString& file)
{
    const QString absolute = QFileInfo(file).absoluteFilePath();
    const QString folder = m_images.baseFolder();
    if (!m_filePath.isEmpty() && isInsideFolder(absolute, folder))
        return QDir(folder).relativeFilePath(absolute);
    // Imported from elsewhere (or the rig is untitled): "art/NAME", copied there on save. The
    // same file keeps its name; another file with a taken name gets a new one.
    for (auto it = m_pendingArt.constBegin(); it != m_pendingArt.constEnd(); ++it)
        if (it.value() == absolute)
            return it.key();
    const auto taken = [&](const QString& path) {
        if (m_pendingArt.contains(path))
            return true;
        // The same picture already there (named by the rig or not): used as it is, not
        // copied beside itself as art/NAME-2 (QA).
        const QString there = folder.isEmpty() ? QString() : folder + QLatin1Char('/') + path;
        if (!there.isEmpty() && QFileInfo(there).isFile() && sameFileBytes(absolute, there))
            return false;
        for (const std::string& image : drawing::SlotImages::imagesOf(setupRig()))
            if (QString::fromStdString(image) == path)
                return true;
        return !there.isEmpty() && QFileInfo::exists(there);
    };
    const QString stored = uniqueImagePath(QStringLiteral("art/") + QFileInfo(absolute).fileName(), taken);
    m_pendingArt.insert(stored, absolute);
    m_images.setSource(stored.toStdString(), absolute);
    return stored;
}

int Document::importImages(const QList<QUrl>& files, double x, double y)
{
    if (refuseWhilePlaying())
        return 0;
    QStringList paths, refused;
    for (const QUrl& url : files) {
        const QString path = url.isLocalFile() ? url.toLocalFile() : url.toString();
        if (!QFileInfo(path).isFile())
            continue;
        // Only what exports and renders: a GIF or BMP dropped here would show until the export refused it.
        if (const QString why = drawing::SlotImages::fileProblem(path); !why.isEmpty())
            refused.append(tr("%1: %2").arg(QFileInfo(path).fileName(), why));
        else
            paths.append(path);
    }
    if (!refused.isEmpty())
        emit editRefused(tr("Not imported (Bonework takes PNG and JPEG images): %1").arg(refused.join(QStringLiteral("; "))));
    if (paths.isEmpty()) {
        if (refused.isEmpty())
            emit editRefused(tr("No image files to import"));
        return 0;
    }
    m_undo.beginMacro(paths.size() == 1 ? tr("Import %1").arg(QFileInfo(paths.front()).fileName())
                                        : tr("Import %n images", nullptr, int(paths.size())));
    int joint = m_selectedJoint;
    if (joint < 0 && m_selectedSlot >= 0)
        joint = m_rig.slotList()[m_selectedSlot].joint;
    if (joint < 0)
        joint = addRoot(x, y);
    int imported = 0;
    for (int k = 0; k < paths.size() && joint >= 0; ++k) {
        // Several at once are fanned out a little, so each can be picked.
        const QString stored = storedImagePath(paths[k]);
        if (addSlotNamed(joint, stored, QFileInfo(paths[k]).completeBaseName(), x + 24.0 * k, y + 24.0 * k) >= 0)
            ++imported;
    }
    m_undo.endMacro();
    return imported;
}

QPointF Document::importPoint(QPointF fallback) const
{
    int joint = m_selectedJoint;
    if (joint < 0 && m_selectedSlot >= 0)
        joint = m_rig.slotList()[static_cast<std::size_t>(m_selectedSlot)].joint;
    if (!m_rig.isValidJoint(joint))
        return fallback;
    const Vec2 at = worldTransformOf(m_rig, joint).position;
    if (m_rig.isRoot(joint))
        return {at.x, at.y};
    const Vec2 from = worldTransformOf(m_rig, m_rig.parent(joint)).position;
    return {0.5 * (at.x + from.x), 0.5 * (at.y + from.y)};
}

bool Document::setSlotImageFile(int index, const QUrl& file)
{
    if (refuseInvalidSlot(index))
        return false;
    return setSlotImage(index, storedImagePath(file.isLocalFile() ? file.toLocalFile() : file.toString()));
}

QList<ArtCopy> Document::artCopies(const QString& rigPath) const
{
    // The setup pose's slots (not a clip's frame on show) and every image a clip keys, each
    // read from a pending import's file or from beside the rig.
    QStringList images;
    for (const std::string& image : drawing::SlotImages::imagesOf(setupRig()))
        images.append(QString::fromStdString(image));
    return planArtCopies(images, [this](const QString& image) { return m_images.filePath(image.toStdString()); },
                         QFileInfo(rigPath).absolutePath());
}

void Document::renameImages(const QHash<QString, QString>& renames, const QString& text)
{
    if (renames.isEmpty())
        return;
    withSetupPose([&] { m_undo.push(new ReplaceRigCommand(this, text, setupRig(), withImagesRenamed(setupRig(), renames))); });
}

ImageSources Document::imageSources() const
{
    return {m_images.baseFolder(), m_pendingArt};
}

void Document::restoreImageSources(const ImageSources& sources)
{
    if (m_filePath.isEmpty() && !sources.folder.isEmpty())
        m_images.setBaseFolder(sources.folder);
    for (auto it = sources.pending.constBegin(); it != sources.pending.constEnd(); ++it) {
        m_pendingArt.insert(it.key(), it.value());
        m_images.setSource(it.key().toStdString(), it.value());
    }
    syncImages();
    watchImages();
}

} // namespace bonework::editor
