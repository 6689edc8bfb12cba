#pragma once
// Counts every allocation of the test binary that includes it: replaces the global operator new
// and delete, every form (QtCore's JSON parser uses the nothrow ones, and under ASan a form left
// out would pair a malloc with a sanitizer's delete). Include it in exactly one source file of a
// test, then compare allocationCount() before and after the code that must not allocate.

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace bonework::testing {
inline std::atomic<long long> g_allocationCount{0};
inline long long allocationCount() { return g_allocationCount.load(std::memory_order_relaxed); }
} // namespace bonework::testing

void* operator new(std::size_t size)
{
    bonework::testing::g_allocationCount.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    bonework::testing::g_allocationCount.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
