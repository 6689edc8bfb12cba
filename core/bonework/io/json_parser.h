#pragma once
// Strict JSON (RFC 8259), read into nlohmann::json values without Qt. Where Qt's QJsonDocument
// (the loader's old parser) also refused a text, it stops at the same byte with the same error,
// so messages keep their offsets and wording: an offset is where the parser stopped, mostly
// just past the character that failed (the ']' after the stray ',' of "[,]"). It refuses what
// QJsonDocument let through: unknown escapes ("\q", at the letter), raw control characters in
// strings (at the character) and numbers outside JSON's grammar (".5", "1.", "1.e5", "01", at
// the first character that breaks it). It keeps lone surrogate escapes, which the reader then
// refuses by path.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string_view>

namespace bonework::io {

enum class JsonSyntaxError {
    None,
    UnterminatedObject,
    MissingNameSeparator,
    UnterminatedArray,
    MissingValueSeparator,
    IllegalValue,
    TerminationByNumber,
    IllegalNumber,       // a number JSON writes that is no finite double ("1e999", "1e-400")
    MalformedNumber,     // not JSON's number grammar (".5", "1.", "01", "+1", "-"): "illegal number" too
    IllegalEscapeSequence,
    ControlCharacterInString, // a raw U+0000..U+001F in a string, which JSON must escape
    IllegalUtf8String,
    UnterminatedString,
    MissingObject,
    DeepNesting,
    GarbageAtEnd,
};

// "unterminated string", ...: the wording messages have always used (QJsonDocument's), and
// words in the same style for what it did not refuse.
std::string_view describe(JsonSyntaxError error);

// Empties `value` from its leaves up, freeing it without allocating. nlohmann::json's own
// destructor flattens any non-empty array or object onto a heap-allocated stack first, which
// out of memory throws inside a destructor and ends the program; after this its destructor
// has nothing to flatten. Recursive: as deep as the value nests (the parser's at most 1024).
void releaseJson(nlohmann::json& value) noexcept;

// Its tree is released without allocating (releaseJson), also while an exception unwinds.
struct JsonDocument {
    nlohmann::json root;      // an object or an array when error is None
    JsonSyntaxError error = JsonSyntaxError::None;
    std::size_t offset = 0;   // where the parser stopped, in bytes

    JsonDocument() = default;
    JsonDocument(JsonDocument&&) noexcept = default;
    JsonDocument(const JsonDocument&) = delete;
    JsonDocument& operator=(const JsonDocument&) = delete;
    JsonDocument& operator=(JsonDocument&&) = delete;
    ~JsonDocument() { releaseJson(root); }
};

// Objects keep the last of repeated keys. Numbers are doubles (zero without a sign). Strings
// are UTF-8, except that a lone surrogate escape ("\ud800") is kept as its three-byte
// WTF-8 form, which isLoneSurrogateFree() detects.
JsonDocument parseJsonDocument(std::string_view text);

// False when `s` holds a lone surrogate kept by parseJsonDocument.
bool isLoneSurrogateFree(std::string_view s);

} // namespace bonework::io
