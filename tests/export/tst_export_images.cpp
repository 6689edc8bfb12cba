// Image keys (animation::ImageKey) exported: a generated rig whose clips swap slots' images and
// hide and show them.
//   - The atlas holds every image a slot shows in any clip, once per distinct path (Spine's
//     atlas read back by readSpineAtlas, DragonBones' texture atlas JSONs).
//   - DragonBones, played by the real runtime (runtime/animation_in_runtime.mjs, headless, with
//     the atlases): at every key time and 20 frames and 20 times between, each slot shows the
//     texture of the image ClipSampler gives it (nothing while hidden), its corners where
//     Bonework puts the image's trimmed pixels (to 1e-3 px); the skin's display lists and the
//     display frames as the format defines them.
//   - Spine (no runtime: its licence): every image a slot shows is a region attachment of the
//     slot in the skin, placed by its own size (corners by Spine's documented math, to 1e-3 px);
//     the attachment timeline, evaluated by Spine's documented semantics (before the first key
//     the setup attachment, then the last key at or before the time), shows at every time what
//     ClipSampler does.
//   - Image keys off the frame grid: DragonBones moves them to the nearest frame and reports it.
#include "clip_key_times.h"
#include "dragonbones_runtime.h"
#include "json_file.h"
#include "bonework/animation/clip_sampler.h"
#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/export_files.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/forward_kinematics.h"
#include "qt_image_codec.h"
#include "std_text.h"

#include "art_rigs.h"
#include "spine_math.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QImageReader>
#include <QImageWriter>
#include <QBuffer>
#include <QTest>

#include <cmath>
#include <map>
#include <set>

// Designated initializers leave the tracks a test does not key empty, on purpose.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

using namespace bonework;
using animation::Clip;
using animation::Curve;
using animation::Key;
using testing::ArtImage;
using testing::localPath;
using testing::qt;
using testing::qtBytes;
using testing::qtList;
using testing::qtPaths;

namespace {


// The images, each a different size and trim (so each attachment has its own centre).
const std::vector<ArtImage>& images()
{
    static const std::vector<ArtImage> list = {
        {"art/hand_open.png", 40, 30, 2, 3, 4, 1},
        {"art/hand_fist.png", 24, 26, 1, 0, 3, 2},
        {"art/hand_point.png", 50, 20, 0, 2, 5, 0},
        {"art/flash.png", 30, 34, 3, 3, 3, 3},
        {"art/fx/spark.png", 16, 12, 0, 0, 0, 0},
        {"art/arm.png", 20, 80, 1, 1, 1, 1},
    };
    return list;
}

const ArtImage& imageOf(const std::string& path)
{
    for (const ArtImage& a : images())
        if (a.path.toStdString() == path)
            return a;
    qFatal("no image %s", path.c_str());
}

JointIndex add(Rig& rig, JointDesc desc)
{
    JointIndex j = kNoJoint;
    if (!rig.addJoint(desc, &j))
        qFatal("joint %s", desc.name.c_str());
    return j;
}

void addSlot(Rig& rig, Slot s)
{
    if (auto r = rig.addSlot(s); !r)
        qFatal("slot %s: %s", s.name.c_str(), r.error.c_str());
}

// A hand swapping images (open, fist, pointing) and hidden now and then, a flash hidden in the
// setup pose and shown with a keyed image, a badge keyed to images other slots show, an arm
// never keyed; the bones turn under them (linear and stepped keys on the 30 fps grid).
Rig imageRig(const QString& folder)
{
    QDir(folder).mkpath(QStringLiteral("art/fx")); // a keyed image in a folder of its own
    for (std::size_t i = 0; i < images().size(); ++i)
        testing::paintImage(folder, images()[i], QColor::fromHsv(int(i) * 61 % 360, 200, 220));
    Rig rig;
    rig.setName("hands");
    const JointIndex hip = add(rig, {.name = "hip", .position = {200, 300}, .angle = 10});
    const JointIndex arm = add(rig, {.name = "arm", .parent = hip, .angle = 30, .length = 80});
    const JointIndex hand = add(rig, {.name = "hand", .parent = arm, .angle = -20, .length = 50});
    addSlot(rig, {.name = "arm", .joint = arm, .image = "art/arm.png", .x = 40, .rotation = 90});
    addSlot(rig, {.name = "hand", .joint = hand, .image = "art/hand_open.png", .x = 10, .y = -4, .rotation = 15,
                  .scaleX = 1.3, .scaleY = 0.8, .pivotX = 0.2, .pivotY = 0.6});
    addSlot(rig, {.name = "flash", .joint = hand, .image = "art/flash.png", .x = 50, .rotation = -40, .scaleX = 0.7,
                  .scaleY = 1.4, .pivotX = 1.1, .pivotY = -0.2, .opacity = 0.8, .visible = false});
    addSlot(rig, {.name = "badge", .joint = hip, .image = "art/hand_fist.png", .y = 20, .rotation = 200, .pivotX = 0});

    Clip grab{.name = "grab", .duration = 1.0};
    grab.joints.push_back({.joint = "arm", .angle = {{0, 30, {}}, {1, 60, {}}}});
    grab.joints.push_back({.joint = "hip", .rotation = {{0, 10, {}}, {0.5, 25, {Curve::Kind::Stepped}}, {0.9, 0, {}}}});
    // Hidden while its image changes (0.4 to 0.6), hidden and swapped at one time (0.7).
    grab.slotTracks.push_back({.slot = "hand",
                               .visible = {{0.4, false}, {0.6, true}, {0.7, false}, {0.9, true}},
                               .image = {{0.2, "art/hand_fist.png"}, {0.5, "art/hand_point.png"},
                                         {0.7, "art/hand_fist.png"}, {0.8, "art/hand_open.png"}}});
    // Hidden in the setup pose: shown at 0.1 with its setup image, swapped while shown, hidden.
    grab.slotTracks.push_back({.slot = "flash",
                               .visible = {{0.1, true}, {0.8, false}},
                               .opacity = {{0.0, 0.8, {}}, {0.5, 0.3, {}}},
                               .image = {{0.3, "art/fx/spark.png"}, {0.6, "art/flash.png"}}});
    // Keys from the start, a badge showing the hand's images (shared regions).
    Clip wave{.name = "wave", .duration = 0.5};
    wave.slotTracks.push_back({.slot = "hand", .image = {{0, "art/hand_point.png"}, {0.3, "art/fx/spark.png"}}});
    wave.slotTracks.push_back({.slot = "badge",
                               .visible = {{0.2, false}, {0.4, true}},
                               .image = {{0.1, "art/hand_open.png"}, {0.2, "art/hand_point.png"}}});
    wave.joints.push_back({.joint = "hand", .angle = {{0.1, -20, {}}, {0.4, 20, {}}}});
    for (const Clip& c : {grab, wave})
        if (auto r = rig.addAnimation(c); !r)
            qFatal("clip %s: %s", c.name.c_str(), r.error.c_str());
    return rig;
}

// The times of the clip's joint and slot keys.
std::set<double> keyTimes(const Clip& clip) { return testing::keyTimesExcept(clip, animation::Owner::Chain); }

// Every key time, 20 frames between and 20 times between frames.
std::vector<double> timesOf(const Clip& clip, int fps)
{
    const std::set<double> keys = keyTimes(clip);
    std::vector<double> times(keys.begin(), keys.end());
    for (int i = 0; i < 20; ++i) {
        times.push_back(std::round(clip.duration * fps * (i + 0.5) / 20.0) / fps);
        times.push_back(clip.duration * (i + 0.37) / 20.0);
    }
    return times;
}

// Every image path a slot shows in the rig (setup and keyed).
QSet<QString> shownPaths(const Rig& rig)
{
    QSet<QString> out;
    for (const Slot& s : rig.slotList())
        out.insert(QString::fromStdString(s.image));
    for (const Clip& c : rig.animations())
        for (const auto& t : c.slotTracks)
            for (const auto& k : t.image)
                out.insert(QString::fromStdString(k.image));
    return out;
}

} // namespace

class TestExportImages : public QObject {
    Q_OBJECT

    QString m_runtime = QStringLiteral(BONEWORK_RUNTIME_DIR);
    QString m_node;

private slots:
    void initTestCase()
    {
        // Without node the runtime test skips itself (m_node stays empty).
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        m_node = runtime.node;
    }

    // A JPEG stored sideways with an EXIF orientation (as cameras write them) goes into the
    // atlas upright, as the editor and render draw it: 80x40 pixels turned a quarter is 40x80.
    void aSidewaysJpegIsReadUpright()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QImage wide(80, 40, QImage::Format_RGB32);
        wide.fill(Qt::white);
        QByteArray jpeg;
        QBuffer buffer(&jpeg);
        QVERIFY(buffer.open(QIODevice::WriteOnly) && wide.save(&buffer, "JPEG"));
        // An EXIF segment right after the start of image: one IFD entry, Orientation (0x0112) =
        // 6, "turn 90 degrees clockwise to show".
        const QByteArray exif = QByteArray("Exif\0\0II*\0\x08\0\0\0", 14) + QByteArray("\x01\0", 2)
                                + QByteArray("\x12\x01\x03\0\x01\0\0\0\x06\0\0\0", 12) + QByteArray(4, '\0');
        QByteArray segment("\xff\xe1", 2);
        segment.append(char((exif.size() + 2) >> 8)).append(char((exif.size() + 2) & 0xff)).append(exif);
        jpeg.insert(2, segment);
        const QString path = dir.filePath(QStringLiteral("sideways.jpg"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(jpeg) == jpeg.size());
        file.close();
        QImageReader raw(path);
        raw.setAutoTransform(false);
        QCOMPARE(raw.read().size(), QSize(80, 40)); // the pixels are stored sideways
        exporters::RasterImage read;
        std::string why;
        QVERIFY2(formats::qtImageCodec().read(localPath(path), read, why), why.c_str());
        QCOMPARE(read.width, 40);
        QCOMPARE(read.height, 80);
        QVERIFY(formats::imageDecodeProblem(localPath(path)).empty());
    }

    // A JPEG cut short does not decode (QA: Qt read it without an error, its missing half grey,
    // and validate, export, render and the canvas all took it); a whole one does, also with a
    // second JPEG appended after its end, as cameras add a preview (progressive too).
    void aJpegCutShortDoesNotDecode()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QImage picture(120, 90, QImage::Format_RGB32);
        for (int y = 0; y < picture.height(); ++y)
            for (int x = 0; x < picture.width(); ++x)
                picture.setPixel(x, y, qRgb(x * 2, y * 2, (x * y) % 256));
        const auto jpegOf = [&](bool progressive) {
            QByteArray jpeg;
            QBuffer buffer(&jpeg);
            buffer.open(QIODevice::WriteOnly);
            QImageWriter writer(&buffer, "jpeg");
            writer.setProgressiveScanWrite(progressive);
            writer.write(picture);
            return jpeg;
        };
        const auto problemOf = [&](const QString& name, const QByteArray& bytes) {
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
                return std::string("not written");
            file.close();
            return formats::imageDecodeProblem(localPath(dir.filePath(name)));
        };
        for (const bool progressive : {false, true}) {
            const QByteArray whole = jpegOf(progressive);
            QVERIFY(whole.size() > 400);
            QCOMPARE(problemOf("whole.jpg", whole), std::string());
            QCOMPARE(problemOf("preview.jpg", whole + jpegOf(false)), std::string());
            QCOMPARE(problemOf("trailing.jpg", whole + QByteArray(64, '\0')), std::string());
            const std::string cut = problemOf("cut.jpg", whole.left(whole.size() / 2));
            QCOMPARE(qt(cut), QStringLiteral("the JPEG file ends too soon: its image data is cut short (a copy that did not finish?)"));
            QCOMPARE(problemOf("no-end.jpg", whole.left(whole.size() - 2)), cut);
        }
    }

    // Art as large as the largest atlas page reads (Qt's default limit, 128 MB decoded, refused
    // 16384 x 2049 and 5793 x 5793 as "Unable to read image data"); larger says its size.
    void imagesUpToTheLargestPageAreRead()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QImage big(16384, 2049, QImage::Format_ARGB32);
        big.fill(QColor(200, 100, 50, 128));
        const QString path = dir.filePath(QStringLiteral("big.png"));
        QVERIFY(big.save(path, "PNG", 100));
        big = QImage(); // its 134 MB back before the read
        exporters::RasterImage read;
        std::string why;
        QVERIFY2(formats::qtImageCodec().read(localPath(path), read, why), why.c_str());
        QCOMPARE(read.width, 16384);
        QCOMPARE(read.height, 2049);
        QVERIFY(formats::imageDecodeProblem(localPath(path)).empty());

        // A PNG whose header says 20000 x 20000: refused by its size, before any decoding.
        QByteArray png;
        QBuffer buffer(&png);
        QVERIFY(buffer.open(QIODevice::WriteOnly) && QImage(1, 1, QImage::Format_ARGB32).save(&buffer, "PNG"));
        QCOMPARE(png.mid(12, 4), QByteArray("IHDR"));
        for (int k : {16, 20}) { // width, height: big-endian 20000
            png[k] = 0;
            png[k + 1] = 0;
            png[k + 2] = char(20000 >> 8);
            png[k + 3] = char(20000 & 0xff);
        }
        quint32 crc = 0xffffffffu; // the chunk's CRC-32 over its type and data, again
        for (int k = 12; k < 29; ++k) {
            crc ^= quint8(png[k]);
            for (int bit = 0; bit < 8; ++bit)
                crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
        crc = ~crc;
        for (int k = 0; k < 4; ++k)
            png[29 + k] = char(crc >> (24 - 8 * k));
        const QString huge = dir.filePath(QStringLiteral("huge.png"));
        QFile file(huge);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(png) == png.size());
        file.close();
        QCOMPARE(QImageReader(huge).size(), QSize(20000, 20000));
        QCOMPARE(formats::imageDecodeProblem(localPath(huge)), std::string("too large: 20000 x 20000 pixels, more than a 16384 x 16384 atlas page holds"));
    }

    // The art: every image shown, once per distinct path, in both formats' atlases.
    void atlasHoldsEveryKeyedImage()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Rig rig = imageRig(dir.path());
        const exporters::SlotArt art = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec());
        QVERIFY2(art.ok(), art.error.c_str());
        QSet<QString> regions;
        for (const QString& path : shownPaths(rig))
            regions.insert(qt(exporters::regionNameOf(path.toStdString())));
        QCOMPARE(art.images.size(), std::size_t(regions.size()));
        // Per slot: its setup image first, then each keyed one once.
        const auto& hand = art.imagesOfSlot[std::size_t(rig.findSlot("hand"))];
        QCOMPARE(hand.size(), std::size_t(4));
        QCOMPARE(qt(art.paths[std::size_t(hand[0])]), QString("art/hand_open.png"));

        // Spine: the atlas text, read back as a runtime would, has each region once.
        exporters::ExportReport report;
        std::string error;
        const exporters::ExportOptions options{localPath(dir.path()), {.maxPageWidth = 64, .maxPageHeight = 96}};
        QVERIFY2(exporters::exportFiles(exporters::Runtime::Spine, rig, localPath(dir.filePath("hands.json")), options,
                                        formats::qtImageCodec(), report, &error),
                 error.c_str());
        QFile atlasFile(dir.filePath("hands.atlas"));
        QVERIFY(atlasFile.open(QIODevice::ReadOnly));
        const atlas::SpineAtlasReadResult read = atlas::readSpineAtlas(atlasFile.readAll().toStdString());
        QVERIFY2(read.ok(), read.error.c_str());
        QVERIFY(read.atlas.pages.size() >= 2); // small pages: several
        QStringList spineRegions;
        for (const atlas::SpineAtlasRegion& r : read.atlas.regions)
            spineRegions << QString::fromStdString(r.name);
        QCOMPARE(spineRegions.size(), regions.size());
        QCOMPARE(QSet<QString>(spineRegions.begin(), spineRegions.end()), regions);
        // Each region's size is its image's trim (the keyed ones too).
        for (const atlas::SpineAtlasRegion& r : read.atlas.regions) {
            const int i = int(std::find_if(art.images.begin(), art.images.end(),
                                           [&](const exporters::AtlasImage& a) { return a.name == r.name; })
                              - art.images.begin());
            const ArtImage& image = imageOf(art.paths[std::size_t(i)]);
            QCOMPARE(r.width, image.trimmedWidth());
            QCOMPARE(r.height, image.trimmedHeight());
            QCOMPARE(r.originalWidth, image.width);
            QCOMPARE(r.originalHeight, image.height);
        }

        // DragonBones: the SubTextures of every page's atlas JSON, each region once.
        exporters::ExportReport dbReport;
        QVERIFY2(exporters::exportFiles(exporters::Runtime::DragonBones, rig, localPath(dir.filePath("hands_ske.json")), options,
                                        formats::qtImageCodec(), dbReport,
                                        &error),
                 error.c_str());
        QStringList subTextures;
        for (const QString& file : qtPaths(dbReport.files))
            if (file.endsWith(".json") && !file.endsWith("_ske.json"))
                for (const QJsonValue& v : testing::readJsonObject(file).value("SubTexture").toArray())
                    subTextures << v.toObject().value("name").toString();
        QCOMPARE(subTextures.size(), regions.size());
        QCOMPARE(QSet<QString>(subTextures.begin(), subTextures.end()), regions);
    }

    // An export with fewer atlas pages than the last one there names the pages it left (they
    // stayed beside the new atlas without a word); it deletes nothing, and a rig's own image
    // by a page's name is not taken for one.
    void pagesLeftFromAnEarlierExportAreNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Rig rig = imageRig(dir.path());
        std::string error;
        for (const exporters::Runtime runtime : {exporters::Runtime::Spine, exporters::Runtime::DragonBones}) {
            const bool spine = runtime == exporters::Runtime::Spine;
            const QString skeleton = dir.filePath(spine ? "hands.json" : "hands_ske.json");
            exporters::ExportReport many;
            const exporters::ExportOptions small{localPath(dir.path()), {.maxPageWidth = 64, .maxPageHeight = 96}};
            QVERIFY2(exporters::exportFiles(runtime, rig, localPath(skeleton), small, formats::qtImageCodec(), many, &error), error.c_str());
            QVERIFY(many.leftOver.empty());
            const QString second = dir.filePath(spine ? "hands_2.png" : "hands_tex_2.png");
            QVERIFY(QFileInfo::exists(second));
            exporters::ExportReport one;
            const exporters::ExportOptions large{localPath(dir.path()), {}};
            QVERIFY2(exporters::exportFiles(runtime, rig, localPath(skeleton), large, formats::qtImageCodec(), one, &error), error.c_str());
            QVERIFY(!qtPaths(one.files).contains(second));
            const QStringList left = qtPaths(one.leftOver);
            QVERIFY2(left.contains(second), qPrintable(left.join(", ")));
            QVERIFY(!spine || !left.contains(dir.filePath("hands.png")));
            QVERIFY(QFileInfo::exists(second)); // named, not deleted
            QVERIFY2(qt(one.toText()).contains(QStringLiteral("left ") + qt(localPath(second)) + QStringLiteral(": an earlier export's")),
                     one.toText().c_str());
            exporters::ExportReport again; // once named, still there: named again
            QVERIFY(exporters::exportFiles(runtime, rig, localPath(skeleton), large, formats::qtImageCodec(), again, &error));
            QCOMPARE(qtPaths(again.leftOver), left);
        }
    }

    // One file named two ways ("./art/x.png", "art/fx/../x.png") is one image: one region, one
    // attachment per slot, and a key naming the slot's own image another way swaps nothing in.
    void oneFileNamedTwoWaysIsOneImage()
    {
        QCOMPARE(normalImagePath("./art/fx/../hand_open.png"), std::string("art/hand_open.png"));
        QCOMPARE(normalImagePath("../shared/./a.png"), std::string("../shared/a.png"));
        QCOMPARE(normalImagePath("a/../../b/c.png"), std::string("../b/c.png"));
        QCOMPARE(normalImagePath("art/a.png"), std::string("art/a.png"));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Rig rig = imageRig(dir.path());
        Slot twin = rig.slotList()[std::size_t(rig.findSlot("arm"))];
        twin.name = "arm again";
        twin.image = "./art/fx/../arm.png";
        addSlot(rig, twin);
        Clip keyed{.name = "same", .duration = 1.0};
        keyed.slotTracks.push_back({.slot = "arm", .image = {{0.5, "art/./arm.png"}}});
        QVERIFY(rig.addAnimation(keyed));
        const exporters::SlotArt art = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec());
        QVERIFY2(art.ok(), art.error.c_str());
        QSet<QString> regions;
        for (const exporters::AtlasImage& a : art.images)
            regions.insert(qt(a.name));
        QCOMPARE(int(art.images.size()), regions.size());
        QVERIFY(!regions.contains("./art/fx/../arm") && regions.contains("art/arm"));
        const std::size_t arm = std::size_t(rig.findSlot("arm")), again = std::size_t(rig.findSlot("arm again"));
        QCOMPARE(art.imageOfSlot[again], art.imageOfSlot[arm]);
        QCOMPARE(art.imagesOfSlot[arm].size(), std::size_t(1)); // the key names its own image
        QVERIFY(exporters::keyedImages(rig, arm).empty());
    }

    // Spine: attachments in the skin (placed by Spine's math), the attachment timeline by
    // Spine's documented semantics against ClipSampler.
    void spineAttachmentsAndTimelines()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Rig rig = imageRig(dir.path());
        exporters::ExportReport report;
        std::string error;
        const exporters::ExportOptions options{localPath(dir.path()), {}};
        QVERIFY2(exporters::exportFiles(exporters::Runtime::Spine, rig, localPath(dir.filePath("hands.json")), options,
                                        formats::qtImageCodec(), report, &error),
                 error.c_str());
        qInfo().noquote() << qt(report.toText());
        QVERIFY(report.losses.empty());
        QVERIFY2(qtList(report.decisions).contains("animation \"grab\": the visible and image keys of slots \"flash\", \"hand\" merged into one attachment timeline (null while hidden, else the keyed image's attachment)"),
                 qPrintable(qtList(report.decisions).join("\n")));
        const QJsonObject spine = testing::readJsonObject(dir.filePath("hands.json"));
        QFile atlasFile(dir.filePath("hands.atlas"));
        QVERIFY(atlasFile.open(QIODevice::ReadOnly));
        const atlas::SpineAtlasReadResult read = atlas::readSpineAtlas(atlasFile.readAll().toStdString());
        QVERIFY2(read.ok(), read.error.c_str());
        std::map<QString, atlas::SpineAtlasRegion> regions;
        for (const atlas::SpineAtlasRegion& r : read.atlas.regions)
            regions[QString::fromStdString(r.name)] = r;
        const exporters::SlotArt art = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec());
        QVERIFY(art.ok());
        const auto regionOf = [&](const std::string& path) { return qt(art.images[std::size_t(art.imageOf(path))].name); };

        // The skin: per slot one region attachment per image it shows, named by its region;
        // each one's corners (Spine's math, setup pose) where Bonework puts that image.
        const QJsonObject attachments = spine.value("skins").toArray().at(0).toObject().value("attachments").toObject();
        const auto bones = testing::spineBones(spine.value("bones").toArray());
        const auto world = forwardKinematics(rig);
        const QJsonArray slotEntries = spine.value("slots").toArray();
        int corners = 0;
        for (std::size_t i = 0; i < rig.slotList().size(); ++i) {
            const Slot& s = rig.slotList()[i];
            const QString name = QString::fromStdString(s.name);
            std::set<std::string> shown{s.image};
            for (const Clip& c : rig.animations())
                for (const auto& t : c.slotTracks)
                    if (t.slot == s.name)
                        for (const auto& k : t.image)
                            shown.insert(k.image);
            const QJsonObject ofSlot = attachments.value(name).toObject();
            QCOMPARE(ofSlot.size(), qsizetype(shown.size()));
            // The setup attachment is the setup image's (a hidden slot has none).
            QCOMPARE(slotEntries[qsizetype(i)].toObject().value("attachment").toString(), s.visible ? regionOf(s.image) : QString());
            for (const std::string& path : shown) {
                const QString region = regionOf(path);
                const QJsonObject att = ofSlot.value(region).toObject();
                QVERIFY2(!att.isEmpty(), qPrintable(name + ": " + region));
                QCOMPARE(att.value("path").toString(), region);
                const ArtImage& image = imageOf(path);
                QCOMPARE(att.value("width").toInt(), image.width);
                QCOMPARE(att.value("height").toInt(), image.height);
                Slot showing = s;
                showing.image = path;
                const auto ours = testing::trimmedCorners(rig, world, showing, image);
                const auto theirs = testing::spineCorners(att, regions.at(region), bones.at(QString::fromStdString(rig.jointName(s.joint))));
                // Spine's order is bottom-left, top-left, top-right, bottom-right (y up).
                const std::size_t oursOf[4] = {3, 0, 1, 2};
                for (std::size_t k = 0; k < 4; ++k) {
                    const Vec2 o = ours[oursOf[k]];
                    const double off = std::hypot(theirs[k].x - o.x, -theirs[k].y - o.y);
                    QVERIFY2(off < 1e-3, qPrintable(QString("slot %1, image %2, corner %3: %4 px away").arg(name, region).arg(k).arg(off)));
                    ++corners;
                }
            }
        }
        QVERIFY(corners >= 4 * 9);

        // The attachment timelines: keys in time order, names in the slot's skin, and Spine's
        // semantics give what ClipSampler shows at every key time and between.
        const QJsonObject animations = spine.value("animations").toObject();
        int compared = 0;
        for (const Clip& clip : rig.animations()) {
            const QJsonObject slotTimelines = animations.value(QString::fromStdString(clip.name)).toObject().value("slots").toObject();
            for (const QString& slot : slotTimelines.keys()) {
                double last = -1;
                for (const QJsonValue& v : slotTimelines.value(slot).toObject().value("attachment").toArray()) {
                    const QJsonObject k = v.toObject();
                    QVERIFY(k.value("time").toDouble() > last);
                    last = k.value("time").toDouble();
                    QVERIFY(k.value("name").isNull() || attachments.value(slot).toObject().contains(k.value("name").toString()));
                }
            }
            animation::ClipSampler sampler;
            QVERIFY(sampler.bind(rig, clip).empty());
            Rig pose = rig;
            for (const double t : timesOf(clip, 30)) {
                sampler.sample(t, pose);
                for (std::size_t i = 0; i < pose.slotList().size(); ++i) {
                    const Slot& s = pose.slotList()[i];
                    const QString name = QString::fromStdString(s.name);
                    QJsonValue attachment = slotEntries[qsizetype(i)].toObject().value("attachment"); // setup
                    if (attachment.isUndefined())
                        attachment = QJsonValue(QJsonValue::Null);
                    for (const QJsonValue& k : slotTimelines.value(name).toObject().value("attachment").toArray())
                        if (k.toObject().value("time").toDouble() <= t) // "time" left out: 0
                            attachment = k.toObject().value("name");
                    const QJsonValue expected = s.visible ? QJsonValue(regionOf(s.image)) : QJsonValue(QJsonValue::Null);
                    QVERIFY2(attachment == expected, qPrintable(QString("clip %1 at %2 s: slot %3 shows %4, not %5")
                                                                    .arg(clip.name.c_str()).arg(t).arg(name)
                                                                    .arg(attachment.toString("null"), expected.toString("null"))));
                    ++compared;
                }
            }
        }
        QVERIFY(compared > 200);
    }

    // DragonBones: the runtime plays every clip; each slot shows the texture of ClipSampler's
    // image (nothing while hidden), its corners where Bonework puts the image.
    void dragonBonesRuntimeShowsTheKeyedImages()
    {
        if (m_node.isEmpty())
            QSKIP("node and npm are needed (scripts/test installs them)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Rig rig = imageRig(dir.path());
        exporters::ExportReport report;
        std::string error;
        const exporters::ExportOptions options{localPath(dir.path()), {.maxPageWidth = 64, .maxPageHeight = 96}};
        const QString skeleton = dir.filePath("hands_ske.json");
        QVERIFY2(exporters::exportFiles(exporters::Runtime::DragonBones, rig, localPath(skeleton), options,
                                        formats::qtImageCodec(), report, &error),
                 error.c_str());
        qInfo().noquote() << qt(report.toText());
        QVERIFY(report.losses.empty());
        QVERIFY2(qtList(report.decisions).contains("animation \"wave\": the visible and image keys of slot \"badge\" merged into one displayFrame timeline (-1 while hidden, else the keyed image's display)"),
                 qPrintable(qtList(report.decisions).join("\n")));
        QStringList atlases;
        for (const QString& file : qtPaths(report.files))
            if (file.endsWith(".json") && file != skeleton)
                atlases << file;
        QVERIFY(atlases.size() >= 2); // textures found across several atlases of one name
        const exporters::SlotArt art = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec());
        QVERIFY(art.ok());
        const auto regionOf = [&](const std::string& path) { return qt(art.images[std::size_t(art.imageOf(path))].name); };

        // The skin: per slot its display list, the setup image first, then each keyed image.
        const QJsonObject data = testing::readJsonObject(skeleton);
        const QJsonObject armature = data.value("armature").toArray().at(0).toObject();
        const QJsonArray skinSlots = armature.value("skin").toArray().at(0).toObject().value("slot").toArray();
        std::map<QString, QStringList> displays;
        for (const QJsonValue& v : skinSlots)
            for (const QJsonValue& d : v.toObject().value("display").toArray())
                displays[v.toObject().value("name").toString()] << d.toObject().value("path").toString();
        QCOMPARE(displays.at("hand"), (QStringList{"art/hand_open", "art/hand_fist", "art/hand_point", "art/fx/spark"}));
        QCOMPARE(displays.at("arm"), QStringList{"art/arm"});
        QCOMPARE(displays.at("flash"), (QStringList{"art/flash", "art/fx/spark"}));
        QCOMPARE(displays.at("badge"), (QStringList{"art/hand_fist", "art/hand_open", "art/hand_point"}));
        // Display frames: whole frames summing to the clip, values within the display list.
        for (const QJsonValue& a : armature.value("animation").toArray()) {
            const int duration = a.toObject().value("duration").toInt();
            for (const QJsonValue& st : a.toObject().value("slot").toArray()) {
                const QJsonArray frames = st.toObject().value("displayFrame").toArray();
                if (frames.isEmpty())
                    continue;
                int sum = 0;
                for (const QJsonValue& f : frames) {
                    sum += f.toObject().value("duration").toInt();
                    const int value = f.toObject().value("value").toInt();
                    QVERIFY(value >= -1 && value < displays.at(st.toObject().value("name").toString()).size());
                }
                QCOMPARE(sum, duration);
            }
        }

        // The runtime against ClipSampler.
        QJsonObject request;
        for (const Clip& clip : rig.animations()) {
            QJsonArray list;
            for (const double t : timesOf(clip, 30))
                list.append(t);
            request.insert(QString::fromStdString(clip.name), list);
        }
        QFile req(dir.filePath("times.json"));
        QVERIFY(req.open(QIODevice::WriteOnly));
        req.write(QJsonDocument(request).toJson());
        req.close();
        QProcess run;
        run.start(m_node, QStringList{m_runtime + "/animation_in_runtime.mjs", skeleton, req.fileName()} + atlases);
        QVERIFY(run.waitForFinished(120000));
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        const QByteArray text = run.readAllStandardOutput();
        const QJsonObject played = QJsonDocument::fromJson(text.mid(text.lastIndexOf("\n{") + 1)).object();
        QVERIFY2(!played.isEmpty(), text.constData());

        int shown = 0, hidden = 0;
        std::set<std::string> imagesSeen;
        for (const Clip& clip : rig.animations()) {
            animation::ClipSampler sampler;
            QVERIFY(sampler.bind(rig, clip).empty());
            Rig pose = rig;
            const std::vector<double> times = timesOf(clip, 30);
            const QJsonArray poses = played.value(QString::fromStdString(clip.name)).toArray();
            QCOMPARE(poses.size(), qsizetype(times.size()));
            for (std::size_t i = 0; i < times.size(); ++i) {
                sampler.sample(times[i], pose);
                const auto world = forwardKinematics(pose);
                const QJsonObject slotTimelines = poses[qsizetype(i)].toObject().value("slots").toObject();
                for (const Slot& s : pose.slotList()) {
                    const QString name = QString::fromStdString(s.name);
                    const QJsonArray got = slotTimelines.value(name).toArray();
                    QCOMPARE(got.size(), 4);
                    const QString where = QString("clip %1 at %2 s, slot %3").arg(clip.name.c_str()).arg(times[i]).arg(name);
                    QVERIFY2((got[0].toInt() >= 0) == s.visible, qPrintable(where + ": shown wrong"));
                    QVERIFY2(std::fabs(got[1].toDouble() - s.opacity) <= 0.0051, qPrintable(where + ": alpha"));
                    if (!s.visible) {
                        QVERIFY2(got[2].isNull(), qPrintable(where + ": shows a texture while hidden"));
                        ++hidden;
                        continue;
                    }
                    QVERIFY2(got[2].toString() == regionOf(s.image),
                             qPrintable(where + ": shows " + got[2].toString() + ", not " + regionOf(s.image)));
                    imagesSeen.insert(s.image);
                    const auto ours = testing::trimmedCorners(pose, world, s, imageOf(s.image));
                    const QJsonArray theirs = got[3].toArray();
                    QCOMPARE(theirs.size(), 4);
                    for (int k = 0; k < 4; ++k) {
                        const QJsonArray c = theirs[k].toArray();
                        const double off = std::hypot(c[0].toDouble() - ours[std::size_t(k)].x, c[1].toDouble() - ours[std::size_t(k)].y);
                        QVERIFY2(off < 1e-3, qPrintable(where + QString(", corner %1: %2 px away in the runtime").arg(k).arg(off)));
                    }
                    ++shown;
                }
            }
        }
        QCOMPARE(imagesSeen.size(), images().size()); // every image was shown at some time
        QVERIFY(shown > 100 && hidden > 20);
        qInfo("%d slot samples shown and compared, %d hidden", shown, hidden);
    }

    // An image key off the frame grid: DragonBones moves it to the nearest frame and says so;
    // Spine keeps its time.
    void offGridImageKeysMovedAndReported()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Rig rig = imageRig(dir.path());
        Clip late{.name = "late", .duration = 1.0};
        late.slotTracks.push_back({.slot = "hand", .image = {{0.51, "art/hand_fist.png"}, {0.8, "art/hand_point.png"}}});
        QVERIFY(rig.addAnimation(late));
        const exporters::SlotArt art = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec());
        QVERIFY(art.ok());
        const std::vector<exporters::ExportedSlot> exported = exporters::exportedSlots(rig, art);

        exporters::ExportReport report;
        const QByteArray dragonBones = qtBytes(exporters::exportDragonBones(rig, report, exported, {}));
        const QJsonObject data = QJsonDocument::fromJson(dragonBones).object();
        QVERIFY2(qtList(report.decisions).contains("animation \"late\": image keys moved onto the 30 fps frame grid: \"hand\" at 0.51 s to frame 15 (0.5 s)"),
                 qPrintable(qtList(report.decisions).join("\n")));
        QVERIFY(report.losses.empty());
        QJsonArray frames;
        for (const QJsonValue& a : data.value("armature").toArray().at(0).toObject().value("animation").toArray())
            if (a.toObject().value("name").toString() == "late")
                frames = a.toObject().value("slot").toArray().at(0).toObject().value("displayFrame").toArray();
        // The setup frame until frame 15, the fist (display 1) until 24, pointing (2) to the end.
        QCOMPARE(frames.size(), 3);
        QCOMPARE(frames[0].toObject(), (QJsonObject{{"duration", 15}, {"value", 0}}));
        QCOMPARE(frames[1].toObject(), (QJsonObject{{"duration", 9}, {"value", 1}}));
        QCOMPARE(frames[2].toObject(), (QJsonObject{{"duration", 6}, {"value", 2}}));

        exporters::ExportReport spineReport;
        const QByteArray spineFile = qtBytes(exporters::exportSpine(rig, spineReport, exported, {}));
        const QJsonObject spine = QJsonDocument::fromJson(spineFile).object();
        const QJsonArray keys = spine.value("animations").toObject().value("late").toObject().value("slots").toObject()
                                    .value("hand").toObject().value("attachment").toArray();
        QCOMPARE(keys.size(), 2);
        QCOMPARE(keys[0].toObject(), (QJsonObject{{"time", 0.51}, {"name", "art/hand_fist"}}));
        QCOMPARE(keys[1].toObject(), (QJsonObject{{"time", 0.8}, {"name", "art/hand_point"}}));
    }

    // Slots given without their keyed images (an export given no art for them): the keys hold
    // the image shown before, and the report says so.
    void keyedImagesNotGivenAreReported()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Rig rig = imageRig(dir.path());
        std::vector<exporters::ExportedSlot> exported;
        for (const Slot& s : rig.slotList())
            exported.push_back({s.name, rig.jointName(s.joint), exporters::regionNameOf(s.image), 10, 10, s});
        exporters::ExportReport report;
        const QJsonObject spine = QJsonDocument::fromJson(qtBytes(exporters::exportSpine(rig, report, exported, {}))).object();
        QVERIFY2(qtList(report.losses).contains("animation \"wave\": slot \"hand\": image \"art/fx/spark.png\" was not given to the exporter, its keys hold the image before"),
                 qPrintable(qtList(report.losses).join("\n")));
        // Hidden and shown still switch: the hand's timeline in "grab" names only its setup image.
        for (const QJsonValue& k : spine.value("animations").toObject().value("grab").toObject().value("slots").toObject()
                                       .value("hand").toObject().value("attachment").toArray())
            QVERIFY(k.toObject().value("name").isNull() || k.toObject().value("name").toString() == "art/hand_open");
        exporters::ExportReport dbReport;
        exporters::exportDragonBones(rig, dbReport, exported, {});
        QVERIFY(qtList(dbReport.losses).contains("animation \"grab\": slot \"hand\": image \"art/hand_fist.png\" was not given to the exporter, its keys hold the image before"));
    }

    // A rig without image keys exports as before: one attachment, one display per slot.
    void withoutImageKeysNothingChanges()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Rig rig = imageRig(dir.path());
        while (!rig.animations().empty())
            QVERIFY(rig.removeAnimation(0));
        const exporters::SlotArt art = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec());
        QVERIFY(art.ok());
        QCOMPARE(art.images.size(), std::size_t(4)); // the setup images only
        for (const auto& shown : art.imagesOfSlot)
            QCOMPARE(shown.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestExportImages)
#include "tst_export_images.moc"
