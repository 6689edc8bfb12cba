// bonework: the editor. `bonework [FILE]` opens FILE (or an empty rig).

#include "autosave.h"
#include "document.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QIcon>
#include <QPalette>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

namespace {

// A dark palette for the Fusion style: canvases read better on dark, as in most rig editors.
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2d, 0x30, 0x35), base(0x23, 0x25, 0x29), text(0xdc, 0xe1, 0xe6);
    const QColor highlight(0x3d, 0x8e, 0xd6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window.lighter(110));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, text.darker(160));
    p.setColor(QPalette::Disabled, QPalette::Text, text.darker(180));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, text.darker(180));
    p.setColor(QPalette::Disabled, QPalette::WindowText, text.darker(180));
    p.setColor(QPalette::Mid, window.darker(130));
    p.setColor(QPalette::Dark, window.darker(160));
    p.setColor(QPalette::Light, window.lighter(140));
    return p;
}

} // namespace

int main(int argc, char* argv[])
{
    QGuiApplication app(argc, argv);
    QGuiApplication::setOrganizationName(QStringLiteral("Bonework"));
    QGuiApplication::setApplicationName(QStringLiteral("Bonework"));
    QGuiApplication::setApplicationVersion(QStringLiteral(BONEWORK_VERSION_STRING));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/bonework.svg")));
    QQuickStyle::setStyle(QStringLiteral("Fusion"));
    QGuiApplication::setPalette(darkPalette());

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
        document.open(parser.positionalArguments().constFirst());

    QQmlApplicationEngine engine;
    engine.setInitialProperties({{QStringLiteral("document"), QVariant::fromValue(&document)},
                                 {QStringLiteral("autosave"), QVariant::fromValue(&autosave)},
                                 {QStringLiteral("startupError"), startupError}});
    QObject::connect(&engine, &QQmlApplicationEngine::objectCreationFailed, &app, [] { QCoreApplication::exit(1); },
                     Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/Bonework/Main.qml")));
    return app.exec();
}
