#pragma once
// BONEWORK_FORCE_INLINE: inline this function even where the compiler's own heuristics would
// leave it out of line. Kept for the few hot helpers where a measured solve got faster with it
// (each use says by how much); it never changes results.

#if defined(_MSC_VER)
#define BONEWORK_FORCE_INLINE __forceinline
#elif defined(__GNUC__) || defined(__clang__)
#define BONEWORK_FORCE_INLINE inline __attribute__((always_inline))
#else
#define BONEWORK_FORCE_INLINE inline
#endif
