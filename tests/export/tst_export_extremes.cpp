// Rigs at the edges of what the format allows, exported to both runtimes:
//   - clips longer than an export holds (exporters::kMostExportFrames, about 9.7 hours at 30 fps;
//     DragonBones: kMostDragonBonesFrames, the frame positions its runtime reads) are cut short
//     there and reported, instead of overflowing the frame count (a clip of 1e9 s gave
//     DragonBones a 1-frame animation with negative frame durations), a key at the cut keeping
//     the value a track has there; a clip within the limit is exported whole;
//   - a rig and its clips at the edge of their reach (rig.h) export finite numbers only: nothing
//     overflows where the export adds or subtracts; should anything overflow all the same, it is
//     written as the largest finite value and reported, never as null.
// Cheap (at most one 32,767-frame channel baked), so the sanitizer build runs it too.
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/finite_json.h"
#include "bonework/exporters/spine_exporter.h"

#include "std_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <limits>

// Designated initializers leave the tracks a test does not key empty, on purpose.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

using namespace bonework;
using animation::Clip;
using animation::Key;

namespace {

// A root and an arm; one clip of `duration` s turning the arm at 0 s, 1 s and (when the clip
// is that long) 1e5 s, past the cut at 30 fps, and the root's x at 0 s and 2 s.
Rig armWithClip(double duration)
{
    Rig rig;
    rig.setName("arm");
    JointIndex root = kNoJoint;
    if (!rig.addJoint({.name = "root", .position = {100, 100}}, &root) || !rig.addJoint({.name = "arm", .parent = root, .length = 50}))
        qFatal("joints");
    Clip clip{.name = "long", .duration = duration};
    std::vector<Key> turn{{0, 0, {}}, {1, 30, {}}};
    if (duration >= 1e5)
        turn.push_back({1e5, -30, {}});
    clip.joints.push_back({.joint = "arm", .angle = turn});
    clip.joints.push_back({.joint = "root", .x = {{0, 100, {}}, {2, 140, {}}}});
    if (auto added = rig.addAnimation(clip); !added)
        qFatal("clip: %s", added.error.c_str());
    return rig;
}

QJsonObject exported(const std::string& text) { return QJsonDocument::fromJson(testing::qtBytes(text)).object(); }

// Whether any number in the file is null or not finite (JSON has no infinity: Qt and
// nlohmann read a null where one was written).
bool hasNonNumber(const QJsonValue& v)
{
    if (v.isObject()) {
        for (const QJsonValue& member : v.toObject())
            if (hasNonNumber(member))
                return true;
    } else if (v.isArray()) {
        for (const QJsonValue& element : v.toArray())
            if (hasNonNumber(element))
                return true;
    }
    return v.isNull() || (v.isDouble() && !std::isfinite(v.toDouble()));
}

QJsonObject dragonBonesClip(const QJsonObject& file, const QString& name)
{
    for (const QJsonValue& a : file.value("armature").toArray()[0].toObject().value("animation").toArray())
        if (a.toObject().value("name").toString() == name)
            return a.toObject();
    return {};
}

} // namespace

class TestExportExtremes : public QObject {
    Q_OBJECT

private slots:
    void longClipsAreCutShort_data()
    {
        QTest::addColumn<double>("duration");
        QTest::newRow("1e9 s") << 1e9;
        QTest::newRow("1e300 s") << 1e300;
        QTest::newRow("just over an export's limit") << (exporters::kMostExportFrames + 1.0) / 30.0;
        QTest::newRow("just over DragonBones' limit") << (exporters::kMostDragonBonesFrames + 1.0) / 30.0;
    }
    void longClipsAreCutShort()
    {
        QFETCH(double, duration);
        const Rig rig = armWithClip(duration);
        // The arm's angle where a clip cut at `end` ends: on its way to the key at 1e5 s, if any.
        const auto armAt = [&](double end) { return duration >= 1e5 ? 30.0 - 60.0 * (end - 1.0) / (1e5 - 1.0) : 30.0; };

        // DragonBones: cut at 32,767 frames, the last frame position its runtime reads.
        exporters::ExportReport report;
        const QJsonObject dragonBones = exported(exporters::exportDragonBones(rig, report));
        const QString text = testing::qt(report.toText());
        QVERIFY2(text.contains("\"long\": ") && text.contains("cut at 1092.23 s"), qPrintable(text));
        const QJsonObject clip = dragonBonesClip(dragonBones, "long");
        QCOMPARE(clip.value("duration").toInt(), exporters::kMostDragonBonesFrames);
        // Every timeline's frames fill the clip, each a whole number of frames, the last one
        // (a key at the cut, where a track goes on past it) may last 0; none starts after the cut.
        int timelines = 0;
        for (const QJsonValue& timeline : clip.value("bone").toArray()) {
            for (const char* kind : {"rotateFrame", "translateFrame"}) {
                const QJsonArray frames = timeline.toObject().value(kind).toArray();
                if (frames.isEmpty())
                    continue;
                ++timelines;
                qint64 total = 0;
                for (qsizetype i = 0; i < frames.size(); ++i) {
                    const int length = frames[i].toObject().value("duration").toInt(-1);
                    QVERIFY2(length > 0 || (length == 0 && i + 1 == frames.size()), qPrintable(timeline.toObject().value("name").toString()));
                    total += length;
                }
                QCOMPARE(total, qint64(exporters::kMostDragonBonesFrames));
            }
        }
        QCOMPARE(timelines, 2);
        QJsonArray turn;
        for (const QJsonValue& timeline : clip.value("bone").toArray())
            if (timeline.toObject().value("name").toString() == "arm")
                turn = timeline.toObject().value("rotateFrame").toArray();
        QVERIFY(std::fabs(turn.last().toObject().value("rotate").toDouble() - armAt(exporters::kMostDragonBonesFrames / 30.0)) < 1e-9);

        // Spine: cut at 1,048,576 frames, what any export holds.
        exporters::ExportReport spineReport;
        const QJsonObject spine = exported(exporters::exportSpine(rig, spineReport));
        const double end = double(exporters::kMostExportFrames) / 30.0;
        const bool cut = duration * 30 > exporters::kMostExportFrames;
        QCOMPARE(testing::qt(spineReport.toText()).contains("cut at 34952.5 s"), cut);
        const QJsonObject bones = spine.value("animations").toObject().value("long").toObject().value("bones").toObject();
        const QJsonArray spineTurn = bones.value("arm").toObject().value("rotate").toArray();
        QVERIFY(!spineTurn.isEmpty());
        for (const QJsonValue& key : spineTurn)
            QVERIFY(key.toObject().value("time").toDouble() <= end); // the key at 1e5 s is left out
        if (cut && duration >= 1e5) { // a key at the cut with the angle there (y up: negated)
            QCOMPARE(spineTurn.last().toObject().value("time").toDouble(), end);
            QVERIFY(std::fabs(spineTurn.last().toObject().value("value").toDouble() + armAt(end)) < 1e-9);
        }
    }

    void clipsWithinTheLimitAreWhole()
    {
        // Exactly DragonBones' limit, and exactly an export's.
        exporters::ExportReport report;
        const QJsonObject clip =
            dragonBonesClip(exported(exporters::exportDragonBones(armWithClip(double(exporters::kMostDragonBonesFrames) / 30.0), report)), "long");
        QVERIFY2(!testing::qt(report.toText()).contains("cut"), report.toText().c_str());
        QCOMPARE(clip.value("duration").toInt(), exporters::kMostDragonBonesFrames);
        exporters::ExportReport spineReport;
        const QJsonObject spine = exported(exporters::exportSpine(armWithClip(double(exporters::kMostExportFrames) / 30.0), spineReport));
        QVERIFY2(!testing::qt(spineReport.toText()).contains("cut"), spineReport.toText().c_str());
        QVERIFY(spine.value("animations").toObject().contains("long"));
    }

    // A Bezier key lasting a whole 32,767-frame clip: the runtime samples it at its frames + 1
    // points and counts them in its 16-bit frame array, 32,768 reading as -32,768. A joint's is
    // baked, a slot's opacity split in two; no frame with a curve lasts more than 32,766 frames.
    void longCurvesFitTheRuntimesCount()
    {
        Rig rig;
        rig.setName("fade");
        JointIndex root = kNoJoint;
        QVERIFY(rig.addJoint({.name = "root", .position = {100, 100}}, &root));
        QVERIFY(rig.addJoint({.name = "arm", .parent = root, .length = 50}));
        QVERIFY(rig.addSlot({.name = "s", .joint = rig.findJoint("arm"), .image = "art/s.png"}));
        const double end = exporters::kMostDragonBonesFrames / 30.0;
        Clip clip{.name = "fade", .duration = end};
        clip.joints.push_back({.joint = "arm", .angle = {{0, 0, animation::Curve::bezier(0.3, 0, 0.7, 1)}, {end, 60, {}}}});
        clip.slotTracks.push_back({.slot = "s", .opacity = {{0, 1, animation::Curve::bezier(0.3, 0, 0.7, 1)}, {end, 0, {}}}});
        QVERIFY(rig.addAnimation(clip));
        exporters::ExportReport report;
        const std::vector<exporters::ExportedSlot> exportedSlots{{"s", "arm", "s", 10, 10, rig.slotList()[0], {}}};
        const QJsonObject anim = dragonBonesClip(exported(exporters::exportDragonBones(rig, report, exportedSlots)), "fade");
        QVERIFY2(testing::qt(report.toText()).contains("rotation of \"arm\" baked (a Bezier key longer than 32,766 frames"),
                 report.toText().c_str());
        QCOMPARE(anim.value("duration").toInt(), exporters::kMostDragonBonesFrames);
        int curves = 0;
        for (const char* group : {"bone", "slot"})
            for (const QJsonValue& timeline : anim.value(group).toArray())
                for (const char* kind : {"rotateFrame", "colorFrame"})
                    for (const QJsonValue& f : timeline.toObject().value(kind).toArray())
                        if (f.toObject().contains("curve")) {
                            ++curves;
                            QVERIFY(f.toObject().value("duration").toInt() <= exporters::kMostDragonBonesCurveFrames);
                        }
        QVERIFY(curves >= 2); // the opacity's halves
    }

    void numbersAtTheEdgeOfReachStayNumbers()
    {
        // A root as far out as a rig may have one, with the longest bone it may have, and a clip
        // that keys the root across the whole reach: the keys' offsets from the setup pose reach
        // 2e300, far inside a double. (A clip once keyed the root across the whole doubles, and
        // its offsets overflowed; such a clip is refused now, kMostRootCoordinate.)
        Rig rig;
        rig.setName("huge");
        JointIndex root = kNoJoint;
        QVERIFY(rig.addJoint({.name = "root", .position = {-kMostRootCoordinate, 0}}, &root));
        QVERIFY(rig.addJoint({.name = "bone", .parent = root, .length = kMostBoneLength}));
        Clip clip{.name = "across", .duration = 1};
        clip.joints.push_back({.joint = "root",
                               .x = {{0, -kMostRootCoordinate, {}}, {1, kMostRootCoordinate, {}}},
                               .y = {{0.5, kMostRootCoordinate, {}}, {1, -kMostRootCoordinate, {}}}});
        Clip acrossTheDoubles = clip;
        acrossTheDoubles.joints[0].x.back().value = std::numeric_limits<double>::max();
        QVERIFY(!rig.addAnimation(acrossTheDoubles));
        QVERIFY(rig.addAnimation(clip));
        // The same across a clip DragonBones cuts: the key at the cut lies between the two.
        Clip cut{.name = "across_cut", .duration = 2000};
        cut.joints.push_back({.joint = "root", .x = {{0, -kMostRootCoordinate, {}}, {2000, kMostRootCoordinate, {}}}});
        QVERIFY(rig.addAnimation(cut));
        exporters::ExportReport spineReport, dragonBonesReport;
        const QJsonObject spine = exported(exporters::exportSpine(rig, spineReport));
        const QJsonObject dragonBones = exported(exporters::exportDragonBones(rig, dragonBonesReport));
        QVERIFY(!spine.isEmpty() && !dragonBones.isEmpty());
        QVERIFY(!hasNonNumber(spine));
        QVERIFY(!hasNonNumber(dragonBones));
        QVERIFY2(!testing::qt(spineReport.toText()).contains("beyond a double's range"), spineReport.toText().c_str());
        QVERIFY2(!testing::qt(dragonBonesReport.toText()).contains("beyond a double's range"), dragonBonesReport.toText().c_str());
        QVERIFY2(testing::qt(dragonBonesReport.toText()).contains("animation \"across_cut\": cut at 1092.23 s"),
                 dragonBonesReport.toText().c_str());
        // The setup pose's bounds are the rig's own, far out but finite.
        const double width = spine.value("skeleton").toObject().value("width").toDouble();
        QVERIFY2(std::fabs(width - kMostBoneLength) <= 1e-5 * kMostBoneLength, qPrintable(QString::number(width))); // rounding at 1e300
    }

    // Should an export's arithmetic overflow all the same, no null is written: the largest finite
    // value of its sign (NaN: 0), and the report says how many.
    void overflowedNumbersAreWrittenAsTheLargestFinite()
    {
        const double inf = std::numeric_limits<double>::infinity(), most = std::numeric_limits<double>::max();
        nlohmann::json value = {{"x", inf}, {"keys", {1.5, -inf, std::numeric_limits<double>::quiet_NaN()}}, {"name", "a"}};
        exporters::ExportReport report;
        exporters::keepNumbersFinite(value, report);
        QCOMPARE(value["x"].get<double>(), most);
        QCOMPARE(value["keys"][0].get<double>(), 1.5);
        QCOMPARE(value["keys"][1].get<double>(), -most);
        QCOMPARE(value["keys"][2].get<double>(), 0.0);
        QCOMPARE(value["name"].get<std::string>(), std::string("a"));
        QVERIFY2(testing::qt(report.toText()).contains("3 numbers beyond a double's range"), report.toText().c_str());
        exporters::ExportReport quiet;
        exporters::keepNumbersFinite(value, quiet);
        QVERIFY2(!testing::qt(quiet.toText()).contains("beyond a double's range"), quiet.toText().c_str());
    }
};

QTEST_APPLESS_MAIN(TestExportExtremes)
#include "tst_export_extremes.moc"
