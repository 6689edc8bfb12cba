#pragma once
// What saving a rig into a folder must do so that every image it names shows the same picture
// from there: copy each file that is not there yet and, where that cannot keep the path, give
// the rig a new one. A file already there with other bytes is never taken over nor overwritten:
// the copy takes a free name (image_paths.h, the rule Import names a clash by); a file with the
// same bytes is used as it is. Nothing is written outside the folder: an image whose path leaves
// it ("../art/torso.png") is copied into the folder's art/ and renamed, unless the same bytes
// already lie where the path leads from there.

#include "bonework/rig.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace bonework::editor {

struct ArtCopy {
    QString image;       // the path the rig names now
    QString stored;      // the path the saved rig names: `image` unless renamed
    QString source;      // the file the image shows now
    QString destination; // the file to write, inside the folder; empty when `stored` already holds the same bytes
    bool renamed() const { return stored != image; }
};

// `images`: every image path the rig names (drawing::SlotImages::imagesOf); `sourceOf`: the
// file each shows now; `folder`: the rig file's folder, absolute. Images that need nothing
// (already there, or whose file is missing: there is nothing to copy) are left out.
QList<ArtCopy> planArtCopies(const QStringList& images, const std::function<QString(const QString&)>& sourceOf,
                             const QString& folder);

// The paths a plan changes: image -> stored.
QHash<QString, QString> renamesOf(const QList<ArtCopy>& copies);

// `rig` with those paths changed in its slots and in its clips' image keys.
Rig withImagesRenamed(Rig rig, const QHash<QString, QString>& renames);

} // namespace bonework::editor
