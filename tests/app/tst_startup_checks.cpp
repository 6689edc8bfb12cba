// What the editor checks and shows at start: the QML modules it needs (a missing one is named
// and the window is not loaded), and the keys its menus and tool tips show.
#include "editor_window.h"
#include "key_bindings.h"
#include "qml_module_check.h"

#include <QKeySequence>
#include <QQmlApplicationEngine>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

using namespace bonework::editor;

class TestStartupChecks : public QObject {
    Q_OBJECT
private slots:
    // First: once a process has loaded a module, every engine in it can import it.
    void aMissingModuleIsNamedAndTheWindowNotLoaded()
    {
        // Only the modules compiled into Qt's resources stay visible: the file dialog's
        // Qt.labs.folderlistmodel, installed as a separate package, goes missing.
        QQmlApplicationEngine engine;
        engine.setImportPathList({QStringLiteral("qrc:/qt-project.org/imports"), QStringLiteral("qrc:/")});
        const auto missing = findMissingQmlModules(engine);
        QStringList names;
        for (const MissingQmlModule& m : missing)
            names << m.module;
        QVERIFY2(names.contains("Qt.labs.folderlistmodel"), qPrintable(names.join(", ")));
        QString error;
        QVERIFY(!loadEditorWindow(engine, {}, &error));
        QVERIFY2(error.contains("Qt.labs.folderlistmodel") && error.contains("not installed"), qPrintable(error));
        QVERIFY(engine.rootObjects().isEmpty());
    }

    void everyModuleIsInstalledHere()
    {
        QQmlEngine engine;
        const auto missing = findMissingQmlModules(engine);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.isEmpty() ? QString() : missing.first().module + ": " + missing.first().error));
    }

    void menusShowThePlatformsKeys()
    {
        QCOMPARE(KeyBindings::text(int(QKeySequence::New)),
                 QKeySequence(QKeySequence::New).toString(QKeySequence::NativeText));
        QVERIFY(!KeyBindings::text(int(QKeySequence::New)).contains("6")); // not the enum's number
        QCOMPARE(KeyBindings::text("Ctrl+K"), QKeySequence("Ctrl+K").toString(QKeySequence::NativeText));
        QCOMPARE(KeyBindings::text(QString(), {"Space"}), QKeySequence("Space").toString(QKeySequence::NativeText));
    }

    // The shortcuts list shows the keys of a command (it showed Redo without Ctrl+Y), each
    // once, the platform's first, not its keys of old keyboards (F14 for Undo).
    void theShortcutsListShowsEveryKey()
    {
        const auto native = [](const char* keys) { return QKeySequence(keys).toString(QKeySequence::NativeText); };
        const QString redo = KeyBindings::allText(int(QKeySequence::Redo), {"Ctrl+Y", "Ctrl+Shift+Z"});
        QVERIFY2(redo.contains(native("Ctrl+Y")) && redo.contains(native("Ctrl+Shift+Z")), qPrintable(redo));
        QVERIFY2(redo.startsWith(KeyBindings::text(int(QKeySequence::Redo))), qPrintable(redo));
        QCOMPARE(redo.count(native("Ctrl+Y")), 1);
        QCOMPARE(redo.count(native("Ctrl+Shift+Z")), 1);
        const QString zoom = KeyBindings::allText(int(QKeySequence::ZoomIn), {"Ctrl+="});
        QVERIFY2(zoom.contains(native("Ctrl+=")) && zoom.split(", ").size() >= 2, qPrintable(zoom));
        QCOMPARE(KeyBindings::allText(int(QKeySequence::Undo)), KeyBindings::text(int(QKeySequence::Undo)));
        QCOMPARE(KeyBindings::allText(QVariant(), {"Space"}), native("Space"));
        QCOMPARE(KeyBindings::allText("Ctrl+K"), native("Ctrl+K"));
        QCOMPARE(KeyBindings::allText(QVariant()), QString());
    }

    void extraKeysAreBoundOnlyWhereTheStandardLacksThem()
    {
        const auto redo = QKeySequence::keyBindings(QKeySequence::Redo);
        const QStringList extra = KeyBindings::missingFrom(int(QKeySequence::Redo), {"Ctrl+Y", "Ctrl+Shift+Z"});
        for (const QString& keys : {QStringLiteral("Ctrl+Y"), QStringLiteral("Ctrl+Shift+Z")})
            QCOMPARE(extra.contains(keys), !redo.contains(QKeySequence(keys))); // bound once, never twice
    }
};

QTEST_MAIN(TestStartupChecks)
#include "tst_startup_checks.moc"
