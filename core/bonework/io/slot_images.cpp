#include "bonework/io/slot_images.h"

#include "bonework/io/json_fields.h"
#include "bonework/io/json_path.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <unordered_map>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bonework::io {
namespace {

constexpr unsigned char kPngSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
constexpr unsigned char kJpegSignature[] = {0xff, 0xd8, 0xff};

bool startsWith(const unsigned char* data, std::size_t size, const unsigned char* signature, std::size_t length)
{
    return size >= length && std::equal(signature, signature + length, data);
}

// Why the image at `path` cannot be used; empty when it can.
std::string imageFileProblem(const std::string& path)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        return errno == ENOENT || errno == ENOTDIR ? "it does not exist" : std::strerror(errno);
    if (S_ISDIR(info.st_mode))
        return "it is a directory";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::strerror(errno);
    unsigned char head[8] = {};
    ssize_t n;
    do {
        n = ::read(fd, head, sizeof head);
    } while (n < 0 && errno == EINTR);
    const int readError = errno;
    ::close(fd);
    if (n < 0)
        return std::strerror(readError);
    // A short read of a regular file means the file is that short: too short for either.
    const auto size = static_cast<std::size_t>(n);
    if (!startsWith(head, size, kPngSignature, sizeof kPngSignature)
        && !startsWith(head, size, kJpegSignature, sizeof kJpegSignature))
        return "it is not a PNG or JPEG file";
    return {};
}

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool equalIgnoringAsciiCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lowerAscii(x) == lowerAscii(y); });
}

} // namespace

std::string differentlyCasedImage(const std::string& folder, const std::string& image)
{
    namespace fs = std::filesystem;
    std::error_code error;
    fs::path at = folder.empty() ? fs::path(".") : fs::path(folder);
    std::string spelled;
    bool differs = false;
    std::size_t start = 0;
    while (start <= image.size()) {
        const std::size_t slash = std::min(image.find('/', start), image.size());
        const std::string part = image.substr(start, slash - start);
        start = slash + 1;
        if (part.empty())
            continue;
        std::string found = part;
        if (part != "." && part != ".." && !fs::exists(at / part, error)) {
            found.clear();
            for (fs::directory_iterator it(at, error), end; !error && it != end; it.increment(error)) {
                const std::string name = it->path().filename().string();
                if (equalIgnoringAsciiCase(name, part)) {
                    found = name;
                    break;
                }
            }
            if (found.empty())
                return {};
            differs = true;
        }
        at /= found;
        spelled += (spelled.empty() ? "" : "/") + found;
    }
    return differs && fs::is_regular_file(at, error) ? spelled : std::string();
}

std::string missingImageProblem(const std::string& folder, const std::string& image)
{
    const std::string cased = differentlyCasedImage(folder, image);
    if (cased.empty())
        return "it does not exist";
    return "it does not exist; " + quotedValue(cased)
           + " does, which differs in letter case only (file names here tell case apart: rename one to match)";
}

std::string imageFilePath(const std::string& rigPath, const std::string& image)
{
    const auto slash = rigPath.rfind('/');
    return slash == std::string::npos ? image : rigPath.substr(0, slash + 1) + image;
}

std::vector<ImageProblem> checkSlotImages(const Rig& rig, const std::string& rigPath, const ImageDecodeCheck& decodes)
{
    std::vector<ImageProblem> problems;
    std::unordered_map<std::string, std::string> looked; // image path -> its problem (empty: fine)
    auto problemOf = [&](const std::string& image) -> const std::string& {
        auto it = looked.find(image);
        if (it == looked.end()) {
            const std::string file = imageFilePath(rigPath, image);
            std::string why = imageFileProblem(file);
            if (why == "it does not exist") {
                const auto slash = rigPath.rfind('/');
                why = missingImageProblem(slash == std::string::npos ? std::string() : rigPath.substr(0, slash + 1), image);
            }
            if (why.empty() && decodes) {
                why = decodes(file);
                if (!why.empty())
                    why = "it does not decode (" + why + ")";
            }
            it = looked.emplace(image, std::move(why)).first;
        }
        return it->second;
    };
    auto message = [](const std::string& image, const std::string& why) {
        return "cannot use the image " + quotedValue(image) + ": " + why;
    };
    const auto& list = rig.slotList();
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string& why = problemOf(list[k].image);
        if (!why.empty())
            problems.push_back({static_cast<int>(k), "slots[" + std::to_string(k) + "].image", message(list[k].image, why)});
    }
    const auto& clips = rig.animations();
    for (std::size_t a = 0; a < clips.size(); ++a) {
        for (const animation::SlotTracks& t : clips[a].slotTracks) {
            for (std::size_t i = 0; i < t.image.size(); ++i) {
                const std::string& why = problemOf(t.image[i].image);
                if (why.empty())
                    continue;
                // The path as the loader names it: "animations[0].slots.hand.image[1].value".
                const JsonPath root, animations(root, "animations"), clip(animations, static_cast<std::ptrdiff_t>(a)),
                    slots(clip, "slots"), slot(slots, t.slot), image(slot, "image"), key(image, static_cast<std::ptrdiff_t>(i)),
                    value(key, "value");
                problems.push_back({rig.findSlot(t.slot), value.toString(), message(t.image[i].image, why), static_cast<int>(a)});
            }
        }
    }
    return problems;
}

} // namespace bonework::io
