#include "bonework/exporters/dragonbones_atlas.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace bonework::exporters {

QByteArray dragonBonesAtlasJson(const atlas::AtlasLayout& layout, int page, const QString& name,
                                const QString& imagePath)
{
    QJsonArray subTextures;
    for (const atlas::AtlasRegion& r : layout.regions) {
        if (r.page != page)
            continue;
        const atlas::Trim& t = r.trim;
        QJsonObject o{{"name", QString::fromStdString(r.name)},
                      {"x", r.x},
                      {"y", r.y},
                      {"width", t.width},
                      {"height", t.height}};
        if (t.trimmed()) {
            o.insert("frameX", -t.left);
            o.insert("frameY", -t.top);
            o.insert("frameWidth", t.originalWidth);
            o.insert("frameHeight", t.originalHeight);
        }
        subTextures.append(o);
    }
    const atlas::PageSize size = layout.pages.at(std::size_t(page));
    const QJsonObject root{{"name", name},
                           {"imagePath", imagePath},
                           {"width", size.width},
                           {"height", size.height},
                           {"SubTexture", subTextures}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace bonework::exporters
