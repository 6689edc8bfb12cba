#pragma once
// The JSON grammar the rig loader has always accepted (that of Qt's QJsonDocument, which it
// used), read into nlohmann::json values without Qt. It is more lenient than nlohmann's own
// parser in ways old files rely on (raw control characters and unknown escapes in strings,
// "1." and ".5", lone surrogate escapes, which the reader then refuses by path), and it stops
// at the same byte with the same error, so messages keep their offsets and wording.

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
    IllegalNumber,
    IllegalEscapeSequence,
    IllegalUtf8String,
    UnterminatedString,
    MissingObject,
    DeepNesting,
    GarbageAtEnd,
};

// "unterminated string", ...: the wording messages have always used.
std::string_view describe(JsonSyntaxError error);

struct JsonDocument {
    nlohmann::json root;      // an object or an array when error is None
    JsonSyntaxError error = JsonSyntaxError::None;
    std::size_t offset = 0;   // where the parser stopped, in bytes
};

// Objects keep the last of repeated keys. Numbers are doubles (zero without a sign). Strings
// are UTF-8, except that a lone surrogate escape ("\ud800") is kept as its three-byte
// WTF-8 form, which isLoneSurrogateFree() detects.
JsonDocument parseJsonDocument(std::string_view text);

// False when `s` holds a lone surrogate kept by parseJsonDocument.
bool isLoneSurrogateFree(std::string_view s);

} // namespace bonework::io
