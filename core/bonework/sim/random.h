#pragma once
// The simulation's own random numbers: xoshiro256** seeded through splitmix64. Both algorithms
// are fixed bit for bit, unlike std::uniform_*_distribution whose output differs between standard
// libraries, so a seed replays the same motion preview everywhere this code runs.

#include <cstdint>

namespace bonework::sim {

// Expands one 64-bit seed into a stream of well-mixed words (used to seed xoshiro).
class SplitMix64 {
public:
    explicit constexpr SplitMix64(std::uint64_t seed) : m_state(seed) {}
    constexpr std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t m_state;
};

class Random {
public:
    explicit constexpr Random(std::uint64_t seed = 0) { reseed(seed); }

    constexpr void reseed(std::uint64_t seed)
    {
        SplitMix64 mix(seed);
        for (auto& word : m_s)
            word = mix.next();
    }

    constexpr std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    // Uniform in [0, 1): the top 53 bits as a double's mantissa (exact, no rounding).
    constexpr double uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // Uniform in [lo, hi).
    constexpr double uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }

    constexpr bool operator==(const Random&) const = default;

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4] = {};
};

} // namespace bonework::sim
