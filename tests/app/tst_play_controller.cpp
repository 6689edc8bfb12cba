// Play mode in the editor: the preview runs on the document's rig without undo steps, edits wait
// until it stops, and stopping restores the pose before play or keeps the played one as one step.
#include "document.h"
#include "play_controller.h"

#include "bonework/forward_kinematics.h"

#include <QTest>

using namespace bonework;
using namespace bonework::editor;

namespace {

int exampleIndex(Document& doc, const QString& file)
{
    const QVariantList list = doc.files()->examples();
    for (int i = 0; i < list.size(); ++i)
        if (list[i].toMap().value("file").toString() == file)
            return i;
    return -1;
}

} // namespace

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
        player.stop(false);
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
