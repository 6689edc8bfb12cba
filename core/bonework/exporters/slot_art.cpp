#include "bonework/exporters/slot_art.h"

#include "bonework/exporters/image_trim.h"
#include "bonework/io/utf8.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace bonework::exporters {
namespace {

// Where the last character of `s` (not empty) starts: its lead byte, up to three continuation
// bytes back, when they decode as one character reaching the end; else the last byte (stray).
std::size_t lastCharacter(const std::string& s)
{
    std::size_t start = s.size() - 1;
    while (start > 0 && s.size() - start < 4 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
        --start;
    char32_t c = 0;
    return io::decodeWtf8Char(s, start, c) == s.size() - start ? start : s.size() - 1;
}

// Unicode white space, as Qt's QChar::isSpace has it (which region names have always used):
// tab to carriage return, space, NEL, no-break space and the space, line and paragraph
// separators (categories Zs, Zl, Zp).
bool isSpace(char32_t c)
{
    return c == 0x20 || (c >= 0x09 && c <= 0x0D) || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
           || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// An image path as the codec opens it: relative to the rig's folder (or the current directory).
std::string fileOf(const std::string& rigFolder, const std::string& path)
{
    if (rigFolder.empty())
        return path;
    return (std::filesystem::path(rigFolder) / std::filesystem::path(path)).string();
}

// Whether `path` ends in ".png", ignoring case.
bool isPng(const std::string& path)
{
    if (path.size() < 4)
        return false;
    std::string end = path.substr(path.size() - 4);
    std::transform(end.begin(), end.end(), end.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return end == ".png";
}

} // namespace

std::map<std::string, std::string> uniqueRegionNames(const std::vector<std::string>& paths)
{
    // Each name, with the paths that give it: first one whose name is its own path without
    // the extension (not "art/col:on.png" for "art/col_on"), then the PNG (the Spine editor
    // looks for a region's image as NAME.png), then in path order: never in the rig's order,
    // so a draw order edit renames nothing.
    std::map<std::string, std::vector<std::string>> byName;
    for (const std::string& path : paths)
        byName[regionNameOf(path)].push_back(path);
    std::set<std::string> used;
    for (const auto& [name, _] : byName)
        used.insert(name);
    std::map<std::string, std::string> names;
    for (auto& entry : byName) {
        // Named, not structured bindings: clang before 16 lets no lambda capture those.
        const std::string& name = entry.first;
        std::vector<std::string>& group = entry.second;
        std::sort(group.begin(), group.end());
        group.erase(std::unique(group.begin(), group.end()), group.end());
        std::stable_partition(group.begin(), group.end(), isPng);
        std::stable_partition(group.begin(), group.end(), [&](const std::string& path) {
            return path.size() > name.size() && path.compare(0, name.size(), name) == 0 && path[name.size()] == '.'
                   && path.find('/', name.size()) == std::string::npos;
        });
        names[group.front()] = name;
        // The others get a number no path gives as its own name ("art/body.jpg" is not
        // "art/body_2" while art/body_2.png exists: that name finds that file).
        int n = 2;
        for (std::size_t i = 1; i < group.size(); ++i) {
            std::string numbered;
            do
                numbered = name + '_' + std::to_string(n++);
            while (used.count(numbered));
            used.insert(numbered);
            names[group[i]] = numbered;
        }
    }
    return names;
}

std::string regionNameOf(const std::string& imagePath)
{
    std::string name = imagePath;
    const std::size_t slash = name.rfind('/');
    const std::size_t dot = name.rfind('.');
    const std::size_t start = slash == std::string::npos ? 0 : slash + 1;
    if (dot != std::string::npos && dot > start) // "art/.png" keeps its name: nothing would be left
        name.resize(dot);
    std::replace(name.begin(), name.end(), ':', '_'); // the atlas text splits "key: value" lines at colons
    // A white-space character at either end becomes '_' (the atlas text trims its lines).
    // (A byte that starts no character reads as U+FFFD, as it did in a QString: not a space.)
    if (!name.empty()) {
        char32_t c = 0;
        if (const std::size_t length = io::decodeWtf8Char(name, 0, c); isSpace(c))
            name.replace(0, length, "_");
        const std::size_t last = lastCharacter(name);
        if (const std::size_t length = io::decodeWtf8Char(name, last, c); isSpace(c))
            name.replace(last, length, "_");
    }
    return name;
}

std::vector<std::string> keyedImages(const Rig& rig, std::size_t slot)
{
    std::vector<std::string> out;
    const Slot& s = rig.slotList()[slot];
    for (const animation::Clip& clip : rig.animations())
        for (const animation::SlotTracks& t : clip.slotTracks) {
            if (t.slot != s.name)
                continue;
            // One file named two ways is one image (normalImagePath).
            for (const animation::ImageKey& k : t.image) {
                const std::string key = normalImagePath(k.image);
                if (key != normalImagePath(s.image)
                    && std::none_of(out.begin(), out.end(), [&](const std::string& o) { return normalImagePath(o) == key; }))
                    out.push_back(k.image);
            }
        }
    return out;
}

int SlotArt::imageOf(const std::string& path) const
{
    const std::string key = normalImagePath(path);
    const auto found = std::find_if(paths.begin(), paths.end(), [&](const std::string& p) { return normalImagePath(p) == key; });
    return found == paths.end() ? -1 : int(found - paths.begin());
}

SlotArt buildSlotArt(const Rig& rig, const std::string& rigFolder, const ImageCodec& codec, const atlas::PackOptions& options)
{
    SlotArt art;
    std::map<std::string, int> byPath;
    const auto& rigSlots = rig.slotList();
    std::vector<std::string> shown;
    for (std::size_t s = 0; s < rigSlots.size(); ++s) {
        shown.push_back(normalImagePath(rigSlots[s].image));
        for (const std::string& path : keyedImages(rig, s))
            shown.push_back(normalImagePath(path));
    }
    const std::map<std::string, std::string> names = uniqueRegionNames(shown);
    // The image of a path, read the first time it is met; -1 (and art.error) if it cannot be.
    // Keyed by the path's normal form: "./art/a.png" and "art/a.png" are one image, one region.
    const auto imageOf = [&](const std::string& path, const Slot& slot) {
        const std::string key = normalImagePath(path);
        if (const auto found = byPath.find(key); found != byPath.end())
            return found->second;
        RasterImage image;
        std::string why;
        if (!codec.read(fileOf(rigFolder, path), image, why)) {
            art.error = "cannot read the image \"" + path + "\" of slot \"" + slot.name + "\""
                        + (path == slot.image ? "" : " (an image key of a clip)") + ": " + why;
            return -1;
        }
        const std::string& name = names.at(key);
        const int index = int(art.images.size());
        byPath.emplace(key, index);
        art.paths.push_back(path);
        art.images.push_back({name, std::move(image)});
        return index;
    };
    // Setup images first (in draw order), then the keyed ones.
    for (const Slot& slot : rigSlots) {
        const int index = imageOf(slot.image, slot);
        if (index < 0)
            return art;
        art.imageOfSlot.push_back(index);
        art.imagesOfSlot.push_back({index});
    }
    for (std::size_t s = 0; s < rigSlots.size(); ++s)
        for (const std::string& path : keyedImages(rig, s)) {
            const int index = imageOf(path, rigSlots[s]);
            if (index < 0)
                return art;
            art.imagesOfSlot[s].push_back(index);
        }
    if (art.images.empty())
        return art;
    art.atlas = buildAtlas(art.images, options);
    if (!art.atlas.ok())
        art.error = art.atlas.error;
    return art;
}

int largestTrimmedSide(const Rig& rig, const std::string& rigFolder, const ImageCodec& codec, std::string* image)
{
    std::set<std::string> seen;
    int largest = 0;
    const auto& rigSlots = rig.slotList();
    for (std::size_t s = 0; s < rigSlots.size(); ++s) {
        std::vector<std::string> shown{rigSlots[s].image};
        for (std::string& keyed : keyedImages(rig, s))
            shown.push_back(std::move(keyed));
        for (const std::string& path : shown) {
            if (!seen.insert(path).second)
                continue;
            RasterImage pixels;
            std::string why;
            if (!codec.read(fileOf(rigFolder, path), pixels, why))
                return 0;
            const std::optional<atlas::Trim> trim = trimOf(pixels);
            if (!trim)
                return 0;
            if (const int side = std::max(trim->width, trim->height); side > largest) {
                largest = side;
                if (image)
                    *image = path;
            }
        }
    }
    return largest;
}

} // namespace bonework::exporters
