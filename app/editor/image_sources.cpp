#include "image_sources.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace bonework::editor {

QByteArray ImageSources::toJson() const
{
    QJsonObject files;
    for (auto it = pending.constBegin(); it != pending.constEnd(); ++it)
        files.insert(it.key(), it.value());
    return QJsonDocument(QJsonObject{{QStringLiteral("folder"), folder}, {QStringLiteral("pending"), files}}).toJson();
}

ImageSources ImageSources::fromJson(const QByteArray& json)
{
    ImageSources sources;
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    sources.folder = root.value(QStringLiteral("folder")).toString();
    const QJsonObject files = root.value(QStringLiteral("pending")).toObject();
    for (auto it = files.constBegin(); it != files.constEnd(); ++it)
        if (it.value().isString() && !it.key().isEmpty())
            sources.pending.insert(it.key(), it.value().toString());
    return sources;
}

} // namespace bonework::editor
