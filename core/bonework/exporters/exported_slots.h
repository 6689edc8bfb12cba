#pragma once
// The slot list both runtime formats share. A Bonework slot lives in its joint's bone frame:
// origin at the parent joint (a root: the root), x along the bone. The exported bone named like
// the joint has exactly that frame (exported_bones.h: it starts where the parent bone ends and
// turns by the joint's angle), so each slot hangs from it and keeps x, y and rotation; only
// Spine's y-up convention and its centred attachments need converting (spine_exporter.cpp).

#include "bonework/exporters/exported_bones.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/rig.h"

#include <QString>

#include <vector>

namespace bonework::exporters {

struct ExportedSlot {
    QString name;
    QString bone;   // the exported bone whose frame is the slot's: its joint's name
    QString region; // the atlas region, which also names the attachment
    int width = 0;  // the original (untrimmed) image size
    int height = 0;
    Slot slot;      // placement, scale, pivot, opacity and visibility as Bonework keeps them
};

// One entry per rig slot, in draw order; `art` must be built from the same rig.
std::vector<ExportedSlot> exportedSlots(const Rig& rig, const SlotArt& art);

// Grows the skeleton's bounds to hold every slot's image (the bones alone may be much smaller).
void includeSlotBounds(ExportedSkeleton& skeleton, const Rig& rig, const std::vector<ExportedSlot>& exported);

// Reports the rig's slots as left out when `exported` does not hold them (an export given no art).
void reportSlotsLeftOut(const Rig& rig, const std::vector<ExportedSlot>& exported, ExportReport& report);

} // namespace bonework::exporters
