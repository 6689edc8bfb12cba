#pragma once
// Strict UTF-8, shared by the parser (which refuses invalid text) and the saver (which refuses
// names no loader would read back).

#include <cstddef>
#include <string_view>

namespace bonework::io {

// The length of the character starting at s[i], setting `c` to it; 0 when that is not strict
// UTF-8 (overlong forms, surrogates, above U+10FFFF, cut short).
std::size_t decodeUtf8Char(std::string_view s, std::size_t i, char32_t& c);

// True when all of `s` is strict UTF-8.
bool isValidUtf8(std::string_view s);

} // namespace bonework::io
