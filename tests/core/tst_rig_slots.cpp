// Slots in the rig model: adding, changing, reordering and removing them with every rule checked
// (a refusal changes nothing); removing a joint takes its slots and remaps the others;
// reparenting keeps every image where it is on screen, on seeded random rigs; and where
// slot_placement.h puts an image, worked out by hand.
#include "rig_test_support.h"

#include "bonework/slot_placement.h"
#include "random_slots.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace bonework;
using namespace bonework::testing;

namespace {

constexpr std::uint64_t kSeed = 0x510751; // a failing case replays from this seed and its trial

Slot slotOn(const std::string& name, JointIndex joint, const std::string& image = "art/a.png")
{
    Slot s;
    s.name = name;
    s.joint = joint;
    s.image = image;
    return s;
}

std::vector<std::string> slotNames(const Rig& rig)
{
    std::vector<std::string> names;
    for (const Slot& s : rig.slotList())
        names.push_back(s.name);
    return names;
}

// How far apart two placements are: the pivots' distance, plus the angle between the
// rotations (radians).
double placementDistance(const SlotPlacement& a, const SlotPlacement& b)
{
    const double turn = std::atan2(cross(a.rotation.direction(), b.rotation.direction()),
                                   dot(a.rotation.direction(), b.rotation.direction()));
    return distance(a.pivot, b.pivot) + std::fabs(turn);
}

} // namespace

class TestRigSlots : public QObject {
    Q_OBJECT
private slots:
    void addFindAndDrawOrder()
    {
        Rig rig = arm();
        QVERIFY(rig.slotList().empty());
        QVERIFY(rig.addSlot(slotOn("upper", 1)));
        QVERIFY(rig.addSlot(slotOn("fore", 2)));
        QVERIFY(rig.addSlot(slotOn("back", 0), 0)); // at the back
        QVERIFY(rig.addSlot(slotOn("middle", 3), 2));
        QCOMPARE(slotNames(rig), (std::vector<std::string>{"back", "upper", "middle", "fore"}));
        QCOMPARE(rig.findSlot("middle"), 2);
        QCOMPARE(rig.findSlot("nobody"), -1);
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
        // A slot may share its name with a joint or a chain: slot names are their own.
        QVERIFY(rig.addSlot(slotOn("elbow", 1)));
        QVERIFY(rig.addSlot(slotOn("arm", 1)));
    }

    void defaultsAreTheDocumentedOnes()
    {
        const Slot s;
        QCOMPARE(s.x, 0.0);
        QCOMPARE(s.y, 0.0);
        QCOMPARE(s.rotation, 0.0);
        QCOMPARE(s.scaleX, 1.0);
        QCOMPARE(s.scaleY, 1.0);
        QCOMPARE(s.pivotX, 0.5);
        QCOMPARE(s.pivotY, 0.5);
        QCOMPARE(s.opacity, 1.0);
        QVERIFY(s.visible);
    }

    void refusals_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("words");
        const char* cases[][2] = {
            {"empty name", "needs a name"},
            {"duplicate name", "already a slot named \"upper\""},
            {"no joint", "joint does not exist"},
            {"joint past the end", "joint does not exist"},
            {"empty image", "the image path must not be empty"},
            {"absolute image", "the image path must be relative to the rig file's folder, not absolute"},
            {"drive letter", "not absolute"},
            {"backslash", "must separate folders with \"/\""},
            {"empty folder", "empty folder name"},
            {"folder at the end", "empty folder name"},
            {"control character", "control characters"},
            {"x not finite", "must be finite"},
            {"rotation not finite", "must be finite"},
            {"pivot not finite", "must be finite"},
            {"scale zero", "scale must be finite and not 0"},
            {"scale negative zero", "scale must be finite and not 0"},
            {"scale infinite", "scale must be finite and not 0"},
            {"scale NaN", "scale must be finite and not 0"},
            {"opacity above 1", "opacity must be between 0 and 1"},
            {"opacity below 0", "opacity must be between 0 and 1"},
            {"opacity NaN", "opacity must be between 0 and 1"},
            // So that the image's corners stay far inside the doubles (rig.h).
            {"x beyond reach", "the image's x and y must lie within [-1e300, 1e300]"},
            {"y beyond reach", "the image's x and y must lie within [-1e300, 1e300]"},
            {"scale too large", "the image's scale must lie within [-1e150, 1e150]"},
            {"pivot too far", "the image's pivot must lie within [-1e140, 1e140]"},
            {"mirrored scale too large", "the image's scale must lie within [-1e150, 1e150]"},
        };
        int i = 0;
        for (const auto& c : cases)
            QTest::newRow(c[0]) << i++ << QString::fromLatin1(c[1]);
    }

    // Each rule refuses, through addSlot and setSlot alike, and leaves the rig unchanged.
    void refusals()
    {
        QFETCH(int, field);
        QFETCH(QString, words);
        Rig rig = arm();
        QVERIFY(rig.addSlot(slotOn("upper", 1)));
        QVERIFY(rig.addSlot(slotOn("fore", 2)));
        Slot s = slotOn("new", 2);
        switch (field) {
        case 0: s.name.clear(); break;
        case 1: s.name = "upper"; break;
        case 2: s.joint = kNoJoint; break;
        case 3: s.joint = 4; break;
        case 4: s.image.clear(); break;
        case 5: s.image = "/home/me/a.png"; break;
        case 6: s.image = "c:art/a.png"; break;
        case 7: s.image = "art\\a.png"; break;
        case 8: s.image = "art//a.png"; break;
        case 9: s.image = "art/"; break;
        case 10: s.image = "art/a\n.png"; break;
        case 11: s.x = INFINITY; break;
        case 12: s.rotation = NAN; break;
        case 13: s.pivotY = -INFINITY; break;
        case 14: s.scaleX = 0; break;
        case 15: s.scaleY = -0.0; break;
        case 16: s.scaleY = INFINITY; break;
        case 17: s.scaleX = NAN; break;
        case 18: s.opacity = 1.0000001; break;
        case 19: s.opacity = -0.1; break;
        case 20: s.opacity = NAN; break;
        case 21: s.x = std::nextafter(kMostSlotOffset, INFINITY); break;
        case 22: s.y = -1.7e308; break;
        case 23: s.scaleY = 1e151; break;
        case 24: s.pivotX = -2e140; break;
        case 25: s.scaleX = -1e151; break;
        }
        const QByteArray w = words.toUtf8();
        verifyRefused(rig, [&](Rig& r) { return r.addSlot(s); }, w.constData());
        if (field != 1) // setSlot on "fore" replacing it: only a name clash with another slot refuses
            verifyRefused(rig, [&](Rig& r) { return r.setSlot(1, s); }, w.constData());
        else
            verifyRefused(rig, [&](Rig& r) { return r.setSlot(1, s); }, "already a slot named");
    }

    // The bounds themselves are a slot's to take.
    void boundsAreInclusive()
    {
        Rig rig = arm();
        Slot s = slotOn("far", 2);
        s.x = -kMostSlotOffset;
        s.y = kMostSlotOffset;
        s.scaleX = s.scaleY = kMostSlotScale;
        s.pivotX = kMostSlotPivot;
        s.pivotY = -kMostSlotPivot;
        QVERIFY(rig.addSlot(s));
        QVERIFY(rig.checkInvariants().empty());
        // Every corner of the image, even one as large as an image can be, is finite, and so is
        // the distance between any two.
        const SlotPlacement p = slotPlacement(rig, forwardKinematics(rig), rig.slotList()[0]);
        const double side = 2147483647.0;
        std::vector<Vec2> corners;
        for (const Vec2 c : {Vec2{0, 0}, Vec2{side, 0}, Vec2{0, side}, Vec2{side, side}})
            corners.push_back(imagePointOnScreen(p, side, side, c));
        for (const Vec2 a : corners)
            for (const Vec2 b : corners)
                QVERIFY(std::isfinite(a.x - b.x) && std::isfinite(a.y - b.y) && std::isfinite(a.x) && std::isfinite(a.y));
    }

    // A negative scale mirrors the image about its pivot, along the image's own axis: the point
    // (u, v) lands where the unmirrored image puts (2 px - u, v) for scaleX = -1 (px the pivot's
    // column), and the scale's bounds hold for either sign.
    void negativeScaleMirrorsAboutThePivot()
    {
        Rig rig = arm();
        Slot plain = slotOn("plain", 2);
        plain.x = 30;
        plain.y = -4;
        plain.rotation = 33;
        plain.pivotX = 0.2;
        plain.pivotY = 0.9;
        plain.scaleX = 1.5;
        plain.scaleY = 0.5;
        Slot mirrored = plain;
        mirrored.name = "mirrored";
        mirrored.scaleX = -1.5;
        QVERIFY(rig.addSlot(plain));
        QVERIFY(rig.addSlot(mirrored));
        Slot upsideDown = plain;
        upsideDown.name = "upside down";
        upsideDown.scaleY = -0.5;
        QVERIFY(rig.addSlot(upsideDown));
        const auto world = forwardKinematics(rig);
        const SlotPlacement a = slotPlacement(rig, world, rig.slotList()[0]);
        const SlotPlacement b = slotPlacement(rig, world, rig.slotList()[1]);
        const SlotPlacement c = slotPlacement(rig, world, rig.slotList()[2]);
        const double w = 40, h = 10;
        for (const Vec2 p : {Vec2{0, 0}, Vec2{40, 0}, Vec2{13, 7}, Vec2{8, 9}}) {
            const Vec2 m = imagePointOnScreen(b, w, h, p);
            const Vec2 e = imagePointOnScreen(a, w, h, {2 * plain.pivotX * w - p.x, p.y});
            QVERIFY2(std::hypot(m.x - e.x, m.y - e.y) < 1e-9, qPrintable(QString("(%1, %2)").arg(p.x).arg(p.y)));
            const Vec2 f = imagePointOnScreen(c, w, h, p);
            const Vec2 g = imagePointOnScreen(a, w, h, {p.x, 2 * plain.pivotY * h - p.y});
            QVERIFY2(std::hypot(f.x - g.x, f.y - g.y) < 1e-9, qPrintable(QString("(%1, %2)").arg(p.x).arg(p.y)));
        }
        // The pivot stays where it was.
        QCOMPARE(imagePointOnScreen(b, w, h, {plain.pivotX * w, plain.pivotY * h}).x,
                 imagePointOnScreen(a, w, h, {plain.pivotX * w, plain.pivotY * h}).x);

        Slot far = slotOn("far", 2);
        far.scaleX = -kMostSlotScale;
        far.scaleY = -kMostSlotScale;
        QVERIFY(rig.addSlot(far));
        QVERIFY(rig.checkInvariants().empty());
    }

    // Reparenting keeps a joint's images where they are on screen: not when that would put one
    // farther from its new bone than a slot may lie.
    void reparentRefusesToTakeAnImageBeyondReach()
    {
        // The image lies 1e300 along both axes of a bone at 45 degrees: 1.4e300 straight down.
        Rig rig;
        QVERIFY(rig.addJoint(root("root")));
        QVERIFY(rig.addJoint(bone("arm", 0, 10, 45)));
        QVERIFY(rig.addJoint(bone("post", 0, 10, 90)));
        Slot s = slotOn("banner", 1);
        s.x = s.y = kMostSlotOffset;
        QVERIFY(rig.addSlot(s));
        // Under the post, the arm's bone points 22.5 degrees up: the image would lie 1.3e300
        // along its frame's y axis.
        verifyRefused(rig, [](Rig& r) { return r.reparentJoint(1, 2); },
                      "reparenting would take the slot \"banner\" too far from its bone: the image's x and y must lie within");
        QVERIFY(rig.checkInvariants().empty());
    }

    void editsOfTheList()
    {
        Rig rig = arm();
        for (const char* name : {"a", "b", "c", "d"})
            QVERIFY(rig.addSlot(slotOn(name, 1)));
        verifyRefused(rig, [](Rig& r) { return r.addSlot(slotOn("e", 1), 5); }, "no such place");
        verifyRefused(rig, [](Rig& r) { return r.addSlot(slotOn("e", 1), -2); }, "no such place");
        verifyRefused(rig, [](Rig& r) { return r.removeSlot(4); }, "no such slot");
        verifyRefused(rig, [](Rig& r) { return r.setSlot(-1, slotOn("e", 1)); }, "no such slot");
        verifyRefused(rig, [](Rig& r) { return r.moveSlot(0, 4); }, "no such slot");

        // Moving rotates the ones between, in both directions.
        QVERIFY(rig.moveSlot(0, 2));
        QCOMPARE(slotNames(rig), (std::vector<std::string>{"b", "c", "a", "d"}));
        QVERIFY(rig.moveSlot(3, 0));
        QCOMPARE(slotNames(rig), (std::vector<std::string>{"d", "b", "c", "a"}));
        QVERIFY(rig.moveSlot(1, 1));
        QCOMPARE(slotNames(rig), (std::vector<std::string>{"d", "b", "c", "a"}));

        // setSlot may keep its own name, and change everything else.
        Slot changed = rig.slotList()[2];
        changed.joint = 3;
        changed.image = "../shared/c.jpg";
        changed.x = -4;
        changed.scaleY = 0.25;
        changed.opacity = 0;
        changed.visible = false;
        QVERIFY(rig.setSlot(2, changed));
        QVERIFY(rig.slotList()[2] == changed);

        QVERIFY(rig.removeSlot(1));
        QCOMPARE(slotNames(rig), (std::vector<std::string>{"d", "c", "a"}));
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
    }

    void equalityAndInvariantsSeeSlots()
    {
        Rig a = arm();
        Rig b = arm();
        QVERIFY(a.addSlot(slotOn("s", 1)));
        QVERIFY(!(a == b));
        QVERIFY(b.addSlot(slotOn("s", 1)));
        QVERIFY(a == b);
        Slot moved = a.slotList()[0];
        moved.pivotX = 0.25;
        QVERIFY(a.setSlot(0, moved));
        QVERIFY(!(a == b));

        // restoreSlots is unchecked (undo): the invariants catch a slot that breaks a rule.
        std::vector<Slot> broken = a.slotList();
        broken[0].scaleX = 0;
        a.restoreSlots(broken);
        QCOMPARE(QString::fromStdString(a.checkInvariants()), QStringLiteral("slot \"s\": the image's scale must be finite and not 0"));
    }

    void removeJointTakesItsSlotsAndRemapsTheRest()
    {
        Rig rig = arm();
        QVERIFY(rig.addSlot(slotOn("prop", 3)));
        QVERIFY(rig.addSlot(slotOn("hand", 2)));
        QVERIFY(rig.addSlot(slotOn("shoulder", 0)));
        QVERIFY(rig.addSlot(slotOn("elbow", 1)));
        QVERIFY(rig.removeJoint(1)); // elbow and hand
        QCOMPARE(slotNames(rig), (std::vector<std::string>{"prop", "shoulder"}));
        QCOMPARE(rig.slotList()[0].joint, rig.findJoint("prop"));
        QCOMPARE(rig.slotList()[1].joint, rig.findJoint("shoulder"));
        QCOMPARE(QString::fromStdString(rig.checkInvariants()), QString());
    }

    // The bone frame, by hand: a root at (100, 50) turned 90 degrees (x axis pointing down the
    // screen), a bone 40 long straight on from it.
    void placementByHand()
    {
        Rig rig;
        QVERIFY(rig.addJoint(root("r", {100, 50}, 90)));
        QVERIFY(rig.addJoint(bone("b", 0, 40, 0)));
        const std::vector<WorldTransform> world = forwardKinematics(rig);

        Slot onRoot = slotOn("root art", 0);
        onRoot.x = 10;
        onRoot.y = 2;
        const SlotPlacement r = slotPlacement(rig, world, onRoot);
        QVERIFY(distance(r.pivot, {98, 60}) < 1e-12); // x along the rotation (down), y to its right (left on screen)
        QVERIFY(std::fabs(r.rotation.degrees() - 90) < 1e-12);

        // The bone's frame starts at its parent joint, not at the joint: x = 0 is the root.
        Slot onBone = slotOn("bone art", 1);
        onBone.x = 20;
        onBone.rotation = -90;
        onBone.scaleX = 2;
        const SlotPlacement b = slotPlacement(rig, world, onBone);
        QVERIFY(distance(b.pivot, {100, 70}) < 1e-12);
        QVERIFY(std::fabs(b.rotation.degrees()) < 1e-12);
        QCOMPARE(b.scaleX, 2.0);
        QVERIFY(distance(slotFrameOf(rig, 1).position, slotFrame(rig, world, 1).position) < 1e-12);

        // An image 30 x 10 with its pivot at the centre: its top-left corner is 15 * 2 to the
        // left of the pivot and 5 above it (the image is upright: rotation 90 - 90).
        QVERIFY(distance(imagePointOnScreen(b, 30, 10, {0, 0}), {70, 65}) < 1e-12);
        QVERIFY(distance(imagePointOnScreen(b, 30, 10, {15, 5}), b.pivot) < 1e-12);
        QVERIFY(distance(imagePointOnScreen(b, 30, 10, {30, 10}), {130, 75}) < 1e-12);
    }

    // slotAt undoes placeSlot in any frame (to rounding), keeping scale and pivot.
    void slotAtInvertsPlaceSlot()
    {
        Engine rng(kSeed);
        for (int trial = 0; trial < 5000; ++trial) {
            const Slot s = randomSlot(rng, "s", 0);
            const WorldTransform from{{uniform(rng, -1e3, 1e3), uniform(rng, -1e3, 1e3)},
                                      Rotation::fromDegrees(uniform(rng, -180, 180))};
            const WorldTransform to{{uniform(rng, -1e3, 1e3), uniform(rng, -1e3, 1e3)},
                                    Rotation::fromDegrees(uniform(rng, -180, 180))};
            const SlotPlacement p = placeSlot(s, from);
            const Slot moved = slotAt(s, p, to);
            const SlotPlacement q = placeSlot(moved, to);
            QVERIFY2(placementDistance(p, q) < 1e-9, qPrintable(QString("seed %1 trial %2").arg(kSeed).arg(trial)));
            QVERIFY(moved.rotation > -180 && moved.rotation <= 180);
            QCOMPARE(moved.scaleX, s.scaleX);
            QCOMPARE(moved.pivotY, s.pivotY);
            QCOMPARE(moved.image, s.image);
        }
    }

    // Reparenting any joint anywhere (to a root or under another joint) leaves every slot's
    // image where it was on screen, scale and all, and the rig valid.
    void reparentKeepsImagesInPlace()
    {
        Engine rng(kSeed + 1);
        int reparented = 0, moved = 0;
        for (int trial = 0; trial < 2000; ++trial) {
            RigOptions options;
            options.limits = true;
            Rig rig = randomTree(rng, uniformInt(rng, 2, 30), options);
            rig.addJoint(randomRoot(rng, "second_root"));
            addRandomSlots(rng, rig, uniformInt(rng, 1, 12));
            const int n = static_cast<int>(rig.jointCount());
            const auto j = static_cast<JointIndex>(uniformInt(rng, 0, n - 1));
            const JointIndex newParent = uniformInt(rng, -1, n - 1);
            const std::vector<WorldTransform> before = forwardKinematics(rig);
            Rig edited = rig;
            if (!edited.reparentJoint(j, newParent))
                continue;
            ++reparented;
            const QString context = QString("seed %1 trial %2").arg(kSeed + 1).arg(trial);
            QVERIFY2(edited.checkInvariants().empty(), qPrintable(context + ": " + QString::fromStdString(edited.checkInvariants())));
            const std::vector<WorldTransform> after = forwardKinematics(edited);
            QCOMPARE(edited.slotList().size(), rig.slotList().size());
            for (std::size_t k = 0; k < rig.slotList().size(); ++k) {
                const Slot& was = rig.slotList()[k];
                const Slot& now = edited.slotList()[k];
                QCOMPARE(now.name, was.name); // the draw order stays
                QCOMPARE(edited.jointName(now.joint), rig.jointName(was.joint));
                const double off = placementDistance(slotPlacement(rig, before, was), slotPlacement(edited, after, now));
                QVERIFY2(off < 1e-9, qPrintable(context + QString(": slot %1 moved by %2").arg(k).arg(off)));
                QCOMPARE(now.scaleX, was.scaleX);
                QCOMPARE(now.scaleY, was.scaleY);
                moved += was.joint == j && !(now == was);
            }
        }
        QVERIFY2(reparented > 1000, "most reparents should apply, or the test proves little");
        QVERIFY2(moved > 100, "the moved joints' own slots should often need new places");
    }
};

QTEST_APPLESS_MAIN(TestRigSlots)
#include "tst_rig_slots.moc"
