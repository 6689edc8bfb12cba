#pragma once
// A rig's art for an export: each slot's image read from disk (relative to the rig file's
// folder), every distinct image named as an atlas region, and the atlas packed from them.
// Slots that share an image file share its region.

#include "bonework/exporters/atlas_build.h"
#include "bonework/rig.h"

#include <QSize>
#include <QString>

#include <vector>

namespace bonework::exporters {

struct SlotArt {
    std::vector<AtlasImage> images; // one per distinct image path, named as its region
    std::vector<int> imageOfSlot;   // per slot of the rig, in draw order: index into images
    BuiltAtlas atlas;
    QString error; // empty on success: an image that cannot be read or packed, named

    bool ok() const { return error.isEmpty(); }
    const QString& regionOf(std::size_t slot) const { return images[std::size_t(imageOfSlot[slot])].name; }
    // The original (untrimmed) size, which both formats size an attachment by.
    QSize sizeOf(std::size_t slot) const { return images[std::size_t(imageOfSlot[slot])].image.size(); }
};

// The region name of an image path: the path without its extension ("art/arm.png" ->
// "art/arm", as Spine names regions by image), with characters an atlas line cannot hold
// (a colon, spaces at either end) replaced by '_'. Not yet unique: buildSlotArt makes it so.
QString regionNameOf(const QString& imagePath);

// Reads every slot's image from `rigFolder` (empty: the current directory) and packs the atlas.
// A rig without slots gives an empty art (no images, no pages).
SlotArt buildSlotArt(const Rig& rig, const QString& rigFolder, const atlas::PackOptions& options = {});

// The longest side of any slot image once trimmed (the smallest page that holds every image),
// with that image's path in `image`; 0 when there are no slots or an image cannot be read.
int largestTrimmedSide(const Rig& rig, const QString& rigFolder, QString* image = nullptr);

} // namespace bonework::exporters
