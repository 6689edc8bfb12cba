// Drives the real editor window with the mouse and the keyboard: grow a 3-bone chain by
// dragging, pose its tip, undo and redo, save, reopen and compare the file; open a broken file
// and see the loader's message in a dialog while the document stays as it was.
#include "autosave.h"
#include "document.h"
#include "rig_canvas.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "sample_rigs.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <unistd.h>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

using namespace bonework;
using namespace bonework::editor;

class TestEditorEndToEnd : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<Autosave> m_autosave;
    std::unique_ptr<QQmlApplicationEngine> m_engine;
    QQuickWindow* m_window = nullptr;
    RigCanvas* m_canvas = nullptr;

    // Window coordinates of a scene point on the canvas.
    QPoint toWindow(QPointF scene) const
    {
        return m_canvas->mapToScene(m_canvas->mapFromRig(scene)).toPoint(); // canvas item -> window
    }
    // Real X input through xdotool, so the events take the same path as a user's.
    void xdotool(const QStringList& args)
    {
        QProcess p;
        p.start("xdotool", args);
        // Keep handling events while xdotool types: the window sees the motion as it happens.
        QElapsedTimer clock;
        clock.start();
        while (p.state() != QProcess::NotRunning && clock.elapsed() < 10000)
            QTest::qWait(10);
        QVERIFY2(p.state() == QProcess::NotRunning && p.exitCode() == 0, qPrintable(p.readAllStandardError()));
    }
    void drag(QPointF fromScene, QPointF toScene, bool shift = false)
    {
        const QPoint from = m_window->mapToGlobal(toWindow(fromScene));
        const QPoint to = m_window->mapToGlobal(toWindow(toScene));
        QStringList args;
        if (shift)
            args << "keydown" << "shift";
        args << "mousemove" << QString::number(from.x()) << QString::number(from.y()) << "sleep" << "0.05" << "mousedown" << "1";
        for (int i = 1; i <= 8; ++i) {
            const QPoint p = from + (to - from) * i / 8;
            args << "mousemove" << QString::number(p.x()) << QString::number(p.y()) << "sleep" << "0.02";
        }
        args << "mouseup" << "1";
        if (shift)
            args << "keyup" << "shift";
        xdotool(args);
        // Let the window handle what X delivered.
        QTest::qWait(150);
    }
    // The process's resident memory (Linux: /proc/self/statm).
    static qint64 residentBytes()
    {
        QFile statm("/proc/self/statm");
        if (!statm.open(QIODevice::ReadOnly))
            return 0;
        const QList<QByteArray> fields = statm.readAll().split(' ');
        return fields.size() > 1 ? fields[1].toLongLong() * sysconf(_SC_PAGESIZE) : 0;
    }
    Vec2 world(const char* name) const
    {
        return forwardKinematics(m_document->rig())[m_document->rig().findJoint(name)].position;
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("DISPLAY"))
            QSKIP("needs an X display (scripts/test runs the suite under xvfb-run)");
        if (QStandardPaths::findExecutable("xdotool").isEmpty())
            QSKIP("needs xdotool (scripts/test installs it)");
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_editor_e2e");
        QQuickStyle::setStyle("Fusion");
        qputenv("BONEWORK_RECOVERY_DIR", m_dir.filePath("recovery").toUtf8());
        m_document = std::make_unique<Document>();
        m_autosave = std::make_unique<Autosave>(m_document.get());
        m_engine = std::make_unique<QQmlApplicationEngine>();
        m_engine->setInitialProperties({{"document", QVariant::fromValue(m_document.get())},
                                        {"autosave", QVariant::fromValue(m_autosave.get())}});
        m_engine->load(QUrl("qrc:/Bonework/Main.qml"));
        QVERIFY(!m_engine->rootObjects().isEmpty());
        m_window = qobject_cast<QQuickWindow*>(m_engine->rootObjects().first());
        QVERIFY(m_window);
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        m_window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        m_canvas = m_window->findChild<RigCanvas*>("canvas");
        QVERIFY(m_canvas);
    }

    void growAThreeBoneChainByDragging()
    {
        m_canvas->setTool(RigCanvas::AddBone);
        // A press on empty canvas makes a root; dragging from it grows the first bone.
        const QPointF root = m_canvas->mapToRig(QPointF(m_canvas->width() * 0.3, m_canvas->height() * 0.5));
        drag(root, root + QPointF(80, 0));
        drag(root + QPointF(80, 0), root + QPointF(160, 2), true); // snaps to 0 degrees
        drag(root + QPointF(160, 0), root + QPointF(230, 40));
        QCOMPARE(m_document->jointCount(), 4);
        const Rig& rig = m_document->rig();
        QCOMPARE(rig.parent(3), 2);
        QCOMPARE(rig.parent(2), 1);
        QVERIFY(std::fabs(rig.angle(2)) < 1e-9); // Shift snapped the angle
        QCOMPARE(m_document->undoStack()->count(), 4);
    }

    void poseTheTipUndoAndRedo()
    {
        m_canvas->setTool(RigCanvas::Pose);
        const Rig before = m_document->rig();
        const Vec2 tip = world("joint4");
        const QPointF target(tip.x - 60, tip.y + 70);
        drag(QPointF(tip.x, tip.y), target);
        const Vec2 moved = world("joint4");
        QVERIFY2(std::hypot(moved.x - target.x(), moved.y - target.y()) < 1.0, "the tip follows the mouse");
        QCOMPARE(m_document->undoText(), QString("Move joint4"));
        const Rig posed = m_document->rig();

        QTest::keySequence(m_window, QKeySequence::Undo);
        QVERIFY(m_document->rig() == before);
        QTest::keySequence(m_window, QKeySequence::Redo);
        QVERIFY(m_document->rig() == posed);
    }

    void saveReopenAndCompare()
    {
        const QString path = m_dir.filePath("chain.rig.json");
        QVERIFY(m_document->saveAs(path)); // Save As needs the file dialog; name the file directly
        m_document->setLength(1, 95);      // a change after saving ...
        QTest::keySequence(m_window, QKeySequence::Save); // ... saved with Ctrl+S
        QVERIFY(!m_document->isModified());
        const Rig saved = m_document->rig();
        m_document->newRig();
        QCOMPARE(m_document->jointCount(), 0);
        QVERIFY(m_document->open(path));
        QVERIFY(m_document->rig() == saved);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), io::serializeRig(saved));
    }

    void brokenFileShowsTheErrorAndKeepsTheDocument()
    {
        const QString broken = m_dir.filePath("broken.rig.json");
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "bonework.rig", "version": 1, "joints": [{"name": "a", "x": "left"}]})");
        f.close();
        const Rig before = m_document->rig();
        QVERIFY(!m_document->open(broken));
        QObject* dialog = m_window->findChild<QObject*>("errorDialog");
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->property("visible").toBool());
        const QString text = dialog->property("text").toString();
        QVERIFY2(text.contains("broken.rig.json") && text.contains("joints[0].x"), qPrintable(text));
        QVERIFY(m_document->rig() == before);
        QMetaObject::invokeMethod(dialog, "close");
    }

    // Issue 17: each mouse move of a drag used to keep two copies of the rig (about 2 MB a drag
    // on this rig). Now a drag keeps the poses it changed: ten drags on a 10,001-joint rig
    // barely grow the editor's memory.
    void tenDragsOnABigRigKeepMemoryFlat()
    {
        const QString path = m_dir.filePath("hub.rig.json");
        QString error;
        QVERIFY(io::saveRigFile(testing::hubRig(10001), path, &error));
        QVERIFY(m_document->open(path));
        m_canvas->setTool(RigCanvas::Pose);
        m_canvas->fitToView();
        QTest::qWait(200);
        const int tip = testing::kHubLimbBones;
        auto dragTip = [&](int i) {
            const Vec2 from = forwardKinematics(m_document->rig())[tip].position;
            drag(QPointF(from.x, from.y), QPointF(from.x + (i % 2 ? 15 : -15), from.y + 10));
        };
        dragTip(0); // warm-up: caches, glyphs, the scene graph
        dragTip(1);
        const int steps = m_document->undoStack()->count();
        const qint64 before = residentBytes();
        for (int i = 0; i < 10; ++i)
            dragTip(i);
        const qint64 grown = residentBytes() - before;
        QCOMPARE(m_document->undoStack()->count(), steps + 10); // one step a drag
        QVERIFY2(grown < 2 * 1024 * 1024, qPrintable(QString("ten drags grew the editor by %1 KB").arg(grown / 1024)));
        qInfo("ten drags on a 10,001-joint rig grew the editor's resident memory by %lld KB", grown / 1024);
    }

    void cleanupTestCase()
    {
        m_engine.reset();
        m_autosave.reset();
        m_document.reset();
    }
};

QTEST_MAIN(TestEditorEndToEnd)
#include "tst_editor_e2e.moc"
