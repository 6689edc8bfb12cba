// The Timeline's rows and key edits (timeline_model.h): a summary row and one row per keyed
// joint, chain and slot (and the selected joint before its first key), diamonds at the union of
// a row's key times; selecting by click and box; and every key edit (move, delete, copy and
// paste, curve, key, duration) one undo step that undo gives back to the bit and redo repeats.
#include "animation_player.h"
#include "document.h"
#include "editor_examples.h"
#include "file_service.h"
#include "timeline_model.h"

#include <QSignalSpy>

#include <set>
#include <QStandardPaths>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::exampleIndex;

namespace {

QStringList rowNames(const TimelineModel& model)
{
    QStringList names;
    for (int r = 0; r < model.rowCount(); ++r)
        names << model.data(model.index(r), TimelineModel::NameRole).toString();
    return names;
}

QList<double> rowTimes(const TimelineModel& model, int row)
{
    QList<double> times;
    for (const QVariant& key : model.data(model.index(row), TimelineModel::KeysRole).toList())
        times << key.toDouble();
    return times;
}

int rowOf(const TimelineModel& model, const QString& name) { return static_cast<int>(rowNames(model).indexOf(name)); }

// Runs an edit and `check` right after it, then checks that undo gives back the clips to the
// bit and redo repeats it.
template <typename Edit, typename Check>
void checkUndoRedo(Document& doc, const char* what, Edit edit, Check check)
{
    const std::vector<animation::Clip> before = doc.rig().animations();
    const int step = doc.undoStack()->index();
    QVERIFY2(edit(), what);
    QVERIFY2(doc.undoStack()->index() == step + 1, what);
    check();
    const std::vector<animation::Clip> after = doc.rig().animations();
    QVERIFY2(!(after == before), what);
    doc.undo();
    QVERIFY2(doc.rig().animations() == before, what);
    doc.redo();
    QVERIFY2(doc.rig().animations() == after, what);
}
template <typename Edit>
void checkUndoRedo(Document& doc, const char* what, Edit edit)
{
    checkUndoRedo(doc, what, edit, [] {});
}

} // namespace

class TestTimelineModel : public QObject {
    Q_OBJECT

    Document m_doc;
    TimelineModel m_model;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_timeline_model");
        QVERIFY(m_doc.files()->openExample(exampleIndex(m_doc, "humanoid.rig.json")));
        m_model.setDocument(&m_doc);
    }

    void rowsFollowTheOpenClip()
    {
        QCOMPARE(m_model.rowCount(), 0); // Setup Pose: no rows
        m_doc.animation()->setCurrent(static_cast<int>(m_doc.animation()->animations().indexOf("walk")));
        const QStringList names = rowNames(m_model);
        QCOMPARE(names.first(), QString("All keys"));
        QVERIFY(names.contains("pelvis"));
        QVERIFY(names.contains("leg_l")); // a chain with target keys
        const animation::Clip& walk = m_doc.rig().animations()[static_cast<std::size_t>(m_doc.animation()->current())];
        // The summary's diamonds are every key time of the clip.
        std::set<double> all;
        for (const auto& j : walk.joints)
            for (const auto* track : {&j.angle, &j.x, &j.y, &j.rotation})
                for (const auto& k : *track)
                    all.insert(k.time);
        for (const auto& c : walk.chains) {
            for (const auto& k : c.target)
                all.insert(k.time);
            for (const auto& k : c.mix)
                all.insert(k.time);
        }
        QCOMPARE(rowTimes(m_model, 0).size(), qsizetype(all.size()));
        // Playing does not rebuild the rows.
        QSignalSpy reset(&m_model, &QAbstractItemModel::modelReset);
        m_doc.animation()->setTime(0.4);
        m_doc.animation()->advance(0.1);
        QCOMPARE(reset.count(), 0);
        // The selected joint has a row before its first key.
        const int head = m_doc.findJoint("head");
        QVERIFY(!rowNames(m_model).contains("head"));
        m_doc.setSelectedJoint(head);
        QVERIFY(rowNames(m_model).contains("head"));
        QVERIFY(rowTimes(m_model, rowOf(m_model, "head")).isEmpty());
        // So has the selected image (its visibility, opacity and picture are keyed in one row).
        const QString slot = QString::fromStdString(m_doc.rig().slotList()[0].name);
        m_doc.setSelectedSlot(0);
        QVERIFY(rowNames(m_model).contains(slot));
        m_doc.setSelectedSlot(-1);
        m_doc.setSelectedJoint(head);
    }

    void selectingByClickAndBox()
    {
        const int pelvis = rowOf(m_model, "pelvis");
        const QList<double> times = rowTimes(m_model, pelvis);
        QVERIFY(times.size() >= 3);
        m_model.selectKey(pelvis, times[1], false);
        // The pelvis is a root: its x, y and rotation keys at that time are one diamond.
        QVERIFY(m_model.selectedKeyCount() >= 1);
        QVERIFY(m_model.isKeySelected(pelvis, times[1]));
        QVERIFY(!m_model.isKeySelected(pelvis, times[0]));
        QVERIFY(m_model.isKeySelected(0, times[1])); // the summary shows it too
        const int one = m_model.selectedKeyCount();
        m_model.selectKey(pelvis, times[2], true);
        QVERIFY(m_model.selectedKeyCount() > one);
        m_model.selectKey(pelvis, times[2], true); // again with Shift: taken out
        QCOMPARE(m_model.selectedKeyCount(), one);
        // A box over every row and the whole clip selects every key.
        m_model.selectBox(0, m_model.rowCount() - 1, 0.0, m_doc.animation()->duration(), false);
        m_model.selectKey(0, times[0], false); // the summary diamond: every key at that time
        const int atFirst = m_model.selectedKeyCount();
        QVERIFY(atFirst >= 3);
        m_model.clearSelection();
        QCOMPARE(m_model.selectedKeyCount(), 0);
    }

    // The key selection belongs to its clip: another clip opened (a duplicate of it, with
    // keys at the same times) starts with none, so Delete there takes nothing (QA: it deleted a
    // key of the copy never clicked).
    void theSelectionStaysWithItsClip()
    {
        const int walk = m_doc.animation()->current();
        const int pelvis = rowOf(m_model, "pelvis");
        m_model.selectKey(pelvis, rowTimes(m_model, pelvis)[1], false);
        QVERIFY(m_model.selectedKeyCount() >= 1);
        const int step = m_doc.undoStack()->index();
        const int copy = m_doc.duplicateAnimation(walk);
        QVERIFY(copy >= 0);
        m_doc.animation()->setCurrent(copy);
        QCOMPARE(m_doc.animation()->current(), copy);
        QCOMPARE(m_model.selectedKeyCount(), 0);
        QVERIFY(!m_model.isKeySelected(rowOf(m_model, "pelvis"), rowTimes(m_model, rowOf(m_model, "pelvis"))[1]));
        const animation::Clip copied = m_doc.rig().animations()[static_cast<std::size_t>(copy)];
        QVERIFY(!m_model.deleteSelected());
        QVERIFY(m_doc.rig().animations()[static_cast<std::size_t>(copy)] == copied);
        // Back in the first clip, nothing is selected either (the click was in another view).
        m_doc.animation()->setCurrent(walk);
        QCOMPARE(m_model.selectedKeyCount(), 0);
        while (m_doc.undoStack()->index() > step)
            m_doc.undo();
        m_doc.animation()->setCurrent(walk);
        QCOMPARE(m_doc.animation()->current(), walk);
    }

    void everyKeyEditIsOneUndoStep()
    {
        const int pelvis = rowOf(m_model, "pelvis");
        QList<double> times = rowTimes(m_model, pelvis);
        const double fps = 30.0;

        // Moving: the selection follows the keys.
        m_model.selectKey(pelvis, times[1], false);
        checkUndoRedo(m_doc, "move", [&] { return m_model.moveSelected(2 / fps); }, [&] {
            QVERIFY(m_model.isKeySelected(pelvis, times[1] + 2 / fps));
            QVERIFY(!rowTimes(m_model, pelvis).contains(times[1]));
        });
        // The undo text says where the key went.
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Move a key to %1").arg(m_doc.animation()->timeText(times[1] + 2 / fps)));
        // Every key at the first time (the summary row's diamond): several. The undo step says
        // how many keys in plain English (not "key(s)").
        m_model.selectKey(0, times[0], false);
        const int several = m_model.selectedKeyCount();
        QVERIFY(several >= 3);
        checkUndoRedo(m_doc, "curves", [&] { return m_model.setSelectedBezier(0.2, 0.3, 0.6, 0.8); });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Set the curve of %1 keys").arg(several));
        // Several keys moved: by how much, and which way, in frames too.
        checkUndoRedo(m_doc, "move several later", [&] { return m_model.moveSelected(1 / fps); });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Move %1 keys later by 0.03 s (1 frame)").arg(several));
        m_model.selectKey(0, times[0] + 1 / fps, false); // (undo and redo leave no selection)
        QCOMPARE(m_model.selectedKeyCount(), several);
        checkUndoRedo(m_doc, "move several earlier", [&] { return m_model.moveSelected(-1 / fps); });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Move %1 keys earlier by 0.03 s (1 frame)").arg(several));
        // Already at the clip's start: nothing to move, no undo step.
        m_model.selectKey(0, times[0], false);
        QCOMPARE(times[0], 0.0);
        const int steps = m_doc.undoStack()->count();
        QVERIFY(!m_model.moveSelected(-1 / fps));
        QCOMPARE(m_doc.undoStack()->count(), steps);
        QCOMPARE(m_doc.animation()->spanText(0.2), QString("0.20 s (6 frames)"));
        QCOMPARE(m_doc.animation()->spanText(0.21), QString("0.21 s"));

        m_model.selectKey(pelvis, times[1] + 2 / fps, false);
        QCOMPARE(m_model.selectedKeyCount(), 1);
        checkUndoRedo(m_doc, "curve", [&] { return m_model.setSelectedBezier(0.3, 0.1, 0.7, 0.9); });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Set the curve of a key"));
        QCOMPARE(m_model.selectedCurveKind(), QString("bezier"));
        QCOMPARE(m_model.selectedBezier(), QVariantList({0.3, 0.1, 0.7, 0.9}));
        // The curve dialog's "Now:" follows the keys it changed, undo and redo too.
        QSignalSpy curveKind(&m_model, &TimelineModel::selectedCurveKindChanged);
        checkUndoRedo(m_doc, "stepped", [&] { return m_model.setSelectedCurve("stepped"); });
        QCOMPARE(m_model.selectedCurveKind(), QString("stepped"));
        QVERIFY(curveKind.count() >= 3); // set, undone, redone

        QVERIFY(m_model.copySelected());
        QVERIFY(m_model.canPaste());
        m_doc.animation()->setTime(1.0);
        checkUndoRedo(m_doc, "paste", [&] { return m_model.paste(); }, [&] {
            QVERIFY(rowTimes(m_model, pelvis).contains(1.0));
            QVERIFY(m_model.isKeySelected(pelvis, 1.0)); // the pasted keys are selected
        });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Paste keys at 1.00 s (frame 30)"));
        // Keys that would land after the clip's end are left out, and that is said (QA: they
        // vanished without a word).
        {
            m_model.selectKey(pelvis, rowTimes(m_model, pelvis).first(), false);
            m_model.selectKey(pelvis, 1.0, true);
            const int copied = m_model.selectedKeyCount();
            QVERIFY(copied >= 2);
            QVERIFY(m_model.copySelected());
            m_doc.animation()->setTime(1.1);
            QSignalSpy notice(&m_doc, &Document::notice);
            const int step = m_doc.undoStack()->index();
            QVERIFY(m_model.paste());
            QCOMPARE(notice.count(), 1);
            const QString said = notice.first().at(0).toString();
            QVERIFY2(said.startsWith(QString("Pasted %1 of %2 keys: %3 would land after the clip's end (1.20 s (frame 36))")
                                         .arg(m_model.selectedKeyCount())
                                         .arg(copied)
                                         .arg(copied - m_model.selectedKeyCount())),
                     qPrintable(said));
            QVERIFY(m_model.selectedKeyCount() < copied);
            m_doc.undo();
            QCOMPARE(m_doc.undoStack()->index(), step);
        }
        m_model.selectKey(pelvis, 1.0, false);

        QCOMPARE(m_model.selectedKeyCount(), 1);
        // A drag shows the keys where the move will put them: within the 1.2 s clip.
        QVERIFY(std::fabs(m_model.movableShift(5) - 0.2) < 1e-12);
        QCOMPARE(m_model.movableShift(-5), -1.0);
        QCOMPARE(m_model.movableShift(0.1), 0.1);
        QCOMPARE(m_model.movableShift(qQNaN()), 0.0);
        checkUndoRedo(m_doc, "delete", [&] { return m_model.deleteSelected(); });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Delete a key"));
        QVERIFY(!rowTimes(m_model, pelvis).contains(1.0));
        QCOMPARE(m_model.selectedKeyCount(), 0);

        // K on the selected joint, and the clip's length.
        m_doc.setSelectedJoint(m_doc.findJoint("head"));
        m_doc.animation()->setTime(0.5);
        checkUndoRedo(m_doc, "key", [&] { return m_doc.animation()->keyPose(); });
        QCOMPARE(m_doc.undoStack()->undoText(), QString("Key pose at 0.50 s (frame 15)"));
        // Times read as the Timeline's playhead does (the undo text said "0.1333 s").
        QCOMPARE(m_doc.animation()->timeText(4.0 / 30.0), QString("0.13 s (frame 4)"));
        QCOMPARE(m_doc.animation()->timeText(0.1337), QString("0.1337 s")); // between frames
        QVERIFY(rowTimes(m_model, rowOf(m_model, "head")).contains(0.5));
        const int walk = m_doc.animation()->current();
        checkUndoRedo(m_doc, "length", [&] { return m_doc.setAnimationDuration(walk, 0.8); });
        for (double t : rowTimes(m_model, 0))
            QVERIFY(t <= 0.8 + 1e-9);
    }

    void nothingToDoIsNoStep()
    {
        m_model.clearSelection();
        const int steps = m_doc.undoStack()->count();
        QVERIFY(!m_model.deleteSelected());
        QVERIFY(!m_model.moveSelected(0.1));
        QVERIFY(!m_model.setSelectedCurve("linear"));
        QVERIFY(!m_model.setSelectedBezier(0.5, 2.0, 0.5, 0.5)); // out of [0, 1] as well
        QCOMPARE(m_doc.undoStack()->count(), steps);
        m_doc.animation()->setCurrent(-1);
        QCOMPARE(m_model.rowCount(), 0);
        QVERIFY(!m_model.paste());
    }
};

QTEST_MAIN(TestTimelineModel)
#include "tst_timeline_model.moc"
