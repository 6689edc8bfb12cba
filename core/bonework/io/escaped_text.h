#pragma once
// Text from a file inside a one-line message (a quoted value, a key in a JSON path): quotes,
// backslashes and control characters escaped, and cut after 80 UTF-16 units (with "...") so
// hostile input cannot flood the terminal. Lengths count UTF-16 units, as they always have.

#include <string>
#include <string_view>

namespace bonework::io {

enum class SurrogateStyle {
    // Characters as they are; a character needing two units is never cut in half.
    KeepCharacters,
    // Every unit of a character above U+FFFF written as its \uXXXX escape (keys in paths).
    EscapeUnits,
};

// Appends `s` (UTF-8; lone surrogates in their three-byte form are written as \udXXX) escaped.
void appendEscaped(std::string& out, std::string_view s, SurrogateStyle style);

} // namespace bonework::io
