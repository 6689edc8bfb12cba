#include "bonework/exporters/finite_json.h"

#include "bonework/exporters/message_text.h"

#include <cmath>
#include <limits>

namespace bonework::exporters {
namespace {

long long makeFinite(nlohmann::json& value)
{
    long long replaced = 0;
    if (value.is_structured()) {
        for (nlohmann::json& element : value)
            replaced += makeFinite(element);
    } else if (value.is_number_float()) {
        const double v = value.get<double>();
        if (!std::isfinite(v)) {
            value = std::isnan(v) ? 0.0 : std::copysign(std::numeric_limits<double>::max(), v);
            ++replaced;
        }
    }
    return replaced;
}

} // namespace

void keepNumbersFinite(nlohmann::json& value, ExportReport& report)
{
    if (const long long replaced = makeFinite(value); replaced > 0)
        report.add("numbers beyond a double's range", countText(replaced),
                   countText(replaced) + (replaced == 1 ? " number" : " numbers")
                       + " beyond a double's range (the rig reaches near 1e308) written as the largest finite value");
}

} // namespace bonework::exporters
