#include "bonework/slot.h"

#include "bonework/names.h"

#include <algorithm>
#include <vector>

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

std::string normalImagePath(std::string_view image)
{
    std::vector<std::string_view> folders;
    std::size_t start = 0;
    while (start <= image.size()) {
        const std::size_t end = std::min(image.find('/', start), image.size());
        const std::string_view part = image.substr(start, end - start);
        if (part == "..") {
            if (!folders.empty() && folders.back() != "..")
                folders.pop_back();
            else
                folders.push_back(part); // above the rig's folder: kept
        } else if (part != "." && !part.empty()) {
            folders.push_back(part);
        }
        start = end + 1;
    }
    std::string out;
    out.reserve(image.size());
    for (std::size_t i = 0; i < folders.size(); ++i) {
        if (i)
            out += '/';
        out += folders[i];
    }
    return out;
}

} // namespace bonework
