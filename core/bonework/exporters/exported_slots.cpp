#include "bonework/exporters/exported_slots.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/slot_placement.h"

#include <algorithm>
#include <set>

namespace bonework::exporters {

std::vector<ExportedSlot> exportedSlots(const Rig& rig, const SlotArt& art)
{
    std::vector<ExportedSlot> out;
    const auto& list = rig.slotList();
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size() && i < art.imageOfSlot.size(); ++i) {
        const ImageSize size = art.sizeOf(i);
        std::vector<ExportedImage> images;
        if (i < art.imagesOfSlot.size())
            for (const int image : art.imagesOfSlot[i]) {
                const AtlasImage& a = art.images[std::size_t(image)];
                images.push_back({art.paths[std::size_t(image)], a.name, a.image.width, a.image.height});
            }
        out.push_back({list[i].name, rig.jointName(list[i].joint),
                       art.regionOf(i), size.width, size.height, list[i], std::move(images)});
    }
    return out;
}

std::vector<ExportedImage> imagesOf(const ExportedSlot& s)
{
    if (!s.images.empty())
        return s.images;
    return {{s.slot.image, s.region, s.width, s.height}};
}

int imageIndex(const ExportedSlot& s, const std::string& path)
{
    const std::vector<ExportedImage> images = imagesOf(s);
    const std::string key = normalImagePath(path); // one file named two ways is one image
    for (std::size_t i = 0; i < images.size(); ++i)
        if (normalImagePath(images[i].path) == key)
            return int(i);
    return -1;
}

std::vector<ShownKey> shownKeys(const ExportedSlot& slot, const animation::SlotTracks& tracks,
                                std::vector<std::string>* missing)
{
    std::set<double> times;
    for (const animation::SwitchKey& k : tracks.visible)
        times.insert(k.time);
    for (const animation::ImageKey& k : tracks.image)
        times.insert(k.time);
    std::vector<ShownKey> out;
    int lastImage = 0; // the setup image
    for (const double t : times) {
        const bool visible = animation::sampleTrack(tracks.visible, t, slot.slot.visible);
        const std::string& path = animation::sampleTrack(tracks.image, t, slot.slot.image);
        int image = imageIndex(slot, path);
        if (image < 0) {
            if (missing && std::find(missing->begin(), missing->end(), path) == missing->end())
                missing->push_back(path);
            image = lastImage;
        }
        lastImage = image;
        // A key showing what the key before shows changes nothing (hidden while the image
        // changes, say): left out, in both formats (on DragonBones' grid too: the frames that
        // would take it take the key before, which shows the same).
        if (const int shown = visible ? image : -1; out.empty() || out.back().image != shown)
            out.push_back({t, shown});
    }
    return out;
}

void includeSlotBounds(ExportedSkeleton& skeleton, const Rig& rig, const std::vector<ExportedSlot>& exported)
{
    if (exported.empty())
        return;
    const auto world = forwardKinematics(rig);
    for (const ExportedSlot& s : exported) {
        const SlotPlacement p = slotPlacement(rig, world, s.slot);
        for (const Vec2 corner : {Vec2{0, 0}, Vec2{double(s.width), 0}, Vec2{0, double(s.height)},
                                  Vec2{double(s.width), double(s.height)}}) {
            const Vec2 at = imagePointOnScreen(p, s.width, s.height, corner);
            skeleton.minX = std::min(skeleton.minX, at.x);
            skeleton.maxX = std::max(skeleton.maxX, at.x);
            skeleton.minY = std::min(skeleton.minY, at.y);
            skeleton.maxY = std::max(skeleton.maxY, at.y);
        }
    }
}

void reportSlotsLeftOut(const Rig& rig, const std::vector<ExportedSlot>& exported, ExportReport& report)
{
    const std::size_t n = rig.slotList().size();
    if (n == exported.size())
        return;
    const std::size_t left = n - exported.size();
    report.add("slots", std::to_string(left),
               "slots: their images were not given to the exporter (" + std::to_string(left) + (left == 1 ? " slot" : " slots")
                   + " left out)");
}

} // namespace bonework::exporters
