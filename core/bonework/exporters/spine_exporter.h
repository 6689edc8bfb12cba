#pragma once
// Spine 4.2 JSON export (the published Spine JSON format). Spine is y-up with counter-clockwise
// rotations, Bonework y-down with clockwise ones: every y and every rotation changes sign, which
// mirrors nothing on screen. Chains of one or two bones become `ik` constraints aiming at a target
// bone; everything Spine's IK cannot carry is listed in the report.

#include "bonework/exporters/export_report.h"
#include "bonework/rig.h"

#include <QByteArray>

namespace bonework::exporters {

inline constexpr char kSpineVersion[] = "4.2.0";

QByteArray exportSpine(const Rig& rig, ExportReport& report);

} // namespace bonework::exporters
