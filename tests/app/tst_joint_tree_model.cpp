// The joint tree model: structure, roles, and that posing does not reset it.
#include "document.h"
#include "joint_tree_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace bonework::editor;

class TestJointTreeModel : public QObject {
    Q_OBJECT
private slots:
    void mirrorsTheSkeleton()
    {
        Document doc;
        JointTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDocument(&doc);
        const int root = doc.addRoot(0, 0);
        const int a = doc.addBone(root, 10, 0);
        doc.addBone(a, 20, 0);
        doc.addBone(root, 0, 10);
        doc.addRoot(100, 100);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex r = model.index(0, 0);
        QCOMPARE(r.data().toString(), QString("root1"));
        QCOMPARE(model.rowCount(r), 2);
        const QModelIndex child = model.index(0, 0, r);
        QCOMPARE(model.parent(child), r);
        QCOMPARE(child.data(JointTreeModel::JointRole).toInt(), a);
        QCOMPARE(model.indexOfJoint(a), child);
        QCOMPARE(model.jointAt(child), a);
    }

    void posingKeepsTheTreeAndRenamingRebuildsIt()
    {
        Document doc;
        JointTreeModel model;
        model.setDocument(&doc);
        const int root = doc.addRoot(0, 0);
        const int a = doc.addBone(root, 10, 0);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        doc.posing()->beginPose(a);
        doc.posing()->poseTo(5, 5);
        doc.posing()->endDrag();
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 0); // a pose changes nothing the tree shows
        doc.togglePin(a);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.indexOfJoint(a).data(JointTreeModel::PinnedRole).toBool(), true);
        doc.renameJoint(a, "hand");
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.index(0, 0, model.index(0, 0)).data().toString(), QString("hand"));
    }
};

QTEST_MAIN(TestJointTreeModel)
#include "tst_joint_tree_model.moc"
