#include "qml_module_check.h"

#include <QQmlComponent>
#include <QQmlEngine>

namespace bonework::editor {

const QStringList& requiredQmlModules()
{
    static const QStringList modules = {
        QStringLiteral("QtQml"),
        QStringLiteral("QtQml.Models"),
        QStringLiteral("QtQml.WorkerScript"),
        QStringLiteral("QtQuick"),
        QStringLiteral("QtQuick.Window"),
        QStringLiteral("QtQuick.Layouts"),
        QStringLiteral("QtQuick.Templates"),
        QStringLiteral("QtQuick.Controls"),
        QStringLiteral("QtQuick.Controls.impl"),
        QStringLiteral("QtQuick.Controls.Basic"),
        QStringLiteral("QtQuick.Controls.Fusion"),
        QStringLiteral("QtQuick.Controls.Fusion.impl"),
        // FileChooser lists folders with it.
        QStringLiteral("Qt.labs.folderlistmodel"),
    };
    return modules;
}

QList<MissingQmlModule> findMissingQmlModules(QQmlEngine& engine)
{
    QList<MissingQmlModule> missing;
    for (const QString& module : requiredQmlModules()) {
        // One tiny document per module, so the error names exactly the module that is missing.
        QQmlComponent probe(&engine);
        probe.setData(QStringLiteral("import %1\nimport QtQml\nQtObject {}\n").arg(module).toUtf8(),
                      // A qrc: URL: resolved locally and at once (a made-up scheme would go to the network).
                      QUrl(QStringLiteral("qrc:/bonework-module-check/%1.qml").arg(module)));
        if (probe.isError())
            missing.append({module, probe.errorString().trimmed()});
    }
    return missing;
}

} // namespace bonework::editor
