// Writing rigs back: load -> save -> load gives an identical rig with bit-exact numbers (awkward
// doubles included, slots too), written in one stable layout (version 1 unless the rig has
// slots), saved atomically; a rig the loader could not read back is not saved.
#include "joint_order.h"
#include "rig_file_samples.h"

#include "random_slots.h"

#include "bonework/io/rig_file.h"
#include "std_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

using namespace bonework;
using namespace bonework::io;
using namespace bonework::testing;

namespace {

// Bit for bit, except that negative zero is written (and so read back) as 0: JSON readers,
// Qt's included, do not keep the sign of zero, so the format documents -0 as 0.
bool sameBits(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) || (a == 0.0 && b == 0.0);
}

// Every number of the rig, compared bit for bit (Rig::operator== compares with ==).
QString firstBitDifference(const Rig& a, const Rig& b)
{
    if (a.jointCount() != b.jointCount())
        return QStringLiteral("joint counts differ");
    for (std::size_t i = 0; i < a.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        const double va[] = {a.rootPosition(j).x, a.rootPosition(j).y, a.angle(j), a.length(j), a.minAngle(j), a.maxAngle(j)};
        const double vb[] = {b.rootPosition(j).x, b.rootPosition(j).y, b.angle(j), b.length(j), b.minAngle(j), b.maxAngle(j)};
        for (int k = 0; k < 6; ++k)
            if (!sameBits(va[k], vb[k]))
                return QStringLiteral("joint %1 value %2: %3 vs %4").arg(i).arg(k).arg(va[k], 0, 'g', 17).arg(vb[k], 0, 'g', 17);
    }
    for (std::size_t c = 0; c < a.chains().size() && c < b.chains().size(); ++c) {
        const Chain& ca = a.chains()[c];
        const Chain& cb = b.chains()[c];
        if (!sameBits(ca.tolerance, cb.tolerance) || !sameBits(ca.mix, cb.mix) || !sameBits(ca.target.point.x, cb.target.point.x)
            || !sameBits(ca.target.point.y, cb.target.point.y))
            return QStringLiteral("chain %1 numbers differ").arg(c);
    }
    if (a.slotList().size() != b.slotList().size())
        return QStringLiteral("slot counts differ");
    for (std::size_t k = 0; k < a.slotList().size(); ++k) {
        const Slot& sa = a.slotList()[k];
        const Slot& sb = b.slotList()[k];
        const double va[] = {sa.x, sa.y, sa.rotation, sa.scaleX, sa.scaleY, sa.pivotX, sa.pivotY, sa.opacity};
        const double vb[] = {sb.x, sb.y, sb.rotation, sb.scaleX, sb.scaleY, sb.pivotX, sb.pivotY, sb.opacity};
        for (int i = 0; i < 8; ++i)
            if (!sameBits(va[i], vb[i]))
                return QStringLiteral("slot %1 value %2: %3 vs %4").arg(k).arg(i).arg(va[i], 0, 'g', 17).arg(vb[i], 0, 'g', 17);
    }
    return {};
}

} // namespace

class TestRigFileRoundTrip : public QObject {
    Q_OBJECT

private slots:
    // The one layout: field order, one joint per line, integers without ".0", defaults written.
    void stableLayout()
    {
        const QByteArray expected =
            "{\n"
            "  \"format\": \"bonework.rig\",\n"
            "  \"version\": 1,\n"
            "  \"name\": \"arm\",\n"
            "  \"shape\": \"bone\",\n"
            "  \"joints\": [\n"
            "    {\"name\": \"shoulder\", \"x\": 400, \"y\": 300, \"rotation\": 0},\n"
            "    {\"name\": \"elbow\", \"parent\": \"shoulder\", \"length\": 120, \"angle\": 20, \"min\": -170, \"max\": 170},\n"
            "    {\"name\": \"hand\", \"parent\": \"elbow\", \"length\": 100, \"angle\": 30, \"min\": 0, \"max\": 150}\n"
            "  ],\n"
            "  \"chains\": [\n"
            "    {\"name\": \"arm\", \"root\": \"shoulder\", \"tip\": \"hand\", \"solver\": \"two-bone\", \"bend\": "
            "\"positive\", \"iterations\": 10, \"tolerance\": 0.01, \"target\": {\"x\": 520, \"y\": 380}}\n"
            "  ]\n"
            "}\n";
        QCOMPARE(qtBytes(serializeRig(load(corpus(QStringLiteral("arm.json"))))), expected);

        const LoadResult forestFile = loadRigFile(localPath(corpus(QStringLiteral("forest.json"))));
        const QByteArray forest = qtBytes(serializeRig(*forestFile.rig, forestFile.editor));
        QVERIFY(forest.contains("{\"name\": \"a\", \"x\": -10.5, \"y\": 20.25, \"rotation\": -90, \"pinned\": true},"));
        QVERIFY(forest.contains("\"target\": {\"joint\": \"q\"}}"));
        QVERIFY(forest.contains("\"shape\": \"ball\","));

        Rig empty;
        QCOMPARE(qtBytes(serializeRig(empty)), QByteArray("{\n  \"format\": \"bonework.rig\",\n  \"version\": 1,\n  \"name\": \"\",\n"
                                                 "  \"shape\": \"bone\",\n  \"joints\": [],\n  \"chains\": []\n}\n"));
    }

    // Slots make a version 2 file; the slots come last, one per line, every field written in
    // a fixed order, defaults included.
    void stableLayoutWithSlots()
    {
        Rig rig = load(corpus(QStringLiteral("arm.json")));
        Slot upper;
        upper.name = "upper_arm";
        upper.joint = rig.findJoint("elbow");
        upper.image = "art/upper_arm.png";
        upper.x = 60;
        QVERIFY(rig.addSlot(upper));
        Slot badge;
        badge.name = "badge \"1\"";
        badge.joint = rig.findJoint("shoulder");
        badge.image = "../shared/badge é.png";
        badge.rotation = -12.5;
        badge.scaleX = 0.1;
        badge.pivotY = 0;
        badge.opacity = 0.75;
        badge.visible = false;
        QVERIFY(rig.addSlot(badge));
        const QByteArray json = qtBytes(serializeRig(rig));
        QVERIFY2(json.startsWith("{\n  \"format\": \"bonework.rig\",\n  \"version\": 2,\n"), json.constData());
        const QByteArray tail =
            "  \"chains\": [\n"
            "    {\"name\": \"arm\", \"root\": \"shoulder\", \"tip\": \"hand\", \"solver\": \"two-bone\", \"bend\": "
            "\"positive\", \"iterations\": 10, \"tolerance\": 0.01, \"target\": {\"x\": 520, \"y\": 380}}\n"
            "  ],\n"
            "  \"slots\": [\n"
            "    {\"name\": \"upper_arm\", \"bone\": \"elbow\", \"image\": \"art/upper_arm.png\", \"x\": 60, \"y\": 0, "
            "\"rotation\": 0, \"scaleX\": 1, \"scaleY\": 1, \"pivotX\": 0.5, \"pivotY\": 0.5, \"opacity\": 1, \"visible\": true},\n"
            "    {\"name\": \"badge \\\"1\\\"\", \"bone\": \"shoulder\", \"image\": \"../shared/badge \xc3\xa9.png\", \"x\": 0, "
            "\"y\": 0, \"rotation\": -12.5, \"scaleX\": 0.1, \"scaleY\": 1, \"pivotX\": 0.5, \"pivotY\": 0, \"opacity\": 0.75, "
            "\"visible\": false}\n"
            "  ]\n"
            "}\n";
        QVERIFY2(json.endsWith(tail), json.constData());
        QVERIFY(reparse(json, QStringLiteral("slots")) == rig);

        // Without its slots the same rig is version 1 again, byte for byte as before slots.
        QVERIFY(rig.removeSlot(1));
        QVERIFY(rig.removeSlot(0));
        QCOMPARE(qtBytes(serializeRig(rig)), qtBytes(serializeRig(load(corpus(QStringLiteral("arm.json"))))));
        QCOMPARE(rigFormatVersionFor(rig), 1);
    }

    // A version 2 file without slots loads, and is written back as version 1 (nothing in it
    // needs version 2).
    void version2WithoutSlotsLoads()
    {
        QFile f(corpus(QStringLiteral("arm.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray v1 = f.readAll();
        QByteArray v2 = v1;
        v2.replace("\"version\": 1", "\"version\": 2");
        QVERIFY(v2 != v1);
        const Rig rig = reparse(v2, QStringLiteral("v2 without slots"));
        QVERIFY(rig == reparse(v1, QStringLiteral("v1")));
        QVERIFY(rig.slotList().empty());
        QVERIFY(qtBytes(serializeRig(rig)).contains("\"version\": 1,"));
        QVERIFY(!qtBytes(serializeRig(rig)).contains("slots"));
        QVERIFY(reparse(v2.replace("\"chains\"", "\"slots\": [], \"chains\""), QStringLiteral("empty slots")) == rig);
    }

    // Random rigs with random slots (image paths with "..", quotes and non-ASCII; numbers from
    // random bit patterns): load -> save -> load is identical, bit for bit, and saving again
    // gives the same bytes.
    void randomRoundTripsWithSlots()
    {
        for (std::uint64_t seed = 100; seed < 140; ++seed) {
            Engine rng(seed);
            Rig rig = randomRig(rng, testing::uniformInt(rng, 2, 100));
            addRandomSlots(rng, rig, testing::uniformInt(rng, 1, 60), true);
            const QByteArray first = qtBytes(serializeRig(rig));
            // Version 4 exactly when an image is mirrored (a negative scale).
            const bool mirrored = std::any_of(rig.slotList().begin(), rig.slotList().end(),
                                              [](const Slot& s) { return s.scaleX < 0 || s.scaleY < 0; });
            QVERIFY(first.contains(mirrored ? "\"version\": 4," : "\"version\": 2,"));
            const Rig back = reparse(first, QStringLiteral("seed %1").arg(seed));
            QVERIFY2(back == rig, qPrintable(QStringLiteral("seed %1: rigs differ").arg(seed)));
            const QString bits = firstBitDifference(rig, back);
            QVERIFY2(bits.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(bits)));
            QCOMPARE(qtBytes(serializeRig(back)), first);
        }
    }

    // A slot's image keys: written in its track's line after visibility and opacity, each key
    // {"time", "value"} with the path escaped as any string and no curve; read back the same, and
    // saved again byte for byte.
    void imageKeysLayoutAndRoundTrip()
    {
        using namespace bonework::animation;
        Rig rig = load(corpus(QStringLiteral("arm_slots.json")));
        Clip clip;
        clip.name = "grab";
        clip.duration = 1.5;
        clip.slotTracks.push_back({"forearm", {{0.25, false}}, {}, {{0, "art/forearm_open.jpg"}, {0.5, "../shared/fist \"1\" \xc3\xa9.png"}, {1.5, "./art/x.png"}}});
        clip.slotTracks.push_back({"badge", {}, {}, {{0.1, "art/badge_2.png"}}});
        QVERIFY(rig.addAnimation(clip));
        const QByteArray json = qtBytes(serializeRig(rig));
        const QByteArray tail =
            "  \"animations\": [\n"
            "    {\"name\": \"grab\", \"duration\": 1.5, \"slots\": {\n"
            "      \"badge\": {\"image\": [{\"time\": 0.1, \"value\": \"art/badge_2.png\"}]},\n"
            "      \"forearm\": {\"visible\": [{\"time\": 0.25, \"value\": false}], \"image\": [{\"time\": 0, \"value\": "
            "\"art/forearm_open.jpg\"}, {\"time\": 0.5, \"value\": \"../shared/fist \\\"1\\\" \xc3\xa9.png\"}, {\"time\": 1.5, \"value\": "
            "\"./art/x.png\"}]}\n"
            "    }}\n"
            "  ]\n"
            "}\n";
        QVERIFY2(json.endsWith(tail), json.constData());
        const Rig back = reparse(json, QStringLiteral("image keys"));
        QCOMPARE(back.animations().size(), std::size_t(1));
        const Clip& read = back.animations()[0];
        QCOMPARE(read.slotTracks.size(), std::size_t(2));
        QVERIFY(read.slotTracks[0] == clip.slotTracks[1]); // the reader's order: by name
        QVERIFY(read.slotTracks[1] == clip.slotTracks[0]);
        QCOMPARE(qtBytes(serializeRig(back)), json);
    }

    // A looping clip is written with "loop": true and makes the file version 3; without one the
    // file stays version 2 and has no loop field (older builds keep reading it).
    void loopingClipIsVersion3()
    {
        using namespace bonework::animation;
        Rig rig = load(corpus(QStringLiteral("arm_animated.json")));
        QCOMPARE(rigFormatVersionFor(rig), 2);
        QVERIFY(!qtBytes(serializeRig(rig)).contains("\"loop\""));
        Clip clip = rig.animations()[0];
        clip.loop = true;
        QVERIFY(rig.setAnimation(0, clip));
        QCOMPARE(rigFormatVersionFor(rig), 3);
        const QByteArray json = qtBytes(serializeRig(rig));
        QVERIFY(json.contains("  \"version\": 3,\n"));
        QVERIFY(json.contains("{\"name\": \"wave\", \"duration\": 2, \"loop\": true, "));
        const Rig back = reparse(json, QStringLiteral("looping clip"));
        QVERIFY(back.animations()[0].loop);
        QVERIFY(!back.animations()[1].loop);
        QVERIFY(back == rig);
        clip.loop = false;
        QVERIFY(rig.setAnimation(0, clip));
        QCOMPARE(rigFormatVersionFor(rig), 2); // the lowest version that holds it, again
    }

    // A mirrored image (a negative scale) makes the file version 4, whatever else it holds; the
    // scale is written and read back as it is; without one the file is the version it was.
    void mirroredImageIsVersion4()
    {
        using namespace bonework::animation;
        Rig rig = load(corpus(QStringLiteral("arm_animated.json")));
        Clip clip = rig.animations()[0];
        clip.loop = true;
        QVERIFY(rig.setAnimation(0, clip));
        QCOMPARE(rigFormatVersionFor(rig), 3);
        QVERIFY(!rig.slotList().empty());
        Slot s = rig.slotList()[0];
        s.scaleX = -s.scaleX;
        QVERIFY(rig.setSlot(0, s));
        QCOMPARE(rigFormatVersionFor(rig), 4);
        const QByteArray json = qtBytes(serializeRig(rig));
        QVERIFY(json.contains("  \"version\": 4,\n"));
        const Rig back = reparse(json, QStringLiteral("mirrored image"));
        QVERIFY(back == rig);
        QCOMPARE(back.slotList()[0].scaleX, s.scaleX);
        QCOMPARE(qtBytes(serializeRig(back)), json);
        // The same file told it is version 3 is refused, naming the field.
        QByteArray v3 = json;
        v3.replace("\"version\": 4,", "\"version\": 3,");
        const LoadResult refused = parseRig(view(v3), "v3.json");
        QVERIFY(!refused.ok());
        QCOMPARE(QString::fromStdString(refused.error.jsonPath), QStringLiteral("slots[0].scaleX"));
        QVERIFY2(refused.error.message.find("needs \"version\": 4") == 0, refused.error.message.c_str());
        s.scaleX = -s.scaleX;
        QVERIFY(rig.setSlot(0, s));
        QCOMPARE(rigFormatVersionFor(rig), 3);
    }

    // An image key whose path is not UTF-8 (possible through code only: checkClip holds the
    // path's rules, not its encoding) would make a file the loader refuses: not saved.
    void imageKeyNotUtf8IsNotSaved()
    {
        using namespace bonework::animation;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rig.json"));
        Rig rig = load(corpus(QStringLiteral("arm_slots.json")));
        Clip clip;
        clip.name = "bad";
        clip.duration = 1;
        clip.slotTracks.push_back({"forearm", {}, {}, {{0, "art/\xff.png"}}});
        QVERIFY(rig.addAnimation(clip));
        std::string error;
        QVERIFY(!saveRigFile(rig, localPath(path), &error));
        QCOMPARE(qt(error), QStringLiteral("cannot save %1: an image keyed for slot \"forearm\" in animation \"bad\" is not valid UTF-8").arg(path));
        QVERIFY(!QFile::exists(path));
    }

    // Random rigs with random slots and random animations (every channel kind, curves of every
    // kind, awkward joint names as JSON keys, numbers from random doubles): load -> save -> load
    // is identical and saving again gives the same bytes; a rig with animations is version 2.
    void randomRoundTripsWithAnimations()
    {
        using namespace bonework::animation;
        for (std::uint64_t seed = 300; seed < 340; ++seed) {
            Engine rng(seed);
            Rig rig = randomRig(rng, testing::uniformInt(rng, 2, 40));
            addRandomSlots(rng, rig, testing::uniformInt(rng, 0, 10), true);
            auto curve = [&] {
                switch (testing::uniformInt(rng, 0, 2)) {
                case 0: return Curve{};
                case 1: return Curve{Curve::Kind::Stepped};
                default: return Curve::bezier(testing::uniform(rng, 0, 1), testing::uniform(rng, 0, 1), testing::uniform(rng, 0, 1),
                                              testing::uniform(rng, 0, 1));
                }
            };
            for (int a = testing::uniformInt(rng, 1, 3); a > 0; --a) {
                Clip clip;
                clip.name = "clip " + std::to_string(a) + " \"é\"";
                clip.duration = testing::uniform(rng, 0.1, 10);
                auto times = [&](int n) {
                    std::vector<double> t;
                    for (int i = 0; i < n; ++i)
                        t.push_back(clip.duration * (i + testing::uniform(rng, 0, 0.99)) / n);
                    return t;
                };
                for (std::size_t i = 0; i < rig.jointCount(); ++i) {
                    const auto j = static_cast<JointIndex>(i);
                    if (rng() % 3 == 0)
                        continue;
                    JointTracks t;
                    t.joint = rig.jointName(j);
                    for (double time : times(testing::uniformInt(rng, 0, 4))) {
                        if (rig.isRoot(j))
                            t.x.push_back({time, testing::uniform(rng, -1e4, 1e4), curve()});
                        else
                            t.angle.push_back({time, testing::uniform(rng, rig.minAngle(j), rig.maxAngle(j)), curve()});
                    }
                    clip.joints.push_back(std::move(t));
                }
                for (const Chain& c : rig.chains()) {
                    ChainTracks t;
                    t.chain = c.name;
                    for (double time : times(testing::uniformInt(rng, 0, 3)))
                        t.target.push_back({time, {testing::uniform(rng, -1e3, 1e3), testing::uniform(rng, -1e3, 1e3)}, curve()});
                    for (double time : times(testing::uniformInt(rng, 0, 3)))
                        t.mix.push_back({time, testing::uniform(rng, 0, 1), curve()});
                    clip.chains.push_back(std::move(t));
                }
                for (const Slot& slot : rig.slotList()) {
                    SlotTracks t;
                    t.slot = slot.name;
                    for (double time : times(testing::uniformInt(rng, 0, 3)))
                        t.visible.push_back({time, rng() % 2 == 0});
                    for (double time : times(testing::uniformInt(rng, 0, 3)))
                        t.opacity.push_back({time, testing::uniform(rng, 0, 1), curve()});
                    for (double time : times(testing::uniformInt(rng, 0, 3)))
                        t.image.push_back({time, randomImagePath(rng)}); // "..", quotes, non-ASCII
                    clip.slotTracks.push_back(std::move(t));
                }
                // The file keeps tracks by name, in the reader's order: sort as it will.
                const auto result = rig.addAnimation(clip);
                QVERIFY2(result.ok(), result.error.c_str());
            }
            const QByteArray first = qtBytes(serializeRig(rig));
            // Version 4 exactly when an image is mirrored (a negative scale).
            const bool mirrored = std::any_of(rig.slotList().begin(), rig.slotList().end(),
                                              [](const Slot& s) { return s.scaleX < 0 || s.scaleY < 0; });
            QVERIFY(first.contains(mirrored ? "\"version\": 4," : "\"version\": 2,"));
            const Rig back = reparse(first, QStringLiteral("seed %1").arg(seed));
            const QByteArray second = qtBytes(serializeRig(back));
            // Tracks come back in the reader's (sorted) order, so compare the files, then the
            // rig read back with itself read again.
            const Rig again = reparse(second, QStringLiteral("seed %1 again").arg(seed));
            QVERIFY2(again == back, qPrintable(QStringLiteral("seed %1: rigs differ").arg(seed)));
            QCOMPARE(qtBytes(serializeRig(again)), second);
            QCOMPARE(back.animations().size(), rig.animations().size());
            for (std::size_t a = 0; a < rig.animations().size(); ++a) {
                const Clip& x = rig.animations()[a];
                const Clip& y = back.animations()[a];
                QCOMPARE(y.name, x.name);
                QCOMPARE(y.duration, x.duration);
                QCOMPARE(y.joints.size(), x.joints.size());
                for (const JointTracks& t : x.joints) {
                    const auto found = std::find_if(y.joints.begin(), y.joints.end(), [&](const JointTracks& u) { return u.joint == t.joint; });
                    QVERIFY(found != y.joints.end());
                    QVERIFY2(*found == t, qPrintable(QStringLiteral("seed %1: the tracks of %2 differ").arg(seed).arg(QString::fromStdString(t.joint))));
                }
                QCOMPARE(y.chains.size(), x.chains.size());
                QCOMPARE(y.slotTracks.size(), x.slotTracks.size());
            }
        }
    }

    // A slot the loader would refuse (put there by an unchecked restore) is not saved.
    void unloadableSlotIsNotSaved()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rig.json"));
        Rig rig = load(corpus(QStringLiteral("arm.json")));
        Slot s;
        s.name = "s";
        s.joint = 1;
        s.image = "a.png";
        QVERIFY(rig.addSlot(s));
        std::string error;
        std::vector<Slot> list = rig.slotList();
        list[0].image = "/home/me/a.png";
        rig.restoreSlots(list);
        QVERIFY(!saveRigFile(rig, localPath(path), &error));
        QCOMPARE(qt(error), QStringLiteral("cannot save %1: the image path of slot \"s\" must be relative to the rig "
                                           "file's folder, not absolute").arg(path));
        list[0].image = "a.png";
        list[0].opacity = std::numeric_limits<double>::infinity();
        rig.restoreSlots(list);
        QVERIFY(!saveRigFile(rig, localPath(path), &error));
        QCOMPARE(qt(error), QStringLiteral("cannot save %1: slot \"s\" has a non-finite number").arg(path));
        QVERIFY(!QFile::exists(path));
    }

    // load -> save -> load is identical, and saving again gives the same bytes.
    void randomRoundTrips()
    {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            Engine rng(seed);
            const Rig rig = randomRig(rng, testing::uniformInt(rng, 2, 200));
            const EditorSettings editor{kAllNodeShapes[rng() % std::size(kAllNodeShapes)]};
            const QByteArray first = qtBytes(serializeRig(rig, editor));
            const Rig back = reparse(first, QStringLiteral("seed %1").arg(seed));
            QCOMPARE(parseRig(view(first), "again").editor, editor); // the editor's settings too
            QVERIFY2(back == rig, qPrintable(QStringLiteral("seed %1: rigs differ").arg(seed)));
            const QString bits = firstBitDifference(rig, back);
            QVERIFY2(bits.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(bits)));
            QCOMPARE(qtBytes(serializeRig(back, editor)), first);
        }
    }

    void awkwardDoublesAreBitExact()
    {
        const double awkward[] = {0.1, 1e-300, 123456789.123456789, 0.30000000000000004, 5e-324,
                                  2.2250738585072014e-308, kMostRootCoordinate, std::nextafter(kMostBoneLength, 0.0),
                                  9007199254740993.0, 99999999999999990000.0, 1e21, 1e22, 123456789012345678.0,
                                  1.0 / 3.0, 2.0 / 3.0, 1e15 + 0.3, 4.35, 0.1 + 0.2, 1e-7, 12345.678901234567};
        Rig rig;
        for (double v : awkward) {
            const std::string n = std::to_string(rig.jointCount());
            JointDesc root;
            root.name = "r" + n;
            root.position = {v, -v};
            root.angle = std::fmod(v, 180.0);
            JointIndex r = kNoJoint;
            QVERIFY(rig.addJoint(root, &r));
            JointDesc bone;
            bone.name = "b" + n;
            bone.parent = r;
            bone.length = std::min(v, kMostBoneLength); // the longest a bone may be
            bone.minAngle = -std::fmod(v, 180.0);
            bone.maxAngle = std::fmod(v / 7, 180.0);
            bone.minAngle = std::min(bone.minAngle, bone.maxAngle);
            bone.angle = bone.minAngle;
            QVERIFY(rig.addJoint(bone));
        }
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
        const Rig back = reparse(qtBytes(serializeRig(rig)), QStringLiteral("awkward"));
        const QString bits = firstBitDifference(rig, back);
        QVERIFY2(bits.isEmpty(), qPrintable(bits));
        QVERIFY(back == rig);
    }

    // Doubles from random bit patterns (every exponent and mantissa), as root positions.
    void randomDoublesAreBitExact()
    {
        const std::uint64_t seed = 77;
        Engine rng(seed);
        Rig rig;
        for (int i = 0; i < 3000; ++i) {
            auto randomDouble = [&] {
                double d;
                do {
                    d = std::bit_cast<double>(static_cast<std::uint64_t>(rng()));
                } while (!std::isfinite(d) || d == 0.0 || std::fabs(d) > kMostRootCoordinate); // as far as a root may lie
                return d;
            };
            JointDesc root;
            root.name = "r" + std::to_string(i);
            root.position = {randomDouble(), randomDouble()};
            QVERIFY(rig.addJoint(root));
        }
        const QByteArray ours = qtBytes(serializeRig(rig));
        const Rig back = reparse(ours, QStringLiteral("random doubles"));
        const QString bits = firstBitDifference(rig, back);
        QVERIFY2(bits.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(bits)));

        // Qt's own JSON writer (which other tools built on Qt may use to edit rig files) also
        // writes doubles that read back bit-exact: shortest round-trip digits.
        const QByteArray viaQt = QJsonDocument::fromJson(ours).toJson(QJsonDocument::Compact);
        const Rig backViaQt = reparse(viaQt, QStringLiteral("random doubles via Qt"));
        const QString bitsViaQt = firstBitDifference(rig, backViaQt);
        QVERIFY2(bitsViaQt.isEmpty(), qPrintable(QStringLiteral("seed %1 via Qt: %2").arg(seed).arg(bitsViaQt)));
    }

    void numberSpelling()
    {
        Rig rig;
        JointDesc root;
        root.name = "r";
        root.position = {400, -0.0};
        root.angle = -0.0;
        QVERIFY(rig.addJoint(root));
        const QByteArray json = qtBytes(serializeRig(rig));
        QVERIFY2(json.contains("\"x\": 400, \"y\": 0, \"rotation\": 0}"), json.constData());
        QVERIFY(!json.contains("400.0"));
        QVERIFY(!json.contains("-0"));
    }

    void saveAndLoadFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rig.json"));
        Engine rng(5);
        const Rig rig = randomRig(rng, 40);
        std::string error;
        QVERIFY2(saveRigFile(rig, localPath(path), &error), error.c_str());
        QVERIFY(load(path) == rig);

        // Overwriting replaces the whole file, and leaves no temporary files behind.
        const Rig small = load(corpus(QStringLiteral("minimal.json")));
        QVERIFY2(saveRigFile(small, localPath(path), &error), error.c_str());
        QVERIFY(load(path) == small);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("rig.json")});

        const QString nowhere = dir.filePath(QStringLiteral("missing/dir/rig.json"));
        QVERIFY(!saveRigFile(rig, localPath(nowhere), &error));
        QVERIFY2(qt(error).startsWith(QStringLiteral("cannot write ") + nowhere + QStringLiteral(": ")), error.c_str());
    }

    // Files written with a rig land with it, or none does: an image that cannot be written
    // leaves the old rig and every other file as they were.
    void filesAlongsideLandTogether()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rig.json"));
        const Rig small = load(corpus(QStringLiteral("minimal.json")));
        std::string error;
        QVERIFY2(saveRigFile(small, localPath(path), &error), error.c_str());
        Engine rng(6);
        const Rig rig = randomRig(rng, 12);
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("art")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("art/taken.png"))); // a folder where an image goes
        const std::vector<FileToWrite> blocked{{localPath(dir.filePath(QStringLiteral("art/a.png"))), "A"},
                                               {localPath(dir.filePath(QStringLiteral("art/taken.png"))), "B"}};
        QVERIFY(!saveRigFileWith(rig, localPath(path), blocked, &error));
        QVERIFY2(qt(error).startsWith(QStringLiteral("cannot write ") + dir.filePath(QStringLiteral("art/taken.png"))), error.c_str());
        QVERIFY(load(path) == small);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("art/a.png"))));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("rig.json")});

        const std::vector<FileToWrite> fine{{localPath(dir.filePath(QStringLiteral("art/a.png"))), "A"},
                                            {localPath(dir.filePath(QStringLiteral("b.png"))), "BB"}};
        QVERIFY2(saveRigFileWith(rig, localPath(path), fine, &error), error.c_str());
        QVERIFY(load(path) == rig);
        QFile a(dir.filePath(QStringLiteral("art/a.png"))), b(dir.filePath(QStringLiteral("b.png")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), QByteArray("A"));
        QCOMPARE(b.readAll(), QByteArray("BB"));
    }

    // A rig holding a number JSON cannot spell is refused, and the old file stays as it was.
    void nonFiniteRigIsNotSaved()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rig.json"));
        Rig rig = load(corpus(QStringLiteral("arm.json")));
        std::string error;
        QVERIFY(saveRigFile(rig, localPath(path), &error));
        const QByteArray before = QFile(path).open(QIODevice::ReadOnly) ? QByteArray() : QByteArray();
        QFile original(path);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray saved = original.readAll();
        original.close();

        // A root a solver carried past what the loader takes is refused too, the file untouched.
        Rig far = rig;
        far.setRootPositionUnchecked(0, {2e300, 0});
        QVERIFY(!saveRigFile(far, localPath(path), &error));
        QCOMPARE(qt(error), QStringLiteral("cannot save %1: the root \"shoulder\" lies farther than 1e300 from the origin").arg(path));
        // So is a target sampling set unchecked (Rig::setChainLook) past what the loader takes.
        Rig farTarget = rig;
        farTarget.setChainLook(0, {0, -2e300}, 1.0);
        QVERIFY(!saveRigFile(farTarget, localPath(path), &error));
        QCOMPARE(qt(error), QStringLiteral("cannot save %1: the target of chain \"arm\" lies farther than 1e300 from the origin").arg(path));
        rig.setRootPositionUnchecked(0, {std::numeric_limits<double>::quiet_NaN(), 0});
        QVERIFY(!saveRigFile(rig, localPath(path), &error));
        QCOMPARE(qt(error), QStringLiteral("cannot save %1: joint \"shoulder\" has a non-finite number").arg(path));
        QFile after(path);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), saved);
    }

    // A name that is not UTF-8 (possible through code, never through the editor) would make a
    // file the loader refuses: such a rig is not saved.
    void invalidUtf8NameIsNotSaved()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rig.json"));
        std::string error;
        const char* bad[] = {"\xff", "a\xc3", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80"};
        for (const char* name : bad) {
            Rig rig = load(corpus(QStringLiteral("arm.json")));
            QVERIFY(rig.renameJoint(1, name));
            QVERIFY(!saveRigFile(rig, localPath(path), &error));
            QCOMPARE(qt(error), QStringLiteral("cannot save %1: the name of joint 1 is not valid UTF-8").arg(path));
            QVERIFY(!QFile::exists(path));
        }
        Rig rig = load(corpus(QStringLiteral("arm.json")));
        QVERIFY(rig.renameJoint(1, "\xf0\x9f\x98\x80 \xc3\xa9 \xe2\x82\xac"));
        QVERIFY2(saveRigFile(rig, localPath(path), &error), error.c_str());
        QVERIFY(load(path) == rig);
    }

    void tenThousandJoints()
    {
        const std::uint64_t seed = 10000;
        Engine rng(seed);
        const Rig rig = randomRig(rng, 10000);
        QCOMPARE(rig.jointCount(), std::size_t(10000));
        const QByteArray json = qtBytes(serializeRig(rig));
        const Rig back = reparse(json, QStringLiteral("10k"));
        QVERIFY(back == rig);
        QVERIFY(firstBitDifference(rig, back).isEmpty());
        QCOMPARE(qtBytes(serializeRig(back)), json);

        const Rig shuffled = reparse(shuffledJoints(json, rng), QStringLiteral("10k shuffled"));
        QVERIFY(parentsFirst(shuffled));
        const QString diff = sameRigAnyOrder(rig, shuffled);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(diff)));
    }
};

QTEST_GUILESS_MAIN(TestRigFileRoundTrip)
#include "tst_rig_file_roundtrip.moc"
