// The editor's clip player (animation_player.h): scrubbing shows the sampled pose (keys
// interpolated, chains holding) snapped to whole frames, playing advances and loops or stops at
// the end, edits wait while a clip is shown, and stopping puts the rig's own pose back.
#include "animation_player.h"
#include "document.h"
#include "file_service.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"

#include <QSignalSpy>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;

namespace {

int exampleIndex(Document& doc, const QString& file)
{
    const QVariantList examples = doc.files()->examples();
    for (int i = 0; i < examples.size(); ++i)
        if (examples[i].toMap().value("file").toString() == file)
            return i;
    return -1;
}

// The pose the sampler gives the rig at `t`.
Rig sampled(const Rig& setup, int clip, double t)
{
    animation::ClipSampler sampler;
    sampler.bind(setup, setup.animations()[static_cast<std::size_t>(clip)]);
    Rig pose = setup;
    sampler.sample(t, pose);
    return pose;
}

} // namespace

class TestAnimationPlayer : public QObject {
    Q_OBJECT

private slots:
    void scrubbingShowsTheSampledPoseAndStopPutsTheRigBack()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig before = doc.rig();
        AnimationPlayer player;
        player.setDocument(&doc);
        QVERIFY(player.animations().contains("walk"));
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        QCOMPARE(player.duration(), 1.2);
        QSignalSpy state(&player, &AnimationPlayer::stateChanged);
        player.setTime(0.31); // snapped to a whole frame at 30 fps: 0.3
        QVERIFY(player.isActive());
        QCOMPARE(player.time(), 0.3);
        QVERIFY(doc.rig() == sampled(before, player.current(), 0.3));
        QVERIFY(!(doc.rig() == before));
        // Edits wait while a clip is shown.
        QVERIFY(!doc.setAngle(doc.findJoint("spine"), 5));
        player.setSnap(false);
        player.setTime(0.31);
        QCOMPARE(player.time(), 0.31);
        player.stop();
        QVERIFY(!player.isActive());
        QVERIFY(doc.rig() == before);
        QVERIFY(state.count() >= 2);
        QCOMPARE(doc.undoStack()->count(), 0); // showing a clip is not an edit
    }

    void playingLoopsOrStopsAtTheEnd()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "humanoid.rig.json")));
        const Rig before = doc.rig();
        AnimationPlayer player;
        player.setDocument(&doc);
        player.setCurrent(static_cast<int>(player.animations().indexOf("walk")));
        player.play();
        QVERIFY(player.isPlaying());
        player.advance(1.5); // past the end of a 1.2 s clip: looped to 0.3
        QVERIFY(std::fabs(player.time() - 0.3) < 1e-9);
        QVERIFY(player.isPlaying());
        player.setLoop(false);
        player.advance(2.0);
        QCOMPARE(player.time(), 1.2);
        QVERIFY(!player.isPlaying());
        QVERIFY(player.isActive()); // the last frame stays shown until stopped
        QVERIFY(doc.rig() == sampled(before, player.current(), 1.2));
        player.play(); // from the start again
        QCOMPARE(player.time(), 0.0);
        player.stop();
        QVERIFY(doc.rig() == before);
    }

    void noClipNothingShown()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(exampleIndex(doc, "elbow.rig.json")));
        AnimationPlayer player;
        player.setDocument(&doc);
        QVERIFY(player.animations().isEmpty());
        player.setTime(0.5);
        player.play();
        QVERIFY(!player.isActive());
        QVERIFY(!player.isPlaying());
    }
};

QTEST_MAIN(TestAnimationPlayer)
#include "tst_animation_player.moc"
