#pragma once
// The images a rig's slots show, decoded once and kept (never per frame): the editor's canvas
// and `bonework-cli render` draw from here. Paths are the rig's own (relative to the rig file's
// folder); the base folder is that folder, or a resource folder (":/examples") for a bundled
// example. An image that cannot be read, or is neither PNG nor JPEG (which the exporters and
// render refuse), is remembered as missing, with why and with the last size it had (or a
// default), so its placeholder keeps the place the image took.

#include "bonework/rig.h"

#include <QHash>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

#include <string>
#include <unordered_map>
#include <vector>

namespace bonework::drawing {

class SlotImages {
public:
    static constexpr int kPlaceholderSize = 64; // pixels, for an image never seen

    // Forgets every image when the folder changes (the same paths may name other files).
    void setBaseFolder(const QString& folder);
    QString baseFolder() const { return m_baseFolder; }

    // Loads the images the rig shows that are not loaded yet: its slots' and every image a clip
    // keys (so playing a clip never reads a file). Returns true when an image was read that was
    // not there before (a new path).
    bool sync(const Rig& rig);
    // Every image path the rig names, each once: its slots' images in draw order, then the
    // images its clips key.
    static std::vector<std::string> imagesOf(const Rig& rig);
    // Forgets every image, keeping the sizes of those that were read; the next sync reads
    // them again (after the files changed on disk).
    void reload();
    // The same for one image (its file changed on disk).
    void reload(const std::string& path) { m_entries.erase(path); }

    // The decoded image (premultiplied ARGB), or nullptr when it is missing or not synced.
    const QImage* image(const std::string& path) const;
    // The image's size, or the last known size (kPlaceholderSize square) when it is missing.
    QSize size(const std::string& path) const;
    bool isMissing(const std::string& path) const;
    // The paths that could not be read, as the rig names them, sorted.
    QStringList missing() const;
    // Why a missing image is not shown, in the words bonework-cli validate uses ("it does not
    // exist", "it does not decode (...)", "it is a GIF file, not a PNG or JPEG"); empty when it is
    // shown. Only PNG and JPEG are shown, as only those export and render.
    QString problem(const std::string& path) const;
    // The same for any image file (before it is imported): empty when it can be shown.
    static QString fileProblem(const QString& file);
    // The file a path names (the base folder joined with the path).
    QString filePath(const std::string& path) const;
    // Reads `path` from `file` instead of from the base folder (an image imported from elsewhere
    // that is copied beside the rig only when it is saved); an empty `file` forgets that.
    void setSource(const std::string& path, const QString& file);
    // Forgets every source set with setSource.
    void clearSources();
    // A size to give a missing image's placeholder (e.g. remembered from an earlier session).
    void setKnownSize(const std::string& path, QSize size);

private:
    struct Entry {
        QImage image; // null when missing
        QSize size;
        bool missing = false;
        QString problem; // why it is missing
    };
    QString m_baseFolder;
    // Keyed by the rig's own std::string paths: a lookup while painting allocates nothing.
    std::unordered_map<std::string, Entry> m_entries;
    QHash<QString, QSize> m_knownSizes;
    QHash<QString, QString> m_sources; // setSource's files by path
};

} // namespace bonework::drawing
