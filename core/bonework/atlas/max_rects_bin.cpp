#include "bonework/atlas/max_rects_bin.h"

#include <algorithm>
#include <climits>
#include <tuple>

namespace bonework::atlas {

MaxRectsBin::MaxRectsBin(int width, int height)
{
    if (width > 0 && height > 0)
        m_free.push_back({0, 0, width, height});
}

std::optional<Rect> MaxRectsBin::insert(int width, int height)
{
    // Best short side fit: the free rectangle whose smaller leftover is smallest, then whose
    // larger leftover is; the explicit position tie-break makes the result independent of the
    // order the free list happens to be in.
    const Rect* best = nullptr;
    auto bestKey = std::make_tuple(INT_MAX, INT_MAX, INT_MAX, INT_MAX);
    for (const Rect& f : m_free) {
        if (f.width < width || f.height < height)
            continue;
        const int leftoverX = f.width - width, leftoverY = f.height - height;
        const auto key = std::make_tuple(std::min(leftoverX, leftoverY), std::max(leftoverX, leftoverY), f.y, f.x);
        if (key < bestKey) {
            bestKey = key;
            best = &f;
        }
    }
    if (!best)
        return std::nullopt;
    const Rect used{best->x, best->y, width, height};
    splitAround(used);
    return used;
}

void MaxRectsBin::splitAround(const Rect& used)
{
    m_scratch.clear();
    // Every free rectangle the new one overlaps leaves up to four maximal pieces around it.
    auto out = m_free.begin();
    for (const Rect& f : m_free) {
        if (!f.intersects(used)) {
            *out++ = f;
            continue;
        }
        if (used.x > f.x)
            m_scratch.push_back({f.x, f.y, used.x - f.x, f.height});
        if (used.right() < f.right())
            m_scratch.push_back({used.right(), f.y, f.right() - used.right(), f.height});
        if (used.y > f.y)
            m_scratch.push_back({f.x, f.y, f.width, used.y - f.y});
        if (used.bottom() < f.bottom())
            m_scratch.push_back({f.x, used.bottom(), f.width, f.bottom() - used.bottom()});
    }
    m_free.erase(out, m_free.end());
    const std::size_t untouched = m_free.size();

    // Keep the list maximal. The untouched rectangles never contain one another, and none of them
    // can lie inside a new piece (each piece lies inside a former free rectangle, which did not
    // contain it), so only the new pieces need checking, against the untouched ones and each other.
    for (std::size_t i = 0; i < m_scratch.size(); ++i) {
        const Rect& piece = m_scratch[i];
        bool redundant = std::any_of(m_free.begin(), m_free.begin() + static_cast<std::ptrdiff_t>(untouched),
                                     [&](const Rect& f) { return f.contains(piece); });
        for (std::size_t j = 0; j < m_scratch.size() && !redundant; ++j) {
            // Of two equal pieces the later one goes.
            if (j != i && m_scratch[j].contains(piece) && (m_scratch[j] != piece || j < i))
                redundant = true;
        }
        if (!redundant)
            m_free.push_back(piece);
    }
}

} // namespace bonework::atlas
