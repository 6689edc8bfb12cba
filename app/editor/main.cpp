// bonework: the editor. `bonework [FILE]` opens FILE (or an empty rig).

#include "autosave.h"
#include "document.h"
#include "editor_window.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

int main(int argc, char* argv[])
{
    QGuiApplication app(argc, argv);
    QGuiApplication::setOrganizationName(QStringLiteral("Bonework"));
    QGuiApplication::setApplicationName(QStringLiteral("Bonework"));
    QGuiApplication::setApplicationVersion(QStringLiteral(BONEWORK_VERSION_STRING));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/bonework.svg")));
    bonework::editor::useEditorStyle();

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Bonework: build, pose and export 2D skeletal rigs."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A rig file (.rig.json) to open."), QStringLiteral("[FILE]"));
    parser.process(app);

    bonework::editor::Document document;
    bonework::editor::Autosave autosave(&document);
    QString startupError;
    QObject::connect(&document, &bonework::editor::Document::loadFailed, &app,
                     [&](const QString& message) { startupError = message; });
    if (!parser.positionalArguments().isEmpty())
        document.files()->open(parser.positionalArguments().constFirst());

    QQmlApplicationEngine engine;
    QString error;
    if (!bonework::editor::loadEditorWindow(engine,
                                            {{QStringLiteral("document"), QVariant::fromValue(&document)},
                                             {QStringLiteral("autosave"), QVariant::fromValue(&autosave)},
                                             {QStringLiteral("startupError"), startupError}},
                                            &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    return app.exec();
}
