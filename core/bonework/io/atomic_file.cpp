#include "bonework/io/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bonework::io {
namespace {

std::string systemError(int error)
{
    return std::strerror(error);
}

// The file the data should land in: a symbolic link is followed, so saving through it updates
// the file it points at (and keeps the link), as QSaveFile did.
std::string resolvedTarget(const std::string& path)
{
    struct stat info {};
    if (lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
        if (char* real = realpath(path.c_str(), nullptr)) {
            std::string out = real;
            std::free(real);
            return out;
        }
    }
    return path;
}

// Creates "<target>.XXXXXX" next to the target, with the permissions a new file gets (0666 less
// the umask), or the target's own when it exists. Returns -1 with errno set on failure.
int createTemporary(const std::string& target, std::string& temporary)
{
    std::random_device seed;
    std::mt19937 rng(seed());
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        temporary = target + '.';
        for (int i = 0; i < 6; ++i)
            temporary += letters[rng() % (sizeof letters - 1)];
        const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

bool writeAll(int fd, std::string_view data)
{
    while (!data.empty()) {
        const ssize_t written = write(fd, data.data(), data.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

} // namespace

bool writeFileAtomically(const std::string& path, std::string_view data, std::string& why)
{
    const std::string target = resolvedTarget(path);
    std::string temporary;
    const int fd = createTemporary(target, temporary);
    if (fd < 0) {
        why = systemError(errno);
        return false;
    }
    struct stat existing {};
    bool ok = true;
    if (stat(target.c_str(), &existing) == 0 && S_ISREG(existing.st_mode))
        ok = fchmod(fd, existing.st_mode & 07777) == 0;
    ok = ok && writeAll(fd, data) && fsync(fd) == 0;
    int error = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && rename(temporary.c_str(), target.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        unlink(temporary.c_str());
        why = systemError(error);
    }
    return ok;
}

} // namespace bonework::io
