// Qt Quick Test runner: the app's QML modules are static, so import their plugins, add qrc:/
// to the import path, and hand each test a fresh Document as the context property
// `testDocument` and a temporary folder to write in as `testFolder` (a URL).
#include "document.h"

#include <QQmlContext>
#include <QQmlEngine>
#include <QQuickStyle>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable()
    {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_qml");
        QQuickStyle::setStyle("Fusion");
    }
    void qmlEngineAvailable(QQmlEngine* engine)
    {
        engine->addImportPath("qrc:/");
        auto* document = new bonework::editor::Document(engine);
        engine->rootContext()->setContextProperty("testDocument", document);
        engine->rootContext()->setContextProperty("testFolder", QUrl::fromLocalFile(m_folder.path()));
    }

private:
    QTemporaryDir m_folder;
};

QUICK_TEST_MAIN_WITH_SETUP(bonework_qml, Setup)
#include "tst_qml.moc"
