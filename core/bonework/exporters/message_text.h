#pragma once
// Numbers in the export's report lines and error messages, laid out as they have always read
// (as Qt's QString::arg and QLocale printed them when the exporters used Qt): tools and tests
// match these lines.

#include <string>
#include <string_view>

namespace bonework::exporters {

// "%g": six significant digits, trailing zeros dropped ("0.333333", "1e+06"); zero is "0",
// never "-0".
std::string numberText(double v);
// A count with thousands separators: "100,000".
std::string countText(long long n);
// `text` between double quotes, as names appear in the lines: "\"arm\"".
std::string inQuotes(std::string_view text);

} // namespace bonework::exporters
