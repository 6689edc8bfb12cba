#pragma once
// Strict UTF-8, shared by the parser (which refuses invalid text) and the saver (which refuses
// names no loader would read back).

#include <cstddef>
#include <string>
#include <string_view>

namespace bonework::io {

// The length of the character starting at s[i], setting `c` to it; 0 when that is not strict
// UTF-8 (overlong forms, surrogates, above U+10FFFF, cut short).
std::size_t decodeUtf8Char(std::string_view s, std::size_t i, char32_t& c);

// True when all of `s` is strict UTF-8.
bool isValidUtf8(std::string_view s);

// As decodeUtf8Char, but also reads a lone surrogate in its three-byte form (the WTF-8 the
// parser keeps for "\ud800" escapes), and never fails: a byte that starts no character reads
// as U+FFFD, one byte long (the replacement QString::fromUtf8 made, byte by byte).
std::size_t decodeWtf8Char(std::string_view s, std::size_t i, char32_t& c);

// `s` with each byte that starts no strict UTF-8 character replaced by U+FFFD.
std::string toValidUtf8(std::string_view s);

// How many UTF-16 units `c` takes (2 above U+FFFF).
inline std::size_t utf16Length(char32_t c) { return c > 0xFFFF ? 2 : 1; }

} // namespace bonework::io
