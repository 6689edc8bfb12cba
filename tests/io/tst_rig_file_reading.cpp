// Reading valid files: the examples read as documented (slots too), defaults apply, a forest
// with an attached target, joints in any order (children before parents, shuffled) and a byte
// order mark; image keys, and the files they name checked as the slots' own images are.
#include "joint_order.h"
#include "rig_file_samples.h"

#include "random_slots.h"

#include "bonework/io/rig_file.h"
#include "bonework/io/slot_images.h"
#include "std_text.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework;
using namespace bonework::io;
using namespace bonework::testing;

class TestRigFileReading : public QObject {
    Q_OBJECT

private slots:
    // The example from the format's documentation, field by field.
    void exampleReadsAsDocumented()
    {
        const Rig rig = load(corpus(QStringLiteral("arm.json")));
        QCOMPARE(rig.name(), std::string("arm"));
        QCOMPARE(loadRigFile(localPath(corpus(QStringLiteral("arm.json")))).editor.nodeShape, NodeShape::Bone);
        QCOMPARE(rig.jointCount(), std::size_t(3));
        QCOMPARE(rig.jointName(0), std::string("shoulder"));
        QVERIFY(rig.isRoot(0));
        QCOMPARE(rig.rootPosition(0), (Vec2{400, 300}));
        QCOMPARE(rig.angle(0), 0.0);
        QCOMPARE(rig.jointName(1), std::string("elbow"));
        QCOMPARE(rig.parent(1), 0);
        QCOMPARE(rig.length(1), 120.0);
        QCOMPARE(rig.angle(1), 20.0);
        QCOMPARE(rig.minAngle(1), -170.0);
        QCOMPARE(rig.maxAngle(1), 170.0);
        QCOMPARE(rig.parent(2), 1);
        QCOMPARE(rig.length(2), 100.0);
        QCOMPARE(rig.angle(2), 30.0);
        QCOMPARE(rig.minAngle(2), 0.0);
        QCOMPARE(rig.maxAngle(2), 150.0);
        QVERIFY(!rig.isPinned(2));
        QCOMPARE(rig.chains().size(), std::size_t(1));
        const Chain& c = rig.chains()[0];
        QCOMPARE(c.name, std::string("arm"));
        QCOMPARE(c.root, 0);
        QCOMPARE(c.tip, 2);
        QCOMPARE(c.solver, SolverKind::TwoBone);
        QCOMPARE(c.bend, BendDirection::Positive);
        QCOMPARE(c.iterations, 10);
        QCOMPARE(c.tolerance, 0.01);
        QVERIFY(!c.target.isAttached());
        QCOMPARE(c.target.point, (Vec2{520, 380}));
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
    }

    // The version 2 example: slots in file order (the draw order), each field as given, the
    // documented defaults for the ones left out, joints resolved by name.
    void slotsReadAsDocumented()
    {
        const Rig rig = load(corpus(QStringLiteral("arm_slots.json")));
        QVERIFY(rig == [] {
            Rig withoutSlots = load(corpus(QStringLiteral("arm.json")));
            withoutSlots.restoreSlots(load(corpus(QStringLiteral("arm_slots.json"))).slotList());
            return withoutSlots;
        }());
        QCOMPARE(rig.slotList().size(), std::size_t(3));
        const Slot& upper = rig.slotList()[0];
        QCOMPARE(upper.name, std::string("upper_arm"));
        QCOMPARE(upper.joint, rig.findJoint("elbow"));
        QCOMPARE(upper.image, std::string("art/upper_arm.png"));
        QCOMPARE(upper.x, 60.0);
        const Slot& fore = rig.slotList()[1];
        QCOMPARE(fore.joint, rig.findJoint("hand"));
        QCOMPARE(fore.image, std::string("art/forearm.jpg"));
        QCOMPARE(fore.x, 50.0);
        QCOMPARE(fore.y, 2.5);
        QCOMPARE(fore.rotation, -5.0);
        QCOMPARE(fore.scaleX, 0.8);
        QCOMPARE(fore.scaleY, 1.2);
        QCOMPARE(fore.pivotX, 0.5);
        QCOMPARE(fore.pivotY, 0.4);
        QCOMPARE(fore.opacity, 0.75);
        QVERIFY(fore.visible);
        Slot defaults; // everything but name, bone and image left out of the file
        defaults.name = "badge";
        defaults.joint = rig.findJoint("shoulder");
        defaults.image = "../shared/badge.png";
        QVERIFY(rig.slotList()[2] == defaults);
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
    }

    void defaultsApply()
    {
        const Rig rig = load(corpus(QStringLiteral("minimal.json")));
        QCOMPARE(rig.name(), std::string());
        QCOMPARE(loadRigFile(localPath(corpus(QStringLiteral("minimal.json")))).editor.nodeShape, NodeShape::Bone);
        QCOMPARE(rig.rootPosition(0), (Vec2{0, 0}));
        QCOMPARE(rig.angle(0), 0.0);
        QVERIFY(!rig.isPinned(0));
        QCOMPARE(rig.angle(1), 0.0);
        QCOMPARE(rig.minAngle(1), -180.0);
        QCOMPARE(rig.maxAngle(1), 180.0);
        QVERIFY(!rig.isPinned(1));
        QVERIFY(rig.chains().empty());

        // Chain defaults: bend positive, 10 iterations, tolerance 0.01.
        const Rig forest = load(corpus(QStringLiteral("forest.json")));
        const Chain& hold = forest.chains()[1];
        QCOMPARE(hold.bend, BendDirection::Positive);
        QCOMPARE(hold.iterations, 10);
        QCOMPARE(hold.tolerance, 0.01);
    }

    void forestWithAttachedTarget()
    {
        const Rig rig = load(corpus(QStringLiteral("forest.json")));
        QCOMPARE(rig.name(), std::string("two figures"));
        QCOMPARE(loadRigFile(localPath(corpus(QStringLiteral("forest.json")))).editor.nodeShape, NodeShape::Ball);
        QCOMPARE(nodeShapeFromName("ball"), std::optional<NodeShape>(NodeShape::Ball));
        QVERIFY(!nodeShapeFromName("Ball"));
        QCOMPARE(rig.rootCount(), std::size_t(2));
        QVERIFY(rig.isPinned(rig.findJoint("a")));
        QVERIFY(rig.isPinned(rig.findJoint("d")));
        QCOMPARE(rig.angle(rig.findJoint("a")), -90.0);
        const Chain& leg = rig.chains()[0];
        QCOMPARE(leg.solver, SolverKind::Fabrik);
        QCOMPARE(leg.bend, BendDirection::Negative);
        QCOMPARE(leg.iterations, 50);
        QCOMPARE(leg.tolerance, 0.0);
        QVERIFY(leg.target.isAttached());
        QCOMPARE(leg.target.joint, rig.findJoint("q"));
        const Chain& hold = rig.chains()[1];
        QCOMPARE(hold.root, hold.tip);
        QCOMPARE(hold.solver, SolverKind::Follow);
    }

    // Children listed before their parents give the same rig as the ordered file.
    void jointsInAnyOrder()
    {
        const Rig ordered = load(corpus(QStringLiteral("arm.json")));
        const Rig reversed = load(corpus(QStringLiteral("unordered.json")));
        QVERIFY(ordered == reversed);

        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            Engine rng(seed);
            Rig rig = randomRig(rng, 60);
            if (seed % 2 == 0) // slots name joints too, whatever their order
                addRandomSlots(rng, rig, 20);
            const QByteArray shuffled = shuffledJoints(qtBytes(serializeRig(rig)), rng);
            const Rig loaded = reparse(shuffled, QStringLiteral("shuffled"));
            QVERIFY2(parentsFirst(loaded), qPrintable(QStringLiteral("seed %1").arg(seed)));
            const QString diff = sameRigAnyOrder(rig, loaded);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(diff)));
            QCOMPARE(QString::fromStdString(loaded.checkInvariants()), QString());
        }
    }

    // Editors on Windows like to start UTF-8 files with a byte order mark; it is not an error.
    void byteOrderMarkIsAccepted()
    {
        QFile f(corpus(QStringLiteral("arm.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Rig withBom = reparse("\xef\xbb\xbf" + f.readAll(), QStringLiteral("bom.json"));
        QVERIFY(withBom == load(corpus(QStringLiteral("arm.json"))));
    }

    // A file that is already parents-first keeps its order exactly (siblings included).
    void orderedFilesKeepTheirOrder()
    {
        const QByteArray json = R"({"format":"bonework.rig","version":1,"joints":[
            {"name":"r"},{"name":"z","parent":"r","length":1},{"name":"a","parent":"r","length":1},
            {"name":"r2"},{"name":"m","parent":"z","length":1},{"name":"b","parent":"r2","length":1}]})";
        const Rig rig = reparse(json, QStringLiteral("ordered"));
        const char* names[] = {"r", "z", "a", "r2", "m", "b"};
        for (int i = 0; i < 6; ++i)
            QCOMPARE(rig.jointName(i), std::string(names[i]));
    }

    // Image keys read as written (every key's path kept as text, "." and ".." included), and
    // the images they name are checked like the slots' own (io::checkSlotImages): each file
    // looked at relative to the rig's folder, a problem per key naming a missing one, with the
    // loader's JSON path (a slot name that is no identifier quoted) and the clip's index.
    void imageKeysReadAndTheirFilesAreChecked()
    {
        const QByteArray json = R"({"format":"bonework.rig","version":2,"joints":[{"name":"r"},{"name":"b","parent":"r","length":10}],
            "slots":[{"name":"hand l","bone":"b","image":"art/hand.png"},{"name":"face","bone":"r","image":"art/face.png"}],
            "animations":[{"name":"idle","duration":1},
                          {"name":"grab","duration":2,"slots":{
                               "hand l":{"image":[{"time":0,"value":"art/hand.png"},{"time":0.5,"value":"./art/fist.png"},
                                                     {"time":1,"value":"../gone.png"}]},
                               "face":{"visible":[{"time":0,"value":true}],"image":[{"time":1.5,"value":"art/hand.png"}]}}}]})";
        const Rig rig = reparse(json, QStringLiteral("image keys"));
        const animation::Clip& grab = rig.animations().at(1);
        QCOMPARE(grab.slotTracks.size(), std::size_t(2));
        QCOMPARE(grab.slotTracks[0].slot, std::string("face")); // the reader's order: by name
        QVERIFY(grab.slotTracks[0].image == (std::vector<animation::ImageKey>{{1.5, "art/hand.png"}}));
        QVERIFY(grab.slotTracks[1].image
                == (std::vector<animation::ImageKey>{{0, "art/hand.png"}, {0.5, "./art/fist.png"}, {1, "../gone.png"}}));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("rigs/art")));
        const auto writePng = [&](const QString& name) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("\x89PNG\r\n\x1a\n", 8));
        };
        writePng(QStringLiteral("rigs/art/hand.png"));
        writePng(QStringLiteral("rigs/art/face.png"));
        const std::string rigPath = localPath(dir.filePath(QStringLiteral("rigs/r.rig.json")));
        std::vector<ImageProblem> problems = checkSlotImages(rig, rigPath);
        QCOMPARE(problems.size(), std::size_t(2));
        QCOMPARE(qt(problems[0].jsonPath), QStringLiteral("animations[1].slots[\"hand l\"].image[1].value"));
        QCOMPARE(qt(problems[0].message), QStringLiteral("cannot use the image \"./art/fist.png\": it does not exist"));
        QCOMPARE(problems[0].slot, 0);
        QCOMPARE(problems[0].animation, 1);
        QCOMPARE(qt(problems[1].jsonPath), QStringLiteral("animations[1].slots[\"hand l\"].image[2].value"));
        QCOMPARE(qt(problems[1].message), QStringLiteral("cannot use the image \"../gone.png\": it does not exist"));

        // With the files there, nothing; the face's own image missing is named first, as a slot's.
        writePng(QStringLiteral("rigs/art/fist.png"));
        writePng(QStringLiteral("gone.png"));
        QVERIFY(checkSlotImages(rig, rigPath).empty());
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("rigs/art/face.png"))));
        problems = checkSlotImages(rig, rigPath);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(qt(problems[0].jsonPath), QStringLiteral("slots[1].image"));
        QCOMPARE(problems[0].slot, 1);
        QCOMPARE(problems[0].animation, -1);
    }
};

QTEST_GUILESS_MAIN(TestRigFileReading)
#include "tst_rig_file_reading.moc"
