// Undo keeps only what an edit changed (PoseCommand for drags, RigEditCommand for edits that
// keep the skeleton, the structure commands the subtree they move or remove), so it must give back exactly the rig it started from: property-tested over
// seeded random rigs, edits, chains and solvers. A failure names its seed: run
// `tst_undo_commands dragsUndoExactly` (or valueEditsUndoExactly, timelineEditsUndoExactly) with
// BONEWORK_SEED=N to replay.
#include "document.h"
#include "pose_command.h"
#include "rig_edit_command.h"
#include "structure_commands.h"
#include "timeline_model.h"
#include "sample_rigs.h"

#include "bonework/io/rig_file.h"
#include "std_text.h"
#include "random_rigs.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::Engine;
using bonework::testing::localPath;

namespace {

// The rig as the canvas sees it, to the bit: angles as read, the rotations, root positions.
bool sameToTheBit(const Rig& a, const Rig& b)
{
    if (!(a == b))
        return false;
    for (std::size_t i = 0; i < a.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (!(a.pose(j) == b.pose(j)))
            return false;
    }
    return true;
}

} // namespace

class TestUndoCommands : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // A random rig with limits and a few pins, and one chain on a random limb, opened in `doc`.
    bool openRandomRig(Engine& rng, Document& doc)
    {
        testing::RigOptions options;
        options.limits = true;
        options.pinChance = 0.05;
        Rig rig = testing::randomTree(rng, testing::uniformInt(rng, 3, 30), options);
        const auto tip = static_cast<JointIndex>(testing::uniformInt(rng, 1, static_cast<int>(rig.jointCount()) - 1));
        if (!rig.isRoot(rig.parent(tip))) {
            Chain chain;
            chain.name = "limb";
            chain.tip = tip;
            chain.root = rig.parent(rig.parent(tip));
            chain.solver = kAllSolvers[testing::uniformInt(rng, 0, static_cast<int>(std::size(kAllSolvers)) - 1)];
            chain.target.point = worldTransformOf(rig, tip).position;
            if (!rig.addChain(chain).ok()) {
                chain.solver = SolverKind::Fabrik;
                rig.addChain(chain);
            }
        }
        // A clip keying every joint and the chain's mix: renames, narrowed limits, removals and
        // reparents change its tracks, and undo must give them back too.
        animation::Clip clip;
        clip.name = "random";
        clip.duration = 2;
        for (std::size_t i = 0; i < rig.jointCount(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            animation::JointTracks tracks;
            tracks.joint = rig.jointName(j);
            for (double t : {0.0, 1.0, 2.0}) {
                if (rig.isRoot(j))
                    tracks.x.push_back({t, testing::uniform(rng, -300, 300), {}});
                else
                    tracks.angle.push_back({t, testing::uniform(rng, rig.minAngle(j), rig.maxAngle(j)), {}});
            }
            clip.joints.push_back(std::move(tracks));
        }
        if (!rig.chains().empty())
            clip.chains.push_back({"limb", {}, {{0.0, 0.5, {}}}});
        if (!rig.addAnimation(clip).ok())
            return false;
        const QString path = m_dir.filePath("random.rig.json");
        std::string error;
        return io::saveRigFile(rig, localPath(path), &error) && doc.files()->open(path);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the drag solver setting is not the user's
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_undo_commands");
    }

    void dragsUndoExactly()
    {
        int moved = 0;
        const QByteArray only = qgetenv("BONEWORK_SEED");
        const int first = only.isEmpty() ? 0 : only.toInt();
        const int last = only.isEmpty() ? 400 : first + 1;
        for (int seed = first; seed < last; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed));
            Document doc;
            QVERIFY2(openRandomRig(rng, doc), qPrintable(QString("seed %1: could not open").arg(seed)));
            doc.posing()->setDefaultSolver(testing::uniformInt(rng, 0, 1) ? "relax" : "follow");
            const Rig before = doc.rig();
            const int steps = doc.undoStack()->count();
            // Drag the chain's tip, its target, or any joint, through a few points.
            const int kind = testing::uniformInt(rng, 0, 2);
            const int joint = testing::uniformInt(rng, 0, doc.jointCount() - 1);
            if (kind == 0 && doc.chainCount() > 0)
                doc.posing()->beginPose(doc.rig().chains()[0].tip);
            else if (kind == 1 && doc.chainCount() > 0)
                doc.posing()->beginTargetDrag(0);
            else
                doc.posing()->beginPose(joint);
            for (int i = 0; i < 3; ++i)
                doc.posing()->poseTo(testing::uniform(rng, -800, 800), testing::uniform(rng, -800, 800));
            doc.posing()->endDrag();
            const Rig after = doc.rig();
            const QString where = QString("seed %1").arg(seed);
            QVERIFY2(doc.undoStack()->count() <= steps + 1, qPrintable(where + ": one drag, one step"));
            if (doc.undoStack()->count() == steps) {
                QVERIFY2(sameToTheBit(after, before), qPrintable(where + ": no step, yet the rig changed"));
                continue;
            }
            ++moved;
            doc.undo();
            QVERIFY2(sameToTheBit(doc.rig(), before), qPrintable(where + ": undo is not the rig before"));
            doc.redo();
            QVERIFY2(sameToTheBit(doc.rig(), after), qPrintable(where + ": redo is not the rig after"));
        }
        if (only.isEmpty())
            QVERIFY2(moved > 300, qPrintable(QString("only %1 of 400 drags moved anything").arg(moved)));
    }

    void valueEditsUndoExactly()
    {
        const QByteArray only = qgetenv("BONEWORK_SEED");
        const int first = only.isEmpty() ? 0 : only.toInt();
        const int last = only.isEmpty() ? 400 : first + 1;
        int edited = 0;
        for (int seed = first; seed < last; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 1000003);
            Document doc;
            QVERIFY2(openRandomRig(rng, doc), qPrintable(QString("seed %1: could not open").arg(seed)));
            const Rig before = doc.rig();
            const int j = testing::uniformInt(rng, 0, doc.jointCount() - 1);
            const double a = testing::uniform(rng, -200, 200), b = testing::uniform(rng, -200, 200);
            switch (testing::uniformInt(rng, 0, 9)) {
            case 0: doc.renameJoint(j, QString("renamed%1").arg(seed)); break;
            case 1: doc.setLength(j, std::fabs(a) + 1); break;
            case 2: doc.setAngle(j, a); break;
            case 3: doc.setLimits(j, std::min(a, b), std::max(a, b)); break;
            case 4: doc.togglePin(j); break;
            case 5: doc.setRootPosition(0, a, b); break;
            case 6: doc.setRootRotation(0, a); break;
            case 7: doc.setPinned(j, true); break;
            case 8: doc.chainCount() > 0 ? doc.setChainSolver(0, "ccd") : doc.addChain(j, 0); break;
            case 9: doc.chainCount() > 0 ? doc.removeChain(0) : doc.setLength(j, 7); break;
            }
            const Rig after = doc.rig();
            const QString where = QString("seed %1").arg(seed);
            if (sameToTheBit(after, before))
                continue; // refused (a rule said no) or no change
            ++edited;
            QVERIFY2(doc.undoStack()->count() == 1, qPrintable(where + ": one edit, one step"));
            QVERIFY2(dynamic_cast<const RigEditCommand*>(doc.undoStack()->command(0)), qPrintable(where + ": not a RigEditCommand"));
            doc.undo();
            QVERIFY2(sameToTheBit(doc.rig(), before), qPrintable(where + ": undo is not the rig before"));
            QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where + ": " + QString::fromStdString(doc.rig().checkInvariants())));
            doc.redo();
            QVERIFY2(sameToTheBit(doc.rig(), after), qPrintable(where + ": redo is not the rig after"));
            QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where + ": " + QString::fromStdString(doc.rig().checkInvariants())));
        }
        if (only.isEmpty())
            QVERIFY2(edited > 250, qPrintable(QString("only %1 of 400 edits changed anything").arg(edited)));
    }

    // Animate mode: random timeline edits on the random rig's clip (drags with Auto-Key, K,
    // typed values, keys moved, deleted, copied and pasted, curves, lengths, clips added,
    // duplicated, renamed and deleted), the playhead moving between them. Undoing every step
    // gives back the rig as opened, to the bit, and redoing them the rig as edited; the clip
    // stays open through undo and redo while it exists.
    void timelineEditsUndoExactly()
    {
        const QByteArray only = qgetenv("BONEWORK_SEED");
        const int first = only.isEmpty() ? 0 : only.toInt();
        const int last = only.isEmpty() ? 150 : first + 1;
        int edits = 0;
        for (int seed = first; seed < last; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 7000009);
            Document doc;
            QVERIFY2(openRandomRig(rng, doc), qPrintable(QString("seed %1: could not open").arg(seed)));
            TimelineModel timeline;
            timeline.setDocument(&doc);
            AnimationPlayer& player = *doc.animation();
            player.setAutoKey(true);
            player.setCurrent(0);
            QVERIFY(player.isActive());
            const Rig before = doc.setupRig();
            const int startIndex = doc.undoStack()->index();
            const int joints = doc.jointCount();
            for (int op = 0; op < 14; ++op) {
                if (player.current() < 0)
                    player.setCurrent(0);
                player.setTime(testing::uniform(rng, 0.0, player.duration()));
                const int joint = testing::uniformInt(rng, 0, joints - 1);
                switch (testing::uniformInt(rng, 0, 8)) {
                case 0: { // a drag with Auto-Key
                    doc.posing()->beginPose(joint);
                    const Vec2 at = worldTransformOf(doc.rig(), joint).position;
                    for (int k = 1; k <= 3; ++k)
                        doc.posing()->poseTo(at.x + testing::uniform(rng, -40, 40), at.y + testing::uniform(rng, -40, 40));
                    doc.posing()->endDrag();
                    break;
                }
                case 1: // K on a joint, or on the whole pose
                    doc.setSelectedJoint(testing::uniformInt(rng, 0, 1) ? joint : -1);
                    player.keyPose();
                    break;
                case 2: // a typed angle or a root's place
                    if (doc.rig().isRoot(joint))
                        doc.setRootPosition(joint, testing::uniform(rng, 0, 800), testing::uniform(rng, 0, 600));
                    else
                        doc.setAngle(joint, testing::uniform(rng, doc.rig().minAngle(joint), doc.rig().maxAngle(joint)));
                    break;
                case 3:
                    timeline.selectBox(0, timeline.rowCount() - 1, testing::uniform(rng, 0, 1), testing::uniform(rng, 0, 2), false);
                    timeline.moveSelected(testing::uniformInt(rng, -20, 20) / 30.0);
                    break;
                case 4:
                    timeline.selectBox(testing::uniformInt(rng, 0, 3), testing::uniformInt(rng, 0, 6), 0, testing::uniform(rng, 0, 2), false);
                    timeline.deleteSelected();
                    break;
                case 5:
                    timeline.selectBox(0, timeline.rowCount() - 1, testing::uniform(rng, 0, 1), testing::uniform(rng, 0, 2), false);
                    timeline.copySelected();
                    player.setTime(testing::uniform(rng, 0.0, player.duration()));
                    timeline.paste();
                    break;
                case 6:
                    timeline.selectBox(0, timeline.rowCount() - 1, 0, 2, false);
                    if (testing::uniformInt(rng, 0, 1))
                        timeline.setSelectedCurve("stepped");
                    else
                        timeline.setSelectedBezier(testing::uniform(rng, 0, 1), testing::uniform(rng, 0, 1), testing::uniform(rng, 0, 1),
                                                   testing::uniform(rng, 0, 1));
                    break;
                case 7:
                    doc.setAnimationDuration(player.current(), testing::uniform(rng, 0.5, 3.0));
                    break;
                case 8: // the clips themselves
                    switch (testing::uniformInt(rng, 0, 3)) {
                    case 0: player.setCurrent(doc.newAnimation()); break;
                    case 1: player.setCurrent(doc.duplicateAnimation(player.current())); break;
                    case 2: doc.renameAnimation(player.current(), QString("clip %1").arg(op)); break;
                    default: doc.removeAnimation(player.current()); break;
                    }
                    break;
                }
            }
            const Rig after = doc.setupRig();
            const int steps = doc.undoStack()->index() - startIndex;
            edits += steps;
            for (int i = 0; i < steps; ++i)
                doc.undo();
            QVERIFY2(sameToTheBit(doc.setupRig(), before), qPrintable(QString("seed %1: undo did not give back the rig").arg(seed)));
            for (int i = 0; i < steps; ++i)
                doc.redo();
            QVERIFY2(sameToTheBit(doc.setupRig(), after), qPrintable(QString("seed %1: redo did not repeat the edits").arg(seed)));
            QVERIFY2(!doc.posing()->isAnimating() || player.current() >= 0, qPrintable(QString("seed %1").arg(seed)));
        }
        QVERIFY(edits > 500); // the operations mostly were edits
    }

    void addedJointsUndoExactly()
    {
        int added = 0;
        for (int seed = 0; seed < 200; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 2000003);
            Document doc;
            QVERIFY(openRandomRig(rng, doc));
            const Rig before = doc.rig();
            const int adds = testing::uniformInt(rng, 1, 5);
            for (int i = 0; i < adds; ++i) {
                const int parent = testing::uniformInt(rng, -1, doc.jointCount() - 1);
                const double x = testing::uniform(rng, -300, 300), y = testing::uniform(rng, -300, 300);
                // A bone shorter than the minimum is refused: that adds nothing and no step.
                if (parent < 0)
                    doc.addRoot(x, y);
                else
                    doc.addBone(parent, x, y);
            }
            const Rig after = doc.rig();
            const int steps = doc.undoStack()->count();
            QCOMPARE(static_cast<std::size_t>(steps), after.jointCount() - before.jointCount()); // one step an add
            added += steps;
            const QString where = QString("seed %1").arg(seed);
            for (int i = 0; i < steps; ++i)
                doc.undo();
            QVERIFY2(sameToTheBit(doc.rig(), before), qPrintable(where + ": undoing the adds is not the rig before"));
            for (int i = 0; i < steps; ++i)
                doc.redo();
            QVERIFY2(sameToTheBit(doc.rig(), after), qPrintable(where + ": redoing the adds is not the rig after"));
            QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where));
        }
        QVERIFY2(added > 400, qPrintable(QString("only %1 joints added").arg(added)));
    }

    void structuralEditsUndoExactly()
    {
        // Random runs of deletes and reparents, each one undo step; undoing them all gives back
        // the rig opened, redoing them all the rig edited, both to the bit.
        int steps = 0, removes = 0, reparents = 0;
        for (int seed = 0; seed < 300; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 3000003);
            Document doc;
            QVERIFY(openRandomRig(rng, doc));
            const Rig before = doc.rig();
            const QString where = QString("seed %1").arg(seed);
            for (int i = 0, edits = testing::uniformInt(rng, 1, 4); i < edits && doc.jointCount() > 1; ++i) {
                const int j = testing::uniformInt(rng, 0, doc.jointCount() - 1);
                const int count = doc.undoStack()->count();
                if (testing::uniformInt(rng, 0, 2) == 0) {
                    QVERIFY(doc.removeJoint(j));
                    QVERIFY2(dynamic_cast<const RemoveJointCommand*>(doc.undoStack()->command(count)), qPrintable(where));
                    ++removes;
                } else if (doc.reparentJoint(j, testing::uniformInt(rng, -1, doc.jointCount() - 1))
                           && doc.undoStack()->count() > count) {
                    QVERIFY2(dynamic_cast<const ReparentJointCommand*>(doc.undoStack()->command(count)), qPrintable(where));
                    ++reparents;
                }
                QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where + ": " + QString::fromStdString(doc.rig().checkInvariants())));
            }
            const Rig after = doc.rig();
            const int n = doc.undoStack()->count();
            steps += n;
            for (int i = 0; i < n; ++i)
                doc.undo();
            QVERIFY2(sameToTheBit(doc.rig(), before), qPrintable(where + ": undoing is not the rig before"));
            for (int i = 0; i < n; ++i)
                doc.redo();
            QVERIFY2(sameToTheBit(doc.rig(), after), qPrintable(where + ": redoing is not the rig after"));
            QVERIFY2(doc.rig().checkInvariants().empty(), qPrintable(where));
        }
        QVERIFY2(removes > 100 && reparents > 100, qPrintable(QString("%1 removes, %2 reparents").arg(removes).arg(reparents)));
    }

    void aStructuralEditOnABigRigKeepsTheSubtreeOnly()
    {
        const QString path = m_dir.filePath("hub10k-structure.rig.json");
        std::string error;
        QVERIFY(io::saveRigFile(testing::hubRig(10001), localPath(path), &error));
        Document doc;
        QVERIFY(doc.files()->open(path));
        const Rig opened = doc.rig();
        // A limb's outer half moves onto another limb: the block moves (a later joint to an
        // earlier parent), and the command keeps those six joints.
        QVERIFY(doc.reparentJoint(doc.findJoint("l1_4"), doc.findJoint("l0_4")));
        const auto* reparent = dynamic_cast<const ReparentJointCommand*>(doc.undoStack()->command(0));
        QVERIFY(reparent);
        QCOMPARE(reparent->keptJoints(), std::size_t(6));
        QVERIFY(doc.removeJoint(doc.findJoint("l2_5")));
        const auto* removal = dynamic_cast<const RemoveJointCommand*>(doc.undoStack()->command(1));
        QVERIFY(removal);
        QVERIFY(removal->keptJoints() < 10);
        doc.undo();
        doc.undo();
        QVERIFY(sameToTheBit(doc.rig(), opened));
    }

    void aRenameOnABigRigKeepsOneJoint()
    {
        const QString path = m_dir.filePath("hub10k.rig.json");
        std::string error;
        QVERIFY(io::saveRigFile(testing::hubRig(10001), localPath(path), &error));
        Document doc;
        QVERIFY(doc.files()->open(path));
        QVERIFY(doc.renameJoint(5, "elbow"));
        const auto* step = dynamic_cast<const RigEditCommand*>(doc.undoStack()->command(0));
        QVERIFY(step);
        QVERIFY2(step->bytes() < 1024, qPrintable(QString::number(step->bytes())));
    }

    void aLimbDragKeepsOnlyTheLimb()
    {
        // 500 limbs of ten bones under one root; dragging one limb's tip with its chain keeps
        // that limb's poses, not the rig's.
        Rig rig;
        rig.addJoint(JointDesc{.name = "hub"});
        for (int limb = 0; limb < 500; ++limb) {
            JointIndex j = 0;
            for (int b = 0; b < 10; ++b) {
                JointDesc d;
                d.name = "l" + std::to_string(limb) + "_" + std::to_string(b);
                d.parent = j;
                d.length = 10;
                d.angle = b == 0 ? limb * 0.72 : 5;
                rig.addJoint(d, &j);
            }
            if (limb == 0) {
                Chain chain;
                chain.name = "limb0";
                chain.root = 1;
                chain.tip = j;
                chain.solver = SolverKind::Fabrik;
                chain.target.point = worldTransformOf(rig, j).position;
                QVERIFY(rig.addChain(chain).ok());
            }
        }
        const QString path = m_dir.filePath("hub.rig.json");
        std::string error;
        QVERIFY(io::saveRigFile(rig, localPath(path), &error));
        Document doc;
        QVERIFY(doc.files()->open(path));
        const int tip = doc.rig().chains()[0].tip;
        doc.posing()->beginPose(tip);
        for (int i = 0; i < 20; ++i)
            doc.posing()->poseTo(40 + i, 30 - i);
        doc.posing()->endDrag();
        QCOMPARE(doc.undoStack()->count(), 1);
        const auto* step = dynamic_cast<const PoseCommand*>(doc.undoStack()->command(0));
        QVERIFY(step);
        QVERIFY(step->change().joints.size() <= 11);
        QVERIFY2(step->change().bytes() < 2048, qPrintable(QString::number(step->change().bytes())));
    }
};

QTEST_MAIN(TestUndoCommands)
#include "tst_undo_commands.moc"
