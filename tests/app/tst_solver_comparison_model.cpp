// Compare Solvers in the editor (document.comparison), over seeded random chains opened as
// files: with the toggle on and a chain selected, a row for every solver that accepts the chain
// (its own marked current); the rows follow a drag of the target and are the core comparison
// from the saved pose; choosing a row is one undo step; off, nothing selected or playing, no
// rows; the toggle is remembered. A failure names its seed.
#include "document.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_comparison.h"
#include "random_rigs.h"
#include "std_text.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace bonework;
using namespace bonework::editor;
using bonework::testing::Engine;
using bonework::testing::localPath;

namespace {

QString seedText(int seed, const QString& what) { return QStringLiteral("seed %1: %2").arg(seed).arg(what); }

// The solvers that accept chain 0 of `rig` as the editor solves it (its root held).
std::vector<SolverKind> acceptingSolvers(const Rig& rig)
{
    const Chain& chain = rig.chains()[0];
    const solvers::Effector effector{chain.tip, chain.target.point, 1.0};
    const solvers::SolveRequest request = solvers::chainRequest(chain, effector);
    std::vector<SolverKind> kinds;
    for (SolverKind kind : kAllSolvers)
        if (solvers::makeSolver(kind)->validate(rig, request).empty())
            kinds.push_back(kind);
    return kinds;
}

// Whether the model's outcomes are the core comparison of the document's rig from its saved pose.
bool matchesCoreComparison(Document& doc)
{
    solvers::SolverComparison expected;
    expected.compare(doc.rig(), doc.selectedChain(), doc.skeletonMatchesSaved() ? &doc.savedRig() : nullptr);
    const auto shown = doc.comparison()->outcomes();
    if (shown.size() != expected.outcomes().size() || doc.comparison()->count() != static_cast<int>(shown.size()))
        return false;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const solvers::SolverOutcome& a = shown[i];
        const solvers::SolverOutcome& b = expected.outcomes()[i];
        if (a.kind != b.kind || a.current != b.current || a.error != b.error || a.iterations != b.iterations
            || !std::equal(a.joints.begin(), a.joints.end(), b.joints.begin(), b.joints.end()))
            return false;
    }
    return true;
}

} // namespace

class TestSolverComparisonModel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // A line of bones (now and then below other bones, with a side branch) with one chain and a
    // random solver, saved and opened in `doc`, the chain selected.
    bool openRandomChain(Engine& rng, Document& doc, bool limits)
    {
        testing::RigOptions options;
        options.limits = limits;
        const int bones = testing::uniformInt(rng, 0, 2) == 0 ? 2 : testing::uniformInt(rng, 2, 8);
        const int above = testing::uniformInt(rng, 0, 2);
        Rig rig = testing::randomChain(rng, bones + above, options);
        rig.addJoint(testing::randomBone(rng, "side", static_cast<JointIndex>(testing::uniformInt(rng, above, bones + above)), options));
        Chain chain;
        chain.name = "limb";
        chain.root = static_cast<JointIndex>(above);
        chain.tip = static_cast<JointIndex>(above + bones);
        do {
            chain.solver = kAllSolvers[testing::uniformInt(rng, 0, static_cast<int>(std::size(kAllSolvers)) - 1)];
        } while (chain.solver == SolverKind::TwoBone && bones != 2);
        chain.target.point = worldTransformOf(rig, chain.tip).position;
        if (!rig.addChain(chain).ok())
            return false;
        const QString path = m_dir.filePath("random.rig.json");
        std::string error;
        if (!io::saveRigFile(rig, localPath(path), &error) || !doc.files()->open(path))
            return false;
        doc.setSelectedChain(0);
        return doc.selectedChain() == 0;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the toggle is a setting: not the user's
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_solver_comparison_model");
        QSettings().remove("editor/compareSolvers");
    }

    // On, with a chain selected: a row for every solver that accepts the chain, in kAllSolvers
    // order, the chain's own marked current; off: none.
    void listsEverySolverThatAcceptsTheChain()
    {
        for (int seed = 0; seed < 60; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 7100000);
            Document doc;
            QVERIFY2(openRandomChain(rng, doc, seed % 2 == 1), qPrintable(seedText(seed, "could not open")));
            SolverComparisonModel& model = *doc.comparison();
            QCOMPARE(model.count(), 0); // off by default
            model.setEnabled(true);
            const std::vector<SolverKind> expected = acceptingSolvers(doc.rig());
            QVERIFY2(model.count() == static_cast<int>(expected.size()), qPrintable(seedText(seed, "wrong number of rows")));
            int currents = 0;
            for (int row = 0; row < model.count(); ++row) {
                const QModelIndex i = model.index(row);
                QCOMPARE(model.data(i, SolverComparisonModel::SolverRole).toString(),
                         QString::fromLatin1(solverName(expected[static_cast<std::size_t>(row)])));
                const bool current = model.data(i, SolverComparisonModel::CurrentRole).toBool();
                QCOMPARE(current, expected[static_cast<std::size_t>(row)] == doc.rig().chains()[0].solver);
                currents += current ? 1 : 0;
                QVERIFY(model.data(i, SolverComparisonModel::LabelRole).toString().startsWith(
                    QString::fromLatin1(solverName(expected[static_cast<std::size_t>(row)])) + QStringLiteral(" \u00b7 ")));
            }
            QVERIFY2(currents == 1, qPrintable(seedText(seed, "the chain's own solver is not the one current row")));
            // Every other solver that can solve the chain is there: more than the chain's own.
            QVERIFY2(model.count() >= 3, qPrintable(seedText(seed, "too few solvers compared")));
            QVERIFY2(matchesCoreComparison(doc), qPrintable(seedText(seed, "not the core comparison from the saved pose")));
            QVERIFY(model.fromSavedPose());

            model.setEnabled(false);
            QCOMPARE(model.count(), 0);
            QVERIFY(model.outcomes().empty());
            model.setEnabled(true);
            doc.setSelectedChain(-1); // nothing selected: nothing compared
            QCOMPARE(model.count(), 0);
            model.setEnabled(false);
        }
    }

    // Dragging the chain's target compares again, toward the new target: the ghosts move.
    void followsATargetDrag()
    {
        for (int seed = 0; seed < 40; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 7200000);
            Document doc;
            QVERIFY2(openRandomChain(rng, doc, false), qPrintable(seedText(seed, "could not open")));
            SolverComparisonModel& model = *doc.comparison();
            model.setEnabled(true);
            std::vector<Vec2> tipsBefore;
            for (const solvers::SolverOutcome& o : model.outcomes())
                tipsBefore.push_back(o.joints.back());
            QSignalSpy changed(&model, &SolverComparisonModel::changed);
            QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);

            const Chain& chain = doc.rig().chains()[0];
            const Vec2 target = testing::unreachableTarget(rng, doc.rig(), chain.tip);
            doc.posing()->beginTargetDrag(0);
            doc.posing()->poseTo(target.x, target.y);
            doc.posing()->endDrag();

            QVERIFY2(!changed.isEmpty() && !dataChanged.isEmpty(), qPrintable(seedText(seed, "no update after the drag")));
            QVERIFY2(matchesCoreComparison(doc), qPrintable(seedText(seed, "rows not those of the new target")));
            QCOMPARE(model.outcomes().size(), tipsBefore.size());
            // Without limits or pins every solver turns its free chain toward a target out of reach.
            for (std::size_t i = 0; i < tipsBefore.size(); ++i)
                QVERIFY2(distance(tipsBefore[i], model.outcomes()[i].joints.back()) > 1e-6,
                         qPrintable(seedText(seed, QStringLiteral("the %1 ghost did not move").arg(solverName(model.outcomes()[i].kind).data()))));
            model.setEnabled(false);
        }
    }

    // Choosing a row makes its solver the chain's, as one undo step; undo gives the old one back.
    void choosingARowIsOneUndoStep()
    {
        for (int seed = 0; seed < 40; ++seed) {
            Engine rng(static_cast<std::uint64_t>(seed) + 7300000);
            Document doc;
            QVERIFY2(openRandomChain(rng, doc, seed % 2 == 1), qPrintable(seedText(seed, "could not open")));
            SolverComparisonModel& model = *doc.comparison();
            model.setEnabled(true);
            const SolverKind before = doc.rig().chains()[0].solver;
            int row = testing::uniformInt(rng, 0, model.count() - 1);
            if (model.data(model.index(row), SolverComparisonModel::CurrentRole).toBool())
                row = (row + 1) % model.count();
            const QString chosen = model.data(model.index(row), SolverComparisonModel::SolverRole).toString();
            const int steps = doc.undoStack()->index();

            QVERIFY2(model.choose(row), qPrintable(seedText(seed, "choosing was refused")));
            QCOMPARE(QString::fromLatin1(solverName(doc.rig().chains()[0].solver)), chosen);
            QVERIFY2(doc.undoStack()->index() == steps + 1 && doc.undoStack()->count() == steps + 1,
                     qPrintable(seedText(seed, "not one undo step")));
            QCOMPARE(doc.undoText(), QStringLiteral("Set solver to %1").arg(chosen));
            QVERIFY(model.data(model.index(row), SolverComparisonModel::CurrentRole).toBool());
            QVERIFY(matchesCoreComparison(doc));

            doc.undo();
            QVERIFY(doc.rig().chains()[0].solver == before);
            QVERIFY(!model.data(model.index(row), SolverComparisonModel::CurrentRole).toBool());
            // Choosing the chain's own solver is no edit at all.
            for (int r = 0; r < model.count(); ++r)
                if (model.data(model.index(r), SolverComparisonModel::CurrentRole).toBool())
                    QVERIFY(model.choose(r));
            QCOMPARE(doc.undoStack()->index(), steps);
            QVERIFY(doc.canRedo()); // the undone choice is still there to redo
            model.setEnabled(false);
        }
    }

    // While play shows the simulation there is nothing to compare; afterwards the rows return.
    void noRowsWhilePlaying()
    {
        Engine rng(7400000);
        Document doc;
        QVERIFY(openRandomChain(rng, doc, false));
        SolverComparisonModel& model = *doc.comparison();
        model.setEnabled(true);
        const int rows = model.count();
        QVERIFY(rows > 0);
        doc.posing()->beginPreview();
        doc.posing()->showPreview(doc.rig());
        QCOMPARE(model.count(), 0);
        doc.posing()->endPreview(false);
        QCOMPARE(model.count(), rows);

        // A clip open on the timeline is no simulation: its frame is compared as the setup
        // pose is (QA found the ghosts gone whenever a clip was open).
        const int clip = doc.newAnimation();
        QVERIFY(clip >= 0);
        doc.animation()->setCurrent(clip);
        QVERIFY(doc.animation()->isActive());
        QVERIFY(doc.isPreviewing() && !doc.isSimulating());
        QCOMPARE(model.count(), rows);
        QVERIFY(matchesCoreComparison(doc));
        doc.animation()->stop();
        QCOMPARE(model.count(), rows);
        model.setEnabled(false);
    }

    // The toggle is a preference: the next document starts with it as it was left.
    void theToggleIsRemembered()
    {
        {
            Document doc;
            QVERIFY(!doc.comparison()->isEnabled());
            QSignalSpy toggled(doc.comparison(), &SolverComparisonModel::enabledChanged);
            doc.comparison()->setEnabled(true);
            QCOMPARE(toggled.count(), 1);
        }
        Document next;
        QVERIFY(next.comparison()->isEnabled());
        next.comparison()->setEnabled(false);
        Document last;
        QVERIFY(!last.comparison()->isEnabled());
    }
};

QTEST_MAIN(TestSolverComparisonModel)
#include "tst_solver_comparison_model.moc"
