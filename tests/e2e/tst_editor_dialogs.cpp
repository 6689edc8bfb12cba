// Every dialog of the editor, opened in the real window with real keys: file names typed into
// the file dialog and confirmed with Enter, the result checked on disk. Also the theme's
// contrast on screen, the common shortcuts, and the run-time report that tests/packaging checks
// against the packages the set-up scripts install.
#include "editor_driver.h"
#include "key_bindings.h"
#include "qml_module_check.h"
#include "source_tree.h"
#include "text_contrast.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "std_text.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeySequence>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>

#include <functional>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

using namespace bonework;
using bonework::testing::localPath;
using bonework::testing::qtBytes;

namespace {

// What QML_IMPORT_TRACE reports while the test runs: the modules imported and the qmldir files
// read from the system. Trace lines are kept out of the test's output.
QSet<QString> g_importedModules;
QSet<QString> g_qmldirFiles;
QtMessageHandler g_previousHandler = nullptr;

void traceHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (context.category && qstrcmp(context.category, "qt.qml.import") == 0) {
        static const QRegularExpression imported(QStringLiteral("addLibraryImport: \\S+ \"([^\"]+)\""));
        static const QRegularExpression qmldir(QStringLiteral("qmldir found at \"([^\"]+)\""));
        if (const auto m = imported.match(message); m.hasMatch())
            g_importedModules.insert(m.captured(1));
        if (const auto m = qmldir.match(message); m.hasMatch())
            g_qmldirFiles.insert(m.captured(1));
        return;
    }
    g_previousHandler(type, context, message);
}

} // namespace

class TestEditorDialogs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    testing::EditorDriver m_editor;

    QQuickItem* visibleItem(const char* name) const { return m_editor.item(QString::fromLatin1(name)); }
    // Whether a dialog of that name shows (each file dialog has its own replace question).
    QObject* shownDialog(const char* name) const
    {
        for (QObject* dialog : m_editor.window->findChildren<QObject*>(QString::fromLatin1(name)))
            if (dialog->property("visible").toBool())
                return dialog;
        return nullptr;
    }
    bool dialogVisible(const char* name) const { return shownDialog(name) != nullptr; }
    // Types into the focused field of an open dialog and presses Enter.
    void typeAndEnter(const QString& text)
    {
        // A dialog gives its field focus once it has opened, a moment after it shows.
        QTRY_VERIFY(m_editor.window->activeFocusItem() && m_editor.window->activeFocusItem()->inherits("QQuickTextInput"));
        QVERIFY(m_editor.key("ctrl+a"));
        QVERIFY(m_editor.type(text));
        QVERIFY(m_editor.key("Return"));
    }
    void writeBrokenRig(const QString& path)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "bonework.rig", "version": 1, "joints": [{"name": "a", "x": "left"}]})");
    }
    void checkContrast(const char* what)
    {
        const QStringList failures = testing::lowContrastTexts(m_editor.window, 4.5);
        QVERIFY2(failures.isEmpty(), qPrintable(QString::fromLatin1(what) + ":\n  " + failures.join("\n  ")));
    }
    Rig linearRig(int bones)
    {
        m_editor.document->files()->newRig();
        int j = m_editor.document->addRoot(100, 300);
        for (int i = 1; i <= bones; ++i)
            j = m_editor.document->addBone(j, 100 + 60 * i, 300);
        return m_editor.document->rig();
    }

private slots:
    void initTestCase()
    {
        if (const QString why = testing::EditorDriver::missingPrerequisite(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_editor_dialogs");
        g_previousHandler = qInstallMessageHandler(traceHandler);
        const QString error = m_editor.start(m_dir.filePath("recovery"));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // A failed test must not leave a dialog open over the next one.
    void cleanup()
    {
        for (const char* name : {"replaceDialog", "saveDialog", "openDialog", "exportDialog", "unsavedDialog",
                                 "errorDialog", "exportReportDialog", "chainDialog", "shortcutsDialog", "exportOptionsDialog"}) {
            if (QObject* dialog = shownDialog(name))
                QMetaObject::invokeMethod(dialog, "close");
        }
    }

    void everyTextReadsOnTheDarkTheme()
    {
        QVERIFY(m_editor.document->files()->open(bonework::testing::sourceTree() + "/resources/examples/humanoid.rig.json"));
        m_editor.document->setSelectedJoint(m_editor.document->findJoint("elbow_l"));
        m_editor.document->setSelectedChain(0);
        QTest::qWait(200);
        checkContrast("the main window");
        QVERIFY(m_editor.key("alt+f")); // the File menu
        QTRY_VERIFY(visibleItem("shortcutLabel"));
        checkContrast("the File menu");
        QVERIFY(m_editor.key("Escape"));
    }

    void makeChainOffersTheLimbAndTakesEnter()
    {
        linearRig(3);
        const int tip = m_editor.document->findJoint("joint4");
        m_editor.document->setSelectedJoint(tip);
        QVERIFY(m_editor.key("ctrl+k"));
        QTRY_VERIFY(dialogVisible("chainDialog"));
        checkContrast("Make Chain");
        QVERIFY(m_editor.key("Escape")); // Esc cancels
        QTRY_VERIFY(!dialogVisible("chainDialog"));
        QCOMPARE(m_editor.document->chainCount(), 0);

        QVERIFY(m_editor.key("ctrl+k"));
        QTRY_VERIFY(dialogVisible("chainDialog"));
        QVERIFY(m_editor.key("Return")); // Enter confirms the offered root: the whole limb
        QTRY_COMPARE(m_editor.document->chainCount(), 1);
        QCOMPARE(m_editor.document->rig().chains()[0].root, 0);
        QCOMPARE(m_editor.document->rig().chains()[0].tip, tip);
    }

    void saveAsTakesATypedName()
    {
        QVERIFY(m_editor.key("ctrl+shift+s"));
        QTRY_VERIFY(dialogVisible("saveDialog"));
        QTRY_VERIFY(visibleItem("fileNameField") && visibleItem("fileNameField")->hasActiveFocus());
        checkContrast("Save As");
        typeAndEnter(m_dir.filePath("typed-name")); // Enter saves; the suffix is added
        const QString path = m_dir.filePath("typed-name.rig.json");
        QTRY_VERIFY(QFile::exists(path));
        QTRY_VERIFY(!dialogVisible("saveDialog"));
        QCOMPARE(QFileInfo(m_editor.document->filePath()), QFileInfo(path));
        QVERIFY(!m_editor.document->isModified());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), qtBytes(io::serializeRig(m_editor.document->rig())));
    }

    void savingOverAFileAsksFirst()
    {
        const QString path = m_dir.filePath("typed-name.rig.json");
        const QByteArray before = [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        m_editor.document->setLength(1, 77);
        // The dialog opens in the file's folder: the bare name is enough.
        QVERIFY(m_editor.key("ctrl+shift+s"));
        QTRY_VERIFY(dialogVisible("saveDialog"));
        typeAndEnter("typed-name.rig.json");
        QTRY_VERIFY(dialogVisible("replaceDialog"));
        checkContrast("the replace question");
        QVERIFY(m_editor.key("Return")); // No is the default: nothing overwritten
        QTRY_VERIFY(!dialogVisible("replaceDialog"));
        QFile unchanged(path);
        QVERIFY(unchanged.open(QIODevice::ReadOnly));
        QCOMPARE(unchanged.readAll(), before);
        QVERIFY(dialogVisible("saveDialog"));
        QVERIFY(m_editor.key("Return")); // the same name again ...
        QTRY_VERIFY(dialogVisible("replaceDialog"));
        QQuickItem* yes = nullptr;
        QTRY_VERIFY((yes = m_editor.button({"Yes"})) != nullptr);
        QVERIFY(m_editor.click(yes)); // ... and replace it
        QTRY_VERIFY(!dialogVisible("saveDialog"));
        QFile replaced(path);
        QVERIFY(replaced.open(QIODevice::ReadOnly));
        QCOMPARE(replaced.readAll(), qtBytes(io::serializeRig(m_editor.document->rig())));
        QVERIFY(!m_editor.document->isModified());
    }

    void unsavedQuestionCancelsOrDiscards()
    {
        m_editor.document->files()->newRig();
        m_editor.document->addRoot(200, 200);
        QVERIFY(m_editor.document->isModified());

        QVERIFY(m_editor.key("ctrl+n"));
        QTRY_VERIFY(dialogVisible("unsavedDialog"));
        checkContrast("the unsaved-changes question");
        QVERIFY(m_editor.key("Escape")); // Esc cancels: nothing lost, nothing done
        QTRY_VERIFY(!dialogVisible("unsavedDialog"));
        QCOMPARE(m_editor.document->jointCount(), 1);

        QVERIFY(m_editor.key("ctrl+n"));
        QTRY_VERIFY(dialogVisible("unsavedDialog"));
        QQuickItem* discard = nullptr;
        QTRY_VERIFY((discard = m_editor.button({"Discard"})) != nullptr);
        QVERIFY(m_editor.click(discard)); // ... then New goes ahead
        QTRY_COMPARE(m_editor.document->jointCount(), 0);
        QVERIFY(!m_editor.document->isModified());
    }

    void unsavedQuestionSavesAnUntitledRigThenGoesOn()
    {
        m_editor.document->files()->newRig();
        m_editor.document->addRoot(300, 300);
        QVERIFY(m_editor.key("ctrl+n"));
        QTRY_VERIFY(dialogVisible("unsavedDialog"));
        QVERIFY(m_editor.key("Return")); // Save is the default; the rig is untitled: Save As
        QTRY_VERIFY(dialogVisible("saveDialog"));
        QTRY_VERIFY(visibleItem("fileNameField") && visibleItem("fileNameField")->hasActiveFocus());
        typeAndEnter(m_dir.filePath("from-question"));
        const QString path = m_dir.filePath("from-question.rig.json");
        QTRY_VERIFY(QFile::exists(path));
        const io::LoadResult saved = io::loadRigFile(localPath(path));
        QVERIFY(saved.ok());
        QCOMPARE(saved.rig->jointCount(), std::size_t(1));
        // ... then New went ahead.
        QTRY_COMPARE(m_editor.document->jointCount(), 0);
        QVERIFY(!m_editor.document->isModified());
        QVERIFY(m_editor.document->filePath().isEmpty());
    }

    void exportWritesTheTypedFile()
    {
        QVERIFY(m_editor.document->files()->open(bonework::testing::sourceTree() + "/resources/examples/elbow.rig.json"));
        QVERIFY(m_editor.key("ctrl+e"));
        QTRY_VERIFY(dialogVisible("exportDialog"));
        checkContrast("Export");
        typeAndEnter(m_dir.filePath("game"));
        const QString path = m_dir.filePath("game.json");
        QTRY_VERIFY(QFile::exists(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject spine = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY(spine.contains("skeleton") && spine.contains("bones"));
        QTRY_VERIFY(dialogVisible("exportReportDialog"));
        checkContrast("the export report");
        QVERIFY(m_editor.key("Return"));
        QTRY_VERIFY(!dialogVisible("exportReportDialog"));
    }

    // A rig with animation clips: Export asks for the frame rate and bake tolerance after the
    // file is chosen; Enter in a field exports with them.
    void exportOfAnAnimatedRigAsksForTheBakeOptions()
    {
        QVERIFY(m_editor.document->files()->open(bonework::testing::sourceTree() + "/resources/examples/humanoid.rig.json"));
        QVERIFY(m_editor.document->files()->setBakeFps(30));
        QVERIFY(m_editor.key("ctrl+e"));
        QTRY_VERIFY(dialogVisible("exportDialog"));
        typeAndEnter(m_dir.filePath("walk"));
        QTRY_VERIFY(dialogVisible("exportOptionsDialog"));
        QVERIFY(!QFile::exists(m_dir.filePath("walk.json")));
        checkContrast("Export Options");
        typeAndEnter("60"); // the frame rate field has focus
        QTRY_VERIFY(QFile::exists(m_dir.filePath("walk.json")));
        QCOMPARE(m_editor.document->files()->bakeFps(), 60);
        QTRY_VERIFY(dialogVisible("exportReportDialog"));
        const QString report = m_editor.object("exportReportDialog")->property("informativeText").toString();
        QVERIFY2(report.contains("clips written at 60 fps"), qPrintable(report));
        QVERIFY(m_editor.key("Return"));
        QTRY_VERIFY(!dialogVisible("exportReportDialog"));
        QVERIFY(m_editor.document->files()->setBakeFps(30));
    }

    void openShowsLoadErrorsAndOpensTypedNames()
    {
        const QString broken = m_dir.filePath("broken.rig.json");
        writeBrokenRig(broken);
        const Rig before = m_editor.document->rig();

        QVERIFY(m_editor.key("ctrl+o"));
        QTRY_VERIFY(dialogVisible("openDialog"));
        checkContrast("Open");
        typeAndEnter(broken);
        QTRY_VERIFY(dialogVisible("errorDialog"));
        const QString text = m_editor.object("errorDialog")->property("text").toString();
        QVERIFY2(text.contains("broken.rig.json") && text.contains("joints[0].x"), qPrintable(text));
        QVERIFY(m_editor.document->rig() == before);
        checkContrast("the load error");
        QVERIFY(m_editor.key("Return")); // OK takes Enter
        QTRY_VERIFY(!dialogVisible("errorDialog"));

        // A folder typed as the name opens it; then a name in it opens the file.
        QVERIFY(m_editor.key("ctrl+o"));
        QTRY_VERIFY(dialogVisible("openDialog"));
        typeAndEnter(m_dir.path());
        QTRY_COMPARE(m_editor.object("openDialog")->property("folder").toUrl(), QUrl::fromLocalFile(m_dir.path()));
        typeAndEnter("typed-name.rig.json");
        QTRY_COMPARE(QFileInfo(m_editor.document->filePath()), QFileInfo(m_dir.filePath("typed-name.rig.json")));
        QTRY_VERIFY(!dialogVisible("openDialog"));

        // A name that is not there says so and keeps the dialog; Esc cancels.
        QVERIFY(m_editor.key("ctrl+o"));
        QTRY_VERIFY(dialogVisible("openDialog"));
        typeAndEnter("no-such-file.rig.json");
        QTRY_VERIFY(visibleItem("fileProblem"));
        QVERIFY(m_editor.key("Escape"));
        QTRY_VERIFY(!dialogVisible("openDialog"));
    }

    void loadErrorShowsAndTakesEnter()
    {
        const QString broken = m_dir.filePath("broken.rig.json");
        writeBrokenRig(broken);
        QVERIFY(!m_editor.document->files()->open(broken)); // the same dialog when the open comes from elsewhere
        QTRY_VERIFY(dialogVisible("errorDialog"));
        QVERIFY(m_editor.key("Return"));
        QTRY_VERIFY(!dialogVisible("errorDialog"));
    }

    void commonKeysForRedoAndSaveAs()
    {
        linearRig(2);
        const Rig built = m_editor.document->rig();
        QVERIFY(m_editor.key("ctrl+z"));
        QVERIFY(!(m_editor.document->rig() == built));
        QVERIFY(m_editor.key("ctrl+y"));
        QVERIFY(m_editor.document->rig() == built);
        QVERIFY(m_editor.key("ctrl+z"));
        QVERIFY(m_editor.key("ctrl+shift+z"));
        QVERIFY(m_editor.document->rig() == built);
        // A shown label (of a menu, a dialog) whose text is `text`.
        const std::function<bool(QQuickItem*, const QString&)> showsIn = [&](QQuickItem* item, const QString& text) {
            if (!item->isVisible())
                return false;
            if (item->property("text").toString() == text)
                return true;
            for (QQuickItem* child : item->childItems())
                if (showsIn(child, text))
                    return true;
            return false;
        };
        const auto shows = [&](const QString& text) { return showsIn(m_editor.window->contentItem(), text); };
        const auto native = [](const char* keys) { return QKeySequence(keys).toString(QKeySequence::NativeText); };
        QVERIFY(m_editor.key("F1")); // the shortcuts list
        QTRY_VERIFY(dialogVisible("shortcutsDialog"));
        checkContrast("Keyboard Shortcuts");
        // Every key of a command (Ctrl+Y and Ctrl+= were missing).
        QTRY_VERIFY2(shows(bonework::editor::KeyBindings::allText(int(QKeySequence::Redo), {"Ctrl+Y", "Ctrl+Shift+Z"})), "Redo's keys");
        QVERIFY2(shows(bonework::editor::KeyBindings::allText(int(QKeySequence::ZoomIn), {"Ctrl+="})), "Zoom In's keys");
        QVERIFY(bonework::editor::KeyBindings::allText(int(QKeySequence::Redo), {"Ctrl+Y", "Ctrl+Shift+Z"}).contains(native("Ctrl+Y")));
        QVERIFY(m_editor.key("Return"));
        QTRY_VERIFY(!dialogVisible("shortcutsDialog"));
        // The Play menu shows Space beside Play (the canvas's key; the menu showed none).
        QVERIFY(m_editor.key("alt+p"));
        QTRY_VERIFY2(shows(native("Space")), "Space in the Play menu");
        QVERIFY(m_editor.key("Escape"));
        m_editor.document->undoStack()->setClean(); // nothing to ask about on the next tests
    }

    void anExampleOpenedByFileKeepsItsDriver()
    {
        QObject* player = m_editor.object("player");
        QVERIFY(player);
        QVERIFY(m_editor.document->files()->open(bonework::testing::sourceTree() + "/resources/examples/ball-arm.rig.json"));
        QCOMPARE(player->property("driver").toString(), QString("ball"));
        QVERIFY(m_editor.document->files()->open(bonework::testing::sourceTree() + "/resources/examples/snake.rig.json"));
        QCOMPARE(player->property("driver").toString(), QString("steering"));
    }

    void theSteeredSnakeStaysInView()
    {
        QObject* player = m_editor.object("player");
        m_editor.canvas->forceActiveFocus();
        QVERIFY(m_editor.key("space")); // play
        QTRY_VERIFY(player->property("playing").toBool());
        // Zoom in while playing: the play area shrinks with what the canvas shows.
        QVERIFY(m_editor.key("ctrl+plus"));
        QVERIFY(m_editor.key("ctrl+plus"));
        QVERIFY(m_editor.xdotool({"keydown", "Up", "keydown", "Right", "sleep", "1.5", "keyup", "Right", "sleep", "2.5", "keyup", "Up"}));
        const QRectF visible(m_editor.canvas->mapToRig(QPointF(0, 0)),
                             m_editor.canvas->mapToRig(QPointF(m_editor.canvas->width(), m_editor.canvas->height())));
        const Vec2 head = forwardKinematics(m_editor.document->rig())[m_editor.document->findJoint("head")].position;
        QVERIFY2(visible.contains(QPointF(head.x, head.y)),
                 qPrintable(QString("head at %1, %2; visible %3, %4 to %5, %6").arg(head.x).arg(head.y)
                            .arg(visible.left()).arg(visible.top()).arg(visible.right()).arg(visible.bottom())));
        QVERIFY(m_editor.key("Escape")); // stop: back to the pose before play
        QTRY_VERIFY(!player->property("active").toBool());
    }

    // The start-up check (qml_module_check.cpp) must know every module the dialogs pulled in,
    // or a missing one would crash the editor later instead of stopping it at start.
    void everyImportedModuleIsCheckedAtStart()
    {
        if (g_importedModules.isEmpty())
            QSKIP("no import trace: run with QML_IMPORT_TRACE=1 (ctest sets it)");
        QStringList unchecked;
        for (const QString& module : std::as_const(g_importedModules)) {
            if (!module.startsWith("Bonework") && !editor::requiredQmlModules().contains(module))
                unchecked << module;
        }
        unchecked.sort();
        QVERIFY2(unchecked.isEmpty(), qPrintable("add to requiredQmlModules(): " + unchecked.join(", ")));
    }

    void cleanupTestCase()
    {
        writeRuntimeReport();
        m_editor.stop();
        qInstallMessageHandler(g_previousHandler);
    }

private:
    // For tests/packaging: the QML modules imported, the qmldir files read and every file the
    // process has mapped (shared libraries, plugins), one per line, after every dialog opened.
    void writeRuntimeReport()
    {
        const QString out = qEnvironmentVariable("BONEWORK_RUNTIME_REPORT");
        if (out.isEmpty())
            return;
        QStringList lines;
        for (const QString& m : g_importedModules)
            lines << "module " + m;
        for (const QString& q : g_qmldirFiles)
            lines << "file " + q;
        QFile maps("/proc/self/maps");
        if (maps.open(QIODevice::ReadOnly)) {
            QSet<QString> files;
            for (const QByteArray& line : maps.readAll().split('\n')) {
                const int slash = line.indexOf('/');
                if (slash > 0)
                    files.insert(QString::fromLocal8Bit(line.mid(slash)).trimmed());
            }
            for (const QString& f : files)
                lines << "file " + f;
        }
        lines.sort();
        QFile file(out);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(lines.join('\n').toUtf8() + '\n');
    }
};

QTEST_MAIN(TestEditorDialogs)
#include "tst_editor_dialogs.moc"
