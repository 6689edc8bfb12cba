#include "bonework/exporters/exported_slots.h"

#include "bonework/slot_placement.h"

#include <algorithm>

namespace bonework::exporters {

std::vector<ExportedSlot> exportedSlots(const Rig& rig, const SlotArt& art)
{
    std::vector<ExportedSlot> out;
    const auto& list = rig.slotList();
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size() && i < art.imageOfSlot.size(); ++i) {
        const QSize size = art.sizeOf(i);
        out.push_back({QString::fromStdString(list[i].name), QString::fromStdString(rig.jointName(list[i].joint)),
                       art.regionOf(i), size.width(), size.height(), list[i]});
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
    report.add(QStringLiteral("slots"), QString::number(n - exported.size()),
               QStringLiteral("slots: their images were not given to the exporter (%1 %2 left out)")
                   .arg(n - exported.size())
                   .arg(n - exported.size() == 1 ? "slot" : "slots"));
}

} // namespace bonework::exporters
