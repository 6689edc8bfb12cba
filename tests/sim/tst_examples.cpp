// The example rigs behind File > Examples: each loads and validates with the real loader, fits
// the canvas, is listed in examples.json with a driver the simulation can run, and has the
// structure its behaviour needs (S1..S8, see /docs/motion-preview.md).
#include "sim_test_support.h"

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_holder.h"

#include <QtTest>

#include <set>

using namespace bonework;
using namespace bonework::testing;

class TestExamples : public QObject {
    Q_OBJECT
private slots:
    void everyRigFileLoadsAndValidates();
    void catalogueListsValidEntriesForEveryBehaviour();
    void everyEntryMakesARunnableSimulation();
    void rigsFitTheCanvas();
    void snakeHasTenNodesLimitedToThirtyDegrees();
    void humanoidHasRigidAndLimitedJoints();
    void gunnerArmsHoldGripsOnTheRifle();
    void elbowCanBendBothWays();
    void everyExampleIsStoredAsItsChainsHoldIt();
};

void TestExamples::everyRigFileLoadsAndValidates()
{
    const QStringList files = QDir(examplesDir()).entryList({QStringLiteral("*.rig.json")}, QDir::Files);
    QCOMPARE(files.size(), 8);
    for (const QString& file : files) {
        auto result = io::loadRigFile(localPath(QDir(examplesDir()).filePath(file)));
        QVERIFY2(result.ok(), result.error.toString().c_str());
        QVERIFY2(result.rig->checkInvariants().empty(), qPrintable(file));
        QVERIFY2(!result.rig->name().empty(), qPrintable(file));
        for (std::size_t c = 0; c < result.rig->chains().size(); ++c)
            QVERIFY2(result.rig->checkChain(result.rig->chains()[c], static_cast<int>(c)).empty(), qPrintable(file));
        // Saving and loading again gives the same rig (the files are in the canonical form's reach).
        auto again = io::parseRig(view(qtBytes(io::serializeRig(*result.rig))), file.toStdString());
        QVERIFY2(again.ok() && *again.rig == *result.rig, qPrintable(file));
    }
}

void TestExamples::catalogueListsValidEntriesForEveryBehaviour()
{
    const QJsonArray entries = exampleEntries();
    QVERIFY(entries.size() >= 8);
    std::set<QString> behaviours, filesListed;
    for (const auto& value : entries) {
        const QJsonObject e = value.toObject();
        const QString file = e.value(QStringLiteral("file")).toString();
        QVERIFY2(QFile::exists(QDir(examplesDir()).filePath(file)), qPrintable(file));
        QVERIFY2(!e.value(QStringLiteral("title")).toString().isEmpty(), qPrintable(file));
        QVERIFY2(e.value(QStringLiteral("description")).toString().size() > 20, qPrintable(file));
        const QString behaviour = e.value(QStringLiteral("behaviour")).toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^S[1-8]$")).match(behaviour).hasMatch(), qPrintable(behaviour));
        behaviours.insert(behaviour);
        filesListed.insert(file);
        const Rig rig = loadExample(file);
        QVERIFY2(settingsFor(e, rig).has_value(), qPrintable(file + ": driver, chain, joint or solver unknown"));
    }
    QCOMPARE(behaviours.size(), std::size_t(8));
    const QStringList files = QDir(examplesDir()).entryList({QStringLiteral("*.rig.json")}, QDir::Files);
    for (const QString& file : files)
        QVERIFY2(filesListed.count(file), qPrintable(file + " is not in examples.json"));
}

void TestExamples::everyEntryMakesARunnableSimulation()
{
    for (const auto& value : exampleEntries()) {
        const QJsonObject e = value.toObject();
        const Rig rig = loadExample(e.value(QStringLiteral("file")).toString());
        const sim::Simulation simulation(rig, *settingsFor(e, rig));
        QVERIFY2(simulation.runnable(), simulation.error().c_str());
        QVERIFY2(simulation.error().empty(), simulation.error().c_str());
        QVERIFY2(simulation.skippedChains().empty(), qPrintable(e.value(QStringLiteral("file")).toString()));
    }
}

void TestExamples::rigsFitTheCanvas()
{
    const sim::Bounds canvas; // 1200 x 800
    for (const QString& file : QDir(examplesDir()).entryList({QStringLiteral("*.rig.json")}, QDir::Files)) {
        const Rig rig = loadExample(file);
        for (const WorldTransform& w : forwardKinematics(rig))
            QVERIFY2(canvas.contains(w.position), qPrintable(file));
        for (const Chain& chain : rig.chains())
            QVERIFY2(chain.target.isAttached() || canvas.contains(chain.target.point), qPrintable(file));
    }
}

void TestExamples::snakeHasTenNodesLimitedToThirtyDegrees()
{
    const Rig snake = loadExample(QStringLiteral("snake.rig.json"));
    QCOMPARE(snake.jointCount(), std::size_t(10));
    const io::NodeShape shape = io::loadRigFile(localPath(QDir(examplesDir()).filePath(QStringLiteral("snake.rig.json")))).editor.nodeShape;
    QVERIFY(shape == io::NodeShape::Box || shape == io::NodeShape::Ball);
    QCOMPARE(snake.rootCount(), std::size_t(1));
    int limited = 0;
    for (JointIndex j = 1; j < 10; ++j) {
        QCOMPARE(snake.parent(j), j - 1); // a single line
        if (snake.minAngle(j) == -30.0 && snake.maxAngle(j) == 30.0)
            ++limited;
    }
    QCOMPARE(limited, 8); // every bend between two bones; the first bone turns freely on the tail
    const int body = snake.findChain("body");
    QVERIFY(body >= 0);
    QCOMPARE(snake.chains()[body].solver, SolverKind::Follow);
    QCOMPARE(snake.chains()[body].tip, JointIndex(9));
}

void TestExamples::humanoidHasRigidAndLimitedJoints()
{
    const Rig h = loadExample(QStringLiteral("humanoid.rig.json"));
    QCOMPARE(h.rootCount(), std::size_t(1));
    QCOMPARE(h.jointName(0), std::string("pelvis"));
    for (const char* name : {"spine", "chest", "neck", "head", "elbow_l", "hand_l", "elbow_r", "hand_r", "knee_l",
                             "foot_l", "knee_r", "foot_r"})
        QVERIFY2(h.findJoint(name) != kNoJoint, name);
    const JointIndex head = h.findJoint("head");
    QCOMPARE(h.parent(head), h.findJoint("neck"));
    QCOMPARE(h.minAngle(head), h.maxAngle(head)); // the head is rigid on the neck
    // Elbows (the hand joints' angles) and knees (the feet's) bend one way only, within a human range.
    for (const char* name : {"hand_l", "hand_r", "foot_l", "foot_r"}) {
        const JointIndex j = h.findJoint(name);
        QVERIFY2(h.minAngle(j) == 0.0 || h.maxAngle(j) == 0.0, name);
        QVERIFY2(h.maxAngle(j) - h.minAngle(j) >= 120.0 && h.maxAngle(j) - h.minAngle(j) <= 160.0, name);
    }
    int rigid = 0;
    for (JointIndex j = 1; j < static_cast<JointIndex>(h.jointCount()); ++j)
        rigid += h.minAngle(j) == h.maxAngle(j);
    QVERIFY(rigid >= 3);
}

void TestExamples::gunnerArmsHoldGripsOnTheRifle()
{
    const Rig g = loadExample(QStringLiteral("gunner.rig.json"));
    const int aim = g.findChain("aim");
    QVERIFY(aim >= 0);
    const Chain& aimChain = g.chains()[aim];
    int attachedArms = 0;
    for (const Chain& chain : g.chains()) {
        if (!chain.target.isAttached())
            continue;
        QCOMPARE(chain.solver, SolverKind::TwoBone);
        // The grip rides on the rifle: the aim chain's tip or below it.
        const JointIndex grip = chain.target.joint;
        QVERIFY(grip == aimChain.tip || g.isAncestor(aimChain.tip, grip));
        // And it starts in the hand.
        const auto world = forwardKinematics(g);
        QVERIFY2(distance(world[chain.tip].position, world[grip].position) < 0.05, chain.name.c_str());
        ++attachedArms;
    }
    QCOMPARE(attachedArms, 2);
}

void TestExamples::elbowCanBendBothWays()
{
    const Rig e = loadExample(QStringLiteral("elbow.rig.json"));
    QCOMPARE(e.chains().size(), std::size_t(1));
    const Chain& arm = e.chains()[0];
    QCOMPARE(arm.solver, SolverKind::TwoBone);
    QVERIFY(e.minAngle(arm.tip) < -90.0 && e.maxAngle(arm.tip) > 90.0);
}

QTEST_GUILESS_MAIN(TestExamples)
// Each example is stored in the pose its chains hold it in: opening it and then editing anything
// (which holds the chains) must not move it, nor may an exported runtime, which applies the chains
// to the setup pose (the gunner's rifle stood 0.93 degrees off its aim, moving its muzzle 4 px).
void TestExamples::everyExampleIsStoredAsItsChainsHoldIt()
{
    const QStringList files = QDir(examplesDir()).entryList({QStringLiteral("*.rig.json")}, QDir::Files);
    for (const QString& file : files) {
        const Rig stored = loadExample(file);
        Rig held = stored;
        solvers::ChainHolder().hold(held);
        const auto before = forwardKinematics(stored);
        const auto after = forwardKinematics(held);
        for (std::size_t j = 0; j < before.size(); ++j)
            QVERIFY2(distance(before[j].position, after[j].position) < 1e-3,
                     qPrintable(QStringLiteral("%1: %2 moves %3 px").arg(file, QString::fromStdString(stored.jointName(JointIndex(j))))
                                    .arg(distance(before[j].position, after[j].position))));
        // To the bit: a hold leaves an example as it is, so the first edit or key in the editor
        // changes only what it touches (no joint of a chain creeps by rounding, keyed or not).
        for (std::size_t j = 0; j < before.size(); ++j) {
            const auto i = static_cast<JointIndex>(j);
            QVERIFY2(held.angle(i) == stored.angle(i),
                     qPrintable(QStringLiteral("%1: a hold turns %2 from %3 to %4").arg(file, QString::fromStdString(stored.jointName(i)))
                                    .arg(stored.angle(i), 0, 'g', 17).arg(held.angle(i), 0, 'g', 17)));
        }
    }
}

#include "tst_examples.moc"
