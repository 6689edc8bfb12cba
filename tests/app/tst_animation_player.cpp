// Animate mode (animation_player.h): opening a clip shows its sampled pose (keys interpolated,
// chains holding) snapped to whole frames; playing advances and loops or stops at the end; a
// drag poses the frame and becomes keys at the playhead with Auto-Key (one undo step, undone
// and redone to the bit) or waits for K without it; undo and redo work on the setup pose while
// the clip stays open; Save writes the setup pose, not the frame on show; the onion skin
// samples the frames around the playhead; closing the clip puts the rig's own pose back.
#include "animation_player.h"
#include "document.h"
#include "editor_examples.h"
#include "file_service.h"
#include "play_controller.h"
#include "pose_controller.h"

#include "bonework/angles.h"
#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "std_text.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::exampleIndex;
using bonework::testing::localPath;

namespace {

// The pose the sampler gives the rig at `t`.
Rig sampled(const Rig& setup, int clip, double t)
{
    animation::ClipSampler sampler;
    sampler.bind(setup, setup.animations()[static_cast<std::size_t>(clip)]);
    Rig pose = setup;
    sampler.sample(t, pose);
    return pose;
}

Vec2 world(const Rig& rig, const char* joint) { return worldTransformOf(rig, rig.findJoint(joint)).position; }

// A free three-bone arm from a root at (300, 300), no chains: drags pose it exactly.
void buildArm(Document& doc)
{
    doc.files()->newRig();
    const int root = doc.addRoot(300, 300);
    const int a = doc.addBone(root, 400, 300);
    const int b = doc.addBone(a, 480, 300);
    doc.addBone(b, 540, 300);
    doc.undoStack()->clear(); // building is not what these tests undo
}

} // namespace

class TestAnimationPlayer : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // Auto-Key and the onion skin are QSettings
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_animation_player");
    }

    void openingAClipShowsItsSampledPoseAndSetupPoseTheRigsOwn()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig before = doc.rig();
        AnimationPlayer& player = *doc.animation();
        QVERIFY(player.animations().contains("walk"));
        QSignalSpy state(&player, &AnimationPlayer::stateChanged);
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        QVERIFY(player.isActive());
        QVERIFY(doc.posing()->isAnimating());
        QCOMPARE(player.duration(), 1.2);
        player.setTime(0.31); // snapped to a whole frame at 30 fps: 0.3
        QCOMPARE(player.time(), 0.3);
        QCOMPARE(player.frame(), 9);
        QVERIFY(doc.rig() == sampled(before, player.current(), 0.3));
        QVERIFY(!(doc.rig() == before));
        // The skeleton waits for Setup Pose; the refusal says so.
        QSignalSpy refused(&doc, &Document::editRefused);
        QVERIFY(!doc.setLength(doc.findJoint("spine"), 5));
        QCOMPARE(refused.count(), 1);
        QVERIFY(refused.first().first().toString().contains("Setup Pose"));
        player.setSnap(false);
        player.setTime(0.31);
        QCOMPARE(player.time(), 0.31);
        player.setCurrent(-1);
        QVERIFY(!player.isActive());
        QVERIFY(doc.rig() == before);
        QVERIFY(state.count() >= 2);
        QCOMPARE(doc.undoStack()->count(), 0); // showing a clip is not an edit
        QVERIFY(!doc.isModified());
    }

    void playingLoopsOrStopsAtTheEnd()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig before = doc.rig();
        AnimationPlayer& player = *doc.animation();
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        player.play();
        QVERIFY(player.isPlaying());
        QVERIFY(player.loop()); // the walk is a cycle: its clip loops
        player.advance(1.5); // past the end of a 1.2 s clip: looped to 0.3
        QVERIFY(std::fabs(player.time() - 0.3) < 1e-9);
        QVERIFY(player.isPlaying());
        QSignalSpy loopSpy(&player, &AnimationPlayer::loopChanged);
        player.setLoop(false); // the clip's own flag: one undo step
        QVERIFY(!player.loop());
        QVERIFY(!loopSpy.isEmpty());
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(!doc.setupRig().animations()[static_cast<std::size_t>(player.current())].loop);
        player.advance(2.0);
        QCOMPARE(player.time(), 1.2);
        QVERIFY(!player.isPlaying());
        QVERIFY(player.isActive()); // the last frame stays shown until the clip is closed
        QVERIFY(doc.rig() == sampled(doc.setupRig(), player.current(), 1.2));
        loopSpy.clear();
        doc.undoStack()->undo(); // the clip loops again, and the button hears of it
        QVERIFY(player.loop());
        QVERIFY(!loopSpy.isEmpty());
        doc.undoStack()->redo();
        QVERIFY(!player.loop());
        player.play(); // from the start again
        QCOMPARE(player.time(), 0.0);
        player.stepFrames(3); // pauses, three frames on
        QVERIFY(!player.isPlaying());
        QVERIFY(std::fabs(player.time() - 0.1) < 1e-12);
        player.stepFrames(-10); // not before the start
        QCOMPARE(player.time(), 0.0);
        player.stop();
        doc.undoStack()->undo();
        QVERIFY(doc.rig() == before);
    }

    // Playing runs between frames; pausing puts the playhead on the nearest whole frame (snap
    // on), so that the keys set next land on the frame grid, as scrubbing puts them.
    void pausingLandsOnAFrame()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        AnimationPlayer& player = *doc.animation();
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        player.play();
        player.advance(0.7043); // frame 21.13 at 30 fps
        QVERIFY(std::fabs(player.time() - 0.7043) < 1e-12);
        QSignalSpy time(&player, &AnimationPlayer::timeChanged);
        player.pause();
        QCOMPARE(player.time(), 21.0 / 30.0);
        QVERIFY(!time.isEmpty());
        QVERIFY(doc.rig() == sampled(doc.setupRig(), player.current(), 21.0 / 30.0));
        player.setSnap(false); // without snapping, the playhead stays where it was
        player.play();
        player.advance(0.0123);
        const double between = player.time();
        player.pause();
        QCOMPARE(player.time(), between);
    }

    // Shortening the clip under the playhead brings the playhead (and its readout) to the new end.
    void shorteningTheClipMovesThePlayhead()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        AnimationPlayer& player = *doc.animation();
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        player.setTime(1.0);
        QSignalSpy time(&player, &AnimationPlayer::timeChanged);
        QVERIFY(doc.setAnimationDuration(player.current(), 0.5));
        QCOMPARE(player.time(), 0.5);
        QVERIFY(!time.isEmpty());
    }

    void noClipNothingShown()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "elbow.rig.json")));
        AnimationPlayer& player = *doc.animation();
        QVERIFY(player.animations().isEmpty());
        player.setCurrent(0);
        QCOMPARE(player.current(), -1);
        player.setTime(0.5);
        player.play();
        QVERIFY(!player.isActive());
        QVERIFY(!player.isPlaying());
        QVERIFY(!player.keyPose());
    }

    void aDragWithAutoKeyKeysTheFrameAsOneUndoStep()
    {
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        player.setAutoKey(true);
        const Rig setup = doc.rig();
        const int clip = doc.newAnimation();
        QCOMPARE(clip, 0);
        QCOMPARE(doc.rig().animations()[0].name, std::string("animation"));
        player.setCurrent(clip);
        QVERIFY(player.isActive());
        doc.setSelectedJoint(-1);
        QVERIFY(player.keyPose()); // nothing selected: the whole pose at 0
        const animation::Clip keyedAtZero = doc.rig().animations()[0];
        QCOMPARE(keyedAtZero.joints.size(), std::size_t(4));
        player.setTime(0.5);
        QVERIFY(doc.rig() == sampled(doc.setupRig(), 0, 0.5)); // held at the keys of 0

        // Drag the tip down at 0.5 s: its joints get keys there; the setup pose stays.
        const int steps = doc.undoStack()->count();
        doc.posing()->beginPose(3);
        doc.posing()->poseTo(520, 360);
        doc.posing()->poseTo(500, 400);
        doc.posing()->endDrag();
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        const Rig posed = doc.rig();
        const animation::Clip keyed = doc.rig().animations()[0];
        QVERIFY(!(keyed == keyedAtZero));
        for (const animation::JointTracks& tracks : keyed.joints) {
            const auto& keys = tracks.angle.empty() ? tracks.rotation : tracks.angle;
            QVERIFY2(keys.size() <= 2, tracks.joint.c_str());
        }
        QVERIFY(std::hypot(world(posed, "joint4").x - 500, world(posed, "joint4").y - 400) < 0.5);
        // The frame on show is the clip's own sample at 0.5 (the keys are the pose).
        QVERIFY(std::hypot(world(posed, "joint4").x - world(sampled(doc.setupRig(), 0, 0.5), "joint4").x,
                           world(posed, "joint4").y - world(sampled(doc.setupRig(), 0, 0.5), "joint4").y) < 1e-6);
        // The rig's own pose did not move.
        QVERIFY(doc.setupRig().angle(1) == setup.angle(1) && doc.setupRig().angle(2) == setup.angle(2));

        // Undo takes the keys back with the clip still open, at the same time; redo puts them back.
        doc.undo();
        QVERIFY(player.isActive());
        QCOMPARE(player.time(), 0.5);
        QVERIFY(doc.rig().animations()[0] == keyedAtZero);
        QVERIFY(doc.rig() == sampled(doc.setupRig(), 0, 0.5));
        doc.redo();
        QVERIFY(doc.rig().animations()[0] == keyed);
        QVERIFY(doc.rig() == posed);

        // Between the keys the pose is in between.
        player.setTime(0.25);
        const double mid = world(doc.rig(), "joint4").y;
        QVERIFY(mid > 300.5 && mid < 399.5);

        // Closing the clip shows the setup pose, with the keys kept.
        player.setCurrent(-1);
        QVERIFY(doc.rig().animations()[0] == keyed);
        Rig expected = setup;
        expected.restoreAnimations(doc.rig().animations());
        QVERIFY(doc.rig() == expected);
    }

    void rotatingOneBoneInAClipKeysOnlyThatBone()
    {
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        player.setAutoKey(true);
        doc.posing()->setDefaultSolver("rotate");
        player.setCurrent(doc.newAnimation());
        player.setTime(0.5);
        const Rig before = doc.rig();
        const int steps = doc.undoStack()->count();
        doc.posing()->beginPose(2); // joint3: the bone from joint2 turns, joint4 rides along
        for (int i = 1; i <= 5; ++i)
            doc.posing()->poseTo(400 + 80 * std::cos(0.1 * i), 300 + 80 * std::sin(0.1 * i));
        doc.posing()->endDrag();
        doc.posing()->setDefaultSolver("follow");
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.rig().animations()[0].joints.size(), std::size_t(1)); // one bone, one key
        QCOMPARE(doc.rig().animations()[0].joints[0].joint, std::string("joint3"));
        QVERIFY(std::fabs(doc.rig().angle(2) - 0.5 * kDegreesPerRadian) < 1e-9);
        for (JointIndex j : {0, 1, 3})
            QCOMPARE(doc.rig().angle(j), before.angle(j));
        QVERIFY(doc.rig().rootPosition(0) == before.rootPosition(0));
    }

    // Deleting the open clip closes it; undoing the delete opens it again where it was, and so
    // does undoing it again after a redo (it came back to the list only, not to the Timeline).
    void undoingTheDeleteOfTheOpenClipOpensItAgain()
    {
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        doc.newAnimation();
        const int walk = doc.newAnimation();
        QVERIFY(doc.renameAnimation(walk, "walk"));
        player.setCurrent(walk);
        player.setTime(0.5);
        QVERIFY(doc.removeAnimation(walk));
        QCOMPARE(player.current(), -1);
        QVERIFY(!player.isActive());
        doc.undo();
        QCOMPARE(player.current(), walk);
        QVERIFY(player.isActive());
        QCOMPARE(player.time(), 0.5);
        doc.redo();
        QCOMPARE(player.current(), -1);
        doc.undo();
        QCOMPARE(player.current(), walk);
        QCOMPARE(player.time(), 0.5);
        // A clip deleted while closed stays closed when the delete is undone.
        player.setCurrent(-1);
        QVERIFY(doc.removeAnimation(walk));
        doc.undo();
        QCOMPARE(player.current(), -1);
    }

    void withoutAutoKeyADragWaitsForK()
    {
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        player.setAutoKey(false);
        player.setCurrent(doc.newAnimation());
        const int steps = doc.undoStack()->count();
        doc.posing()->beginPose(3);
        doc.posing()->poseTo(500, 420);
        doc.posing()->endDrag();
        QCOMPARE(doc.undoStack()->count(), steps); // not keyed, not an edit
        QVERIFY(player.hasUnkeyedPose());
        QVERIFY(doc.rig().animations()[0].joints.empty());
        // Moving the playhead drops the unkeyed pose, and says so.
        QSignalSpy said(&doc, &Document::editRefused);
        player.setTime(0.2);
        QVERIFY(!player.hasUnkeyedPose());
        QCOMPARE(said.count(), 1);
        QVERIFY2(said.first().first().toString().contains("press K"), qPrintable(said.first().first().toString()));
        QVERIFY(std::fabs(world(doc.rig(), "joint4").y - 300) < 1e-9);
        // Pose again and key with K: what the drag moved is keyed, one step.
        doc.posing()->beginPose(3);
        doc.posing()->poseTo(500, 420);
        doc.posing()->endDrag();
        const Rig posed = doc.rig();
        QVERIFY(player.keyPose());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QVERIFY(!player.hasUnkeyedPose());
        QVERIFY(!doc.rig().animations()[0].joints.empty());
        QVERIFY(std::fabs(world(doc.rig(), "joint4").y - world(posed, "joint4").y) < 1e-6);
        player.setAutoKey(true);
    }

    void saveWritesTheSetupPoseWhileAClipIsOpen()
    {
        QTemporaryDir dir;
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        player.setAutoKey(true);
        player.setCurrent(doc.newAnimation());
        player.setTime(0.5);
        doc.posing()->beginPose(3);
        doc.posing()->poseTo(500, 420);
        doc.posing()->endDrag();
        const QString path = dir.filePath("arm.rig.json");
        QVERIFY(doc.files()->saveAs(path));
        QVERIFY(player.isActive()); // saving does not close the clip
        QVERIFY(!doc.isModified());
        const io::LoadResult loaded = io::loadRigFile(localPath(path));
        QVERIFY(loaded.rig);
        QVERIFY(*loaded.rig == doc.setupRig());
        QCOMPARE(loaded.rig->animations().size(), std::size_t(1));
        QVERIFY(std::fabs(world(*loaded.rig, "joint4").y - 300) < 1e-9); // the setup pose, not the frame
    }

    void clipsAreMadeRenamedDuplicatedResizedAndDeletedAsUndoSteps()
    {
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        QCOMPARE(doc.newAnimation(), 0);
        QCOMPARE(doc.newAnimation(), 1);
        QCOMPARE(player.animations(), QStringList({"animation", "animation 2"}));
        player.setCurrent(0);
        player.keyPose();
        QVERIFY(doc.renameAnimation(0, "wave"));
        QVERIFY(!doc.renameAnimation(0, "animation 2")); // names stay unique
        QCOMPARE(player.animations(), QStringList({"wave", "animation 2"}));
        QCOMPARE(player.current(), 0);
        QCOMPARE(doc.duplicateAnimation(0), 1);
        QCOMPARE(player.animations(), QStringList({"wave", "wave copy", "animation 2"}));
        QVERIFY(doc.rig().animations()[1].joints == doc.rig().animations()[0].joints);
        QCOMPARE(player.current(), 0); // the open clip keeps its place by name
        QVERIFY(doc.setAnimationDuration(0, 2.5));
        QCOMPARE(player.duration(), 2.5);
        QVERIFY(!doc.setAnimationDuration(0, 0));
        // At least one frame at the Timeline's rate: shorter dropped every key after 0 (QA).
        QSignalSpy refused(&doc, &Document::editRefused);
        QCOMPARE(player.fps(), 30);
        QVERIFY(!doc.setAnimationDuration(0, 1e-7));
        QVERIFY(!doc.setAnimationDuration(0, 0.03));
        QCOMPARE(refused.last().at(0).toString(), QString("An animation lasts at least one frame (0.0333 s at 30 fps)"));
        QCOMPARE(player.duration(), 2.5);
        QVERIFY(doc.setAnimationDuration(0, 1.0 / 30));
        QVERIFY(doc.setAnimationDuration(0, 2.5));
        // Deleting the open clip closes it.
        QVERIFY(doc.removeAnimation(0));
        QCOMPARE(player.current(), -1);
        QVERIFY(!player.isActive());
        QCOMPARE(player.animations(), QStringList({"wave copy", "animation 2"}));
        // Every step undoes back to no clips at all, and redoes to where it was.
        const Rig end = doc.rig();
        while (doc.canUndo())
            doc.undo();
        QVERIFY(doc.rig().animations().empty());
        while (doc.canRedo())
            doc.redo();
        QVERIFY(doc.rig() == end);
    }

    // Undoing a duplicate (as the Timeline's ❐ makes it: the copy opens) goes back to the clip
    // it was copied from, at its playhead, not to the setup pose; likewise a new clip's undo.
    void undoingADuplicateGoesBackToItsSource()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        AnimationPlayer& player = *doc.animation();
        const int blink = static_cast<int>(player.animations().indexOf("blink"));
        player.setCurrent(blink);
        player.setTime(1.5);
        const int copy = doc.duplicateAnimation(blink);
        QVERIFY(copy >= 0);
        player.setCurrent(copy);
        QCOMPARE(player.animations()[player.current()], QStringLiteral("blink copy"));
        doc.undo();
        QCOMPARE(player.current(), blink);
        QVERIFY(player.isActive());
        QCOMPARE(player.time(), 1.5);
        QVERIFY(doc.rig() == sampled(doc.setupRig(), blink, 1.5));
        // A new clip, opened from the setup pose: its undo shows the setup pose again.
        player.setCurrent(-1);
        const int made = doc.newAnimation();
        player.setCurrent(made);
        doc.undo();
        QCOMPARE(player.current(), -1);
        QVERIFY(!player.isActive());
    }

    // Each clip keeps its playhead while another is open: back in walk, the playhead is where
    // it was left, not at 0.
    void aClipKeepsItsPlayhead()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        AnimationPlayer& player = *doc.animation();
        const int walk = static_cast<int>(player.animations().indexOf("walk"));
        const int blink = static_cast<int>(player.animations().indexOf("blink"));
        player.setCurrent(walk);
        player.setTime(0.5);
        player.setCurrent(blink);
        QCOMPARE(player.time(), 0.0);
        player.setTime(1.0);
        player.setCurrent(-1);
        player.setCurrent(walk);
        QCOMPARE(player.time(), 0.5);
        QVERIFY(doc.rig() == sampled(doc.setupRig(), walk, 0.5));
        player.setCurrent(blink);
        QCOMPARE(player.time(), 1.0);
    }

    // Undoing a key made in another clip than the one on show opens that clip (at its
    // playhead), so that the undo is seen; redo too. One on the open clip stays on it.
    void undoingAKeyInAnotherClipOpensIt()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        AnimationPlayer& player = *doc.animation();
        const int walk = static_cast<int>(player.animations().indexOf("walk"));
        const int blink = static_cast<int>(player.animations().indexOf("blink"));
        const auto before = doc.rig().animations();
        player.setCurrent(walk);
        player.setTime(0.4);
        QVERIFY(player.keyPose());
        const auto keyed = doc.rig().animations();
        QVERIFY(keyed != before);
        player.setCurrent(blink);
        player.setTime(0.2);
        doc.undo();
        QVERIFY(doc.rig().animations() == before);
        QCOMPARE(player.current(), walk);
        QCOMPARE(player.time(), 0.4);
        QVERIFY(doc.rig() == sampled(doc.setupRig(), walk, 0.4));
        player.setCurrent(blink);
        QCOMPARE(player.time(), 0.2);
        doc.redo();
        QVERIFY(doc.rig().animations() == keyed);
        QCOMPARE(player.current(), walk);
        doc.undo();
        QCOMPARE(player.current(), walk);
    }

    // Undo and redo of a rename, a length change, a clip added or removed before the open one,
    // while a clip is open: the names, the open clip (by name), its length and the playhead are
    // what the rig now holds, and each is told (the picker's index is bound to `current`, and a
    // new list of names resets it; the ruler and the length field read `duration`). A picker
    // left on "Setup Pose" over an open clip made its "-" delete a clip it did not show.
    void undoAndRedoTellTheOpenClipItsNameAndLength()
    {
        Document doc;
        buildArm(doc);
        AnimationPlayer& player = *doc.animation();
        QCOMPARE(doc.newAnimation(), 0);
        QCOMPARE(doc.newAnimation(), 1);
        QVERIFY(doc.renameAnimation(1, "walk"));
        QVERIFY(doc.setAnimationDuration(1, 1.2));
        player.setCurrent(1);
        player.setTime(0.9);
        QSignalSpy names(&player, &AnimationPlayer::animationsChanged);
        QSignalSpy current(&player, &AnimationPlayer::currentChanged);
        const auto told = [&](int namesAtLeast, int currentAtLeast) {
            const bool ok = names.count() >= namesAtLeast && current.count() >= currentAtLeast;
            names.clear();
            current.clear();
            return ok;
        };

        QVERIFY(doc.renameAnimation(1, "walk cycle"));
        QVERIFY(told(1, 1));
        doc.undo();
        QCOMPARE(player.animations(), QStringList({"animation", "walk"}));
        QCOMPARE(player.current(), 1);
        QVERIFY(player.isActive());
        QVERIFY(told(1, 1));
        doc.redo();
        QCOMPARE(player.animations(), QStringList({"animation", "walk cycle"}));
        QCOMPARE(player.current(), 1);
        QVERIFY(told(1, 1));

        QVERIFY(doc.setAnimationDuration(1, 0.5));
        QCOMPARE(player.duration(), 0.5);
        QCOMPARE(player.time(), 0.5);
        QVERIFY(told(0, 1));
        // Shortened again with the playhead on a frame past the new end: it moves onto the end.
        player.setTime(0.5);
        QVERIFY(doc.setAnimationDuration(1, 0.9));
        player.setTime(2.0 / 3.0);
        QVERIFY(doc.setAnimationDuration(1, 0.4));
        QCOMPARE(player.time(), 0.4);
        QCOMPARE(player.frame(), 12);
        doc.undo();
        doc.undo();
        QCOMPARE(player.duration(), 0.5);
        doc.undo();
        QCOMPARE(player.duration(), 1.2);
        QVERIFY(told(0, 1));
        doc.redo();
        QCOMPARE(player.duration(), 0.5);
        QVERIFY(told(0, 1));
        doc.undo();

        // A clip removed before the open one, and its removal undone: the open one is followed.
        QVERIFY(doc.removeAnimation(0));
        QCOMPARE(player.animations(), QStringList({"walk cycle"}));
        QCOMPARE(player.current(), 0);
        doc.undo();
        QCOMPARE(player.animations(), QStringList({"animation", "walk cycle"}));
        QCOMPARE(player.current(), 1);
        QVERIFY(player.isActive());
        QCOMPARE(player.duration(), 1.2);

        // The open clip's own making undone: the setup pose, nothing left open.
        player.setCurrent(0);
        while (doc.canUndo())
            doc.undo();
        QVERIFY(player.animations().isEmpty());
        QCOMPARE(player.current(), -1);
        QVERIFY(!player.isActive());
        QVERIFY(told(1, 1));
    }

    // The Timeline's frame rate is a preference: a new editor (a new document) starts with the
    // last one set; a value out of range in the settings is ignored.
    void frameRateIsKeptBetweenSessions()
    {
        {
            Document doc;
            doc.animation()->setFps(24);
        }
        {
            Document doc;
            QCOMPARE(doc.animation()->fps(), 24);
            doc.animation()->setFps(0); // refused: kept as it was
            QCOMPARE(doc.animation()->fps(), 24);
            doc.animation()->setFps(60);
        }
        {
            Document doc;
            QCOMPARE(doc.animation()->fps(), 60);
        }
        QSettings().setValue("animation/fps", 100000);
        {
            Document doc;
            QCOMPARE(doc.animation()->fps(), 30); // the default
        }
        QSettings().remove("animation/fps");
    }

    void onionSkinSamplesFramesAroundThePlayhead()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig setup = doc.rig();
        AnimationPlayer& player = *doc.animation();
        player.setOnionSkin(true);
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        player.setTime(0.6);
        const auto& ghosts = player.ghosts();
        QCOMPARE(ghosts.size(), std::size_t(2 * AnimationPlayer::kGhostsEachSide));
        for (const AnimationPlayer::Ghost& ghost : ghosts) {
            const double t = 0.6 + static_cast<double>(ghost.frames) / 30.0;
            QVERIFY(ghost.pose == sampled(setup, player.current(), t));
        }
        player.play(); // no ghosts while playing
        QVERIFY(player.ghosts().empty());
        player.pause();
        QVERIFY(!player.ghosts().empty());
        player.setOnionSkin(false);
        QVERIFY(player.ghosts().empty());
    }

    void valuesEditedInAnimateModeAreKeys()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig setup = doc.rig();
        AnimationPlayer& player = *doc.animation();
        player.setCurrent(doc.newAnimation());
        player.setTime(0.4);
        const int head = doc.findJoint("neck"), pelvis = doc.findJoint("pelvis");
        const int steps = doc.undoStack()->index();
        // An angle, a root's place and rotation, a chain's mix, an image's visibility and
        // opacity: each a key at the playhead, one undo step each, the setup pose untouched.
        QVERIFY(doc.setAngle(head, 10)); // the neck turns from -30 to 30
        QVERIFY(doc.setRootPosition(pelvis, 610, 420));
        QVERIFY(doc.setRootRotation(pelvis, 5));
        QVERIFY(doc.setChainMix(0, 0.25));
        QVERIFY(doc.setSlotVisible(0, false));
        QVERIFY(doc.setSlotValue(0, "opacity", 0.5));
        // An image swap: another of the rig's pictures at the playhead (drawn from the start).
        const std::string other = setup.slotList()[1].image;
        QVERIFY(doc.setSlotImage(0, QString::fromStdString(other)));
        QCOMPARE(doc.undoStack()->index(), steps + 7);
        QCOMPARE(doc.rig().slotList()[0].image, other);
        QVERIFY(doc.slotImages().image(other));
        QVERIFY(!doc.setSlotImage(0, "/absolute.png")); // a slot image path's rules hold
        QVERIFY(!doc.setSlotValue(0, "x", 3)); // where an image sits is the rig's: not keyed
        QVERIFY(!doc.setAngle(head, 1000));    // beyond the limits: refused
        const animation::Clip& clip = doc.rig().animations().back();
        QCOMPARE(doc.rig().angle(head), 10.0);
        QCOMPARE(doc.rig().rootPosition(pelvis).x, 610.0);
        QCOMPARE(doc.rig().chains()[0].mix, 0.25);
        QVERIFY(!doc.rig().slotList()[0].visible);
        QCOMPARE(doc.rig().slotList()[0].opacity, 0.5);
        QCOMPARE(clip.chains.size(), std::size_t(1));
        QCOMPARE(clip.slotTracks.size(), std::size_t(1));
        QCOMPARE(clip.slotTracks[0].image.size(), std::size_t(1));
        player.setCurrent(-1);
        Rig expected = setup;
        expected.restoreAnimations(doc.rig().animations());
        QVERIFY(doc.rig() == expected);
    }

    // An angle keyed for a joint a chain holds (mix 1) is kept but does not show: the editor
    // says which chain holds it and what to do (it said nothing, the key seemed junk).
    void anAngleKeyedUnderAHoldingChainSaysWhichChainHolds()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        AnimationPlayer& player = *doc.animation();
        player.setCurrent(doc.newAnimation());
        player.setTime(0.5);
        QSignalSpy refused(&doc, &Document::editRefused);
        const int elbow = doc.findJoint("elbow_r");
        QVERIFY(doc.setAngle(elbow, 30));
        const animation::Clip& clip = doc.rig().animations().back();
        QCOMPARE(clip.joints.size(), std::size_t(1));
        QCOMPARE(clip.joints[0].angle.size(), std::size_t(1));
        QCOMPARE(clip.joints[0].angle[0].value, 30.0);
        QCOMPARE(refused.count(), 1);
        const QString message = refused.front().front().toString();
        QVERIFY2(message.startsWith(QStringLiteral("Chain arm_r holds elbow_r on its target")) && message.contains(QStringLiteral("the key is kept")),
                 qPrintable(message));
        QVERIFY(doc.setAngle(doc.findJoint("neck"), 10)); // no chain holds the neck: nothing said
        QCOMPARE(refused.count(), 1);
        player.setCurrent(-1);
    }

    void playModeClosesTheClip()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig setup = doc.rig();
        AnimationPlayer& player = *doc.animation();
        player.setCurrent(0);
        player.setTime(0.4);
        QVERIFY(player.isActive());
        // Play mode starts from the rig's own pose: the clip closes first.
        PlayController play;
        play.setDocument(&doc);
        play.setCursor(500, 300);
        play.runSteps(5);
        QVERIFY(play.isActive());
        QCOMPARE(player.current(), -1);
        QVERIFY(!player.isActive());
        // A clip does not open over the motion preview.
        QSignalSpy refused(&doc, &Document::editRefused);
        player.setCurrent(0);
        QCOMPARE(player.current(), -1);
        QCOMPARE(refused.count(), 1);
        play.stop(false);
        QVERIFY(doc.rig() == setup);
    }
};

QTEST_MAIN(TestAnimationPlayer)
#include "tst_animation_player.moc"
