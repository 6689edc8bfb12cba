#pragma once
// One page's free space for the atlas packer: the MaxRects method (Jylänki, "A Thousand Ways to
// Pack the Bin") with the best-short-side-fit rule. The free space is kept as the list of maximal
// free rectangles; a placement goes into the one it fills most snugly and splits every free
// rectangle it overlaps. No rotation. Plain C++, deterministic: ties go to the top, then the left.

#include <optional>
#include <vector>

namespace bonework::atlas {

struct Rect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;

    int right() const { return x + width; }
    int bottom() const { return y + height; }
    bool contains(const Rect& r) const
    {
        return r.x >= x && r.y >= y && r.right() <= right() && r.bottom() <= bottom();
    }
    bool intersects(const Rect& r) const
    {
        return r.x < right() && x < r.right() && r.y < bottom() && y < r.bottom();
    }
    bool operator==(const Rect&) const = default;
};

class MaxRectsBin {
public:
    MaxRectsBin(int width, int height);

    // Where a width x height rectangle goes, already taken out of the free space; nullopt (and
    // nothing changes) when it fits nowhere.
    std::optional<Rect> insert(int width, int height);

    const std::vector<Rect>& freeRects() const { return m_free; }

private:
    void splitAround(const Rect& used);

    std::vector<Rect> m_free;
    std::vector<Rect> m_scratch; // new free pieces of one split, kept to spare allocations
};

} // namespace bonework::atlas
