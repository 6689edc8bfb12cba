#pragma once
// Light scans of JSON text, for what the parsed document does not tell: where a syntax error
// sits in the document's structure, and whether an object repeated a key (the parser keeps the
// last value, which a strict loader must not allow).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bonework::io {

// Best effort: the path of the value being read at byte `offset` of a document that failed to
// parse there ("joints[1].length" for a number that overflows). Empty at the top level. Deeper
// than 32 levels, too deep for a useful path, it ends at the last member named within those
// levels ("x" for an error deep in "x": [[[...]]]; empty for arrays nested from the top).
std::string jsonPathAtOffset(std::string_view json, std::size_t offset);

// How many object members the text holds (the ':' outside strings). For a document that parsed,
// this exceeds the parsed members exactly when some object repeats a key.
std::size_t countMembers(std::string_view json);

// The path of the first repeated key ("joints[3].length") in a document that parsed, if any.
std::optional<std::string> findDuplicateKey(std::string_view json);

} // namespace bonework::io
