#pragma once
// JSON text laid out byte for byte as Qt 6.4's QJsonDocument::toJson wrote it, without Qt, so
// the exporters' files stay identical now that they build nlohmann::json trees:
//   - members in UTF-16 order of their keys (QJsonObject's order, not std::map's byte order);
//   - an integral double of at most 2^53 in magnitude as an integer (QJsonValue(double) stores
//     it as one: 400.0 is "400", 1e15 "1000000000000000", -0.0 "0"); other doubles in the
//     shortest round-trip digits, 'g' style ("0.1", "1e+16", "123456789012345680"); NaN and
//     infinities as null; an unsigned integer above INT64_MAX as the double it rounds to (Qt
//     has no 64-bit unsigned value);
//   - strings escaped as Qt escaped them: \" \\ \b \f \n \r \t, other control characters as
//     \u00XX (lowercase hex); DEL, '/' and non-ASCII as they are; a lone surrogate kept as
//     WTF-8 (json_parser.h) as \udXXX; a byte that starts no character as U+FFFD;
//   - Indented: 4 spaces a level, `"key": value`, an empty container as "{", newline, the
//     closing bracket at its own indentation, and a newline after the document. Compact: no
//     spaces, no newlines.

#include <nlohmann/json.hpp>

#include <string>

namespace bonework::io {

enum class JsonLayout { Indented, Compact };

// The text QJsonDocument::toJson(layout) writes for the same tree. `value` is an object or an
// array, as a document holds (a scalar is written alone). Keys are UTF-8, as rig names are.
std::string jsonText(const nlohmann::json& value, JsonLayout layout);

} // namespace bonework::io
