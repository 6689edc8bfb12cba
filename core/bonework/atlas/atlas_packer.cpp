#include "bonework/atlas/atlas_packer.h"

#include "bonework/atlas/max_rects_bin.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <set>
#include <tuple>

namespace bonework::atlas {
namespace {

struct PagePacking {
    std::vector<std::size_t> placed; // item indices
    std::vector<Rect> rects;         // their padded rectangles, in the same order
    std::vector<std::size_t> left;   // what did not fit, still in packing order
    int usedWidth = 0;               // bounds of the placed rectangles without the trailing padding
    int usedHeight = 0;
};

bool isPowerOfTwo(int v) { return v > 0 && (v & (v - 1)) == 0; }

int ceilPowerOfTwo(int v)
{
    int p = 1;
    while (p < v)
        p *= 2;
    return p;
}

// Greedy: every item in order goes where it fits best, the ones that fit nowhere are left over.
// The bin is one padding wider and taller than the page, and every item one padding larger, so
// items keep `padding` apart and still reach the page's far edges.
PagePacking packInto(const std::vector<PackItem>& items, const std::vector<std::size_t>& order, int pageWidth,
                     int pageHeight, int padding)
{
    PagePacking out;
    MaxRectsBin bin(pageWidth + padding, pageHeight + padding);
    for (std::size_t i : order) {
        const auto r = bin.insert(items[i].width + padding, items[i].height + padding);
        if (!r) {
            out.left.push_back(i);
            continue;
        }
        out.placed.push_back(i);
        out.rects.push_back(*r);
        out.usedWidth = std::max(out.usedWidth, r->right() - padding);
        out.usedHeight = std::max(out.usedHeight, r->bottom() - padding);
    }
    return out;
}

PageSize pageSizeOf(const PagePacking& p, const PackOptions& o)
{
    if (o.powerOfTwo)
        return {ceilPowerOfTwo(p.usedWidth), ceilPowerOfTwo(p.usedHeight)};
    return {p.usedWidth, p.usedHeight};
}

// Candidate page widths for the last page, from the widest item up to the largest page.
std::vector<int> candidateWidths(const std::vector<PackItem>& items, const std::vector<std::size_t>& order,
                                 const PackOptions& o)
{
    int widest = 0;
    std::int64_t area = 0;
    for (std::size_t i : order) {
        widest = std::max(widest, items[i].width);
        area += std::int64_t(items[i].width + o.padding) * (items[i].height + o.padding);
    }
    std::set<int> widths{o.maxPageWidth};
    if (o.powerOfTwo) {
        for (int w = ceilPowerOfTwo(widest); w < o.maxPageWidth; w *= 2)
            widths.insert(w);
    } else {
        constexpr int kSteps = 24;
        for (int k = 0; k < kSteps; ++k)
            widths.insert(widest + int(std::int64_t(o.maxPageWidth - widest) * k / kSteps));
        // Near-square pages are usually the smallest; try a few around the square root of the area.
        const double side = std::sqrt(double(area));
        for (double f = 0.9; f <= 1.5; f += 0.05)
            widths.insert(std::clamp(int(side * f) - o.padding, widest, o.maxPageWidth));
    }
    return {widths.begin(), widths.end()};
}

// The last page's items all fit in a full page; pack them again into narrower pages and keep the
// page of least area (then the squarer, then the narrower one).
PagePacking shrinkLastPage(const std::vector<PackItem>& items, PagePacking full, const PackOptions& o)
{
    const std::vector<std::size_t> order = full.placed;
    PagePacking best = std::move(full);
    auto keyOf = [&](const PagePacking& p) {
        const PageSize s = pageSizeOf(p, o);
        return std::make_tuple(std::int64_t(s.width) * s.height, std::max(s.width, s.height), s.width);
    };
    auto bestKey = keyOf(best);
    for (int width : candidateWidths(items, order, o)) {
        PagePacking p = packInto(items, order, width, o.maxPageHeight, o.padding);
        if (!p.left.empty())
            continue;
        const auto key = keyOf(p);
        if (key < bestKey) {
            bestKey = key;
            best = std::move(p);
        }
    }
    return best;
}

std::string checkInput(const std::vector<PackItem>& items, const PackOptions& o)
{
    if (o.maxPageWidth <= 0 || o.maxPageHeight <= 0 || o.padding < 0)
        return "invalid atlas options: pages of at most " + std::to_string(o.maxPageWidth) + "x" +
               std::to_string(o.maxPageHeight) + " with padding " + std::to_string(o.padding);
    if (o.powerOfTwo && (!isPowerOfTwo(o.maxPageWidth) || !isPowerOfTwo(o.maxPageHeight)))
        return "invalid atlas options: power-of-two pages need a power-of-two largest page";
    std::set<std::string> ids;
    for (const PackItem& item : items) {
        if (!ids.insert(item.id).second)
            return "two images are named '" + item.id + "'";
        if (item.width <= 0 || item.height <= 0)
            return "image '" + item.id + "' is empty (" + std::to_string(item.width) + "x" +
                   std::to_string(item.height) + ")";
        if (item.width > o.maxPageWidth || item.height > o.maxPageHeight)
            return "image '" + item.id + "' (" + std::to_string(item.width) + "x" + std::to_string(item.height) +
                   ") is larger than a page (" + std::to_string(o.maxPageWidth) + "x" +
                   std::to_string(o.maxPageHeight) + ")";
    }
    return {};
}

} // namespace

PackResult packRectangles(const std::vector<PackItem>& items, const PackOptions& options)
{
    PackResult result;
    result.error = checkInput(items, options);
    if (!result.ok())
        return result;

    // Big items first: they are the hard ones to place, and small ones fill the gaps they leave.
    std::vector<std::size_t> order(items.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    using Key = std::tuple<int, std::int64_t, int, int, const std::string&>;
    auto key = [&](std::size_t i) {
        const PackItem& p = items[i];
        return Key(-std::max(p.width, p.height), -std::int64_t(p.width) * p.height, -p.height, -p.width, p.id);
    };
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });

    result.placements.resize(items.size());
    while (!order.empty()) {
        PagePacking page = packInto(items, order, options.maxPageWidth, options.maxPageHeight, options.padding);
        if (page.left.empty())
            page = shrinkLastPage(items, std::move(page), options);
        const int pageIndex = static_cast<int>(result.pages.size());
        result.pages.push_back(pageSizeOf(page, options));
        for (std::size_t k = 0; k < page.placed.size(); ++k) {
            const std::size_t i = page.placed[k];
            result.placements[i] = {items[i].id, pageIndex, page.rects[k].x, page.rects[k].y, items[i].width,
                                    items[i].height};
        }
        order = std::move(page.left);
    }
    return result;
}

} // namespace bonework::atlas
