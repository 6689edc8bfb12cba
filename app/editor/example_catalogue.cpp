#include "example_catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace bonework::editor::ExampleCatalogue {

QVariantList entries()
{
    QFile index(QStringLiteral(":/examples/examples.json"));
    if (!index.open(QIODevice::ReadOnly))
        return {};
    const QJsonDocument json = QJsonDocument::fromJson(index.readAll());
    QVariantList list;
    const QJsonArray all = json.isArray() ? json.array() : json.object().value(QStringLiteral("examples")).toArray();
    for (const QJsonValue& v : all)
        list.append(v.toObject().toVariantMap());
    return list;
}

QVariantMap hintForFile(const QString& fileName)
{
    for (const QVariant& v : entries()) {
        const QVariantMap entry = v.toMap();
        if (entry.value(QStringLiteral("file")).toString() == fileName)
            return entry;
    }
    return {};
}

QString resourcePath(const QVariantMap& entry)
{
    return QStringLiteral(":/examples/") + entry.value(QStringLiteral("file")).toString();
}

} // namespace bonework::editor::ExampleCatalogue
