// Chains hold in the editor as IK constraints do: dragging the humanoid's chest (with follow or
// relax), moving its pelvis or editing a spine angle keeps its hands and feet on their chains'
// targets, each edit one undo step that undoes to the bit; a dragged target is followed without
// refolding the chain; mix 0 lets a chain go; the chain order and the mix are undoable edits and
// saved.
#include "animation_player.h"
#include "document.h"
#include "source_tree.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "limited_chain_json.h"
#include "std_text.h"

#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::localPath;

namespace {

QString humanoid() { return bonework::testing::sourceTree() + "/resources/examples/humanoid.rig.json"; }

// The largest distance of a holding chain's tip from its target.
double worstHoldingError(const Rig& rig)
{
    const auto world = forwardKinematics(rig);
    double worst = 0.0;
    for (const Chain& c : rig.chains())
        if (c.holds())
            worst = std::max(worst, norm(world[static_cast<std::size_t>(c.tip)].position - c.target.point));
    return worst;
}

Vec2 worldOf(const Rig& rig, const char* joint) { return forwardKinematics(rig)[static_cast<std::size_t>(rig.findJoint(joint))].position; }

void openHumanoid(Document& doc)
{
    QVERIFY(doc.files()->open(humanoid()));
    QVERIFY(doc.rig().chains().size() == 4);
    QVERIFY(worstHoldingError(doc.rig()) < 0.01); // the example is saved holding
}

} // namespace

class TestChainsHold : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_chains_hold");
    }

    void draggingTheChestKeepsHandsAndFeetOnTargets_data()
    {
        QTest::addColumn<QString>("solver");
        QTest::addColumn<QPointF>("to");
        // The example stands with its arms and legs almost straight, so the chest goes down and
        // forward: every target stays within reach.
        QTest::newRow("follow") << "follow" << QPointF(606, 385);
        // Relax moves the pelvis only for what bending cannot do: the chest goes down 20 px.
        QTest::newRow("relax") << "relax" << QPointF(606, 330);
    }
    void draggingTheChestKeepsHandsAndFeetOnTargets()
    {
        QFETCH(QString, solver);
        QFETCH(QPointF, to);
        Document doc;
        openHumanoid(doc);
        doc.posing()->setDefaultSolver(solver);
        const Rig start = doc.rig();
        const int steps = doc.undoStack()->count();
        const int chest = doc.findJoint("chest");
        const Vec2 from = worldOf(start, "chest");
        doc.posing()->beginPose(chest);
        for (int i = 1; i <= 20; ++i) { // a mouse drag: warm starts, frame by frame
            const double t = i / 20.0;
            doc.posing()->poseTo(from.x + t * (to.x() - from.x), from.y + t * (to.y() - from.y));
            QVERIFY2(worstHoldingError(doc.rig()) < 0.01, qPrintable(QStringLiteral("frame %1: a tip left its target by %2").arg(i).arg(worstHoldingError(doc.rig()))));
        }
        doc.posing()->endDrag();
        const Vec2 chestNow = worldOf(doc.rig(), "chest");
        QVERIFY2(norm(chestNow - Vec2{to.x(), to.y()}) < norm(from - Vec2{to.x(), to.y()}) / 2,
                 "the chest followed the drag");
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        doc.undo();
        QVERIFY(doc.rig() == start);
        doc.redo();
        QVERIFY(worstHoldingError(doc.rig()) < 0.01);
    }

    // Dragging a chain's target round and round: each frame of the drag is told where the last
    // one left the target, so the chain follows without refolding (no bone turns more than 10
    // degrees from one frame to the next) on a chain that refolds by 104 degrees told nothing
    // (limited_chain_json.h); the whole drag is one undo step.
    void aDraggedTargetIsFollowedWithoutRefolding()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("limited.rig.json");
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bonework::testing::limitedChainJson(20261128, 10));
        out.close();
        Document doc;
        QVERIFY(doc.files()->open(file));
        const int steps = doc.undoStack()->count();
        doc.posing()->beginTargetDrag(0);
        std::vector<double> before(doc.rig().jointCount());
        double worst = 0.0;
        int worstFrame = -1;
        for (int frame = 0; frame < 720; ++frame) {
            for (std::size_t j = 0; j < before.size(); ++j)
                before[j] = doc.rig().angle(static_cast<JointIndex>(j));
            double x = 0.0, y = 0.0;
            bonework::testing::circlingTarget(frame, x, y);
            doc.posing()->poseTo(x, y);
            if (frame < 240)
                continue; // one turn to join the circle
            for (std::size_t j = 1; j < before.size(); ++j) {
                const double turn = std::fabs(std::remainder(doc.rig().angle(static_cast<JointIndex>(j)) - before[j], 360.0));
                if (turn > worst) {
                    worst = turn;
                    worstFrame = frame;
                }
            }
        }
        doc.posing()->endDrag();
        QVERIFY2(worst <= 10.0, qPrintable(QStringLiteral("a bone turned %1 degrees in frame %2").arg(worst).arg(worstFrame)));
        QCOMPARE(doc.undoStack()->count(), steps + 1);
    }

    // Both feet pinned (and their chains off, so the pins alone hold them): dragging the pelvis
    // down crouches the figure, with follow and with relax; feet unmoved, knees bent further.
    void pinnedFeetCrouch_data()
    {
        QTest::addColumn<QString>("solver");
        QTest::newRow("follow") << "follow";
        QTest::newRow("relax") << "relax";
    }
    void pinnedFeetCrouch()
    {
        QFETCH(QString, solver);
        Document doc;
        openHumanoid(doc);
        doc.posing()->setDefaultSolver(solver);
        for (const char* leg : {"leg_l", "leg_r"})
            QVERIFY(doc.setChainMix(doc.rig().findChain(leg), 0.0));
        QVERIFY(doc.setPinned(doc.findJoint("foot_l"), true));
        QVERIFY(doc.setPinned(doc.findJoint("foot_r"), true));
        const Rig start = doc.rig();
        const Vec2 pelvis = worldOf(start, "pelvis");
        doc.posing()->beginPose(doc.findJoint("pelvis"));
        for (int i = 1; i <= 40; ++i)
            doc.posing()->poseTo(pelvis.x, pelvis.y + i);
        doc.posing()->endDrag();
        const Rig& crouched = doc.rig();
        QVERIFY2(worldOf(crouched, "pelvis").y > pelvis.y + 30, qPrintable(QStringLiteral("the pelvis went down to %1").arg(worldOf(crouched, "pelvis").y)));
        for (const char* foot : {"foot_l", "foot_r"})
            QVERIFY2(norm(worldOf(crouched, foot) - worldOf(start, foot)) < 1e-9, foot);
        for (const char* knee : {"foot_l", "foot_r"}) { // a foot's angle is its knee's bend
            const JointIndex j = crouched.findJoint(knee);
            QVERIFY2(std::fabs(crouched.angle(j)) > std::fabs(start.angle(j)) + 10, knee);
            QVERIFY(crouched.angle(j) >= crouched.minAngle(j) && crouched.angle(j) <= crouched.maxAngle(j));
        }
        QVERIFY(worstHoldingError(crouched) < 0.01); // the arms still hold
    }

    // Moving the root by hand and editing a value hold the chains too, each one undo step.
    void rootMovesAndValueEditsHold()
    {
        Document doc;
        openHumanoid(doc);
        const Rig start = doc.rig();
        const int pelvis = doc.findJoint("pelvis");
        doc.posing()->beginMoveRoot(pelvis);
        doc.posing()->moveRootTo(600, 436);
        doc.posing()->moveRootTo(601, 442);
        doc.posing()->endDrag();
        QVERIFY(worstHoldingError(doc.rig()) < 0.01);
        QVERIFY(norm(worldOf(doc.rig(), "pelvis") - Vec2{601, 442}) < 1e-9);
        QCOMPARE(doc.undoStack()->count(), 1);

        QVERIFY(doc.setLength(doc.findJoint("spine"), 52));
        QCOMPARE(doc.rig().length(doc.findJoint("spine")), 52.0);
        QVERIFY(worstHoldingError(doc.rig()) < 0.01);
        QCOMPARE(doc.undoStack()->count(), 2);
        QVERIFY(doc.setRootPosition(pelvis, 598, 445));
        QVERIFY(worstHoldingError(doc.rig()) < 0.01);
        doc.undo();
        doc.undo();
        doc.undo();
        QVERIFY(doc.rig() == start);

        // An angle typed for a joint a chain holds goes back where the chain wants it: the
        // editor says which chain, and how to pose the joint by hand.
        QSignalSpy refused(&doc, &Document::editRefused);
        const int elbow = doc.findJoint("elbow_r");
        const double held = doc.rig().angle(elbow);
        QVERIFY(doc.setAngle(elbow, 30));
        QVERIFY(std::fabs(doc.rig().angle(elbow) - held) < 0.01);
        QCOMPARE(refused.count(), 1);
        const QString message = refused.front().front().toString();
        QVERIFY2(message.startsWith(QStringLiteral("Chain arm_r holds elbow_r on its target")), qPrintable(message));
        // A joint no chain holds takes the angle, and nothing is said.
        QVERIFY(doc.setAngle(doc.findJoint("neck"), 10));
        QCOMPARE(doc.rig().angle(doc.findJoint("neck")), 10.0);
        QCOMPARE(refused.count(), 1);
    }

    // Mix 0 switches a chain off: its tip is carried away while the others hold. Mix and order
    // are undoable and saved.
    void mixAndOrderAreEditsThatAreSaved()
    {
        Document doc;
        openHumanoid(doc);
        const int arm = doc.rig().findChain("arm_l");
        QVERIFY(doc.setChainMix(arm, 0.0));
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(!doc.setChainMix(arm, 1.5)); // refused, no step
        QCOMPARE(doc.undoStack()->count(), 1);
        const Vec2 handBefore = worldOf(doc.rig(), "hand_l");
        doc.posing()->beginMoveRoot(doc.findJoint("pelvis"));
        doc.posing()->moveRootTo(600, 442);
        doc.posing()->endDrag();
        QVERIFY2(norm(worldOf(doc.rig(), "hand_l") - handBefore) > 10, "a chain with mix 0 does not hold");
        QVERIFY(worstHoldingError(doc.rig()) < 0.01); // the three others do

        QVERIFY(doc.moveChain(arm, 3));
        QCOMPARE(doc.rig().chains()[3].name, std::string("arm_l"));
        QCOMPARE(doc.selectedChain() == 3 || doc.selectedChain() == -1, true);
        QCOMPARE(doc.undoStack()->count(), 3);

        QTemporaryDir dir;
        const QString file = dir.filePath("held.rig.json");
        // The humanoid carries art: saved elsewhere, its images are copied beside the file.
        QVERIFY(!doc.files()->saveAs(file));
        QVERIFY(doc.files()->saveCopyingArt(file));
        const auto loaded = io::loadRigFile(localPath(file));
        QVERIFY2(loaded.ok(), loaded.error.toString().c_str());
        QCOMPARE(loaded.rig->chains()[3].name, std::string("arm_l"));
        QCOMPARE(loaded.rig->chains()[3].mix, 0.0);
        QCOMPARE(loaded.rig->chains()[0].mix, 1.0);

        doc.undo(); // the order
        QCOMPARE(doc.rig().chains()[static_cast<std::size_t>(arm)].name, std::string("arm_l"));
    }

    void rotateTurnsOneBoneWhileTheChainsHold()
    {
        Document doc;
        openHumanoid(doc);
        doc.posing()->setDefaultSolver("rotate");
        QCOMPARE(doc.posing()->defaultSolver(), QString("rotate"));
        const Rig before = doc.rig();
        const int steps = doc.undoStack()->count();
        const JointIndex neck = before.findJoint("neck");
        const Vec2 chest = worldOf(before, "chest"); // where the neck's bone starts
        doc.posing()->beginPose(neck);
        doc.posing()->poseTo(chest.x + 8, chest.y - 28); // the neck tips right, within its limits
        doc.posing()->poseTo(chest.x + 12, chest.y - 30);
        doc.posing()->endDrag();
        doc.posing()->setDefaultSolver("follow");
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.undoText(), QString("Rotate neck"));
        QVERIFY(doc.posing()->lastSolve().startsWith("rotate"));
        for (std::size_t j = 0; j < before.jointCount(); ++j) {
            const auto i = static_cast<JointIndex>(j);
            if (i != neck)
                QVERIFY2(doc.rig().angle(i) == before.angle(i), qPrintable(QString::fromStdString(before.jointName(i)) + QString(" %1 -> %2").arg(before.angle(i), 0, 'g', 17).arg(doc.rig().angle(i), 0, 'g', 17)));
        }
        // The neck points at the cursor.
        const Vec2 tip = worldOf(doc.rig(), "neck") - chest;
        const double cross = tip.x * -30.0 - tip.y * 12.0;
        QVERIFY2(std::fabs(cross) < 1e-6 * norm(tip) * std::hypot(12.0, 30.0), qPrintable(QString::number(cross)));
        QVERIFY(worstHoldingError(doc.rig()) < 0.01);
        doc.undo();
        QVERIFY(doc.rig() == before);
    }

    void rotatingABoneAChainHoldsSaysWhichChain()
    {
        Document doc;
        openHumanoid(doc);
        doc.posing()->setDefaultSolver("rotate");
        QSignalSpy said(&doc, &Document::editRefused);
        const Rig before = doc.rig();
        const int steps = doc.undoStack()->count();
        const JointIndex elbow = before.findJoint("elbow_r");
        const Vec2 shoulder = worldOf(before, "clavicle_r");
        doc.posing()->beginPose(elbow);
        doc.posing()->poseTo(shoulder.x + 60, shoulder.y - 20); // the upper arm up and out
        doc.posing()->poseTo(shoulder.x + 60, shoulder.y - 30);
        doc.posing()->endDrag();
        doc.posing()->setDefaultSolver("follow");
        QCOMPARE(said.count(), 1); // once a drag
        const QString text = said.first().first().toString();
        QVERIFY2(text.contains("arm_r") && text.contains("elbow_r"), qPrintable(text));
        QVERIFY(worstHoldingError(doc.rig()) < 0.01);
        QCOMPARE(doc.undoStack()->count(), steps); // the chain turned it back: no step
        for (std::size_t j = 0; j < before.jointCount(); ++j)
            QCOMPARE(doc.rig().angle(JointIndex(j)), before.angle(JointIndex(j)));
    }

    void rotatingOneBoneInAClipKeysOnlyThatBone()
    {
        // In a clip, chains holding must not key the joints they only re-solve in place.
        Document doc;
        openHumanoid(doc);
        AnimationPlayer& player = *doc.animation();
        player.setAutoKey(true);
        player.setCurrent(doc.newAnimation());
        doc.posing()->setDefaultSolver("rotate");
        const Vec2 chest = worldOf(doc.rig(), "chest");
        doc.posing()->beginPose(doc.rig().findJoint("neck"));
        doc.posing()->poseTo(chest.x - 10, chest.y - 28);
        doc.posing()->endDrag();
        doc.posing()->setDefaultSolver("follow");
        const animation::Clip& clip = doc.rig().animations().back();
        QCOMPARE(clip.joints.size(), std::size_t(1));
        QCOMPARE(clip.joints[0].joint, std::string("neck"));
        QVERIFY(clip.chains.empty());

        // The chest carries the shoulders: the arms' chains re-solve, visibly, and still only
        // the chest is keyed (the chains hold again wherever the clip is sampled), as Spine's
        // Rotate tool keys the one bone.
        doc.posing()->setDefaultSolver("rotate");
        const Vec2 spine = worldOf(doc.rig(), "spine");
        const Rig before = doc.rig();
        doc.posing()->beginPose(doc.rig().findJoint("chest"));
        doc.posing()->poseTo(spine.x + 15, spine.y - 58);
        doc.posing()->endDrag();
        doc.posing()->setDefaultSolver("follow");
        QVERIFY(doc.rig().angle(doc.rig().findJoint("elbow_l")) != before.angle(before.findJoint("elbow_l"))); // the arm moved
        const animation::Clip& keyed = doc.rig().animations().back();
        QCOMPARE(keyed.joints.size(), std::size_t(2)); // the neck's from before, and the chest
        QVERIFY(std::any_of(keyed.joints.begin(), keyed.joints.end(), [](const auto& t) { return t.joint == "chest"; }));
    }
};

QTEST_MAIN(TestChainsHold)
#include "tst_chains_hold.moc"
