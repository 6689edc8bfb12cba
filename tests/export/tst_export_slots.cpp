// Slots in the Spine 4.2 export, checked without the Spine runtime (its licence): the JSON's
// slots and default skin, the atlas text read back by readSpineAtlas and compared with what the
// packer placed (and the pages' pixels with the images'), and every slot's image corners
// computed with Spine's documented math (bone world transforms; RegionAttachment's offsets
// from the attachment's size, scale, rotation and position and the atlas region's offsets;
// y up) landing where Bonework places the image, to 1e-3 px, in several poses.
#include "json_file.h"
#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/exporters/export_files.h"
#include "bonework/exporters/slot_art.h"
#include "qt_image_codec.h"
#include "std_text.h"

#include "art_rigs.h"
#include "spine_math.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace bonework;
using bonework::testing::ArtRig;
using bonework::testing::localPath;
using bonework::testing::qt;
using bonework::testing::qtPaths;
using bonework::testing::spineBones;
using bonework::testing::spineCorners;

class TestExportSlots : public QObject {
    Q_OBJECT

private slots:
    void spineSlotsSkinAtlasAndCorners_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed : {20u, 21u, 22u, 23u, 24u})
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void spineSlotsSkinAtlasAndCorners()
    {
        QFETCH(quint64, seed);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ArtRig art = testing::makeArtRig(dir.path(), seed);
        // A random legal pose (named seed): the export's setup pose is the rig's current one.
        testing::Engine rng(seed * 7919);
        for (std::size_t j = 0; j < art.rig.jointCount(); ++j)
            if (!art.rig.isRoot(JointIndex(j)))
                art.rig.setAngleClamped(JointIndex(j), testing::uniform(rng, -180, 180));
        const Rig& rig = art.rig;
        exporters::ExportReport report;
        std::string error;
        // Small pages (less area than the images'), so the atlas has several.
        exporters::ExportOptions options{localPath(dir.path()), {.maxPageWidth = 90, .maxPageHeight = 140}};
        QVERIFY(QDir(dir.path()).mkpath("out"));
        QVERIFY2(exporters::exportFiles(exporters::Runtime::Spine, rig, localPath(dir.filePath("out/arm.json")), options,
                                        formats::qtImageCodec(), report, &error),
                 error.c_str());
        QCOMPARE(qtPaths(report.files).last(), dir.filePath("out/arm.json"));
        QVERIFY(qtPaths(report.files).contains(dir.filePath("out/arm.atlas")));
        QVERIFY(qtPaths(report.files).contains(dir.filePath("out/arm_2.png")));
        const QJsonObject spine = testing::readJsonObject(dir.filePath("out/arm.json"));

        // Slots in draw order, each on the bone named like its joint.
        const QJsonArray slotEntries = spine.value("slots").toArray();
        QCOMPARE(slotEntries.size(), qsizetype(rig.slotList().size()));
        const QJsonObject skin = spine.value("skins").toArray().at(0).toObject();
        QCOMPARE(skin.value("name").toString(), QString("default"));
        const QJsonObject attachments = skin.value("attachments").toObject();
        QCOMPARE(attachments.size(), qsizetype(rig.slotList().size()));

        // The atlas, read back as a runtime would, equals what the packer placed.
        QFile atlasFile(dir.filePath("out/arm.atlas"));
        QVERIFY(atlasFile.open(QIODevice::ReadOnly));
        const atlas::SpineAtlasReadResult atlasText = atlas::readSpineAtlas(atlasFile.readAll().toStdString());
        QVERIFY2(atlasText.ok(), atlasText.error.c_str());
        const exporters::SlotArt packed = exporters::buildSlotArt(rig, localPath(dir.path()), formats::qtImageCodec(),
                                                                  options.atlas);
        QVERIFY(packed.ok());
        QCOMPARE(atlasText.atlas.pages.size(), packed.atlas.pages.size());
        QVERIFY(packed.atlas.pages.size() >= 2);
        std::map<QString, atlas::SpineAtlasRegion> regions;
        for (const atlas::SpineAtlasRegion& r : atlasText.atlas.regions)
            regions[QString::fromStdString(r.name)] = r;
        QCOMPARE(regions.size(), packed.images.size());
        for (std::size_t i = 0; i < packed.images.size(); ++i) {
            const atlas::AtlasRegion& placed = packed.atlas.layout.regions[i];
            const atlas::SpineAtlasRegion& read = regions.at(qt(packed.images[i].name));
            QCOMPARE(read.page, placed.page);
            QCOMPARE(atlasText.atlas.pages[std::size_t(read.page)].name,
                     std::string(read.page == 0 ? "arm.png" : "arm_" + std::to_string(read.page + 1) + ".png"));
            QCOMPARE(read.x, placed.x);
            QCOMPARE(read.y, placed.y);
            QCOMPARE(read.width, placed.trim.width);
            QCOMPARE(read.height, placed.trim.height);
            QCOMPARE(read.degrees, 0);
        }

        const auto world = forwardKinematics(rig);
        const auto bones = spineBones(spine.value("bones").toArray());
        for (std::size_t i = 0; i < rig.slotList().size(); ++i) {
            const Slot& s = rig.slotList()[i];
            const testing::ArtImage& image = art.imageOfSlot[i];
            const QJsonObject entry = slotEntries[qsizetype(i)].toObject();
            const QString name = QString::fromStdString(s.name);
            QCOMPARE(entry.value("name").toString(), name);
            QCOMPARE(entry.value("bone").toString(), QString::fromStdString(rig.jointName(s.joint)));
            // Hidden: no setup attachment, but the attachment is in the skin.
            QCOMPARE(entry.contains("attachment"), s.visible);
            const QJsonObject slotAttachments = attachments.value(name).toObject();
            QCOMPARE(slotAttachments.size(), 1);
            const QString attachmentName = slotAttachments.keys().first();
            if (s.visible)
                QCOMPARE(entry.value("attachment").toString(), attachmentName);
            const QJsonObject att = slotAttachments.value(attachmentName).toObject();
            const QStringList keys = att.keys();
            QCOMPARE(QSet<QString>(keys.begin(), keys.end()),
                     (QSet<QString>{"name", "path", "x", "y", "rotation", "scaleX", "scaleY", "width", "height"}));
            QCOMPARE(att.value("width").toInt(), image.width);
            QCOMPARE(att.value("height").toInt(), image.height);
            // Opacity as the colour's alpha, white otherwise.
            if (s.opacity < 1) {
                const QString color = entry.value("color").toString();
                QCOMPARE(color.left(6), QString("ffffff"));
                QCOMPARE(color.mid(6).toInt(nullptr, 16), int(std::lround(s.opacity * 255)));
            } else {
                QVERIFY(!entry.contains("color"));
            }
            // The region: the image's trim as painted, and its pixels on the page.
            const atlas::SpineAtlasRegion& region = regions.at(att.value("path").toString());
            QCOMPARE(region.width, image.trimmedWidth());
            QCOMPARE(region.height, image.trimmedHeight());
            QCOMPARE(region.originalWidth, image.width);
            QCOMPARE(region.originalHeight, image.height);
            QCOMPARE(region.offsetX, image.left);
            QCOMPARE(region.offsetY, image.empty ? image.height - 1 : image.bottom);
            const QImage page(dir.filePath("out/" + QString::fromStdString(atlasText.atlas.pages[std::size_t(region.page)].name)));
            const QImage original = QImage(dir.filePath(image.path)).convertToFormat(QImage::Format_ARGB32);
            QCOMPARE(page.convertToFormat(QImage::Format_ARGB32).copy(region.x, region.y, region.width, region.height),
                     original.copy(image.left, image.top, region.width, region.height));

            // Spine's math puts the trimmed pixels where Bonework does (y flipped).
            const auto ours = testing::trimmedCorners(rig, world, s, image); // TL, TR, BR, BL (y down)
            const auto theirs = spineCorners(att, region, bones.at(entry.value("bone").toString())); // BL, TL, TR, BR (y up)
            const Vec2 expected[4] = {ours[3], ours[0], ours[1], ours[2]};
            for (int k = 0; k < 4; ++k) {
                const double dx = theirs[std::size_t(k)].x - expected[k].x, dy = -theirs[std::size_t(k)].y - expected[k].y;
                QVERIFY2(std::hypot(dx, dy) < 1e-3, qPrintable(QString("slot %1, corner %2: %3 px off").arg(name).arg(k).arg(std::hypot(dx, dy))));
            }
        }
    }

    void rigsWithoutSlotsWriteNoAtlas()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Rig rig = testing::makeArtRig(dir.path(), 20).rig;
        while (!rig.slotList().empty())
            QVERIFY(rig.removeSlot(0));
        for (exporters::Runtime runtime : {exporters::Runtime::Spine, exporters::Runtime::DragonBones}) {
            exporters::ExportReport report;
            std::string error;
            const QString path = dir.filePath("bare.json");
            QVERIFY2(exporters::exportFiles(runtime, rig, localPath(path), {localPath(dir.path()), {}},
                                            formats::qtImageCodec(), report, &error), error.c_str());
            QCOMPARE(qtPaths(report.files), QStringList{path});
            // The same bytes as the skeleton alone, as before slots were exported.
            exporters::ExportReport plain;
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), testing::qtBytes(exporters::exportSkeleton(runtime, rig, plain)));
            QVERIFY(!testing::qtList(report.losses).join('\n').contains("slot"));
        }
        QCOMPARE(QDir(dir.path()).entryList({"bare*"}, QDir::Files), QStringList{"bare.json"});
    }

    void atlasNeverReplacesAnImage()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const ArtRig art = testing::makeArtRig(dir.path(), 20);
        const QByteArray before = [&] {
            QFile f(dir.filePath("art/torso.png"));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        exporters::ExportReport report;
        std::string error;
        // Spine's first page of art/torso.json would be art/torso.png, one of the images.
        QVERIFY(!exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(dir.filePath("art/torso.json")),
                                        {localPath(dir.path()), {}},
                                        formats::qtImageCodec(), report, &error));
        QVERIFY2(qt(error).contains("art/torso.png"), error.c_str());
        QFile f(dir.filePath("art/torso.png"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        QVERIFY(!QFile::exists(dir.filePath("art/torso.json")));
    }

    // Nor a file by a page's name that no export wrote: art/sketch.png, a drawing no slot uses,
    // beside an export named art/sketch.json (QA: it became the atlas page without a word). A
    // page beside an earlier export's atlas is that export's, replaced as before. And the
    // skeleton, JSON, is never named as an image or an atlas.
    void atlasNeverReplacesAFileNoExportWrote()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const ArtRig art = testing::makeArtRig(dir.path(), 20);
        QVERIFY(QFile::copy(dir.filePath("art/torso.png"), dir.filePath("art/sketch.png")));
        const QByteArray before = [&] {
            QFile f(dir.filePath("art/sketch.png"));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        for (const exporters::Runtime runtime : {exporters::Runtime::Spine, exporters::Runtime::DragonBones}) {
            const bool spine = runtime == exporters::Runtime::Spine;
            const QString page = dir.filePath(spine ? "art/sketch.png" : "art/sketch_tex.png");
            if (!spine)
                QVERIFY(QFile::copy(dir.filePath("art/sketch.png"), page));
            exporters::ExportReport report;
            std::string error;
            const QString skeleton = dir.filePath(spine ? "art/sketch.json" : "art/sketch_ske.json");
            QVERIFY(!exporters::exportFiles(runtime, art.rig, localPath(skeleton), {localPath(dir.path()), {}}, formats::qtImageCodec(),
                                            report, &error));
            QCOMPARE(qt(error), "the atlas would replace " + page
                                    + ", which no export wrote (no atlas beside it lists it, and it is no Bonework atlas page): "
                                      "choose another output name, or move that file");
            QFile f(page);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), before);
            QVERIFY(!QFile::exists(skeleton));
            // Once an export's atlas is there, its pages are that export's.
            QFile::remove(page);
            QVERIFY2(exporters::exportFiles(runtime, art.rig, localPath(skeleton), {localPath(dir.path()), {}}, formats::qtImageCodec(),
                                            report, &error),
                     error.c_str());
            QVERIFY2(exporters::exportFiles(runtime, art.rig, localPath(skeleton), {localPath(dir.path()), {}}, formats::qtImageCodec(),
                                            report, &error),
                     error.c_str());
            if (spine) { // the drawing back, for DragonBones
                QVERIFY(QFile::remove(dir.filePath("art/sketch.png")));
                QVERIFY(QFile::copy(dir.filePath("art/torso.png"), dir.filePath("art/sketch.png")));
            }
        }
        // Beside a one-page export, a file of the user's by the second page's name is theirs
        // (the atlas lists no such page, and it carries no page marker); a page a bigger export
        // left there is the export's (marked), replaced when the pages grow again.
        const exporters::ExportOptions small{localPath(dir.path()), {.maxPageWidth = 80, .maxPageHeight = 140}}; // two pages or more
        const QString one = dir.filePath("one.json");
        exporters::ExportReport report;
        std::string error;
        QVERIFY2(exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(one), {localPath(dir.path()), {}},
                                        formats::qtImageCodec(), report, &error),
                 error.c_str());
        QVERIFY(QFile::copy(dir.filePath("art/torso.png"), dir.filePath("one_2.png")));
        QVERIFY(!exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(one), small, formats::qtImageCodec(), report, &error));
        QVERIFY2(qt(error).startsWith("the atlas would replace " + dir.filePath("one_2.png") + ", which no export wrote"), error.c_str());
        QVERIFY(QFile::remove(dir.filePath("one_2.png")));
        QVERIFY2(exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(one), small, formats::qtImageCodec(), report, &error),
                 error.c_str());
        QVERIFY(exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(one), {localPath(dir.path()), {}},
                                       formats::qtImageCodec(), report, &error));
        QVERIFY(!report.leftOver.empty()); // one_2.png, ... stay, named
        QVERIFY2(exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(one), small, formats::qtImageCodec(), report, &error),
                 error.c_str());
        // Nor an atlas file that is none: notes in NAME.atlas, other JSON in NAME_tex.json.
        for (const exporters::Runtime runtime : {exporters::Runtime::Spine, exporters::Runtime::DragonBones}) {
            const bool spine = runtime == exporters::Runtime::Spine;
            const QString atlas = dir.filePath(spine ? "notes.atlas" : "notes_tex.json");
            QFile file(atlas);
            QVERIFY(file.open(QIODevice::WriteOnly) && file.write(spine ? "notes\n" : "{\"mine\": 1}") > 0);
            file.close();
            QVERIFY(!exporters::exportFiles(runtime, art.rig, localPath(dir.filePath("notes.json")), {localPath(dir.path()), {}},
                                            formats::qtImageCodec(), report, &error));
            QCOMPARE(qt(error), "the atlas would replace " + atlas + (spine ? ", which is no texture atlas" : ", which is no DragonBones texture atlas")
                                    + ": choose another output name, or move that file");
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(file.readAll(), QByteArray(spine ? "notes\n" : "{\"mine\": 1}"));
            file.close();
            QVERIFY(file.remove());
        }

        for (const char* name : {"art/out.png", "art/out.JPG", "art/out.jpeg", "art/out.atlas"}) {
            exporters::ExportReport report;
            std::string error;
            QVERIFY(!exporters::exportFiles(exporters::Runtime::Spine, art.rig, localPath(dir.filePath(name)), {localPath(dir.path()), {}},
                                            formats::qtImageCodec(), report, &error));
            QCOMPARE(qt(error), "the skeleton file " + dir.filePath(name) + " is JSON: name it .json");
            QVERIFY(!QFile::exists(dir.filePath(name)));
        }
    }

    void unreadableImageStopsTheExport()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const ArtRig art = testing::makeArtRig(dir.path(), 20);
        QVERIFY(QFile::remove(dir.filePath("art/hand.png")));
        exporters::ExportReport report;
        std::string error;
        QVERIFY(!exporters::exportFiles(exporters::Runtime::DragonBones, art.rig, localPath(dir.filePath("x_ske.json")),
                                        {localPath(dir.path()), {}}, formats::qtImageCodec(), report, &error));
        QVERIFY2(qt(error).contains("cannot read the image \"art/hand.png\" of slot \"hand\""), error.c_str());
        QVERIFY(report.files.empty());
        QCOMPARE(QDir(dir.path()).entryList({"x_*"}, QDir::Files), QStringList());
    }

    void regionNames()
    {
        QCOMPARE(qt(exporters::regionNameOf("art/arm.png")), QString("art/arm"));
        QCOMPARE(qt(exporters::regionNameOf("../shared/a.b.jpeg")), QString("../shared/a.b"));
        QCOMPARE(qt(exporters::regionNameOf("art.v2/arm")), QString("art.v2/arm"));
        QCOMPARE(qt(exporters::regionNameOf("art/.png")), QString("art/.png"));
        QCOMPARE(qt(exporters::regionNameOf(" a:b .png")), QString("_a_b_"));
    }

    // Paths that give one name: the PNG keeps it, the others get a number no path gives as its
    // own (QA: art/body.jpg became "art/body_2", the name of art/body_2.png, so the Spine editor
    // showed that file; and the slots' order decided which got the plain name).
    void uniqueRegionNames()
    {
        const std::vector<std::string> paths{"art/body_2_2.png", "art/body.jpg", "art/body_2.png", "art/body.png",
                                             "art/col:on.png", "art/col_on.png", "art/body.jpg"};
        const std::map<std::string, std::string> names = exporters::uniqueRegionNames(paths);
        const std::map<std::string, std::string> expected{
            {"art/body.png", "art/body"},         {"art/body.jpg", "art/body_3"},   {"art/body_2.png", "art/body_2"},
            {"art/body_2_2.png", "art/body_2_2"}, {"art/col_on.png", "art/col_on"}, {"art/col:on.png", "art/col_on_2"}};
        QCOMPARE(names, expected);
        std::vector<std::string> reversed(paths.rbegin(), paths.rend());
        QCOMPARE(exporters::uniqueRegionNames(reversed), expected); // the order does not matter
        // Without a PNG, the first in path order keeps the name.
        const std::map<std::string, std::string> jpegs = exporters::uniqueRegionNames({"b/x.jpg", "b/x.JPEG"});
        QCOMPARE(jpegs.at("b/x.JPEG"), std::string("b/x"));
        QCOMPARE(jpegs.at("b/x.jpg"), std::string("b/x_2"));
    }
};

QTEST_GUILESS_MAIN(TestExportSlots)
#include "tst_export_slots.moc"
