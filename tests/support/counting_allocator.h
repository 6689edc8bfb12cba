#pragma once
// Counts every heap allocation of the test binary that includes it, so a test can prove that
// code allocates nothing: compare allocationCount() before and after. Every replaceable form of
// operator new and delete is replaced (plain, array, nothrow, aligned, sized), so allocation and
// release always pair up (AddressSanitizer checks that they do, and QtCore uses the nothrow
// forms). Include it in exactly one source file of a test binary. A test can also make every
// allocation from the nth on fail (failAllocationsFrom), or the nth alone (failAllocationAt), to
// check what code does out of memory.

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace bonework::testing {

inline std::atomic<long long> g_allocationCount{0};
inline long long allocationCount() { return g_allocationCount.load(std::memory_order_relaxed); }

// The allocation count from which allocations fail (-1: none fail), and whether only that one
// fails (the allocator ran short for a moment: code that catches the failure goes on).
inline std::atomic<long long> g_failingFrom{-1};
inline std::atomic<bool> g_failingOnlyOne{false};
// Makes the nth allocation from now (0: the next) and every later one fail, until
// stopFailingAllocations().
inline void failAllocationsFrom(long long n)
{
    g_failingOnlyOne.store(false, std::memory_order_relaxed);
    g_failingFrom.store(allocationCount() + n, std::memory_order_relaxed);
}
// Makes the nth allocation from now fail, and none other.
inline void failAllocationAt(long long n)
{
    g_failingOnlyOne.store(true, std::memory_order_relaxed);
    g_failingFrom.store(allocationCount() + n, std::memory_order_relaxed);
}
inline void stopFailingAllocations() { g_failingFrom.store(-1, std::memory_order_relaxed); }

inline void* countedAlloc(std::size_t size, std::size_t alignment = 0) noexcept
{
    const long long n = g_allocationCount.fetch_add(1, std::memory_order_relaxed);
    if (const long long from = g_failingFrom.load(std::memory_order_relaxed);
        from >= 0 && (n == from || (n > from && !g_failingOnlyOne.load(std::memory_order_relaxed))))
        return nullptr;
    if (size == 0)
        size = 1;
    if (alignment <= alignof(std::max_align_t))
        return std::malloc(size);
    return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

inline void* countedAllocOrThrow(std::size_t size, std::size_t alignment = 0)
{
    if (void* p = countedAlloc(size, alignment))
        return p;
    throw std::bad_alloc();
}

} // namespace bonework::testing

void* operator new(std::size_t size) { return bonework::testing::countedAllocOrThrow(size); }
void* operator new[](std::size_t size) { return bonework::testing::countedAllocOrThrow(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return bonework::testing::countedAlloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return bonework::testing::countedAlloc(size); }
void* operator new(std::size_t size, std::align_val_t a) { return bonework::testing::countedAllocOrThrow(size, std::size_t(a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return bonework::testing::countedAllocOrThrow(size, std::size_t(a)); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept
{
    return bonework::testing::countedAlloc(size, std::size_t(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept
{
    return bonework::testing::countedAlloc(size, std::size_t(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
