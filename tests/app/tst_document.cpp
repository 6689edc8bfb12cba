// The document and its undo stack: every edit undone and redone, merged drags, the modified
// flag, files (open, save, revert, broken files), posing and recovery.
#include "animation_player.h"
#include "autosave.h"
#include "document.h"
#include "editor_examples.h"
#include "file_names.h"
#include "file_service.h"
#include "source_tree.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "std_text.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::localPath;

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// root at (100, 100), then a -> b -> c to the right, 50 each.
void buildArm(Document& doc)
{
    const int root = doc.addRoot(100, 100);
    const int a = doc.addBone(root, 150, 100);
    const int b = doc.addBone(a, 200, 100);
    doc.addBone(b, 250, 100);
}

// The arm saved as arm.rig.json in `dir` by another editor; its path, or empty.
QString savedArm(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("arm.rig.json");
    Document first;
    buildArm(first);
    return first.files()->saveAs(path) ? path : QString();
}

// `bytes` written over `path` as editors save: a new file renamed over the old one.
bool replaceFile(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

Vec2 worldOf(const Document& doc, const char* name)
{
    return forwardKinematics(doc.rig())[doc.rig().findJoint(name)].position;
}

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_document");
    }

    void growingBonesIsUndoable()
    {
        Document doc;
        QVERIFY(!doc.isModified());
        buildArm(doc);
        QCOMPARE(doc.jointCount(), 4);
        QVERIFY(doc.isModified());
        QCOMPARE(doc.undoStack()->count(), 4);
        QCOMPARE(doc.undoText(), QString("Add bone joint4"));
        const Vec2 tip = worldOf(doc, "joint4");
        QVERIFY(std::fabs(tip.x - 250) < 1e-9 && std::fabs(tip.y - 100) < 1e-9);
        doc.undo();
        QCOMPARE(doc.jointCount(), 3);
        doc.redo();
        QCOMPARE(doc.jointCount(), 4);
        for (int i = 0; i < 4; ++i)
            doc.undo();
        QCOMPARE(doc.jointCount(), 0);
        QVERIFY(!doc.isModified());
    }

    void everyEditUndoesAndRedoes()
    {
        Document doc;
        buildArm(doc);
        const int a = doc.findJoint("joint2");
        const int b = doc.findJoint("joint3");
        const Rig start = doc.rig();
        struct Step { const char* what; std::function<bool()> edit; };
        const std::vector<Step> steps = {
            {"rename", [&] { return doc.renameJoint(a, "upper"); }},
            {"length", [&] { return doc.setLength(a, 80); }},
            {"angle", [&] { return doc.setAngle(b, 30); }},
            {"limits", [&] { return doc.setLimits(b, 10, 40); }},
            {"root position", [&] { return doc.setRootPosition(0, 10, 20); }},
            {"root rotation", [&] { return doc.setRootRotation(0, 45); }},
            {"pin", [&] { return doc.togglePin(b); }},
            {"chain", [&] { return doc.addChain(doc.findJoint("joint4"), 0) >= 0; }},
            {"chain solver", [&] { return doc.setChainSolver(0, "ccd"); }},
            {"chain iterations", [&] { return doc.setChainIterations(0, 25); }},
            {"chain tolerance", [&] { return doc.setChainTolerance(0, 0.5); }},
            {"chain bend", [&] { return doc.setChainBend(0, "negative"); }},
            {"chain rename", [&] { return doc.renameChain(0, "arm"); }},
            {"reparent", [&] { return doc.reparentJoint(doc.findJoint("joint4"), doc.findJoint("upper")); }},
            {"remove chain", [&] { return doc.removeChain(0); }},
            {"delete", [&] { return doc.removeJoint(b); }},
        };
        std::vector<Rig> states{doc.rig()};
        for (const Step& s : steps) {
            QVERIFY2(s.edit(), s.what);
            QVERIFY2(!(doc.rig() == states.back()), s.what);
            QVERIFY2(doc.rig().checkInvariants().empty(), s.what);
            states.push_back(doc.rig());
        }
        for (std::size_t i = states.size() - 1; i > 0; --i) {
            doc.undo();
            QVERIFY2(doc.rig() == states[i - 1], steps[i - 1].what);
        }
        QVERIFY(doc.rig() == start);
        for (std::size_t i = 1; i < states.size(); ++i) {
            doc.redo();
            QVERIFY2(doc.rig() == states[i], steps[i - 1].what);
        }
    }

    void nodeShapeIsOneUndoStepAndIsSaved()
    {
        // How joints are drawn is the editor's setting, kept in the rig file but not in the rig.
        Document doc;
        buildArm(doc);
        const Rig rig = doc.rig();
        const int steps = doc.undoStack()->count();
        QSignalSpy shapeChanged(&doc, &Document::nodeShapeChanged);
        QVERIFY(doc.setNodeShape("ball"));
        QCOMPARE(doc.nodeShape(), QString("ball"));
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.undoText(), QString("Draw nodes as ball"));
        QVERIFY(doc.rig() == rig);
        QVERIFY(doc.setNodeShape("ball")); // no change, no step
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QVERIFY(!doc.setNodeShape("circle"));
        QTemporaryDir dir;
        const QString path = dir.filePath("shape.rig.json");
        QVERIFY(doc.files()->saveAs(path));
        Document reopened;
        QVERIFY(reopened.files()->open(path));
        QCOMPARE(reopened.nodeShape(), QString("ball"));
        doc.undo();
        QCOMPARE(doc.nodeShape(), QString("bone"));
        QVERIFY(doc.isModified());
        doc.redo();
        QCOMPARE(doc.nodeShape(), QString("ball"));
        QVERIFY(!doc.isModified());
        QVERIFY(shapeChanged.count() >= 3);
    }

    void refusalsLeaveNoUndoStep()
    {
        Document doc;
        buildArm(doc);
        QSignalSpy refused(&doc, &Document::editRefused);
        const int steps = doc.undoStack()->count();
        QVERIFY(!doc.reparentJoint(0, doc.findJoint("joint4"))); // a cycle
        QVERIFY(refused.last().at(0).toString().contains("cycle"));
        QVERIFY(!doc.renameJoint(1, "joint3"));
        QVERIFY(!doc.setLength(1, -5));
        QVERIFY(!doc.setLimits(1, 50, 10));
        QCOMPARE(refused.count(), 4);
        QCOMPARE(doc.undoStack()->count(), steps);
    }

    void oneDragIsOneUndoStep()
    {
        Document doc;
        buildArm(doc);
        const int steps = doc.undoStack()->count();
        const Rig before = doc.rig();
        const int tip = doc.findJoint("joint4");
        doc.posing()->beginPose(tip);
        for (int i = 0; i < 20; ++i)
            doc.posing()->poseTo(250 - i * 3, 100 + i * 4);
        doc.posing()->endDrag();
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.undoText(), QString("Move joint4"));
        // follow: the dragged joint is exactly where the mouse left it.
        const Vec2 tipNow = worldOf(doc, "joint4");
        QVERIFY(std::fabs(tipNow.x - (250 - 19 * 3)) < 1e-9 && std::fabs(tipNow.y - (100 + 19 * 4)) < 1e-9);
        QVERIFY(doc.posing()->lastSolve().startsWith("follow"));
        doc.undo();
        QVERIFY(doc.rig() == before);
        // A second drag is a step of its own.
        doc.redo();
        doc.posing()->beginPose(tip);
        doc.posing()->poseTo(200, 200);
        doc.posing()->endDrag();
        QCOMPARE(doc.undoStack()->count(), steps + 2);
    }

    void draggingAChainTipRunsItsSolver()
    {
        Document doc;
        buildArm(doc);
        const int tip = doc.findJoint("joint4");
        QVERIFY(doc.addChain(tip, doc.findJoint("joint2")) >= 0);
        QCOMPARE(QString::fromLatin1(solverName(doc.rig().chains()[0].solver)), QString("two-bone"));
        doc.posing()->beginPose(tip);
        doc.posing()->poseTo(180, 160);
        doc.posing()->endDrag();
        QVERIFY(doc.posing()->lastSolve().startsWith("two-bone"));
        const Vec2 p = worldOf(doc, "joint4");
        QVERIFY(std::hypot(p.x - 180, p.y - 160) < 1e-6);
        QCOMPARE(doc.chainTarget(0), QPointF(180, 160));
        // The chain's root stays put.
        const Vec2 base = worldOf(doc, "joint2");
        QVERIFY(std::hypot(base.x - 150, base.y - 100) < 1e-9);
        // Dragging the target handle solves the chain too.
        doc.posing()->beginTargetDrag(0);
        doc.posing()->poseTo(200, 60);
        doc.posing()->endDrag();
        QCOMPARE(doc.undoText(), QString("Move target of chain1"));
    }

    void pinnedJointsStayWhileDragging()
    {
        Document doc;
        buildArm(doc);
        QVERIFY(doc.setPinned(0, true));
        doc.posing()->setDefaultSolver("relax");
        doc.posing()->beginPose(doc.findJoint("joint4"));
        doc.posing()->poseTo(150, 200);
        doc.posing()->endDrag();
        const Vec2 root = worldOf(doc, "root1");
        QCOMPARE(root.x, 100.0);
        QCOMPARE(root.y, 100.0);
        doc.posing()->setDefaultSolver("follow");
    }

    void modifiedFlagFollowsSaveAndUndo()
    {
        QTemporaryDir dir;
        Document doc;
        QSignalSpy modified(&doc, &Document::modifiedChanged);
        buildArm(doc);
        QVERIFY(doc.isModified());
        const QString path = dir.filePath("arm.rig.json");
        QVERIFY(doc.files()->saveAs(path));
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.displayName(), QString("arm.rig.json"));
        doc.setLength(1, 70);
        QVERIFY(doc.isModified());
        doc.undo();
        QVERIFY(!doc.isModified()); // back at the saved state
        QVERIFY(modified.count() >= 3);
        // The file holds what was saved.
        const io::LoadResult loaded = io::loadRigFile(localPath(path));
        QVERIFY(loaded.ok());
        QVERIFY(*loaded.rig == doc.rig());
    }

    // A file another program changed since it was opened or saved here is not overwritten
    // without asking; once approved it is, and the next save asks nothing.
    void savingOverAFileChangedOnDiskAsksFirst()
    {
        QTemporaryDir dir;
        const QString path = savedArm(dir);
        QVERIFY(!path.isEmpty());
        Document doc;
        QVERIFY(doc.files()->open(path));
        QSignalSpy asked(doc.files(), &FileService::overwriteNeeded);
        QVERIFY(doc.setLength(1, 70));
        QVERIFY(doc.files()->save()); // nobody else touched it
        QCOMPARE(asked.count(), 0);
        QVERIFY(doc.setLength(1, 80));
        QFile other(path);
        QVERIFY(other.open(QIODevice::ReadOnly));
        QByteArray theirs = other.readAll().replace("\"joint2\"", "\"theirs\"");
        other.close();
        QVERIFY(other.open(QIODevice::WriteOnly | QIODevice::Truncate) && other.write(theirs) == theirs.size());
        other.close();
        QVERIFY(!doc.files()->save());
        QCOMPARE(asked.count(), 1);
        QVERIFY(doc.isModified());
        QVERIFY(other.open(QIODevice::ReadOnly));
        QCOMPARE(other.readAll(), theirs); // still theirs
        other.close();
        QVERIFY(doc.files()->saveOverwriting(path));
        QVERIFY(!doc.isModified());
        QVERIFY(doc.setLength(1, 90));
        QVERIFY(doc.files()->save());
        QCOMPARE(asked.count(), 1);
        const io::LoadResult loaded = io::loadRigFile(localPath(path));
        QVERIFY(loaded.ok() && *loaded.rig == doc.rig());
    }

    // Another program's version of the open file is offered once it is written, whether it
    // replaced the file (as editors save) or wrote into it; this editor's own saves are not.
    // Reloading is one undo step that leaves the document clean; undo brings back the rig here.
    void aFileChangedOnDiskIsOfferedAndReloadsAsOneUndoStep()
    {
        QTemporaryDir dir;
        const QString path = savedArm(dir);
        QVERIFY(!path.isEmpty());
        Document doc;
        QVERIFY(doc.files()->open(path));
        QSignalSpy told(doc.files(), &FileService::changedOnDisk);
        QVERIFY(doc.setLength(1, 70));
        QVERIFY(doc.files()->save());
        QTest::qWait(800); // past the watch's quiet moment
        QCOMPARE(told.count(), 0);

        QVERIFY(doc.setLength(1, 80));
        const Rig mine = doc.setupRig();
        const QByteArray theirs = fileBytes(path).replace("\"joint2\"", "\"theirs\"");
        QVERIFY(replaceFile(path, theirs));
        QVERIFY(told.wait(5000));
        QCOMPARE(told.count(), 1);
        QCOMPARE(told.first().first().toString(), QFileInfo(path).absoluteFilePath());

        const int steps = doc.undoStack()->count();
        QVERIFY(doc.files()->reloadFromDisk());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QVERIFY(!doc.isModified());
        QVERIFY(doc.findJoint("theirs") >= 0);
        doc.undoStack()->undo();
        QVERIFY(doc.isModified());
        QVERIFY(doc.setupRig() == mine);

        // Written into in place this time; the reloaded version was seen, so a save of the
        // rig here after undo wrote over it without asking.
        QSignalSpy asked(doc.files(), &FileService::overwriteNeeded);
        QVERIFY(doc.files()->save());
        QCOMPARE(asked.count(), 0);
        QTest::qWait(800);
        QCOMPARE(told.count(), 1);
        const QByteArray again = fileBytes(path).replace("\"joint3\"", "\"again\"");
        QFile inPlace(path);
        QVERIFY(inPlace.open(QIODevice::WriteOnly | QIODevice::Truncate) && inPlace.write(again) == again.size());
        inPlace.close();
        QVERIFY(told.wait(5000));
        QCOMPARE(told.count(), 2);
    }

    // Import Images… puts the images on the bone they go to (the middle of the selected joint's
    // bone, a root's own place), not in a pile at the view's centre; with nothing selected, the
    // view's centre.
    void importedImagesLandOnTheirBone()
    {
        Document doc;
        buildArm(doc); // root1 (100, 100) -> joint2 (150, 100) -> joint3 -> joint4
        const QPointF centre(400, 300);
        doc.setSelectedJoint(-1);
        QCOMPARE(doc.importPoint(centre), centre);
        doc.setSelectedJoint(doc.findJoint("joint3"));
        QCOMPARE(doc.importPoint(centre), QPointF(175, 100));
        doc.setSelectedJoint(doc.findJoint("root1"));
        QCOMPARE(doc.importPoint(centre), QPointF(100, 100));
    }

    // Deleting a joint says what went with it, the clips' keys included (a clip emptied without
    // a word was found out after the save); Ctrl+Z brings them all back.
    void deletingAJointSaysWhatWentWithIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("keys.rig.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "bonework.rig", "version": 2, "name": "keys",
            "joints": [{"name": "a", "x": 0, "y": 0, "rotation": 0}, {"name": "b", "parent": "a", "length": 50, "angle": 0},
                       {"name": "c", "parent": "b", "length": 50, "angle": 0}],
            "animations": [{"name": "wave", "duration": 1, "joints": {
                               "b": {"angle": [{"time": 0, "value": 0}, {"time": 1, "value": 10}]},
                               "c": {"angle": [{"time": 0, "value": 0}, {"time": 0.5, "value": 5}, {"time": 1, "value": 0}]}}},
                           {"name": "idle", "duration": 1, "joints": {"a": {"rotation": [{"time": 0, "value": 0}]}}}]})");
        file.close();
        Document doc;
        QVERIFY(doc.files()->open(path));
        const Rig before = doc.rig();
        QSignalSpy said(&doc, &Document::notice);
        QVERIFY(doc.removeJoint(doc.findJoint("c")));
        QCOMPARE(said.count(), 1);
        QCOMPARE(said.last().first().toString(), QStringLiteral("Deleted c with 3 keys in \"wave\" (Ctrl+Z brings them back)"));
        doc.undoStack()->undo();
        QVERIFY(doc.rig() == before);
        QVERIFY(doc.removeJoint(doc.findJoint("a")));
        QCOMPARE(said.last().first().toString(),
                 QStringLiteral("Deleted a with 2 joints under it, 6 keys in 2 clips (Ctrl+Z brings them back)"));
        doc.undoStack()->undo();
        QVERIFY(doc.rig() == before);
    }

    // The file dialogs start in the folder of the rig last opened or saved, however it was
    // opened (the command line too): after New, Save As opened in the home folder.
    void dialogsStartWhereTheLastRigWas()
    {
        QTemporaryDir dir;
        const QString path = savedArm(dir);
        QVERIFY(!path.isEmpty());
        QSettings().remove("files/lastFolder");
        Document doc;
        QVERIFY(doc.files()->open(path));
        doc.files()->newRig();
        QCOMPARE(FileNames::startFolder(doc.filePath()), QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
    }

    // A new rig is named after its file at its first save (the exports name their skeleton by
    // it; every rig made from scratch was "untitled"); a name given or loaded stays; renaming
    // is one undo step, and an empty name is refused.
    void aNewRigIsNamedAfterItsFile()
    {
        QTemporaryDir dir;
        Document doc;
        doc.files()->newRig();
        buildArm(doc);
        QCOMPARE(doc.rigName(), QStringLiteral("untitled"));
        const int built = doc.undoStack()->count();
        QVERIFY(doc.files()->saveAs(dir.filePath("hero.rig.json")));
        QCOMPARE(doc.rigName(), QStringLiteral("hero"));
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.undoStack()->count(), built); // part of the save, not an edit to undo
        QCOMPARE(io::loadRigFile(localPath(dir.filePath("hero.rig.json"))).rig->name(), std::string("hero"));
        QVERIFY(doc.files()->saveAs(dir.filePath("copy.rig.json")));
        QCOMPARE(doc.rigName(), QStringLiteral("hero"));

        QSignalSpy refused(&doc, &Document::editRefused);
        QVERIFY(!doc.setRigName(QStringLiteral("  ")));
        QCOMPARE(refused.count(), 1);
        const int steps = doc.undoStack()->count();
        QVERIFY(doc.setRigName(QStringLiteral(" knight ")));
        QCOMPARE(doc.rigName(), QStringLiteral("knight"));
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QCOMPARE(doc.rigName(), QStringLiteral("hero"));
        QVERIFY(!doc.isModified());
    }

    // Move Origin to a joint: the joint is the origin after it, the rig and its clips moved
    // whole, one undo step that gives the rig back exactly; the view is told to move along
    // (rigShifted) each way; refused while a clip is open.
    void movingTheOriginToAJointMovesTheRigWhole()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(testing::exampleIndex(doc, "humanoid.rig.json")));
        const Rig before = doc.rig();
        const int foot = doc.findJoint("foot_l");
        const Vec2 at = forwardKinematics(before)[static_cast<std::size_t>(foot)].position;
        QSignalSpy shifted(&doc, &Document::rigShifted);
        QSignalSpy notices(&doc, &Document::notice);
        const int steps = doc.undoStack()->count();
        QVERIFY(doc.moveOriginTo(foot));
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Move origin to foot_l"));
        const Vec2 now = forwardKinematics(doc.rig())[static_cast<std::size_t>(foot)].position;
        QVERIFY(std::hypot(now.x, now.y) < 1e-9);
        QCOMPARE(shifted.count(), 1);
        QCOMPARE(shifted.last().at(0).toPointF(), QPointF(-at.x, -at.y));
        QVERIFY2(notices.count() == 1 && notices.last().at(0).toString().startsWith("The origin is at foot_l now"),
                 qPrintable(notices.isEmpty() ? QString() : notices.last().at(0).toString()));
        // The walk's pelvis keys moved with it.
        const auto& walk = doc.rig().animations()[0];
        QCOMPARE(walk.joints[0].joint, std::string("pelvis"));
        QVERIFY(std::fabs(walk.joints[0].y[0].value - (before.animations()[0].joints[0].y[0].value - at.y)) < 1e-9);
        doc.undoStack()->undo();
        QVERIFY(doc.rig() == before);
        QCOMPARE(shifted.count(), 2);
        QCOMPARE(shifted.last().at(0).toPointF(), QPointF(at.x, at.y));
        doc.undoStack()->redo();
        QCOMPARE(shifted.count(), 3);
        QVERIFY(doc.moveOriginTo(foot)); // there already: nothing to do
        QCOMPARE(doc.undoStack()->count(), steps + 1);

        QSignalSpy refused(&doc, &Document::editRefused);
        doc.animation()->setCurrent(0);
        QVERIFY(!doc.moveOriginTo(doc.findJoint("hand_l")));
        QCOMPARE(refused.count(), 1);
        QCOMPARE(doc.undoStack()->count(), steps + 1);
    }

    // Reset Pose after Move Origin puts the saved pose where the moved origin put the rig (the
    // figure jumped ~580 px: the roots went back to their coordinates from before the move),
    // with the chains' saved targets, as one undo step; after a save, the pose saved then.
    void resetPoseAfterMovingTheOriginStaysPut()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(testing::exampleIndex(doc, "humanoid.rig.json")));
        const Rig saved = doc.rig();
        QVERIFY(!saved.chains().empty());
        const std::vector<WorldTransform> savedWorld = forwardKinematics(saved);
        const int chain = 0;
        const Vec2 target = saved.chains()[chain].target.point;
        doc.posing()->beginTargetDrag(chain);
        doc.posing()->poseTo(target.x + 25, target.y - 30);
        doc.posing()->endDrag();
        const int chest = doc.findJoint("chest");
        const Vec2 chestAt = savedWorld[static_cast<std::size_t>(chest)].position;
        doc.posing()->beginPose(chest);
        doc.posing()->poseTo(chestAt.x + 40, chestAt.y + 20);
        doc.posing()->endDrag();
        const int foot = doc.findJoint("foot_l");
        const Vec2 origin = forwardKinematics(doc.rig())[static_cast<std::size_t>(foot)].position;
        QVERIFY(doc.moveOriginTo(foot));
        const int steps = doc.undoStack()->count();
        // Each joint and target where it was saved, less where the origin went.
        const auto checkSavedPoseLessShift = [&](Vec2 shift, const char* when) {
            const std::vector<WorldTransform> now = forwardKinematics(doc.rig());
            for (std::size_t j = 0; j < now.size(); ++j) {
                const Vec2 want{savedWorld[j].position.x - shift.x, savedWorld[j].position.y - shift.y};
                const double off = std::hypot(now[j].position.x - want.x, now[j].position.y - want.y);
                QVERIFY2(off < 1e-6, qPrintable(QString("%1: %2 is %3 px off").arg(when, QString::fromStdString(doc.rig().jointName(static_cast<JointIndex>(j)))).arg(off)));
            }
            for (std::size_t c = 0; c < saved.chains().size(); ++c) {
                const Vec2 t = doc.rig().chains()[c].target.point;
                const Vec2 want = saved.chains()[c].target.point;
                QVERIFY2(std::hypot(t.x - (want.x - shift.x), t.y - (want.y - shift.y)) < 1e-6, when);
            }
        };
        QVERIFY(doc.posing()->resetPose());
        checkSavedPoseLessShift(origin, "after Move Origin");
        // Its numbers as tidy as the move's: 12 significant digits (QA saved a target of
        // 308.19523300000003).
        const auto tidy = [](double v) { return std::fabs(v) < 1e-9 || std::stod(QString::number(v, 'g', 12).toStdString()) == v; };
        for (const Chain& c : doc.rig().chains())
            QVERIFY2(tidy(c.target.point.x) && tidy(c.target.point.y), qPrintable(QString::number(c.target.point.x, 'g', 17)));
        QVERIFY(tidy(doc.rig().rootPosition(0).x) && tidy(doc.rig().rootPosition(0).y));
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QCOMPARE(doc.undoText(), QString("Reset pose"));
        // Move Origin undone: the reset pose back at the saved coordinates.
        doc.undoStack()->undo(); // the reset
        doc.undoStack()->undo(); // the move
        QVERIFY(doc.posing()->resetPose());
        checkSavedPoseLessShift({0, 0}, "after undoing Move Origin");
        QVERIFY(doc.rig() == saved);

        // Saved after the move: that pose is the saved one, in the new origin; the move undone
        // after the save moves the saved pose back along with the rig.
        QTemporaryDir dir;
        QVERIFY(doc.moveOriginTo(foot));
        QVERIFY(doc.files()->saveCopyingArt(dir.filePath("moved.rig.json"))); // with its images
        const Rig savedMoved = doc.rig();
        doc.posing()->beginPose(chest);
        doc.posing()->poseTo(0, -200);
        doc.posing()->endDrag();
        QVERIFY(doc.posing()->resetPose());
        QVERIFY(doc.rig() == savedMoved);
        doc.undoStack()->undo(); // the reset
        doc.undoStack()->undo(); // the drag
        doc.undoStack()->undo(); // the move, from before the save
        QVERIFY(doc.posing()->resetPose());
        checkSavedPoseLessShift({0, 0}, "after undoing a saved Move Origin");
    }

    // Reloading while a clip is open keeps the animator's place: the clip (found by name) and
    // its time, after the reload and after undoing it.
    void reloadingKeepsTheOpenClip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("arm.rig.json");
        QVERIFY(QFile::copy(bonework::testing::sourceTree() + "/tests/io/valid/arm_animated.json", path));
        QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::WriteOwner);
        Document doc;
        QVERIFY(doc.files()->open(path));
        AnimationPlayer* player = doc.animation();
        player->setCurrent(static_cast<int>(player->animations().indexOf("idle")));
        player->setTime(0.5);
        QSignalSpy told(doc.files(), &FileService::changedOnDisk);
        const QByteArray theirs = fileBytes(path).replace("\"wave\"", "\"hello\""); // idle moves to index 1 still
        QVERIFY(replaceFile(path, theirs));
        QVERIFY(told.wait(5000));
        QVERIFY(doc.files()->reloadFromDisk());
        QVERIFY(player->current() >= 0);
        QCOMPARE(player->animations().value(player->current()), QStringLiteral("idle"));
        QCOMPARE(player->time(), 0.5);
        QVERIFY(player->animations().contains("hello"));
        doc.undo();
        QVERIFY(player->animations().contains("wave"));
        QCOMPARE(player->animations().value(player->current()), QStringLiteral("idle"));
    }

    // Lowering a chain's mix in a clip where its joints are keyed at the playhead (Auto-Key keyed
    // them to the solve) shows the same pose: the status bar says why, and only then.
    void aMixOverKeyedJointsSaysWhyNothingMoves()
    {
        Document doc;
        QVERIFY(doc.files()->open(bonework::testing::sourceTree() + "/tests/io/valid/arm_animated.json"));
        AnimationPlayer* player = doc.animation();
        player->setCurrent(static_cast<int>(player->animations().indexOf("wave"))); // elbow keyed at 0, 1 and 2 s
        const int arm = doc.rig().findChain("arm");
        QSignalSpy said(&doc, &Document::notice);
        player->setTime(0.5);
        QVERIFY(doc.setChainMix(arm, 0.5));
        QCOMPARE(said.count(), 0);
        player->setTime(1.0);
        QVERIFY(doc.setChainMix(arm, 0.25));
        QCOMPARE(said.count(), 1);
        QVERIFY2(said.first().first().toString().startsWith("arm's joints are keyed at this frame"),
                 qPrintable(said.first().first().toString()));
    }

    // Keep Mine: that version is not offered again; a save writes over it without asking when
    // the user said so, and asks when the question was only closed (Esc).
    void keepingOwnVersionDecidesWhetherASaveAsks()
    {
        for (const bool overwrite : {true, false}) {
            QTemporaryDir dir;
            const QString path = dir.filePath("arm.rig.json");
            Document doc;
            buildArm(doc);
            QVERIFY(doc.files()->saveAs(path));
            QSignalSpy told(doc.files(), &FileService::changedOnDisk);
            QSignalSpy asked(doc.files(), &FileService::overwriteNeeded);
            QVERIFY(doc.setLength(1, 80));
            const QByteArray theirs = fileBytes(path).replace("\"joint2\"", "\"theirs\"");
            QVERIFY(replaceFile(path, theirs));
            QVERIFY(told.wait(5000));
            doc.files()->keepOwnVersion(overwrite);
            QFile::setPermissions(path, QFile::permissions(path)); // a touch: still that version
            QTest::qWait(800);
            QCOMPARE(told.count(), 1);
            QCOMPARE(doc.files()->save(), overwrite);
            QCOMPARE(asked.count(), overwrite ? 0 : 1);
            QCOMPARE(fileBytes(path) == theirs, !overwrite);
        }
    }

    // A file deleted or moved away while open is said once, in the status bar; the rig then
    // exists only here, so it counts as unsaved (quitting asks; it was lost without a word)
    // until Save writes it again.
    void aFileRemovedWhileOpenIsSaid()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("arm.rig.json");
        Document doc;
        buildArm(doc);
        QVERIFY(doc.files()->saveAs(path));
        QVERIFY(!doc.isModified());
        QSignalSpy said(&doc, &Document::notice);
        QSignalSpy modified(&doc, &Document::modifiedChanged);
        QVERIFY(QFile::rename(path, dir.filePath("moved.rig.json")));
        QVERIFY(said.wait(5000));
        QVERIFY2(said.first().first().toString().contains("arm.rig.json was deleted or moved"),
                 qPrintable(said.first().first().toString()));
        QVERIFY(doc.isModified());
        QCOMPARE(modified.count(), 1);
        QVERIFY(doc.files()->save());
        QVERIFY(!doc.isModified());
        QVERIFY(QFileInfo::exists(path));
        QTest::qWait(800);
        QCOMPARE(said.count(), 1);
    }

    // A rig without joints cannot be a file (the loader needs a root): Save refuses, saying why,
    // and writes nothing over the file; autosave writes no recovery that could not be opened.
    void aRigWithoutJointsIsNotSaved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("empty.rig.json");
        Document doc;
        QVERIFY(doc.setRigName("nothing yet"));
        QVERIFY(doc.isModified());
        QSignalSpy failed(&doc, &Document::saveFailed);
        QVERIFY(!doc.files()->saveAs(path));
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.first().first().toString().contains("the rig has no joints"), qPrintable(failed.first().first().toString()));
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(doc.isModified());
        Autosave autosave(&doc, dir.filePath("recovery"), 60000);
        autosave.saveNow();
        QVERIFY(!QFileInfo::exists(autosave.recoveryFile()));
        std::string why;
        QVERIFY(!io::saveRigFile(Rig(), localPath(path), &why));
        QVERIFY2(why.find("the rig has no joints (a rig file needs at least one, a root)") != std::string::npos, why.c_str());
    }

    // A save whose rig names an image that is not beside it (nothing to copy it from) says so.
    void savingARigWithAMissingImageSaysSo()
    {
        QTemporaryDir dir;
        Document doc;
        buildArm(doc);
        QVERIFY(doc.addSlot(1, "art/gone.png", 120, 100) >= 0);
        QSignalSpy said(&doc, &Document::notice);
        QVERIFY(doc.files()->saveAs(dir.filePath("arm.rig.json")));
        QVERIFY(!said.isEmpty());
        QVERIFY2(said.last().first().toString().contains("arm.rig.json, but 1 image(s) it names are not beside it (missing): art/gone.png"),
                 qPrintable(said.last().first().toString()));
    }

    // A chain's root, tip and target joint are edits of their own, each one undo step, its
    // other settings kept; a target cannot ride on a joint the chain moves.
    void aChainsEndsAndTargetJointAreEditable()
    {
        Document doc;
        buildArm(doc); // root1 -> joint2 -> joint3 -> joint4
        const int chain = doc.addChain(doc.findJoint("joint4"), doc.findJoint("joint2"));
        QVERIFY(chain >= 0);
        QVERIFY(doc.setChainIterations(chain, 33));
        QSignalSpy refused(&doc, &Document::editRefused);
        QVERIFY(doc.setChainSolver(chain, "two-bone"));
        {
            QVERIFY(!doc.setChainRoot(chain, "root1")); // three bones are not two-bone
            QCOMPARE(refused.count(), 1);
            // A new tip brings the root along, two bones up: still two-bone, one step.
            QVERIFY(doc.setChainTip(chain, "joint3"));
            QCOMPARE(doc.rig().chains()[chain].root, doc.findJoint("root1"));
            doc.undo();
            QCOMPARE(doc.rig().chains()[chain].root, doc.findJoint("joint2"));
            QCOMPARE(doc.rig().chains()[chain].tip, doc.findJoint("joint4"));
            QVERIFY(doc.setChainSolver(chain, "fabrik"));
        }
        const int steps = doc.undoStack()->count();
        QVERIFY(doc.setChainRoot(chain, "root1"));
        QCOMPARE(doc.rig().chains()[chain].root, doc.findJoint("root1"));
        QCOMPARE(doc.rig().chains()[chain].iterations, 33);
        QVERIFY(doc.setChainTip(chain, "joint3"));
        QCOMPARE(doc.rig().chains()[chain].tip, doc.findJoint("joint3"));
        QVERIFY(!doc.setChainTip(chain, "nowhere"));
        QVERIFY(!doc.setChainRoot(chain, "joint3")); // the root must lie above the tip
        // The target rides on the root (it does not move with the chain), then is fixed again
        // where it is, without a jump.
        QVERIFY(!doc.setChainTargetJoint(chain, "joint2")); // moved by the chain
        QVERIFY(doc.setChainTargetJoint(chain, "root1"));
        QCOMPARE(doc.rig().chains()[chain].target.joint, doc.findJoint("root1"));
        const QPointF onRoot = doc.chainTarget(chain);
        QVERIFY(doc.setChainTargetJoint(chain, ""));
        QVERIFY(!doc.rig().chains()[chain].target.isAttached());
        QCOMPARE(doc.chainTarget(chain), onRoot);
        QCOMPARE(doc.undoStack()->count(), steps + 4);
        for (int i = 0; i < 4; ++i)
            doc.undo();
        QCOMPARE(doc.rig().chains()[chain].root, doc.findJoint("joint2"));
        QCOMPARE(doc.rig().chains()[chain].tip, doc.findJoint("joint4"));
    }

    void openFailureLeavesTheDocumentUntouched()
    {
        QTemporaryDir dir;
        const QString broken = dir.filePath("broken.rig.json");
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "bonework.rig", "version": 1, "joints": [{"name": "a"}, {"name": "b", "parent": "a", "length": -3}]})");
        f.close();
        Document doc;
        buildArm(doc);
        const Rig before = doc.rig();
        QSignalSpy failed(&doc, &Document::loadFailed);
        QVERIFY(!doc.files()->open(broken));
        QCOMPARE(failed.count(), 1);
        const QString message = failed.first().first().toString();
        QVERIFY2(message.contains("broken.rig.json") && message.contains("joints[1].length"), qPrintable(message));
        QVERIFY(doc.rig() == before);
        QVERIFY(doc.isModified());
    }

    void revertAndResetPose()
    {
        QTemporaryDir dir;
        Document doc;
        buildArm(doc);
        const QString path = dir.filePath("arm.rig.json");
        QVERIFY(doc.files()->saveAs(path));
        const Rig saved = doc.rig();
        doc.posing()->beginPose(doc.findJoint("joint4"));
        doc.posing()->poseTo(120, 200);
        doc.posing()->endDrag();
        QVERIFY(!(doc.rig() == saved));
        QVERIFY(doc.posing()->resetPose());
        QVERIFY(doc.rig() == saved);
        QCOMPARE(doc.undoText(), QString("Reset pose"));
        doc.setLength(1, 99);
        QVERIFY(doc.files()->revert());
        QVERIFY(doc.rig() == saved);
        QVERIFY(!doc.isModified());
    }

    void examplesOpenAsUntitled()
    {
        Document doc;
        const QVariantList examples = doc.files()->examples();
        QVERIFY(examples.size() >= 8);
        for (int i = 0; i < examples.size(); ++i) {
            const QString file = examples[i].toMap().value("file").toString();
            QVERIFY2(doc.files()->openExample(i), qPrintable(file));
            QCOMPARE(doc.playHint().value("file").toString(), file);
            QVERIFY(doc.jointCount() > 0);
            QVERIFY(doc.filePath().isEmpty());
            QVERIFY(!doc.isModified());
        }
    }

    void exportWritesTheAtlasOfARigWithSlots()
    {
        // arm_slots.json names art/upper_arm.png, art/forearm.jpg and ../shared/badge.png,
        // relative to its own folder, not to where the export goes.
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("rigs/art") && QDir(dir.path()).mkpath("shared") && QDir(dir.path()).mkpath("out"));
        const QString rig = dir.filePath("rigs/arm_slots.json");
        QVERIFY(QFile::copy(bonework::testing::sourceTree() + "/tests/io/valid/arm_slots.json", rig));
        const std::pair<const char*, QSize> images[] = {{"rigs/art/upper_arm.png", {90, 40}},
                                                        {"rigs/art/forearm.jpg", {70, 30}},
                                                        {"shared/badge.png", {30, 30}}};
        for (const auto& [path, size] : images) {
            QImage image(size, QImage::Format_ARGB32);
            image.fill(QColor(200, 80, 40));
            QVERIFY(image.save(dir.filePath(path)));
        }
        Document doc;
        QVERIFY(doc.files()->open(rig));
        QVERIFY(doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("out/arm.json")), "spine"));
        for (const char* file : {"out/arm.json", "out/arm.atlas", "out/arm.png"})
            QVERIFY2(QFile::exists(dir.filePath(file)), file);
        QVERIFY(doc.files()->lastExportReport().contains("wrote " + dir.filePath("out/arm.atlas")));
        QVERIFY(doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("out/arm_ske.json")), "dragonbones"));
        for (const char* file : {"out/arm_ske.json", "out/arm_tex.json", "out/arm_tex.png"})
            QVERIFY2(QFile::exists(dir.filePath(file)), file);
        // An image gone: the export fails and says which.
        QVERIFY(QFile::remove(dir.filePath("shared/badge.png")));
        QSignalSpy failed(doc.files(), &FileService::exportFailed);
        QVERIFY(!doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("out/again.json")), "spine"));
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.at(0).at(0).toString().contains("../shared/badge.png"), qPrintable(failed.at(0).at(0).toString()));
        QVERIFY(!QFile::exists(dir.filePath("out/again.json")));

        // An image larger than the default 2048 px page: the editor, where no page size is
        // set, writes pages that hold it and says so (QA: refused, no way round it in the GUI).
        // Larger than any page (16384): refused, naming it.
        for (const int width : {3000, 16500}) {
            QImage image(width, 8, QImage::Format_ARGB32);
            image.fill(QColor(200, 80, 40));
            QVERIFY(image.save(dir.filePath("shared/badge.png")));
            QVERIFY(doc.files()->open(rig)); // the image read anew
            const QString out = dir.filePath(QStringLiteral("out/wide%1.json").arg(width));
            const bool written = doc.files()->exportTo(QUrl::fromLocalFile(out), "spine");
            QCOMPARE(written, width == 3000);
            if (written) {
                QVERIFY2(doc.files()->lastExportReport().contains(
                             "atlas pages up to 4096 px: the image \"../shared/badge.png\" is 3000 px once trimmed, more than 2048 px pages hold"),
                         qPrintable(doc.files()->lastExportReport()));
                QCOMPARE(QImage(dir.filePath("out/wide3000.png")).width() >= 3000, true);
            } else {
                QVERIFY2(failed.last().at(0).toString().contains("../shared/badge.png"), qPrintable(failed.last().at(0).toString()));
                QVERIFY(!QFile::exists(out));
            }
        }
    }

    // A bundled example opened untitled exports with its art: the images come from the
    // editor's resources, as the canvas draws them.
    void anExampleExportsItsArtBeforeItIsSaved()
    {
        Document doc;
        const int humanoid = testing::exampleIndex(doc, "humanoid.rig.json");
        QVERIFY(humanoid >= 0);
        QVERIFY(doc.files()->openExample(humanoid));
        QVERIFY(!doc.rig().slotList().empty());
        QTemporaryDir dir;
        QVERIFY2(doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("humanoid_ske.json")), "dragonbones"),
                 qPrintable(doc.files()->lastExportReport()));
        for (const char* file : {"humanoid_ske.json", "humanoid_tex.json", "humanoid_tex.png"})
            QVERIFY2(QFile::exists(dir.filePath(file)), file);
    }

    // The editor's Export runs off the GUI thread: exporting is true until exportFinished, a
    // second export waits its turn, and the files and the report are those of exportTo.
    void exportRunsInTheBackground()
    {
        Document doc;
        const int humanoid = testing::exampleIndex(doc, "humanoid.rig.json");
        QVERIFY(doc.files()->openExample(humanoid));
        QTemporaryDir dir;
        QSignalSpy finished(doc.files(), &FileService::exportFinished);
        QSignalSpy exporting(doc.files(), &FileService::exportingChanged);
        QVERIFY(doc.files()->startExport(QUrl::fromLocalFile(dir.filePath("h.json")), "spine"));
        QVERIFY(doc.files()->isExporting());
        QVERIFY(!doc.files()->startExport(QUrl::fromLocalFile(dir.filePath("other.json")), "spine"));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(!doc.files()->isExporting());
        QCOMPARE(exporting.count(), 2);
        for (const char* file : {"h.json", "h.atlas", "h.png"})
            QVERIFY2(QFile::exists(dir.filePath(file)), file);
        QVERIFY(!QFile::exists(dir.filePath("other.json")));
        QVERIFY(doc.files()->lastExportReport().contains("wrote " + dir.filePath("h.atlas")));
        // A failure is reported as exportTo reports it.
        QSignalSpy failed(doc.files(), &FileService::exportFailed);
        QVERIFY(doc.files()->startExport(QUrl::fromLocalFile(dir.filePath("no/such/folder/h.json")), "spine"));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(1).at(0).toBool(), false);
        QCOMPARE(failed.count(), 1);
    }

    // Issue 21: the editor's Export takes the bake frame rate and tolerance (the Export Options
    // step), refuses values bonework-cli refuses, remembers them, and says in the report which
    // were used.
    // The Export Options step warns when the frame rate drops keys: the recorded kick keys the
    // motion preview's 60 Hz steps, the humanoid's clips whole frames at 30 fps.
    void exportOptionsWarnOfKeysBetweenFrames()
    {
        Document doc;
        QVERIFY(doc.files()->openExample(testing::exampleIndex(doc, "ball-arm.rig.json")));
        const QString warning = doc.files()->keysBetweenFrames(30);
        QVERIFY2(warning.contains("\"kick\"") && warning.contains("60 fps keeps every key"), qPrintable(warning));
        QVERIFY(doc.files()->keysBetweenFrames(60).isEmpty());
        QVERIFY(doc.files()->keysBetweenFrames(0).isEmpty()); // a refused rate says so elsewhere
        QVERIFY(doc.files()->openExample(testing::exampleIndex(doc, "humanoid.rig.json")));
        QVERIFY(doc.files()->keysBetweenFrames(30).isEmpty());
        QVERIFY(!doc.files()->keysBetweenFrames(25).isEmpty());
    }

    // The atlas page size is checked and remembered as the bake options are; only a rig with
    // slots is asked for it.
    void atlasPageSizeIsCheckedAndRemembered()
    {
        QSettings().remove("export/atlasPageSize");
        Document doc;
        QCOMPARE(doc.files()->atlasPageSize(), 2048);
        QVERIFY(!doc.files()->exportAsksAtlasOptions());
        QVERIFY(doc.files()->openExample(testing::exampleIndex(doc, "gunner.rig.json")));
        QVERIFY(doc.files()->exportAsksAtlasOptions());
        QSignalSpy changed(doc.files(), &FileService::atlasPageSizeChanged);
        for (double bad : {0.0, 15.0, 16385.0, 512.5, -512.0, qQNaN(), qInf()}) {
            QVERIFY2(!doc.files()->atlasPageSizeProblem(bad).isEmpty(), qPrintable(QString::number(bad)));
            QVERIFY(!doc.files()->setAtlasPageSize(bad));
        }
        QCOMPARE(doc.files()->atlasPageSizeProblem(0), QString("The page size must be a whole number of pixels from 16 to 16384."));
        QCOMPARE(changed.count(), 0);
        QVERIFY(doc.files()->setAtlasPageSize(1024));
        QCOMPARE(changed.count(), 1);
        Document next;
        QCOMPARE(next.files()->atlasPageSize(), 1024);
        QSettings().setValue("export/atlasPageSize", "huge"); // edited by hand: the default
        Document edited;
        QCOMPARE(edited.files()->atlasPageSize(), 2048);
        QSettings().remove("export/atlasPageSize");
    }

    void exportBakesAtTheChosenFrameRate()
    {
        QSettings().remove("export/bakeFps");
        QSettings().remove("export/bakeTolerance");
        Document doc;
        QCOMPARE(doc.files()->bakeFps(), 30);
        QCOMPARE(doc.files()->bakeTolerance(), 0.1);
        // Until a rate is chosen for an export, Export offers the Timeline's (an animator
        // keying at 24 fps was offered 30, then warned of keys between frames).
        doc.animation()->setFps(24);
        QCOMPARE(doc.files()->bakeFps(), 24);
        doc.animation()->setFps(30);
        buildArm(doc);
        QVERIFY(!doc.files()->exportAsksBakeOptions()); // nothing to bake: no extra step
        const int humanoid = testing::exampleIndex(doc, "humanoid.rig.json");
        QVERIFY(doc.files()->openExample(humanoid));
        QVERIFY(doc.files()->exportAsksBakeOptions());

        QSignalSpy changed(doc.files(), &FileService::bakeOptionsChanged);
        for (double bad : {0.0, 241.0, 29.97, -30.0, qQNaN(), qInf()}) {
            QVERIFY2(!doc.files()->bakeFpsProblem(bad).isEmpty(), qPrintable(QString::number(bad)));
            QVERIFY(!doc.files()->setBakeFps(bad));
        }
        for (double bad : {0.0, -0.1, qQNaN(), qInf()}) {
            QVERIFY2(!doc.files()->bakeToleranceProblem(bad).isEmpty(), qPrintable(QString::number(bad)));
            QVERIFY(!doc.files()->setBakeTolerance(bad));
        }
        QCOMPARE(doc.files()->bakeFpsProblem(0), QString("The frame rate must be a whole number of frames per second from 1 to 240."));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.files()->bakeFps(), 30);

        // The humanoid's walk lasts 1.2 s. Its limbs' chains under fabrik are baked (under
        // two-bone the runtime's IK carries them, keyed by their targets).
        for (int c = 0; c < doc.chainCount(); ++c)
            QVERIFY(doc.setChainSolver(c, "fabrik"));
        QTemporaryDir dir;
        QSignalSpy finished(doc.files(), &FileService::exportFinished);
        const auto exportWalk = [&](const QString& name) {
            QJsonObject walk;
            if (!doc.files()->startExport(QUrl::fromLocalFile(dir.filePath(name)), "dragonbones") || !finished.wait(30000)
                || !finished.last().at(0).toBool())
                return walk;
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::ReadOnly))
                return walk;
            const QJsonObject armature = QJsonDocument::fromJson(file.readAll()).object().value("armature").toArray()[0].toObject();
            for (const QJsonValue& a : armature.value("animation").toArray())
                if (a.toObject().value("name") == "walk")
                    walk = a.toObject();
            walk.insert("frameRate", armature.value("frameRate"));
            return walk;
        };
        // The baked rotation keys of the walk's bones: every frame of every rotation timeline.
        const auto rotationKeys = [](const QJsonObject& walk) {
            int keys = 0;
            for (const QJsonValue& bone : walk.value("bone").toArray())
                keys += int(bone.toObject().value("rotateFrame").toArray().size());
            return keys;
        };
        const QJsonObject at30 = exportWalk("walk30_ske.json");
        QCOMPARE(at30.value("frameRate").toInt(), 30);
        QCOMPARE(at30.value("duration").toInt(), 36);
        QVERIFY2(doc.files()->lastExportReport().contains("clips written at 30 fps; baked keys stay within 0.1 px"),
                 qPrintable(doc.files()->lastExportReport()));

        QVERIFY(doc.files()->setBakeFps(60));
        QVERIFY(doc.files()->setBakeTolerance(0.5));
        QCOMPARE(changed.count(), 2);
        QCOMPARE(doc.files()->bakeFps(), 60);
        QCOMPARE(doc.files()->bakeTolerance(), 0.5);
        const QJsonObject at60 = exportWalk("walk60_ske.json");
        QCOMPARE(at60.value("frameRate").toInt(), 60);
        QCOMPARE(at60.value("duration").toInt(), 72); // 1.2 s of frames at 60 fps
        // Every timeline spans the clip in whole frames at 60 fps.
        for (const QJsonValue& bone : at60.value("bone").toArray()) {
            for (const char* timeline : {"rotateFrame", "translateFrame"}) {
                const QJsonArray frames = bone.toObject().value(timeline).toArray();
                if (frames.isEmpty())
                    continue;
                int total = 0;
                for (const QJsonValue& f : frames)
                    total += f.toObject().value("duration").toInt();
                QCOMPARE(total, 72);
            }
        }
        QVERIFY(rotationKeys(at60) > 0);
        QVERIFY2(doc.files()->lastExportReport().contains("clips written at 60 fps; baked keys stay within 0.5 px"),
                 qPrintable(doc.files()->lastExportReport()));
        // A looser tolerance keeps fewer keys than a tight one at the same frame rate.
        QVERIFY(doc.files()->setBakeTolerance(0.01));
        const int tight = rotationKeys(exportWalk("walk60tight_ske.json"));
        QVERIFY2(tight > rotationKeys(at60), qPrintable(QStringLiteral("%1 keys within 0.01 px, %2 within 0.5 px").arg(tight).arg(rotationKeys(at60))));
        QVERIFY(doc.files()->setBakeTolerance(0.5));

        // Remembered: the next document (the next start) exports with them.
        QCOMPARE(QSettings().value("export/bakeFps").toInt(), 60);
        QCOMPARE(QSettings().value("export/bakeTolerance").toDouble(), 0.5);
        Document next;
        QCOMPARE(next.files()->bakeFps(), 60);
        QCOMPARE(next.files()->bakeTolerance(), 0.5);
        next.animation()->setFps(24); // a rate chosen for an export stays
        QCOMPARE(next.files()->bakeFps(), 60);
        next.animation()->setFps(30);
        // A settings file edited by hand to nonsense gives the defaults.
        QSettings().setValue("export/bakeFps", 0);
        QSettings().setValue("export/bakeTolerance", "fine");
        Document edited;
        QCOMPARE(edited.files()->bakeFps(), 30);
        QCOMPARE(edited.files()->bakeTolerance(), 0.1);
        // Without clips the report says nothing of frame rates.
        edited.files()->newRig();
        buildArm(edited);
        QVERIFY(edited.files()->exportTo(QUrl::fromLocalFile(dir.filePath("arm.json")), "spine"));
        QVERIFY(!edited.files()->lastExportReport().contains("fps"));
        QSettings().remove("export/bakeFps");
        QSettings().remove("export/bakeTolerance");
    }

    void exportWritesRuntimeFilesButNeverARig()
    {
        QTemporaryDir dir;
        Document doc;
        buildArm(doc);
        doc.setLimits(doc.findJoint("joint3"), -20, 20);
        QSignalSpy failed(doc.files(), &FileService::exportFailed);
        QVERIFY(!doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("arm.rig.json")), "spine"));
        QCOMPARE(failed.count(), 1);
        QVERIFY(!QFile::exists(dir.filePath("arm.rig.json")));
        QVERIFY(doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("arm.spine.json")), "spine"));
        QVERIFY(doc.files()->lastExportReport().contains("angle limits [-20, 20]"));
        QVERIFY(doc.files()->exportTo(QUrl::fromLocalFile(dir.filePath("arm.dragonbones.json")), "dragonbones"));
        QCOMPARE(doc.files()->lastExportFormat(), QString("dragonbones"));
        QCOMPARE(doc.files()->lastExportFolder(), QUrl::fromLocalFile(dir.path()));
        QFile f(dir.filePath("arm.dragonbones.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("\"version\": \"5.5\""));
        QVERIFY(doc.isModified()); // an export is not a save of the rig
    }

    // Saving removes this session's recovery at once: a crash right after a save must not offer
    // the older autosaved rig (taking it would undo the edits made since the autosave).
    void savingRemovesTheRecoveryAtOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("arm.rig.json");
        {
            Document doc;
            Autosave autosave(&doc, dir.filePath("recovery"), 60000);
            buildArm(doc);
            autosave.saveNow();
            QVERIFY(QFile::exists(autosave.recoveryFile()));
            QVERIFY(doc.files()->saveAs(path));
            QVERIFY(!doc.isModified());
            QVERIFY(!QFile::exists(autosave.recoveryFile()));
            autosave.leaveAsCrashed();
        }
        Document next;
        Autosave again(&next, dir.filePath("recovery"), 60000);
        QVERIFY(!again.hasRecovery());
    }

    // Work recovered after a crash was made against the file as it was then; a version another
    // program wrote meanwhile is told at once (as any change on disk) and Save asks before
    // replacing it, instead of silently writing over it.
    void recoveringAfterTheFileChangedTellsTheChange()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("arm.rig.json");
        {
            Document doc;
            buildArm(doc);
            QVERIFY(doc.files()->saveAs(path));
        }
        {
            Document doc;
            QVERIFY(doc.files()->open(path));
            Autosave autosave(&doc, dir.filePath("recovery"), 60000);
            doc.setRigName("edited here");
            autosave.saveNow();
            autosave.leaveAsCrashed();
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray theirs = file.readAll();
        file.close();
        theirs.replace("\"name\": \"arm\"", "\"name\": \"changed elsewhere\"");
        QVERIFY(theirs.contains("changed elsewhere"));
        QVERIFY(replaceFile(path, theirs));

        Document doc;
        Autosave autosave(&doc, dir.filePath("recovery"), 60000);
        QVERIFY(autosave.hasRecovery());
        QSignalSpy changed(doc.files(), &FileService::changedOnDisk);
        QSignalSpy asked(doc.files(), &FileService::overwriteNeeded);
        QVERIFY(autosave.recover());
        QCOMPARE(doc.rig().name(), std::string("edited here"));
        QCOMPARE(changed.count(), 1);
        QVERIFY(!doc.files()->save()); // asks first
        QCOMPARE(asked.count(), 1);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), theirs);
    }

    void autosaveRecoversUnsavedWork()
    {
        QTemporaryDir dir;
        Rig lost;
        {
            Document doc;
            Autosave autosave(&doc, dir.path(), 60000);
            buildArm(doc);
            autosave.saveNow();
            QVERIFY(QFile::exists(autosave.recoveryFile()));
            lost = doc.rig();
            autosave.leaveAsCrashed(); // the files stay: the process never cleans up
        }
        Document doc;
        Autosave autosave(&doc, dir.path(), 60000);
        QVERIFY(autosave.hasRecovery());
        QVERIFY(autosave.recoveryDescription().startsWith("Unsaved work on an untitled rig"));
        QVERIFY(autosave.recover());
        QVERIFY(doc.rig() == lost);
        QVERIFY(doc.isModified()); // recovered work is unsaved until the user saves it
        QVERIFY(!autosave.hasRecovery());
        // On disk again at once, as this session's: a crash right after recovering loses nothing.
        QVERIFY(QFile::exists(autosave.recoveryFile()));
    }

    // Two editors running at once keep their recoveries apart: one with nothing unsaved, or
    // quitting cleanly, never removes the other's, and a third started meanwhile offers neither.
    void twoEditorsKeepTheirOwnRecovery()
    {
        QTemporaryDir dir;
        auto a = std::make_unique<Document>();
        auto autosaveA = std::make_unique<Autosave>(a.get(), dir.path(), 60000);
        buildArm(*a);
        autosaveA->saveNow();
        {
            Document b;
            Autosave autosaveB(&b, dir.path(), 60000);
            QVERIFY(!autosaveB.hasRecovery()); // A runs: its work is not B's to recover
            autosaveB.saveNow();                // B has nothing unsaved
            QVERIFY(QFile::exists(autosaveA->recoveryFile()));
        } // B quits cleanly
        QVERIFY(QFile::exists(autosaveA->recoveryFile()));
        const Rig lost = a->rig();
        autosaveA->leaveAsCrashed();
        autosaveA.reset();
        a.reset();
        Document c;
        Autosave autosaveC(&c, dir.path(), 60000);
        QVERIFY(autosaveC.hasRecovery());
        {
            Document d; // started while C has A's work on offer: not offered twice
            Autosave autosaveD(&d, dir.path(), 60000);
            QVERIFY(!autosaveD.hasRecovery());
        }
        QVERIFY(autosaveC.recover());
        QVERIFY(c.rig() == lost);
    }

    // While a recovery waits for an answer (Esc decides nothing), this session's own work is
    // autosaved apart from it; the next start still offers the older work.
    void anUnansweredRecoveryLeavesThisSessionAutosaved()
    {
        QTemporaryDir dir;
        {
            Document crashed;
            Autosave autosave(&crashed, dir.path(), 60000);
            buildArm(crashed);
            autosave.saveNow();
            autosave.leaveAsCrashed();
        }
        QString offered;
        {
            Document doc;
            Autosave autosave(&doc, dir.path(), 60000);
            QVERIFY(autosave.hasRecovery());
            offered = autosave.recoveryDescription();
            QTest::qWait(50); // written later than the crashed session's, by the clock too
            doc.addRoot(5, 5); // work of this session, the question not answered
            autosave.saveNow();
            QVERIFY(QFile::exists(autosave.recoveryFile()));
            io::LoadResult mine = io::loadRigFile(localPath(autosave.recoveryFile()));
            QVERIFY(mine.ok() && *mine.rig == doc.rig());
            autosave.leaveAsCrashed(); // and this one crashes too
        }
        Document doc;
        Autosave autosave(&doc, dir.path(), 60000);
        QVERIFY(autosave.hasRecovery()); // the newest first: this session's work
        QVERIFY(autosave.recover());
        QCOMPARE(doc.jointCount(), 1);
        Document next;
        Autosave again(&next, dir.path(), 60000);
        QVERIFY(again.hasRecovery()); // the older one is still there
        QCOMPARE(again.recoveryDescription(), offered);
    }

    // Recovered work shows its art: an image imported from elsewhere into an untitled rig (not
    // yet copied beside it) is read from where it was, and the first save still copies it; a
    // bundled example opened untitled and changed still reads its art from the resources.
    void autosaveRecoversWhereTheImagesAre()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("recovery") && QDir(dir.path()).mkpath("elsewhere") && QDir(dir.path()).mkpath("saved"));
        const QString recovery = dir.filePath("recovery");
        QImage hand(40, 20, QImage::Format_ARGB32);
        hand.fill(QColor(30, 140, 90));
        QVERIFY(hand.save(dir.filePath("elsewhere/hand.png")));
        // A crash: the recovery files stay.
        const auto crashWith = [&](Document& doc) {
            Autosave autosave(&doc, recovery, 60000);
            autosave.saveNow();
            autosave.leaveAsCrashed();
        };
        const auto restart = [] {};
        {
            Document doc;
            QCOMPARE(doc.importImages({QUrl::fromLocalFile(dir.filePath("elsewhere/hand.png"))}, 10, 10), 1);
            QVERIFY(!doc.isImageMissing("art/hand.png"));
            crashWith(doc);
        }
        restart();
        {
            Document doc;
            Autosave autosave(&doc, recovery, 60000);
            QVERIFY(autosave.recover());
            QCOMPARE(doc.rig().slotList().size(), std::size_t(1));
            QVERIFY(!doc.isImageMissing("art/hand.png"));
            QVERIFY(doc.slotImages().image("art/hand.png"));
            QCOMPARE(doc.slotImages().image("art/hand.png")->size(), QSize(40, 20));
            QVERIFY(!doc.files()->saveAs(dir.filePath("saved/hand.rig.json"))); // asks first: the art is copied
            QVERIFY(doc.files()->saveCopyingArt(dir.filePath("saved/hand.rig.json")));
            QVERIFY(QFile::exists(dir.filePath("saved/art/hand.png")));
        }
        QVERIFY(QDir(recovery).isEmpty()); // the clean exits left nothing to recover
        {
            Document doc;
            const int humanoid = testing::exampleIndex(doc, "humanoid.rig.json");
            QVERIFY(humanoid >= 0);
            QVERIFY(doc.files()->openExample(humanoid));
            QVERIFY(!doc.rig().slotList().empty());
            doc.addRoot(900, 900);
            QVERIFY(doc.isModified());
            crashWith(doc);
        }
        restart();
        Document doc;
        Autosave autosave(&doc, recovery, 60000);
        QVERIFY(autosave.recover());
        QVERIFY(!doc.rig().slotList().empty());
        for (const std::string& image : drawing::SlotImages::imagesOf(doc.rig()))
            QVERIFY2(!doc.isImageMissing(QString::fromStdString(image)), image.c_str());
    }
    void deleteSelectsANeighbour();
    void recentFilesShowTheNameFirst();
    void anExampleFileBringsItsPlayHint();
    void aDragThatCannotMoveSaysWhy();
};

// Appended here for the new-user fixes (issue 16).
void TestDocument::deleteSelectsANeighbour()
{
    Document doc;
    const int root = doc.addRoot(0, 0);
    const int a = doc.addBone(root, 50, 0);
    doc.addBone(root, 0, 50);  // joint3, a's next sibling
    doc.addBone(a, 100, 0);    // joint4, a's only child
    QSignalSpy told(&doc, &Document::notice);
    QVERIFY(doc.removeJoint(doc.findJoint("joint4")));
    QCOMPARE(doc.selectedJoint(), doc.findJoint("joint2")); // no sibling: the parent
    QCOMPARE(told.count(), 0); // a joint alone: nothing more to say
    QVERIFY(doc.removeJoint(doc.findJoint("joint2")));
    QCOMPARE(doc.selectedJoint(), doc.findJoint("joint3")); // the next sibling

    // The humanoid's chest takes its arms, their chains and their images with it: said so.
    QVERIFY(doc.files()->open(testing::sourceTree() + "/resources/examples/humanoid.rig.json"));
    QVERIFY(doc.removeJoint(doc.findJoint("chest")));
    QCOMPARE(told.count(), 1);
    const QString said = told.first().first().toString();
    QVERIFY2(said.contains("chest") && said.contains("8 joints") && said.contains("2 chains") && said.contains("images"), qPrintable(said));
}

void TestDocument::recentFilesShowTheNameFirst()
{
    const QString label = Document().files()->recentFileLabel(QStringLiteral("/very/long/folder/path/arm.rig.json"));
    QVERIFY2(label.startsWith("arm.rig.json"), qPrintable(label));
    QVERIFY2(label.endsWith("/very/long/folder/path"), qPrintable(label));
}

void TestDocument::anExampleFileBringsItsPlayHint()
{
    Document doc;
    QVERIFY(doc.files()->open(bonework::testing::sourceTree() + "/resources/examples/ball-arm.rig.json"));
    QCOMPARE(doc.playHint().value("driver").toString(), QString("ball"));
    QVERIFY(doc.files()->open(bonework::testing::sourceTree() + "/resources/examples/humanoid.rig.json"));
    QCOMPARE(doc.playHint().value("joint").toString(), QString("hand_r"));
}

void TestDocument::aDragThatCannotMoveSaysWhy()
{
    Document doc;
    buildArm(doc);
    doc.setPinned(doc.findJoint("joint4"), true);
    QSignalSpy refused(&doc, &Document::editRefused);
    doc.posing()->beginPose(doc.findJoint("joint4"));
    doc.posing()->poseTo(300, 300);
    doc.posing()->poseTo(310, 300);
    doc.posing()->endDrag();
    QCOMPARE(refused.count(), 1); // once per drag, not per move
    QVERIFY2(refused.first().first().toString().contains("joint4 is pinned"), qPrintable(refused.first().first().toString()));
    QVERIFY(doc.posing()->lastSolve().contains("pinned"));
}

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
