#pragma once
// Numbers in the export's report lines and error messages, laid out as they have always read
// (as Qt's QString::arg and QLocale printed them when the exporters used Qt): tools and tests
// match these lines.

#include <cstddef>
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
// How many bone keys a clip was written with, for the report: "animation \"walk\": 612 bone
// keys on 10 bones (at most 70 on one timeline; the clip is 37 frames at 30 fps)". Nothing
// when the clip has no bone keys.
std::string boneKeysText(std::string_view clip, std::size_t keys, std::size_t bones, std::size_t most, int frames, int fps);

} // namespace bonework::exporters
