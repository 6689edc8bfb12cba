#include "editor_window.h"

#include "qml_module_check.h"

#include <QQmlApplicationEngine>
#include <QQuickStyle>

namespace bonework::editor {

void useEditorStyle() { QQuickStyle::setStyle(QStringLiteral("Fusion")); }

bool loadEditorWindow(QQmlApplicationEngine& engine, const QVariantMap& initialProperties, QString* error)
{
    const QList<MissingQmlModule> missing = findMissingQmlModules(engine);
    if (!missing.isEmpty()) {
        QStringList lines;
        for (const MissingQmlModule& m : missing)
            lines << QStringLiteral("  %1 (%2)").arg(m.module, m.error);
        *error = QStringLiteral("Bonework cannot start: %1 not installed:\n")
                     .arg(missing.size() == 1 ? QStringLiteral("a QML module it needs is")
                                              : QStringLiteral("%1 QML modules it needs are").arg(missing.size()))
                 + lines.join(QLatin1Char('\n'))
                 + QStringLiteral("\nRun scripts/run (or install the Debian packages that provide them) and start again.");
        return false;
    }
    QStringList warnings;
    const auto connection = QObject::connect(&engine, &QQmlApplicationEngine::warnings, &engine,
                                             [&](const QList<QQmlError>& list) {
                                                 for (const QQmlError& e : list)
                                                     warnings << e.toString();
                                             });
    engine.setInitialProperties(initialProperties);
    engine.load(QUrl(QStringLiteral("qrc:/Bonework/Main.qml")));
    QObject::disconnect(connection);
    if (engine.rootObjects().isEmpty()) {
        *error = QStringLiteral("Bonework cannot start: its window failed to load:\n  ") + warnings.join(QStringLiteral("\n  "));
        return false;
    }
    return true;
}

} // namespace bonework::editor
