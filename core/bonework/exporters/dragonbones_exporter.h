#pragma once
// DragonBones 5.5 JSON export: one armature whose bones carry local transforms (x, y, skX, skY)
// in DragonBones' own y-down, clockwise convention (the same as Bonework's), and `ik` entries for
// chains of one or two bones (`bone` is the tip bone, `chain` 0 or 1). Losses go to the report.

#include "bonework/exporters/export_report.h"
#include "bonework/rig.h"

#include <QByteArray>

namespace bonework::exporters {

inline constexpr char kDragonBonesVersion[] = "5.5";

QByteArray exportDragonBones(const Rig& rig, ExportReport& report);

} // namespace bonework::exporters
