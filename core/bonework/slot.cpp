#include "bonework/slot.h"

#include "bonework/names.h"

namespace bonework {

std::string imagePathProblem(std::string_view image)
{
    if (image.empty())
        return "must not be empty";
    const bool driveLetter = image.size() >= 2 && image[1] == ':'
                             && ((image[0] >= 'A' && image[0] <= 'Z') || (image[0] >= 'a' && image[0] <= 'z'));
    if (image.front() == '/' || driveLetter)
        return "must be relative to the rig file's folder, not absolute";
    if (image.find('\\') != std::string_view::npos)
        return "must separate folders with \"/\", not \"\\\"";
    if (hasControlCharacter(image))
        return "must not contain control characters";
    if (image.back() == '/' || image.find("//") != std::string_view::npos)
        return "must not have an empty folder name (\"//\", or \"/\" at the end)";
    return {};
}

} // namespace bonework
