#pragma once
// Seeded random slots for property tests: every field of a slot used, image paths with "..",
// spaces, quotes and non-ASCII folders, and (when asked) awkward doubles from random bit
// patterns. Header-only, no Qt.

#include "random_rigs.h"

#include "bonework/rig.h"
#include "bonework/slot.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace bonework::testing {

// A finite double from a random bit pattern (any exponent, any mantissa), at most `most` from 0.
inline double randomBitsDouble(Engine& rng, double most = std::numeric_limits<double>::max())
{
    double d;
    do {
        d = std::bit_cast<double>(static_cast<std::uint64_t>(rng()));
    } while (!std::isfinite(d) || std::fabs(d) > most);
    return d;
}

// A portable relative path: a few folders (".." among them), then a file.
inline std::string randomImagePath(Engine& rng)
{
    const char* folders[] = {"art", "..", ".", "arm parts", "q\"uote", "ärm", "😀", "shared"};
    const char* files[] = {"upper_arm.png", "hand.jpg", "x.jpeg", "Ünïcode 1.PNG", "a"};
    std::string path;
    for (int k = uniformInt(rng, 0, 3); k > 0; --k)
        path += std::string(folders[rng() % std::size(folders)]) + "/";
    return path + files[rng() % std::size(files)];
}

// A legal slot on `joint`. Awkward: numbers from random bits (huge, tiny, subnormal, as far as a
// slot may hold them: rig.h) for the file's round trips; otherwise sizes a rig might use, for
// geometry that stays precise.
inline Slot randomSlot(Engine& rng, std::string name, JointIndex joint, bool awkward = false)
{
    Slot s;
    s.name = std::move(name);
    s.joint = joint;
    s.image = randomImagePath(rng);
    const double unbounded = std::numeric_limits<double>::max();
    auto any = [&](double lo, double hi, double most) {
        return awkward && rng() % 2 ? randomBitsDouble(rng, most) : uniform(rng, lo, hi);
    };
    // A scale: not 0, and below 0 (a mirrored image) one time in four.
    auto scale = [&](double lo, double hi) {
        double d = any(lo, hi, kMostSlotScale);
        d = std::fabs(d);
        d = d > 0.0 ? d : 1.0;
        return rng() % 4 == 0 ? -d : d;
    };
    s.x = any(-200, 200, kMostSlotOffset);
    s.y = any(-200, 200, kMostSlotOffset);
    s.rotation = any(-360, 360, unbounded);
    s.scaleX = scale(0.1, 3);
    s.scaleY = scale(0.1, 3);
    s.pivotX = any(-0.5, 1.5, kMostSlotPivot);
    s.pivotY = any(-0.5, 1.5, kMostSlotPivot);
    const auto opacityKind = rng() % 4; // the ends of the range are legal too
    s.opacity = opacityKind == 0 ? 0.0 : opacityKind == 1 ? 1.0 : uniform(rng, 0.0, 1.0);
    s.visible = rng() % 4 != 0;
    return s;
}

// Adds `count` random slots on random joints (draw order as added).
inline void addRandomSlots(Engine& rng, Rig& rig, int count, bool awkward = false)
{
    const int n = static_cast<int>(rig.jointCount());
    for (int k = 0; k < count && n > 0; ++k) {
        const Slot s = randomSlot(rng, "slot " + std::to_string(rig.slotList().size()), uniformInt(rng, 0, n - 1), awkward);
        if (auto r = rig.addSlot(s); !r)
            throw std::logic_error("test slot refused: " + r.error);
    }
}

} // namespace bonework::testing
