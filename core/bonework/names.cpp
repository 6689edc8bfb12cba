#include "bonework/names.h"

#include <algorithm>

namespace bonework {

bool hasControlCharacter(std::string_view text)
{
    return std::any_of(text.begin(), text.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; });
}

std::string nameProblem(std::string_view name)
{
    if (name.empty())
        return "must not be empty";
    if (hasControlCharacter(name))
        return "must not contain control characters";
    return {};
}

} // namespace bonework
