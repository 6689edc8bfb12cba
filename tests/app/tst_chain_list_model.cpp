// The Chains panel's model: a row per chain, updated by edits and undo, left alone by drags.
#include "chain_list_model.h"
#include "document.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace bonework::editor;

class TestChainListModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void rowsFollowTheChains()
    {
        Document doc;
        ChainListModel model;
        model.setDocument(&doc);
        const int r = doc.addRoot(0, 0);
        const int a = doc.addBone(r, 50, 0);
        const int b = doc.addBone(a, 100, 0);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(doc.addChain(b, r), 0);
        QCOMPARE(model.rowCount(), 1);
        const QModelIndex row = model.index(0);
        QCOMPARE(model.data(row, ChainListModel::RootNameRole).toString(), QString("root1"));
        QCOMPARE(model.data(row, ChainListModel::TipNameRole).toString(), QString("joint3"));
        QCOMPARE(model.data(row, ChainListModel::SolverRole).toString(), QString("two-bone"));

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(doc.setChainSolver(0, "fabrik"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.data(row, ChainListModel::SolverRole).toString(), QString("fabrik"));
        QVERIFY(doc.renameJoint(b, "hand")); // a chain's joint renamed: the row shows it
        QCOMPARE(model.data(row, ChainListModel::TipNameRole).toString(), QString("hand"));
        doc.undo();
        QCOMPARE(model.data(row, ChainListModel::TipNameRole).toString(), QString("joint3"));

        // Dragging the chain's tip (and so its target) changes no row.
        changed.clear();
        doc.posing()->beginPose(b);
        doc.posing()->poseTo(60, 40);
        doc.posing()->endDrag();
        QCOMPARE(changed.count(), 0);

        QVERIFY(doc.removeChain(0));
        QCOMPARE(model.rowCount(), 0);
        doc.undo();
        QCOMPARE(model.rowCount(), 1);
    }
};

QTEST_MAIN(TestChainListModel)
#include "tst_chain_list_model.moc"
