#include "bonework/exporters/earlier_export.h"

#include "bonework/io/json_parser.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace bonework::exporters {
namespace {

// The whole file at `path`, or at most `limit` bytes of it; empty when it cannot be read.
std::string readFile(const std::string& path, std::size_t limit = std::string::npos)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    if (limit == std::string::npos)
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    std::string bytes(limit, '\0');
    in.read(bytes.data(), std::streamsize(limit));
    bytes.resize(std::size_t(in.gcount()));
    return bytes;
}

std::string fileNameOf(const std::string& path) { return std::filesystem::path(path).filename().string(); }

bool endsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

bool isMarkedPage(const std::string& path)
{
    // Chunks: length (4 bytes, big-endian), type (4), data, CRC (4); text comes before IDAT.
    const std::string png = readFile(path, 64 * 1024);
    if (png.size() < 8 || png.compare(0, 8, "\x89PNG\r\n\x1a\n", 8) != 0)
        return false;
    std::size_t at = 8;
    while (at + 8 <= png.size()) {
        const auto byte = [&](std::size_t i) { return std::uint32_t(static_cast<unsigned char>(png[i])); };
        const std::size_t length = (byte(at) << 24) | (byte(at + 1) << 16) | (byte(at + 2) << 8) | byte(at + 3);
        const std::string type = png.substr(at + 4, 4);
        if (type == "IDAT" || type == "IEND" || length > png.size() - at - 8)
            return false;
        if (type == "tEXt") {
            const std::string data = png.substr(at + 8, length);
            const std::string expected = std::string(kPageMarkerKey) + '\0' + kPageMarker;
            if (data == expected)
                return true;
        }
        at += 12 + length;
    }
    return false;
}

std::vector<std::string> spineAtlasPageNames(const std::string& text)
{
    std::vector<std::string> pages;
    bool blockStart = true;
    bool wantProperty = false; // a page's name was read: "size: ..." and the like must follow
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(at, end - at);
        at = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const bool blank = line.find_first_not_of(" \t") == std::string::npos;
        if (blank) {
            if (wantProperty)
                return {};
            blockStart = true;
        } else if (blockStart) {
            // A page begins with its image's name, then "key: value" lines.
            if (line.find(':') != std::string::npos)
                return {};
            pages.push_back(line);
            blockStart = false;
            wantProperty = true;
        } else if (wantProperty) {
            if (line.find(':') == std::string::npos)
                return {};
            wantProperty = false;
        }
        if (end == text.size())
            break;
    }
    if (wantProperty)
        return {};
    return pages;
}

bool isDragonBonesAtlas(const std::string& path, std::string* imagePath)
{
    const io::JsonDocument doc = io::parseJsonDocument(readFile(path));
    if (doc.error != io::JsonSyntaxError::None || !doc.root.is_object())
        return false;
    const auto image = doc.root.find("imagePath");
    const auto regions = doc.root.find("SubTexture");
    if (image == doc.root.end() || !image->is_string() || regions == doc.root.end() || !regions->is_array())
        return false;
    if (imagePath)
        *imagePath = image->get<std::string>();
    return true;
}

std::string foreignAtlasFile(const std::vector<std::string>& paths, const std::string& spineAtlas, std::string* why)
{
    std::error_code error;
    const bool spine = !spineAtlas.empty();
    const std::vector<std::string> listed =
        spine && std::filesystem::exists(spineAtlas, error) ? spineAtlasPageNames(readFile(spineAtlas)) : std::vector<std::string>();
    for (const std::string& path : paths) {
        if (!std::filesystem::exists(path, error))
            continue;
        if (endsWith(path, ".atlas")) {
            if (!spineAtlasPageNames(readFile(path)).empty())
                continue;
            *why = "which is no texture atlas";
            return path;
        }
        if (endsWith(path, ".json")) {
            if (isDragonBonesAtlas(path))
                continue;
            *why = "which is no DragonBones texture atlas";
            return path;
        }
        if (isMarkedPage(path))
            continue;
        if (spine) {
            if (std::find(listed.begin(), listed.end(), fileNameOf(path)) != listed.end())
                continue;
        } else {
            // BASE_tex_N.png is its export's when BASE_tex_N.json names it.
            std::string named;
            if (isDragonBonesAtlas(path.substr(0, path.size() - 4) + ".json", &named) && named == fileNameOf(path))
                continue;
        }
        *why = "which no export wrote (no atlas beside it lists it, and it is no Bonework atlas page)";
        return path;
    }
    return {};
}

} // namespace bonework::exporters
