// A built atlas written in both runtimes' files and read back as a runtime would: the Spine atlas
// text parsed, the DragonBones JSON parsed, the PNG pages loaded. Every original pixel must be
// found where the file's numbers say (for Spine: bounds and offsets counted from the bottom; for
// DragonBones: x, y and frameX/frameY, negative), nothing visible may have been trimmed away,
// and the rest of each page must be fully transparent. Seeded random art, several pages.
#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/exporters/atlas_files.h"

#include "random_atlas_inputs.h"
#include "std_text.h"

#include "qt_image_codec.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <map>
#include <random>
#include <string>

using namespace bonework;
using namespace bonework::exporters;
using bonework::formats::qImageOf;
using bonework::formats::qtImageCodec;
using bonework::formats::rasterImageOf;
using bonework::testing::localPath;
using bonework::testing::propertyRounds;
using bonework::testing::qt;
using bonework::testing::qtPath;
using bonework::testing::uniformInt;

namespace {

// Random art: opaque noise, a visible patch inside transparent borders (with transparent holes
// and faint pixels), or nothing visible at all.
QImage randomArt(std::mt19937& rng, int maxSide)
{
    const int w = uniformInt(rng, 1, maxSide), h = uniformInt(rng, 1, maxSide);
    QImage image(w, h, QImage::Format_ARGB32);
    image.fill(0);
    const int kind = uniformInt(rng, 0, 5);
    if (kind == 0)
        return image;
    int x0 = 0, y0 = 0, x1 = w - 1, y1 = h - 1;
    if (kind > 1) {
        x0 = uniformInt(rng, 0, w - 1), x1 = uniformInt(rng, x0, w - 1);
        y0 = uniformInt(rng, 0, h - 1), y1 = uniformInt(rng, y0, h - 1);
    }
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const int alpha = kind == 1 ? 255 : uniformInt(rng, 0, 3) == 0 ? 0 : uniformInt(rng, 1, 255);
            image.setPixel(x, y, qRgba(uniformInt(rng, 0, 255), uniformInt(rng, 0, 255), uniformInt(rng, 0, 255), alpha));
        }
    return image;
}

std::vector<AtlasImage> randomImages(std::mt19937& rng, int count, int maxSide)
{
    std::vector<AtlasImage> images;
    for (int i = 0; i < count; ++i)
        images.push_back({"parts/p" + std::to_string(i), rasterImageOf(randomArt(rng, maxSide))});
    return images;
}

// Where one region's pixels are: its rectangle on the page, and the original pixel of a page pixel.
struct Located {
    QString name;
    QRect onPage;
    std::function<QPoint(QPoint)> toOriginal;
};

// Every page pixel of a region is its original's; every original pixel outside the region is
// invisible; every page pixel outside all regions is transparent black. Empty when all hold.
QString checkPixels(const QImage& page, const std::vector<Located>& regions, const std::map<QString, QImage>& originals)
{
    std::vector<char> covered(std::size_t(page.width()) * page.height(), 0);
    for (const Located& r : regions) {
        const QImage& original = originals.at(r.name);
        for (int y = r.onPage.top(); y <= r.onPage.bottom(); ++y)
            for (int x = r.onPage.left(); x <= r.onPage.right(); ++x) {
                const QPoint o = r.toOriginal({x, y});
                if (!original.rect().contains(o) || page.pixel(x, y) != original.pixel(o))
                    return QStringLiteral("%1: page pixel (%2, %3)").arg(r.name).arg(x).arg(y);
                covered[std::size_t(y) * page.width() + x] = 1;
            }
        const QRect kept(r.toOriginal(r.onPage.topLeft()), r.onPage.size());
        for (int y = 0; y < original.height(); ++y)
            for (int x = 0; x < original.width(); ++x)
                if (!kept.contains(x, y) && qAlpha(original.pixel(x, y)) != 0)
                    return QStringLiteral("%1: visible pixel (%2, %3) trimmed away").arg(r.name).arg(x).arg(y);
    }
    for (int y = 0; y < page.height(); ++y)
        for (int x = 0; x < page.width(); ++x)
            if (!covered[std::size_t(y) * page.width() + x] && page.pixel(x, y) != 0)
                return QStringLiteral("page pixel (%1, %2) is outside every region but not clear").arg(x).arg(y);
    return {};
}

QImage loadPage(const QString& path)
{
    return QImage(path).convertToFormat(QImage::Format_ARGB32);
}

} // namespace

class TestAtlasFiles : public QObject {
    Q_OBJECT

    static constexpr unsigned kSeed = 20260306u;

private slots:
    void spineFilesPlaceEveryPixel()
    {
        std::mt19937 rng(kSeed);
        for (int round = 0; round < propertyRounds(12); ++round) {
            const QString where = QStringLiteral("seed %1, case %2").arg(kSeed).arg(round);
            const auto images = randomImages(rng, uniformInt(rng, 1, 40), 90);
            atlas::PackOptions options;
            options.maxPageWidth = options.maxPageHeight = 128; // small pages: several of them
            const BuiltAtlas built = buildAtlas(images, options);
            QVERIFY2(built.ok(), built.error.c_str());
            QTemporaryDir dir;
            const AtlasFiles files = writeSpineAtlasFiles(built, localPath(dir.filePath("rig")), qtImageCodec());
            QVERIFY2(files.ok(), files.error.c_str());
            QCOMPARE(files.files.size(), built.pages.size() + 1);
            QCOMPARE(qtPath(files.files.back()), dir.filePath("rig.atlas"));
            if (built.pages.size() > 1)
                QVERIFY(QFile::exists(dir.filePath("rig_2.png")));

            QFile text(dir.filePath("rig.atlas"));
            QVERIFY(text.open(QIODevice::ReadOnly));
            const atlas::SpineAtlasReadResult read = atlas::readSpineAtlas(text.readAll().toStdString());
            QVERIFY2(read.ok(), read.error.c_str());
            QCOMPARE(read.atlas.pages.size(), built.pages.size());
            QCOMPARE(read.atlas.regions.size(), images.size());
            std::map<QString, QImage> originals;
            for (const AtlasImage& image : images)
                originals[qt(image.name)] = qImageOf(image.image);
            for (std::size_t p = 0; p < read.atlas.pages.size(); ++p) {
                const atlas::SpineAtlasPage& info = read.atlas.pages[p];
                QCOMPARE(QString::fromStdString(info.name), p == 0 ? QStringLiteral("rig.png") : QStringLiteral("rig_%1.png").arg(p + 1));
                const QImage page = loadPage(dir.filePath(QString::fromStdString(info.name)));
                QVERIFY2(page.width() == info.width && page.height() == info.height, qPrintable(where));
                // 96 dpi, not the screen's (the editor's and the CLI's exports are the same bytes).
                QCOMPARE(page.dotsPerMeterX(), 3780);
                QCOMPARE(page.dotsPerMeterY(), 3780);
                QVERIFY(!info.pma); // the PNGs have straight alpha
                std::vector<Located> regions;
                for (const atlas::SpineAtlasRegion& r : read.atlas.regions) {
                    if (r.page != static_cast<int>(p))
                        continue;
                    // Spine's offsets: left and bottom; the rows cut off the top are what is left over.
                    const int top = r.originalHeight - r.height - r.offsetY;
                    const QPoint shift(r.offsetX - r.x, top - r.y);
                    regions.push_back({QString::fromStdString(r.name), QRect(r.x, r.y, r.width, r.height),
                                       [shift](QPoint onPage) { return onPage + shift; }});
                    QVERIFY(originals.at(regions.back().name).size() == QSize(r.originalWidth, r.originalHeight));
                }
                const QString broken = checkPixels(page, regions, originals);
                QVERIFY2(broken.isEmpty(), qPrintable(where + ": " + broken));
            }
        }
    }

    void dragonBonesFilesPlaceEveryPixel()
    {
        std::mt19937 rng(kSeed + 1);
        for (int round = 0; round < propertyRounds(12); ++round) {
            const QString where = QStringLiteral("seed %1, case %2").arg(kSeed + 1).arg(round);
            const auto images = randomImages(rng, uniformInt(rng, 1, 40), 90);
            atlas::PackOptions options;
            options.maxPageWidth = options.maxPageHeight = 128;
            const BuiltAtlas built = buildAtlas(images, options);
            QVERIFY2(built.ok(), built.error.c_str());
            QTemporaryDir dir;
            const AtlasFiles files = writeDragonBonesAtlasFiles(built, localPath(dir.filePath("rig")), "Rig", qtImageCodec());
            QVERIFY2(files.ok(), files.error.c_str());
            QCOMPARE(files.files.size(), 2 * built.pages.size());

            std::map<QString, QImage> originals;
            for (const AtlasImage& image : images)
                originals[qt(image.name)] = qImageOf(image.image);
            std::size_t entries = 0;
            for (std::size_t p = 0; p < built.pages.size(); ++p) {
                const QString stem = p == 0 ? QStringLiteral("rig_tex") : QStringLiteral("rig_tex_%1").arg(p + 1);
                QFile json(dir.filePath(stem + ".json"));
                QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(json.fileName()));
                QJsonParseError error;
                const QJsonObject root = QJsonDocument::fromJson(json.readAll(), &error).object();
                QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
                QCOMPARE(root.value("name").toString(), QStringLiteral("Rig"));
                QCOMPARE(root.value("imagePath").toString(), stem + ".png");
                const QImage page = loadPage(dir.filePath(root.value("imagePath").toString()));
                QVERIFY2(page.width() == root.value("width").toInt() && page.height() == root.value("height").toInt(),
                         qPrintable(where));
                std::vector<Located> regions;
                for (const QJsonValue& v : root.value("SubTexture").toArray()) {
                    const QJsonObject t = v.toObject();
                    const QRect onPage(t.value("x").toInt(), t.value("y").toInt(), t.value("width").toInt(),
                                       t.value("height").toInt());
                    const QString name = t.value("name").toString();
                    QVERIFY2(originals.count(name), qPrintable(name));
                    // Without a frame the texture is the whole image; with one, frameX/frameY place
                    // the original's corner relative to the texture's (so they are never positive).
                    const bool framed = t.contains("frameWidth");
                    QCOMPARE(framed, t.contains("frameX") && t.contains("frameY") && t.contains("frameHeight"));
                    const QSize original = framed ? QSize(t.value("frameWidth").toInt(), t.value("frameHeight").toInt())
                                                  : onPage.size();
                    QCOMPARE(original, originals.at(name).size());
                    const QPoint frame(t.value("frameX").toInt(), t.value("frameY").toInt());
                    QVERIFY(frame.x() <= 0 && frame.y() <= 0);
                    const QPoint shift = -onPage.topLeft() - frame;
                    regions.push_back({name, onPage, [shift](QPoint at) { return at + shift; }});
                }
                entries += regions.size();
                const QString broken = checkPixels(page, regions, originals);
                QVERIFY2(broken.isEmpty(), qPrintable(where + ": " + broken));
            }
            QCOMPARE(entries, images.size());
        }
    }

    void refusalsWriteNothing()
    {
        QTemporaryDir dir;
        QImage big(300, 10, QImage::Format_ARGB32);
        big.fill(Qt::red);
        atlas::PackOptions small;
        small.maxPageWidth = small.maxPageHeight = 256;
        const BuiltAtlas tooBig = buildAtlas({{"banner", rasterImageOf(big)}}, small);
        QVERIFY(!tooBig.ok() && qt(tooBig.error).contains("banner"));
        QVERIFY(!writeSpineAtlasFiles(tooBig, localPath(dir.filePath("a")), qtImageCodec()).ok());
        QVERIFY(!writeDragonBonesAtlasFiles(tooBig, localPath(dir.filePath("a")), "a", qtImageCodec()).ok());
        QVERIFY(qt(buildAtlas({{"missing", {}}}).error).contains("missing"));

        QImage dot(2, 2, QImage::Format_ARGB32);
        dot.fill(Qt::blue);
        const BuiltAtlas colon = buildAtlas({{"a:b", rasterImageOf(dot)}});
        QVERIFY(colon.ok()); // DragonBones can name it; Spine's text cannot
        QVERIFY(!writeSpineAtlasFiles(colon, localPath(dir.filePath("b")), qtImageCodec()).ok());
        QVERIFY(writeSpineAtlasFiles(buildAtlas({}), localPath(dir.filePath("c")), qtImageCodec()).files.empty());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        QVERIFY(writeDragonBonesAtlasFiles(colon, localPath(dir.filePath("d")), "d", qtImageCodec()).ok());
    }
};

QTEST_APPLESS_MAIN(TestAtlasFiles)
#include "tst_atlas_files.moc"
