// bonework: the editor. `bonework [FILE]` opens FILE (or an empty rig).

#include "autosave.h"
#include "document.h"
#include "editor_window.h"
#include "renderer_choice.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

namespace {

void nameTheApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Bonework"));
    QCoreApplication::setApplicationName(QStringLiteral("Bonework"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BONEWORK_VERSION_STRING));
}

// The command line: --help and --version print and exit here, before the window system is
// touched, so they work in a terminal without a display (package checks, scripts). Returns
// the file to open, if any.
QString parseCommandLine(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    nameTheApplication();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Bonework: build, pose and export 2D skeletal rigs."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A rig file (.rig.json) to open."), QStringLiteral("[FILE]"));
    parser.process(app);
    return parser.positionalArguments().isEmpty() ? QString() : parser.positionalArguments().constFirst();
}

} // namespace

int main(int argc, char* argv[])
{
    const QString file = parseCommandLine(argc, argv);
    QGuiApplication app(argc, argv);
    nameTheApplication();
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/bonework.svg")));
    bonework::editor::useEditorStyle();
    bonework::editor::applyRendererChoice();

    bonework::editor::Document document;
    bonework::editor::Autosave autosave(&document);
    QString startupError;
    QObject::connect(&document, &bonework::editor::Document::loadFailed, &app,
                     [&](const QString& message) { startupError = message; });
    if (!file.isEmpty())
        document.files()->open(file);

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
