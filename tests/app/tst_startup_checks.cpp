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
