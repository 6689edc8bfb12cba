// The slots' art as the canvas and `bonework-cli render` draw it (app/drawing): the image
// transform agrees with slot_placement.h's formula on seeded random slots; images land where
// their slots put them, turned, faded and hidden as the slot says; a missing image is listed
// and drawn as a placeholder of its last known size.
#include "painter_surface.h"
#include "rig_painter.h"
#include "slot_images.h"
#include "slot_transform.h"

#include "bonework/forward_kinematics.h"
#include "sample_rigs.h"
#include "bonework/slot_placement.h"

#include <QPainter>
#include <QTemporaryDir>
#include <QFile>
#include <QTest>

#include <cmath>
#include <random>

using namespace bonework;
using namespace bonework::drawing;

namespace {

constexpr std::uint32_t kSeed = 0x5107; // a failing trial replays from this seed

const QColor kBackdrop(0, 0, 0);

// root at (100, 100) -> "arm" 100 px to the right: the arm's bone frame starts at the root.
Rig armRig()
{
    Rig rig;
    JointDesc root;
    root.name = "root";
    root.position = {100, 100};
    rig.addJoint(root);
    rig.addJoint(testing::boneDesc("arm", 0, 100, 0, -180, 180));
    return rig;
}

Slot slotOnArm(const std::string& image)
{
    Slot s;
    s.name = "art";
    s.joint = 1;
    s.image = image;
    s.x = 50; // the pivot halfway along the bone: (150, 100) on screen
    return s;
}

QImage render(const Rig& rig, const SlotImages& images, int selected = -1, double fade = 1.0)
{
    QImage canvas(300, 200, QImage::Format_ARGB32_Premultiplied);
    canvas.fill(kBackdrop);
    QPainter painter(&canvas);
    PainterSurface surface(&painter);
    CanvasView view; // zoom 1, no offset: view pixels are rig units
    view.size = canvas.size();
    const std::vector<WorldTransform> world = forwardKinematics(rig);
    RigPainter().paintSlots(surface, view, rig, world, images, selected, fade);
    return canvas;
}

int differingPixels(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixelColor(x, y) != kBackdrop;
    return n;
}

} // namespace

class TestSlotPainting : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QImage red(40, 20, QImage::Format_ARGB32);
        red.fill(QColor(255, 0, 0));
        QVERIFY(red.save(m_dir.filePath("red.png")));
        // Left half red, right half blue: which way round it is drawn shows.
        QImage halves(40, 20, QImage::Format_ARGB32);
        halves.fill(QColor(255, 0, 0));
        for (int y = 0; y < 20; ++y)
            for (int x = 20; x < 40; ++x)
                halves.setPixelColor(x, y, QColor(0, 0, 255));
        QVERIFY(halves.save(m_dir.filePath("halves.png")));
    }

    // A negative scale mirrors the image about its pivot: scaleX -1 puts the blue half on the
    // left, over the same pixels; scaleY -1 with a pivot at the top puts the image above it.
    void aMirroredImageIsDrawnMirrored()
    {
        Rig rig = armRig();
        QVERIFY(rig.addSlot(slotOnArm("halves.png")));
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        QVERIFY(images.sync(rig));
        const QImage plain = render(rig, images);
        QCOMPARE(plain.pixelColor(135, 100), QColor(255, 0, 0));
        QCOMPARE(plain.pixelColor(165, 100), QColor(0, 0, 255));

        Slot mirrored = rig.slotList()[0];
        mirrored.scaleX = -1;
        QVERIFY(rig.setSlot(0, mirrored));
        const QImage flipped = render(rig, images);
        QCOMPARE(flipped.pixelColor(135, 100), QColor(0, 0, 255));
        QCOMPARE(flipped.pixelColor(165, 100), QColor(255, 0, 0));
        QCOMPARE(differingPixels(flipped), differingPixels(plain)); // the same place

        Slot upsideDown = rig.slotList()[0];
        upsideDown.scaleX = 1;
        upsideDown.scaleY = -1;
        upsideDown.pivotY = 0; // the pivot on the top edge: the image now hangs above it
        QVERIFY(rig.setSlot(0, upsideDown));
        const QImage above = render(rig, images);
        QCOMPARE(above.pixelColor(135, 95), QColor(255, 0, 0));
        QCOMPARE(above.pixelColor(135, 105), kBackdrop);
    }

    // At scale 1 an image lands on whole pixels, mirrored or not, even where its place falls
    // half a pixel off: no column is a blend of two (a mirrored one was filtered half grey).
    void aMirroredImageAtScaleOneStaysSharp()
    {
        Rig rig = armRig();
        Slot slot = slotOnArm("halves.png");
        slot.x = 50.5; // the image's edges at 130.5 and 170.5
        QVERIFY(rig.addSlot(slot));
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        QVERIFY(images.sync(rig));
        for (const double scaleX : {1.0, -1.0}) {
            slot.scaleX = scaleX;
            QVERIFY(rig.setSlot(0, slot));
            const QImage drawn = render(rig, images);
            int red = 0, blue = 0;
            for (int x = 120; x < 180; ++x) {
                const QColor c = drawn.pixelColor(x, 100);
                red += c == QColor(255, 0, 0);
                blue += c == QColor(0, 0, 255);
                QVERIFY2(c == QColor(255, 0, 0) || c == QColor(0, 0, 255) || c == kBackdrop,
                         qPrintable(QString("scaleX %1, x %2: %3").arg(scaleX).arg(x).arg(c.name())));
            }
            QCOMPARE(red, 20);
            QCOMPARE(blue, 20);
        }
    }

    void transformFollowsThePlacementFormula()
    {
        std::mt19937 random(kSeed);
        std::uniform_real_distribution<double> coordinate(-500, 500), angle(-180, 180), scale(0.1, 3), fraction(0, 1);
        for (int trial = 0; trial < 2000; ++trial) {
            SlotPlacement p;
            p.pivot = {coordinate(random), coordinate(random)};
            p.rotation = Rotation::fromDegrees(angle(random));
            p.scaleX = scale(random) * (random() % 4 == 0 ? -1 : 1); // some mirrored
            p.scaleY = scale(random) * (random() % 4 == 0 ? -1 : 1);
            p.pivotX = fraction(random);
            p.pivotY = fraction(random);
            const QSizeF size(1 + 300 * fraction(random), 1 + 300 * fraction(random));
            const QTransform t = slotImageToRig(p, size);
            const double u = size.width() * fraction(random), v = size.height() * fraction(random);
            const Vec2 expected = p.pivot + p.rotation.apply({(u - p.pivotX * size.width()) * p.scaleX,
                                                              (v - p.pivotY * size.height()) * p.scaleY});
            const QPointF got = t.map(QPointF(u, v));
            if (std::hypot(got.x() - expected.x, got.y() - expected.y) > 1e-9)
                QFAIL(qPrintable(QStringLiteral("seed %1 trial %2: (%3, %4) instead of (%5, %6)")
                                     .arg(kSeed).arg(trial).arg(got.x()).arg(got.y()).arg(expected.x).arg(expected.y)));
        }
    }

    void anImageLandsWhereItsSlotPutsIt()
    {
        Rig rig = armRig();
        QVERIFY(rig.addSlot(slotOnArm("red.png")));
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        QVERIFY(images.sync(rig));
        QVERIFY(images.missing().isEmpty());

        const QImage flat = render(rig, images);
        QCOMPARE(flat.pixelColor(150, 100), QColor(255, 0, 0));
        QCOMPARE(flat.pixelColor(150, 115), kBackdrop); // 20 px tall: 10 either side of the bone
        QCOMPARE(flat.pixelColor(135, 100), QColor(255, 0, 0)); // 40 px wide: from x = 130
        QCOMPARE(flat.pixelColor(175, 100), kBackdrop); // ... to x = 170

        Slot turned = rig.slotList()[0];
        turned.rotation = 90; // clockwise: the image's long side now runs down the screen
        QVERIFY(rig.setSlot(0, turned));
        const QImage upright = render(rig, images);
        QCOMPARE(upright.pixelColor(150, 115), QColor(255, 0, 0));
        QCOMPARE(upright.pixelColor(125, 100), kBackdrop);

        // The art follows the bone: turn the arm a quarter turn and the image goes with it.
        QVERIFY(rig.setAngle(1, 90));
        const QImage posed = render(rig, images);
        QCOMPARE(posed.pixelColor(100, 150), QColor(255, 0, 0));
        QCOMPARE(posed.pixelColor(150, 100), kBackdrop);
    }

    void opacityFadesAndHiddenSlotsAreNotDrawn()
    {
        Rig rig = armRig();
        Slot slot = slotOnArm("red.png");
        slot.opacity = 0.5;
        QVERIFY(rig.addSlot(slot));
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        images.sync(rig);
        const int red = render(rig, images).pixelColor(150, 100).red();
        QVERIFY2(std::abs(red - 128) <= 2, qPrintable(QString::number(red)));

        // Faded (the onion skin's frames), the opacity is scaled again: 0.5 x 0.3 of the red.
        const int faint = render(rig, images, -1, 0.3).pixelColor(150, 100).red();
        QVERIFY2(std::abs(faint - 38) <= 3, qPrintable(QString::number(faint)));

        slot.visible = false;
        QVERIFY(rig.setSlot(0, slot));
        QCOMPARE(differingPixels(render(rig, images)), 0);
        // Selected, a hidden slot shows only its outline.
        const QImage outlined = render(rig, images, 0);
        QVERIFY(differingPixels(outlined) > 0);
        QCOMPARE(outlined.pixelColor(150, 100), kBackdrop);
    }

    void aMissingImageIsListedAndKeepsItsPlace()
    {
        Rig rig = armRig();
        QVERIFY(rig.addSlot(slotOnArm("gone.png")));
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        images.setKnownSize("gone.png", QSize(40, 20));
        QVERIFY(!images.sync(rig));
        QCOMPARE(images.missing(), QStringList{"gone.png"});
        QVERIFY(images.isMissing("gone.png"));
        QVERIFY(images.image("gone.png") == nullptr);
        QCOMPARE(images.size("gone.png"), QSize(40, 20));

        const QImage drawn = render(rig, images);
        QVERIFY(drawn.pixelColor(150, 100) != kBackdrop); // the cross through its centre
        QCOMPARE(drawn.pixelColor(150, 130), kBackdrop);  // nothing outside its 40 x 20 box
        QVERIFY(differingPixels(drawn) > 100);
    }

    // Each image that is not shown says why, in validate's words; a format other than PNG or
    // JPEG is not shown (export and render refuse it), so the artist learns of it on opening,
    // not at export.
    void anImageNotShownSaysWhy()
    {
        QImage picture(8, 8, QImage::Format_ARGB32);
        picture.fill(Qt::red);
        QVERIFY(picture.save(m_dir.filePath("flat.bmp"), "BMP"));
        QVERIFY(picture.save(m_dir.filePath("fine.png"), "PNG"));
        QFile broken(m_dir.filePath("broken.png"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray(40, 'x'));
        broken.close();
        Rig rig = armRig();
        for (const char* image : {"flat.bmp", "fine.png", "broken.png", "nowhere.png"})
            QVERIFY(rig.addSlot([&] { Slot s = slotOnArm(image); s.name = image; return s; }()).ok());
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        images.sync(rig);
        QCOMPARE(images.missing(), (QStringList{"broken.png", "flat.bmp", "nowhere.png"}));
        QCOMPARE(images.problem("fine.png"), QString());
        QCOMPARE(images.problem("flat.bmp"), QString("it is a BMP file, not a PNG or JPEG"));
        QVERIFY2(images.problem("broken.png").startsWith("it does not decode ("), qPrintable(images.problem("broken.png")));
        QCOMPARE(images.problem("nowhere.png"), QString("it does not exist"));
    }

    void imagesAreReadOnceAndAgainAfterReload()
    {
        Rig rig = armRig();
        QVERIFY(rig.addSlot(slotOnArm("red.png")));
        SlotImages images;
        images.setBaseFolder(m_dir.path());
        QVERIFY(images.sync(rig));
        const qint64 key = images.image("red.png")->cacheKey();
        QVERIFY(!images.sync(rig)); // nothing new: the decoded image is kept
        QCOMPARE(images.image("red.png")->cacheKey(), key);
        images.reload();
        QVERIFY(images.sync(rig));
        QVERIFY(images.image("red.png")->cacheKey() != key);
    }
};

QTEST_GUILESS_MAIN(TestSlotPainting)
#include "tst_slot_painting.moc"
