#pragma once
// What a name (of a joint, chain, slot, animation or the rig) may be: any UTF-8 text but control
// characters (U+0000 to U+001F, U+007F). A name with one would look like another in every list
// and message (a NUL cuts it short through the C API), and no runtime's format expects one.

#include <string>
#include <string_view>

namespace bonework {

bool hasControlCharacter(std::string_view text);

// Why `name` cannot name a joint, chain, slot or animation ("must not be empty", "must not
// contain control characters"); empty when it can.
std::string nameProblem(std::string_view name);

} // namespace bonework
