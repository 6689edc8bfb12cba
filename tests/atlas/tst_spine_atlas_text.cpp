// The Spine atlas text: what the writer writes for a small atlas, that the reader reads the
// format's documented features, and, for seeded random images, that writing then reading gives
// back every region exactly where the packer put it with the trims Spine expects.
#include "bonework/atlas/spine_atlas_text.h"

#include "random_atlas_inputs.h"

#include <QTest>

#include <map>
#include <random>

using namespace bonework;
using namespace bonework::atlas;
using bonework::testing::randomTrimmedImages;
using bonework::testing::propertyRounds;
using bonework::testing::uniformInt;

class TestSpineAtlasText : public QObject {
    Q_OBJECT
private slots:
    void writesTheDocumentedLines()
    {
        AtlasLayout layout;
        layout.pages = {{64, 32}, {8, 8}};
        // "hand": 20x10 left of a 30x16 original after 3 columns off the left, 2 rows off the top.
        layout.regions = {{"hand", 0, 2, 4, {3, 2, 20, 10, 30, 16}},
                          {"dot", 1, 0, 0, {0, 0, 8, 8, 8, 8}},
                          {"arm/upper", 0, 30, 0, {0, 0, 34, 32, 34, 32}}};
        const SpineAtlasText out = writeSpineAtlas(spineAtlasOf(layout, {"rig.png", "rig_2.png"}));
        QVERIFY2(out.error.empty(), out.error.c_str());
        // Offsets count from the bottom: 16 - 2 - 10 = 4 rows were cut off below.
        const std::string expected = "rig.png\n"
                                     "  size: 64, 32\n"
                                     "  format: RGBA8888\n"
                                     "  filter: Linear, Linear\n"
                                     "  repeat: none\n"
                                     "  pma: false\n"
                                     "hand\n"
                                     "  bounds: 2, 4, 20, 10\n"
                                     "  offsets: 3, 4, 30, 16\n"
                                     "arm/upper\n"
                                     "  bounds: 30, 0, 34, 32\n"
                                     "\n"
                                     "rig_2.png\n"
                                     "  size: 8, 8\n"
                                     "  format: RGBA8888\n"
                                     "  filter: Linear, Linear\n"
                                     "  repeat: none\n"
                                     "  pma: false\n"
                                     "dot\n"
                                     "  bounds: 0, 0, 8, 8\n";
        QCOMPARE(QString::fromStdString(out.text), QString::fromStdString(expected));
    }

    void readsTheFormatsFeatures()
    {
        // Defaults when left out, rotation, index, the older per-field keys, CRLF line ends,
        // blank lines before the first page and spaces anywhere around the values.
        const std::string text = "\r\n\r\nfirst.png\r\n"
                                 "size:100,50\r\n"
                                 "pma: true\r\n"
                                 "a\r\n"
                                 "  bounds:1,2,3,4\r\n"
                                 "  rotate: 90\r\n"
                                 "  index: 7\r\n"
                                 "b\r\n"
                                 "  xy: 5, 6\r\n"
                                 "  size: 7, 8\r\n"
                                 "  orig: 9, 10\r\n"
                                 "  offset: 1, 2\r\n"
                                 "  rotate: true\r\n"
                                 "\r\n"
                                 "second.png\r\n"
                                 "  size : 4 , 4\r\n"
                                 "  filter: Nearest, Linear\r\n"
                                 "  repeat: xy\r\n"
                                 "c\r\n"
                                 "  bounds: 0, 0, 4, 4\r\n"
                                 "  rotate: false\r\n";
        const SpineAtlasReadResult r = readSpineAtlas(text);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.atlas.pages.size(), std::size_t(2));
        const SpineAtlasPage& first = r.atlas.pages[0];
        QCOMPARE(first.name, std::string("first.png"));
        QVERIFY(first.width == 100 && first.height == 50 && first.pma);
        QVERIFY(first.format == "RGBA8888" && first.minFilter == "Nearest" && first.repeat == "none");
        const SpineAtlasPage& second = r.atlas.pages[1];
        QVERIFY(second.width == 4 && second.minFilter == "Nearest" && second.magFilter == "Linear");
        QVERIFY(second.repeat == "xy" && !second.pma);
        QCOMPARE(r.atlas.regions.size(), std::size_t(3));
        const SpineAtlasRegion a{"a", 0, 1, 2, 3, 4, 0, 0, 3, 4, 90, 7};
        const SpineAtlasRegion b{"b", 0, 5, 6, 7, 8, 1, 2, 9, 10, 90, -1};
        const SpineAtlasRegion c{"c", 1, 0, 0, 4, 4, 0, 0, 4, 4, 0, -1};
        QVERIFY(r.atlas.regions[0] == a);
        QVERIFY(r.atlas.regions[1] == b);
        QVERIFY(r.atlas.regions[2] == c);
    }

    void writeThenReadGivesThePackersRegions()
    {
        const unsigned seed = 20260304u;
        std::mt19937 rng(seed);
        for (int round = 0; round < propertyRounds(300); ++round) {
            PackOptions options;
            options.maxPageWidth = options.maxPageHeight = uniformInt(rng, 0, 1) ? 256 : 2048;
            const auto images = randomTrimmedImages(rng, uniformInt(rng, 1, 60), options.maxPageWidth);
            const AtlasLayout layout = layoutAtlas(images, options);
            QVERIFY2(layout.ok(), layout.error.c_str());
            std::vector<std::string> pageNames{"out.png"};
            for (std::size_t p = 1; p < layout.pages.size(); ++p)
                pageNames.push_back("out_" + std::to_string(p + 1) + ".png");
            const SpineAtlasText text = writeSpineAtlas(spineAtlasOf(layout, pageNames));
            QVERIFY2(text.error.empty(), text.error.c_str());
            const SpineAtlasReadResult read = readSpineAtlas(text.text);
            const QString where = QStringLiteral("seed %1, case %2").arg(seed).arg(round);
            QVERIFY2(read.ok(), qPrintable(where + ": " + QString::fromStdString(read.error)));

            // Compared with the packer's own placements and the trims, not with spineAtlasOf.
            std::vector<PackItem> items;
            for (const TrimmedImage& image : images)
                items.push_back({image.name, image.trim.width, image.trim.height});
            const PackResult packed = packRectangles(items, options);
            QVERIFY2(read.atlas.pages.size() == packed.pages.size(), qPrintable(where));
            for (std::size_t p = 0; p < packed.pages.size(); ++p) {
                const SpineAtlasPage& page = read.atlas.pages[p];
                QVERIFY2(page.name == pageNames[p] && page.width == packed.pages[p].width &&
                             page.height == packed.pages[p].height && !page.pma,
                         qPrintable(where));
            }
            QVERIFY2(read.atlas.regions.size() == images.size(), qPrintable(where));
            std::map<std::string, SpineAtlasRegion> byName;
            for (const SpineAtlasRegion& r : read.atlas.regions)
                byName[r.name] = r;
            for (std::size_t i = 0; i < images.size(); ++i) {
                const Trim& t = images[i].trim;
                const Placement& p = packed.placements[i];
                const auto found = byName.find(images[i].name);
                QVERIFY2(found != byName.end(), qPrintable(where));
                const SpineAtlasRegion& r = found->second;
                QVERIFY2(r.page == p.page && r.x == p.x && r.y == p.y && r.width == t.width && r.height == t.height,
                         qPrintable(where + ": bounds of " + QString::fromStdString(r.name)));
                QVERIFY2(r.offsetX == t.left && r.offsetY == t.originalHeight - t.top - t.height &&
                             r.originalWidth == t.originalWidth && r.originalHeight == t.originalHeight,
                         qPrintable(where + ": offsets of " + QString::fromStdString(r.name)));
                QVERIFY2(r.degrees == 0 && r.index == -1, qPrintable(where));
            }
        }
    }

    void namesTheFormatCannotHoldAreRefused()
    {
        AtlasLayout layout;
        layout.pages = {{4, 4}};
        layout.regions = {{"ok", 0, 0, 0, {0, 0, 4, 4, 4, 4}}};
        for (const std::string bad : {"a:b", "two\nlines", "", " lead", "trail\t"}) {
            auto withRegion = layout;
            withRegion.regions[0].name = bad;
            QVERIFY2(!writeSpineAtlas(spineAtlasOf(withRegion, {"p.png"})).error.empty(), bad.c_str());
            QVERIFY2(!writeSpineAtlas(spineAtlasOf(layout, {bad})).error.empty(), bad.c_str());
        }
        QVERIFY(writeSpineAtlas(spineAtlasOf(layout, {"p.png"})).error.empty());
        QVERIFY(!writeSpineAtlas(spineAtlasOf(layout, {})).error.empty()); // a page without a name
        SpineAtlas offPage = spineAtlasOf(layout, {"p.png"});
        offPage.regions[0].page = 1;
        QVERIFY(!writeSpineAtlas(offPage).error.empty());
    }

    void malformedTextIsRefusedWithItsLine()
    {
        const auto errorOf = [](const std::string& text) { return readSpineAtlas(text).error; };
        QCOMPARE(errorOf("size: 4, 4\n").substr(0, 7), std::string("line 1:"));
        QCOMPARE(errorOf("p.png\n  size: 4, x\n").substr(0, 7), std::string("line 2:"));
        QCOMPARE(errorOf("p.png\n  size: 4\n").substr(0, 7), std::string("line 2:"));
        QCOMPARE(errorOf("p.png\n  size: 4, 4\nr\n  bounds: 1, 2, 3\n").substr(0, 7), std::string("line 4:"));
        QCOMPARE(errorOf("p.png\nr\n  bounds: 1, 2, 3, 4\n  spin: 3\n").substr(0, 7), std::string("line 4:"));
        QCOMPARE(errorOf("p.png\n  pma: maybe\n").substr(0, 7), std::string("line 2:"));
        QVERIFY(readSpineAtlas("").ok() && readSpineAtlas("").atlas.pages.empty());
    }
};

QTEST_APPLESS_MAIN(TestSpineAtlasText)
#include "tst_spine_atlas_text.moc"
