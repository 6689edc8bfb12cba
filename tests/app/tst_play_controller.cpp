// Play mode in the editor: the preview runs on the document's rig without undo steps, edits wait
// until it stops, and stopping restores the pose before play or keeps the played one as one step.
#include "document.h"
#include "editor_examples.h"
#include "play_controller.h"
#include "unsaved_changes_guard.h"

#include "bonework/forward_kinematics.h"

#include "bonework/animation/clip_sampler.h"

#include <QSignalSpy>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::exampleIndex;

class TestPlayController : public QObject {
    Q_OBJECT
private slots:
    void stopRestoresThePoseBeforePlay()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "chain-6.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        const Rig before = doc.rig();
        const int undoSteps = doc.undoStack()->count();
        player.setCursor(100, 100);
        player.runSteps(120);
        QVERIFY(player.isActive());
        QVERIFY(!(doc.rig() == before)); // the canvas shows the moving rig
        QCOMPARE(doc.undoStack()->count(), undoSteps);
        QVERIFY(!doc.setLength(1, 5)); // editing waits until play stops
        player.stop(false);
        QVERIFY(!player.isActive());
        QVERIFY(doc.rig() == before);
        QVERIFY(doc.setLength(1, 5));
    }

    void keepingThePoseIsOneUndoStep()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "elbow.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        const Rig before = doc.rig();
        player.setCursor(500, 300);
        player.runSteps(30);
        const Rig played = doc.rig();
        player.stop(true);
        QVERIFY(doc.rig() == played);
        QCOMPARE(doc.undoText(), QString("Keep played pose"));
        doc.undo();
        QVERIFY(doc.rig() == before);
    }

    void bendSwitchFlipsTheElbowWhilePlaying()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "elbow.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        const Chain& chain = doc.rig().chains()[0];
        player.setCursor(560, 330);
        player.runSteps(5);
        const double before = doc.rig().angle(chain.tip);
        player.flipBend();
        player.runSteps(5);
        const double after = doc.rig().angle(chain.tip);
        QVERIFY2(before * after < 0, qPrintable(QString("%1 then %2").arg(before).arg(after))); // the elbow bends the other way
        QVERIFY(player.status().contains("bend"));
        QVERIFY(player.bendApplies());
        player.stop(false);
    }

    // A bend only where the driven solve has one (two-bone): the ball arm's reach chain has
    // none, so the status leaves it out and Flip Bend does nothing (QA: "bend positive" showed
    // for reach and follow). An empty rig says why nothing plays.
    void bendOnlyWhereTheSolveHasOne()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "ball-arm.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        player.setCursor(500, 300);
        player.runSteps(5);
        QVERIFY(player.isActive());
        QVERIFY(!player.bendApplies());
        QVERIFY2(!player.status().contains("bend"), qPrintable(player.status()));
        const QString bend = player.bend();
        player.flipBend();
        QCOMPARE(player.bend(), bend);
        player.stop(false);

        doc.files()->newRig();
        QSignalSpy notice(&doc, &Document::notice);
        player.play();
        QVERIFY(!player.isActive());
        QCOMPARE(notice.count(), 1);
        QCOMPARE(notice.first().at(0).toString(), QString("Nothing to play: the rig has no bones yet"));
    }

    void ballDriverKeepsTheBallInBounds()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "ball-arm.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        player.setDriver("ball");
        player.setBounds(QRectF(0, 0, 1200, 800));
        for (int i = 0; i < 50; ++i) {
            player.runSteps(20);
            QVERIFY(player.ballVisible());
            const QPointF b = player.ballPosition();
            QVERIFY(b.x() >= 0 && b.x() <= 1200 && b.y() >= 0 && b.y() <= 800);
        }
        QVERIFY(player.status().contains("kicks"));
        player.stop(false);
    }

    // Record: every played frame goes into a new clip, added as one undo step when play stops,
    // with the pose before play back in place; the clip replays the recording within 0.1 px.
    void recordAddsTheFramesAsAClip()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "ball-arm.rig.json")));
        const Rig before = doc.rig();
        const std::size_t clips = before.animations().size();
        PlayController player;
        player.setDocument(&doc);
        player.setDriver("ball");
        player.setBounds(QRectF(0, 0, 1200, 800));
        QSignalSpy state(&player, &PlayController::stateChanged);
        player.toggleRecord();
        QVERIFY(player.isRecording());
        QVERIFY(player.isPlaying());
        player.pause();
        std::vector<std::vector<WorldTransform>> played;
        for (int i = 0; i < 60; ++i) {
            player.runSteps(2);
            played.push_back(forwardKinematics(doc.rig()));
        }
        const int steps = doc.undoStack()->count();
        player.toggleRecord(); // ends the recording and play mode
        QVERIFY(!player.isRecording());
        QVERIFY(!player.isActive());
        QVERIFY(state.count() >= 2);
        QCOMPARE(doc.rig().animations().size(), clips + 1);
        const animation::Clip& clip = doc.rig().animations().back();
        QCOMPARE(QString::fromStdString(clip.name), QStringLiteral("Recording 1"));
        QVERIFY(std::fabs(clip.duration - 2.0) < 1e-9); // 120 steps at 60 Hz
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        // The new clip is open in the Timeline, at its start.
        QCOMPARE(doc.animation()->current(), static_cast<int>(clips));
        QVERIFY(doc.animation()->isActive());
        QCOMPARE(doc.animation()->time(), 0.0);
        // The joints are as before play; only the clip was added.
        Rig withoutClip = doc.setupRig();
        QVERIFY(withoutClip.removeAnimation(static_cast<int>(clips)));
        QVERIFY(withoutClip == before);
        // Played back, the clip puts every joint where it was shown, frame by frame.
        animation::ClipSampler sampler;
        QCOMPARE(QString::fromStdString(sampler.bind(doc.rig(), clip)), QString());
        Rig pose = doc.rig();
        for (std::size_t f = 0; f < played.size(); ++f) {
            sampler.sample((f + 1) * 2 / 60.0, pose);
            const std::vector<WorldTransform> world = forwardKinematics(pose);
            for (std::size_t j = 0; j < world.size(); ++j)
                QVERIFY2(distance(world[j].position, played[f][j].position) <= 0.1,
                         qPrintable(QStringLiteral("frame %1 joint %2").arg(f).arg(j)));
        }
        doc.undo();
        QCOMPARE(doc.rig().animations().size(), clips);
        // A second recording takes the next free name.
        doc.redo();
        player.toggleRecord();
        player.pause();
        player.runSteps(10);
        player.stop(false);
        QCOMPARE(QString::fromStdString(doc.rig().animations().back().name), QStringLiteral("Recording 2"));
    }

    // Another rig opened, an example or New while playing: play ends first. The rig before play
    // came back over the new one when play stopped afterwards (QA: a Save then wrote the played
    // humanoid over elbow.rig.json).
    void openingAnotherRigEndsPlay()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "chain-6.rig.json")));
        Document fresh;
        QVERIFY(fresh.files()->openExample(exampleIndex(fresh, "elbow.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        player.setCursor(100, 100);
        player.runSteps(30);
        QVERIFY(player.isActive());
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "elbow.rig.json")));
        QVERIFY(!player.isActive());
        QVERIFY(doc.rig() == fresh.rig());
        QVERIFY(!doc.isModified());
        QVERIFY(doc.setLength(1, 5)); // editing goes on: nothing is left previewing
        doc.undo();

        player.setCursor(500, 300);
        player.runSteps(30);
        QVERIFY(player.isActive());
        doc.files()->newRig();
        QVERIFY(!player.isActive());
        QCOMPARE(doc.jointCount(), 0);
        player.stop(false);
        QCOMPARE(doc.jointCount(), 0);

        // The same when the preview began without a play controller.
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "chain-6.rig.json")));
        doc.posing()->beginPreview();
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "elbow.rig.json")));
        QVERIFY(!doc.isPreviewing());
        QVERIFY(doc.rig() == fresh.rig());
    }

    // A recording under way is unsaved work: New (Open, an example, closing) stops it first, so
    // it becomes a clip and the unsaved-changes question asks about it.
    void aRecordingUnderWayIsAskedAbout()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "ball-arm.rig.json")));
        const std::size_t clips = doc.rig().animations().size();
        PlayController player;
        player.setDocument(&doc);
        UnsavedChangesGuard guard;
        guard.setDocument(&doc);
        QSignalSpy ask(&guard, &UnsavedChangesGuard::askToSave);
        player.toggleRecord();
        player.pause();
        player.runSteps(20);
        QVERIFY(!doc.isModified());
        guard.request(UnsavedChangesGuard::NewRig);
        QVERIFY(!player.isActive());
        QCOMPARE(ask.count(), 1);
        QCOMPARE(doc.rig().animations().size(), clips + 1);
        guard.answer(UnsavedChangesGuard::Cancel);
        QCOMPARE(doc.rig().animations().size(), clips + 1);
    }

    void steeringMovesTheSnakeHeadWithTheKeys()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "snake.rig.json")));
        PlayController player;
        player.setDocument(&doc);
        player.setDriver("steering");
        player.setBounds(QRectF(0, 0, 1200, 800));
        const int body = doc.rig().findChain(doc.playHint().value("chain").toString().toStdString());
        QVERIFY(body >= 0);
        const JointIndex head = doc.rig().chains()[body].tip;
        QVERIFY(head != kNoJoint);
        const Vec2 start = forwardKinematics(doc.rig())[head].position;
        QVERIFY(player.setKey(Qt::Key_Up, true));
        player.runSteps(90);
        const Vec2 moved = forwardKinematics(doc.rig())[head].position;
        QVERIFY(distance(start, moved) > 50);
        for (std::size_t j = 0; j < doc.rig().jointCount(); ++j)
            QVERIFY(doc.rig().angle(j) >= doc.rig().minAngle(j) && doc.rig().angle(j) <= doc.rig().maxAngle(j));
        player.stop(false);
    }
};

QTEST_MAIN(TestPlayController)
#include "tst_play_controller.moc"
