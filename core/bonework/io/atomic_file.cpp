#include "bonework/io/atomic_file.h"

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <utility>

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

// Writes `data` to a temporary beside `path`'s target, flushed to disk: what the rename then
// puts in place. False with the reason in `why`.
bool stage(const std::string& path, std::string_view data, std::string& target, std::string& temporary, std::string& why)
{
    target = resolvedTarget(path);
    struct stat existing {};
    const bool exists = stat(target.c_str(), &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode)) {
        why = S_ISDIR(existing.st_mode) ? "it is a folder" : "it is not a regular file";
        return false;
    }
    const int fd = createTemporary(target, temporary);
    if (fd < 0) {
        why = systemError(errno);
        return false;
    }
    bool ok = true;
    if (exists)
        ok = fchmod(fd, existing.st_mode & 07777) == 0;
    ok = ok && writeAll(fd, data) && fsync(fd) == 0;
    int error = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        unlink(temporary.c_str());
        why = systemError(error);
    }
    return ok;
}

} // namespace

bool writeFileAtomically(const std::string& path, std::string_view data, std::string& why)
{
    FileBatch batch;
    return batch.add(path, data, why) && batch.commit(why);
}

FileBatch::~FileBatch()
{
    for (const Staged& staged : m_staged)
        unlink(staged.temporary.c_str());
}

bool FileBatch::add(const std::string& path, std::string_view data, std::string& why)
{
    Staged staged;
    if (!stage(path, data, staged.target, staged.temporary, why))
        return false;
    m_staged.push_back(std::move(staged));
    m_paths.push_back(path);
    return true;
}

bool FileBatch::commit(std::string& why)
{
    m_failed.clear();
    for (std::size_t i = 0; i < m_staged.size(); ++i) {
        if (rename(m_staged[i].temporary.c_str(), m_staged[i].target.c_str()) != 0) {
            why = systemError(errno);
            m_failed = m_paths[i];
            m_staged.erase(m_staged.begin(), m_staged.begin() + std::ptrdiff_t(i)); // those are in place
            return false; // the destructor removes the rest
        }
    }
    m_staged.clear();
    return true;
}

} // namespace bonework::io
