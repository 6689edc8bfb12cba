// Trimming: the tight bounds of the pixels that are not fully transparent, on synthetic images,
// and against a brute-force scan of seeded random images.
#include "bonework/exporters/image_trim.h"
#include "qt_image_codec.h"

#include "random_atlas_inputs.h"

#include <QTest>

#include <random>

using namespace bonework;
using bonework::exporters::trimOf;

namespace {

// The exporters trim plain pixels; the tests paint QImages of every format.
std::optional<atlas::Trim> trimOfImage(const QImage& image)
{
    return trimOf(formats::rasterImageOf(image));
}
std::optional<atlas::Trim> trimOfImage(const exporters::RasterImage& image)
{
    return trimOf(image);
}

QImage clearImage(int w, int h, QImage::Format format = QImage::Format_ARGB32)
{
    QImage image(w, h, format);
    image.fill(0);
    return image;
}

} // namespace

class TestImageTrim : public QObject {
    Q_OBJECT
private slots:
    void aBlobIsCutOutWithItsOffsets()
    {
        QImage image = clearImage(20, 12);
        for (int y = 2; y <= 9; ++y)
            for (int x = 3; x <= 7; ++x)
                image.setPixel(x, y, qRgba(200, 10, 10, 255));
        const auto t = trimOfImage(image);
        QVERIFY(t);
        QCOMPARE(*t, (atlas::Trim{3, 2, 5, 8, 20, 12}));
        QCOMPARE(t->right(), 12);
        QCOMPARE(t->bottom(), 2);
        QVERIFY(t->trimmed());
    }

    void onlyAlphaZeroIsTransparent()
    {
        // Colour under alpha 0 does not count; alpha 1 does.
        QImage image = clearImage(10, 10);
        image.setPixel(1, 1, qRgba(255, 255, 255, 0));
        image.setPixel(8, 6, qRgba(0, 0, 0, 1));
        QCOMPARE(*trimOfImage(image), (atlas::Trim{8, 6, 1, 1, 10, 10}));
    }

    void cornersKeepTheWholeImage()
    {
        for (const QPoint corner : {QPoint(0, 0), QPoint(15, 0), QPoint(0, 8), QPoint(15, 8)}) {
            QImage image = clearImage(16, 9);
            image.setPixel(corner, qRgba(1, 2, 3, 255));
            image.setPixel(15 - corner.x(), 8 - corner.y(), qRgba(1, 2, 3, 128));
            const auto t = trimOfImage(image);
            QCOMPARE(*t, (atlas::Trim{0, 0, 16, 9, 16, 9}));
            QVERIFY(!t->trimmed());
        }
    }

    void aFullyTransparentImageKeepsOnePixel()
    {
        const auto t = trimOfImage(clearImage(30, 40));
        QVERIFY(t);
        QCOMPARE(*t, (atlas::Trim{0, 0, 1, 1, 30, 40}));
    }

    void anImageWithoutAlphaIsKeptWhole()
    {
        QImage rgb(7, 5, QImage::Format_RGB32);
        rgb.fill(Qt::black);
        QCOMPARE(*trimOfImage(rgb), (atlas::Trim{0, 0, 7, 5, 7, 5}));
        QVERIFY(!trimOfImage(exporters::RasterImage()));
    }

    void premultipliedAndIndexedImagesTrimAlike()
    {
        QImage image = clearImage(12, 12, QImage::Format_ARGB32_Premultiplied);
        image.setPixel(4, 5, qRgba(10, 10, 10, 20));
        QCOMPARE(*trimOfImage(image), (atlas::Trim{4, 5, 1, 1, 12, 12}));
        QCOMPARE(*trimOfImage(image.convertToFormat(QImage::Format_RGBA8888)), (atlas::Trim{4, 5, 1, 1, 12, 12}));
    }

    void matchesABruteForceScan()
    {
        const unsigned seed = 20260305u;
        std::mt19937 rng(seed);
        const auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        for (int round = 0; round < bonework::testing::propertyRounds(500); ++round) {
            const int w = uniform(1, 40), h = uniform(1, 40);
            QImage image = clearImage(w, h);
            const int dots = uniform(0, 6);
            for (int k = 0; k < dots; ++k)
                image.setPixel(uniform(0, w - 1), uniform(0, h - 1), qRgba(uniform(0, 255), 0, 0, uniform(0, 255)));
            int left = w, top = h, right = -1, bottom = -1;
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x)
                    if (qAlpha(image.pixel(x, y)) != 0) {
                        left = std::min(left, x), right = std::max(right, x);
                        top = std::min(top, y), bottom = std::max(bottom, y);
                    }
            const atlas::Trim expected = right < 0 ? atlas::Trim{0, 0, 1, 1, w, h}
                                                   : atlas::Trim{left, top, right - left + 1, bottom - top + 1, w, h};
            const auto t = trimOfImage(image);
            QVERIFY2(t && *t == expected, qPrintable(QStringLiteral("seed %1, case %2").arg(seed).arg(round)));
        }
    }
};

QTEST_APPLESS_MAIN(TestImageTrim)
#include "tst_image_trim.moc"
