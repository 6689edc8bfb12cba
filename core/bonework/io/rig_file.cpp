// Reading and writing rig files on disk; the format itself lives in rig_reader.cpp and
// rig_writer.cpp.

#include "bonework/io/rig_file.h"

#include "bonework/io/atomic_file.h"
#include "bonework/io/utf8.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bonework::io {
namespace {

std::string nonFiniteValue(const Rig& rig);

} // namespace

// Checked edits never make a rig that cannot be written, but unchecked paths could (a solver, a
// sample), and an editor can undo every joint away.
std::string rigFileProblem(const Rig& rig)
{
    // The loader needs a root: a file without one could not be opened again (the editor saved
    // and autosaved a rig whose joints were all undone away, over a good file).
    if (rig.jointCount() == 0)
        return "the rig has no joints (a rig file needs at least one, a root)";
    if (!isValidUtf8(rig.name()))
        return "the rig's name is not valid UTF-8";
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (!isValidUtf8(rig.jointName(j)))
            return "the name of joint " + std::to_string(i) + " is not valid UTF-8";
        // A solver may carry a root past what the loader takes (dragged toward a target at the
        // far end of the doubles): refused here rather than written into a file that cannot be
        // opened. (A non-finite number is said below.)
        const Vec2 p = rig.rootPosition(j);
        if (rig.isRoot(j) && std::isfinite(p.x) && std::isfinite(p.y) && !rootWithinReach(p))
            return "the root \"" + rig.jointName(j) + "\" lies farther than " + boundText(kMostRootCoordinate) + " from the origin";
    }
    for (std::size_t c = 0; c < rig.chains().size(); ++c) {
        const Chain& chain = rig.chains()[c];
        if (!isValidUtf8(chain.name))
            return "the name of chain " + std::to_string(c) + " is not valid UTF-8";
        // Sampling sets targets unchecked (Rig::setChainLook): one past what the loader takes is
        // refused here, as a root is. (Slots and clips are only ever changed through checks.)
        const Vec2 t = chain.target.point;
        if (!chain.target.isAttached() && std::isfinite(t.x) && std::isfinite(t.y) && !targetWithinReach(t))
            return "the target of chain \"" + chain.name + "\" lies farther than " + boundText(kMostTargetCoordinate)
                   + " from the origin";
    }
    for (std::size_t k = 0; k < rig.slotList().size(); ++k) {
        const Slot& s = rig.slotList()[k];
        if (!isValidUtf8(s.name))
            return "the name of slot " + std::to_string(k) + " is not valid UTF-8";
        if (!isValidUtf8(s.image))
            return "the image path of slot " + std::to_string(k) + " is not valid UTF-8";
        // Absolute paths and the like never reach a saved file (the loader would refuse it).
        if (auto why = imagePathProblem(s.image); !why.empty())
            return "the image path of slot \"" + s.name + "\" " + why;
    }
    // Keyed images follow the same rules (checkClip holds the paths; not their encoding).
    for (const animation::Clip& clip : rig.animations())
        for (const animation::SlotTracks& t : clip.slotTracks)
            for (const animation::ImageKey& k : t.image)
                if (!isValidUtf8(k.image))
                    return "an image keyed for slot \"" + t.slot + "\" in animation \"" + clip.name + "\" is not valid UTF-8";
    return nonFiniteValue(rig);
}

namespace {

// The first number a JSON file could not hold, or empty when all are finite.
std::string nonFiniteValue(const Rig& rig)
{
    auto bad = [](double v) { return !std::isfinite(v); };
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        const Vec2 p = rig.rootPosition(j);
        if (bad(p.x) || bad(p.y) || bad(rig.angle(j)) || bad(rig.length(j)) || bad(rig.minAngle(j))
            || bad(rig.maxAngle(j)))
            return "joint \"" + rig.jointName(j) + "\" has a non-finite number";
    }
    for (const Chain& c : rig.chains())
        if (bad(c.tolerance) || (!c.target.isAttached() && (bad(c.target.point.x) || bad(c.target.point.y))))
            return "chain \"" + c.name + "\" has a non-finite number";
    for (const Slot& s : rig.slotList())
        for (double v : {s.x, s.y, s.rotation, s.scaleX, s.scaleY, s.pivotX, s.pivotY, s.opacity})
            if (bad(v))
                return "slot \"" + s.name + "\" has a non-finite number";
    return {};
}

// Closes the descriptor however the read ends.
struct FileDescriptor {
    int fd;
    ~FileDescriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// Reads at most `limit` bytes (a size of 0 may mean a pipe or special file, so the read is
// bounded whatever stat said); false with errno set on a read error.
bool readUpTo(int fd, std::size_t limit, std::size_t expected, std::string& data)
{
    data.reserve(std::min(expected, limit));
    char buffer[64 * 1024];
    while (data.size() < limit) {
        const ssize_t n = ::read(fd, buffer, std::min(sizeof buffer, limit - data.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            break;
        data.append(buffer, static_cast<std::size_t>(n));
    }
    return true;
}

} // namespace

std::string LoadError::toString() const
{
    std::string out = file;
    if (!jsonPath.empty())
        out += ": " + jsonPath;
    out += ": " + message;
    return out;
}

bool isReadError(const LoadError& error)
{
    return error.readError;
}

LoadResult loadRigFile(const std::string& path)
{
    auto readFailure = [&](const std::string& why) {
        LoadResult result;
        result.error.file = path;
        result.error.message = why;
        result.error.readError = true;
        return result;
    };
    // The system's wording, as QFile gave it (e.g. "Permission denied").
    auto systemFailure = [&](int error) {
        return readFailure("cannot read the file: " + std::string(std::strerror(error)));
    };
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        return readFailure("cannot read the file: it does not exist");
    if (S_ISDIR(info.st_mode))
        return readFailure("cannot read the file: it is a directory");
    // Opened without waiting: a FIFO no program writes to would otherwise block the open for
    // ever (`validate` hung); it then reads as empty. Reads wait again, so a pipe being written
    // (a shell's <(...)) is read whole.
    const FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (file.fd < 0)
        return systemFailure(errno);
    if (const int flags = ::fcntl(file.fd, F_GETFL); flags < 0 || ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
        return systemFailure(errno);
    // Refuse huge files before reading them: bounded memory on hostile input. (fstat: the
    // file opened, not whatever the path names now.)
    if (::fstat(file.fd, &info) == 0 && info.st_size > kMaxRigFileBytes) {
        LoadResult result;
        result.error.file = path;
        result.error.message = "the file is too large (" + std::to_string(info.st_size)
                               + " bytes; rig files are at most " + std::to_string(kMaxRigFileBytes / (1024 * 1024))
                               + " MiB)";
        return result;
    }
    std::string data;
    const auto limit = static_cast<std::size_t>(kMaxRigFileBytes) + 1;
    if (!readUpTo(file.fd, limit, static_cast<std::size_t>(info.st_size), data))
        return systemFailure(errno);
    return parseRig(data, path);
}

bool saveRigFile(const Rig& rig, const std::string& path, std::string* errorMessage, const EditorSettings& editor)
{
    return saveRigFileWith(rig, path, {}, errorMessage, editor);
}

bool saveRigFileWith(const Rig& rig, const std::string& path, const std::vector<FileToWrite>& alongside,
                     std::string* errorMessage, const EditorSettings& editor)
{
    auto failed = [&](const std::string& why) {
        if (errorMessage)
            *errorMessage = why;
        return false;
    };
    if (const std::string why = rigFileProblem(rig); !why.empty())
        return failed("cannot save " + path + ": " + why);
    std::string why;
    // The other files first, the rig last: a rig on disk names only files that are there.
    FileBatch batch;
    for (const FileToWrite& file : alongside)
        if (!batch.add(file.path, file.data, why))
            return failed("cannot write " + file.path + ": " + why);
    if (!batch.add(path, serializeRig(rig, editor), why))
        return failed("cannot write " + path + ": " + why);
    if (!batch.commit(why))
        return failed("cannot write " + batch.failedPath() + ": " + why);
    return true;
}

} // namespace bonework::io
