#pragma once
// The slot list both runtime formats share. A Bonework slot lives in its joint's bone frame:
// origin at the parent joint (a root: the root), x along the bone. The exported bone named like
// the joint has exactly that frame (exported_bones.h: it starts where the parent bone ends and
// turns by the joint's angle), so each slot hangs from it and keeps x, y and rotation; only
// Spine's y-up convention and its centred attachments need converting (spine_exporter.cpp).

#include "bonework/animation/clip.h"
#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/rig.h"


#include <string>
#include <vector>

namespace bonework::exporters {

// An image a slot shows: its path as the rig names it (Slot::image, animation::ImageKey), the
// atlas region (which also names the attachment, the display) and its original size.
struct ExportedImage {
    std::string path;
    std::string region;
    int width = 0;
    int height = 0;
};

struct ExportedSlot {
    std::string name;
    std::string bone;   // the exported bone whose frame is the slot's: its joint's name
    std::string region; // the atlas region, which also names the attachment
    int width = 0;  // the original (untrimmed) image size
    int height = 0;
    Slot slot;      // placement, scale, pivot, opacity and visibility as Bonework keeps them
    // Every image the slot shows, its setup image (the one above) first, then those the clips'
    // image keys give it. Empty: the setup image only (an export given no keyed art).
    std::vector<ExportedImage> images;
};

// The slot's images: `images`, or its setup image alone when that is empty.
std::vector<ExportedImage> imagesOf(const ExportedSlot& s);

// The index in imagesOf(s) of an image path, or -1 when the export was not given that image.
int imageIndex(const ExportedSlot& s, const std::string& path);

// One entry per rig slot, in draw order; `art` must be built from the same rig.
std::vector<ExportedSlot> exportedSlots(const Rig& rig, const SlotArt& art);

// What a slot shows from a time on: an index into imagesOf(slot), or -1 (hidden).
struct ShownKey {
    double time = 0.0;
    int image = -1;
};

// A slot's `visible` and `image` keys in one clip merged into one track of what it shows, as
// animation::ClipSampler has it: a key at every time either track keys (in time order, one a
// time), showing the keyed image (the setup image before the first image key) while visible
// and nothing while hidden, a key that shows what the one before shows left out; before the
// first key the setup pose shows. Both formats switch the
// displayed attachment with one timeline, so the two channels become that one. An image key
// whose image the export was not given keeps the image shown before; `missing` (if given)
// receives its path.
std::vector<ShownKey> shownKeys(const ExportedSlot& slot, const animation::SlotTracks& tracks,
                                std::vector<std::string>* missing = nullptr);

// Grows the skeleton's bounds to hold every slot's image (the bones alone may be much smaller).
void includeSlotBounds(ExportedSkeleton& skeleton, const Rig& rig, const std::vector<ExportedSlot>& exported);

// Reports the rig's slots as left out when `exported` does not hold them (an export given no art).
void reportSlotsLeftOut(const Rig& rig, const std::vector<ExportedSlot>& exported, ExportReport& report);

} // namespace bonework::exporters
