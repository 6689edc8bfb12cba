#pragma once
// No null where a runtime reads a number. A rig's own numbers are finite, but one near the edge
// of a double's range (a root at 1e308, bones of 1e308) can overflow where an export adds or
// subtracts (world bounds, offsets from the setup pose), and JSON has no infinity: it would be
// written as null, which neither runtime reads.

#include "bonework/exporters/export_report.h"

#include <nlohmann/json.hpp>

namespace bonework::exporters {

// Replaces every infinite number in `value` by the largest finite double of its sign, and NaN by
// 0; when there were any, reports how many as one loss.
void keepNumbersFinite(nlohmann::json& value, ExportReport& report);

} // namespace bonework::exporters
