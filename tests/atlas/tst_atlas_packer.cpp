// The atlas packer: MaxRects' free space stays exact, and over thousands of seeded random sets of
// sizes every image is placed exactly once, inside a page no larger than allowed, never within
// `padding` of another; the result does not depend on the input's order; pages stay few.
#include "bonework/atlas/atlas_packer.h"
#include "bonework/atlas/max_rects_bin.h"

#include "random_atlas_inputs.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>

using namespace bonework;
using namespace bonework::atlas;
using bonework::testing::randomAtlasCase;
using bonework::testing::propertyRounds;
using bonework::testing::uniformInt;

namespace {

QString describe(unsigned seed, int round, const std::string& what)
{
    return QStringLiteral("seed %1, case %2: %3").arg(seed).arg(round).arg(QString::fromStdString(what));
}

// Everything the packer promises about one result; the first broken promise, or an empty string.
std::string brokenPromise(const std::vector<PackItem>& items, const PackOptions& o, const PackResult& r)
{
    if (!r.ok())
        return "refused: " + r.error;
    if (r.placements.size() != items.size())
        return "placements do not match the items";
    std::vector<int> perPage(r.pages.size(), 0);
    for (const PageSize& page : r.pages) {
        if (page.width <= 0 || page.height <= 0 || page.width > o.maxPageWidth || page.height > o.maxPageHeight)
            return "a page of " + std::to_string(page.width) + "x" + std::to_string(page.height);
        const auto pow2 = [](int v) { return (v & (v - 1)) == 0; };
        if (o.powerOfTwo && (!pow2(page.width) || !pow2(page.height)))
            return "a page that is not a power of two";
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Placement& p = r.placements[i];
        if (p.id != items[i].id || p.width != items[i].width || p.height != items[i].height)
            return "placement " + std::to_string(i) + " is not its item";
        if (p.page < 0 || p.page >= static_cast<int>(r.pages.size()))
            return items[i].id + " is on no page";
        const PageSize& page = r.pages[p.page];
        if (p.x < 0 || p.y < 0 || p.x + p.width > page.width || p.y + p.height > page.height)
            return items[i].id + " sticks out of its page";
        ++perPage[p.page];
    }
    if (std::count(perPage.begin(), perPage.end(), 0) > 0)
        return "an empty page";
    // Any two on one page are at least `padding` apart in x or in y.
    for (std::size_t i = 0; i < items.size(); ++i) {
        for (std::size_t j = i + 1; j < items.size(); ++j) {
            const Placement &a = r.placements[i], &b = r.placements[j];
            if (a.page != b.page)
                continue;
            const bool apartX = a.x + a.width + o.padding <= b.x || b.x + b.width + o.padding <= a.x;
            const bool apartY = a.y + a.height + o.padding <= b.y || b.y + b.height + o.padding <= a.y;
            if (!apartX && !apartY)
                return a.id + " and " + b.id + " overlap (padding included)";
        }
    }
    return {};
}

// How many pages a set needs at least (and whether that count is exactly achievable).
std::pair<std::size_t, bool> pageBound(const bonework::testing::RandomAtlasCase& c)
{
    const int p = c.options.padding, W = c.options.maxPageWidth + p, H = c.options.maxPageHeight + p;
    const std::size_t n = c.items.size();
    if (c.kind == 4) { // equal squares: a grid of them per page
        const int side = c.items[0].width + p;
        const std::size_t perPage = std::size_t(W / side) * std::size_t(H / side);
        return {(n + perPage - 1) / perPage, true};
    }
    std::int64_t padded = 0;
    std::size_t big = 0; // over half the page both ways: no two such share a page
    for (const PackItem& item : c.items) {
        padded += std::int64_t(item.width + p) * (item.height + p);
        big += 2 * (item.width + p) > W && 2 * (item.height + p) > H;
    }
    const std::int64_t pageArea = std::int64_t(W) * H;
    return {std::max(big, static_cast<std::size_t>((padded + pageArea - 1) / pageArea)), false};
}

} // namespace

class TestAtlasPacker : public QObject {
    Q_OBJECT
private slots:
    void maxRectsKeepsTheFreeSpaceExact()
    {
        // Small bins filled at random, checked against a grid of cells: the free rectangles
        // cover exactly the cells no placement covers, none contains another, and an insertion
        // fails only when no empty spot of that size exists anywhere.
        const unsigned seed = 20260301u;
        std::mt19937 rng(seed);
        for (int round = 0; round < propertyRounds(400); ++round) {
            const int W = uniformInt(rng, 1, 40), H = uniformInt(rng, 1, 40);
            MaxRectsBin bin(W, H);
            std::vector<char> used(std::size_t(W) * H, 0);
            const auto cell = [&](int x, int y) -> char& { return used[std::size_t(y) * W + x]; };
            for (int step = 0; step < 60; ++step) {
                const int w = uniformInt(rng, 1, std::max(1, W / 2)), h = uniformInt(rng, 1, std::max(1, H / 2));
                const auto placed = bin.insert(w, h);
                const auto emptyAt = [&](int x0, int y0) {
                    for (int y = y0; y < y0 + h; ++y)
                        for (int x = x0; x < x0 + w; ++x)
                            if (cell(x, y))
                                return false;
                    return true;
                };
                // Messages are built only on failure: QVERIFY2 would build one per cell.
                const auto fail = [&](const char* what) { QFAIL(qPrintable(describe(seed, round, what))); };
                if (placed) {
                    if (placed->width != w || placed->height != h || placed->x < 0 || placed->y < 0 ||
                        placed->right() > W || placed->bottom() > H)
                        return fail("outside the bin");
                    if (!emptyAt(placed->x, placed->y))
                        return fail("placed on a used cell");
                    for (int y = placed->y; y < placed->bottom(); ++y)
                        for (int x = placed->x; x < placed->right(); ++x)
                            cell(x, y) = 1;
                } else {
                    for (int y = 0; y + h <= H; ++y)
                        for (int x = 0; x + w <= W; ++x)
                            if (emptyAt(x, y))
                                return fail("refused though a spot was free");
                }
                const auto& free = bin.freeRects();
                std::vector<char> covered(used.size(), 0);
                for (std::size_t a = 0; a < free.size(); ++a) {
                    for (int y = free[a].y; y < free[a].bottom(); ++y)
                        for (int x = free[a].x; x < free[a].right(); ++x) {
                            if (cell(x, y))
                                return fail("a free rectangle over a used cell");
                            covered[std::size_t(y) * W + x] = 1;
                        }
                    for (std::size_t b = 0; b < free.size(); ++b)
                        if (a != b && free[a].contains(free[b]))
                            return fail("a free rectangle inside another");
                }
                for (std::size_t k = 0; k < used.size(); ++k)
                    if (!used[k] && !covered[k])
                        return fail("an empty cell left out");
            }
        }
    }

    void randomSetsKeepEveryPromise()
    {
        const unsigned seed = 20260302u;
        std::mt19937 rng(seed);
        const int kRounds = propertyRounds(3000);
        std::map<int, std::pair<double, double>> areaByKind; // kind -> (images, pages)
        std::size_t images = 0, worstExtraPages = 0;
        for (int round = 0; round < kRounds; ++round) {
            const auto c = randomAtlasCase(rng);
            const PackResult r = packRectangles(c.items, c.options);
            const std::string broken = brokenPromise(c.items, c.options, r);
            QVERIFY2(broken.empty(), qPrintable(describe(seed, round, broken)));

            // Few pages. Equal tiles must take exactly as many pages as a grid of them needs;
            // other sets at most half again a lower bound (their area, or the images too big for
            // two to share a page), plus one.
            const auto [bound, exact] = pageBound(c);
            const std::size_t allowed = exact ? bound : bound + (bound + 1) / 2 + 1;
            worstExtraPages = std::max(worstExtraPages, r.pages.size() - std::min(r.pages.size(), bound));
            QVERIFY2(r.pages.size() <= allowed,
                     qPrintable(describe(seed, round, std::to_string(r.pages.size()) + " pages where " +
                                                          std::to_string(bound) + " could do")));
            double area = 0;
            for (const PackItem& item : c.items)
                area += double(item.width) * item.height;
            double pages = 0;
            for (const PageSize& s : r.pages)
                pages += double(s.width) * s.height;
            areaByKind[c.kind].first += area;
            areaByKind[c.kind].second += pages;
            images += c.items.size();
        }
        const char* names[] = {"icons", "mixed", "strips", "big among small", "equal tiles"};
        for (const auto& [kind, a] : areaByKind)
            qInfo("packing efficiency (image area / page area), %s: %.1f%%", names[kind], 100 * a.first / a.second);
        qInfo("%d sets, %zu images; at most %zu page(s) beyond the area bound", kRounds, images, worstExtraPages);
    }

    void theSameEveryTimeInAnyInputOrder()
    {
        const unsigned seed = 20260303u;
        std::mt19937 rng(seed);
        for (int round = 0; round < propertyRounds(300); ++round) {
            auto c = randomAtlasCase(rng);
            const PackResult first = packRectangles(c.items, c.options);
            std::map<std::string, Placement> byId;
            for (const Placement& p : first.placements)
                byId[p.id] = p;
            std::shuffle(c.items.begin(), c.items.end(), rng);
            const PackResult again = packRectangles(c.items, c.options);
            QVERIFY2(again.pages.size() == first.pages.size(), qPrintable(describe(seed, round, "page count")));
            for (std::size_t k = 0; k < first.pages.size(); ++k)
                QVERIFY2(again.pages[k].width == first.pages[k].width && again.pages[k].height == first.pages[k].height,
                         qPrintable(describe(seed, round, "page size")));
            for (const Placement& p : again.placements) {
                const Placement& q = byId.at(p.id);
                QVERIFY2(p.page == q.page && p.x == q.x && p.y == q.y, qPrintable(describe(seed, round, p.id)));
            }
        }
    }

    void aPerfectTilingTakesOnePage()
    {
        // Sixteen 510-pixel squares with 2 pixels between them fill a 2048 page (4 x 512 - 2).
        std::vector<PackItem> items;
        for (int i = 0; i < 16; ++i)
            items.push_back({"tile" + std::to_string(i), 510, 510});
        const PackResult r = packRectangles(items);
        QVERIFY(brokenPromise(items, {}, r).empty());
        QCOMPARE(r.pages.size(), std::size_t(1));
        QCOMPARE(r.pages[0].width, 2046);
        QCOMPARE(r.pages[0].height, 2046);
        // One more does not fit: it goes on a second page of its own size.
        items.push_back({"extra", 510, 510});
        const PackResult more = packRectangles(items);
        QCOMPARE(more.pages.size(), std::size_t(2));
        QCOMPARE(more.pages[1].width, 510);
        QCOMPARE(more.pages[1].height, 510);
    }

    void aPageSizedImageTakesAPage()
    {
        const std::vector<PackItem> items{{"a", 2048, 2048}, {"b", 2048, 2048}, {"c", 1, 1}};
        const PackResult r = packRectangles(items);
        QVERIFY(brokenPromise(items, {}, r).empty());
        QCOMPARE(r.pages.size(), std::size_t(3));
        QCOMPARE(r.placements[2].page, 2); // the small one cannot share a full page
    }

    void pagesAreTightUnlessPowersOfTwoAreAsked()
    {
        const std::vector<PackItem> items{{"a", 100, 30}, {"b", 20, 20}};
        const PackResult tight = packRectangles(items);
        QCOMPARE(tight.pages.size(), std::size_t(1));
        // The smallest page holding both with 2 pixels between: side by side, 122 x 30.
        QCOMPARE(tight.pages[0].width, 122);
        QCOMPARE(tight.pages[0].height, 30);
        PackOptions pow2;
        pow2.powerOfTwo = true;
        const PackResult rounded = packRectangles(items, pow2);
        QVERIFY(brokenPromise(items, pow2, rounded).empty());
        QCOMPARE(rounded.pages[0].width, 128);
        QCOMPARE(rounded.pages[0].height, 32);
    }

    void noImagesNoPages()
    {
        const PackResult r = packRectangles({});
        QVERIFY(r.ok());
        QVERIFY(r.pages.empty() && r.placements.empty());
    }

    void refusalsNameTheImage()
    {
        const PackResult big = packRectangles({{"ok", 10, 10}, {"banner", 2049, 10}});
        QVERIFY(!big.ok());
        QVERIFY2(big.error.find("banner") != std::string::npos && big.error.find("2049x10") != std::string::npos,
                 big.error.c_str());
        QVERIFY(big.pages.empty() && big.placements.empty());
        PackOptions small;
        small.maxPageWidth = 64;
        small.maxPageHeight = 32;
        QVERIFY(packRectangles({{"tall", 10, 33}}, small).error.find("tall") != std::string::npos);
        QVERIFY(packRectangles({{"tall", 10, 32}}, small).ok());
        QVERIFY(packRectangles({{"nothing", 0, 5}}).error.find("nothing") != std::string::npos);
        QVERIFY(packRectangles({{"twice", 5, 5}, {"twice", 6, 6}}).error.find("twice") != std::string::npos);
        PackOptions odd;
        odd.powerOfTwo = true;
        odd.maxPageWidth = 1000;
        QVERIFY(!packRectangles({{"a", 5, 5}}, odd).ok());
        PackOptions negative;
        negative.padding = -1;
        QVERIFY(!packRectangles({{"a", 5, 5}}, negative).ok());
    }
};

QTEST_APPLESS_MAIN(TestAtlasPacker)
#include "tst_atlas_packer.moc"
