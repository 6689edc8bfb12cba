#include "bonework/exporters/dragonbones_atlas.h"

#include "bonework/io/json_text.h"

namespace bonework::exporters {

std::string dragonBonesAtlasJson(const atlas::AtlasLayout& layout, int page, const std::string& name,
                                 const std::string& imagePath)
{
    using Json = nlohmann::json;
    Json subTextures = Json::array();
    for (const atlas::AtlasRegion& r : layout.regions) {
        if (r.page != page)
            continue;
        const atlas::Trim& t = r.trim;
        Json o = {{"name", r.name}, {"x", r.x}, {"y", r.y}, {"width", t.width}, {"height", t.height}};
        if (t.trimmed()) {
            o["frameX"] = -t.left;
            o["frameY"] = -t.top;
            o["frameWidth"] = t.originalWidth;
            o["frameHeight"] = t.originalHeight;
        }
        subTextures.push_back(std::move(o));
    }
    const atlas::PageSize size = layout.pages.at(std::size_t(page));
    const Json root = {{"name", name},
                       {"imagePath", imagePath},
                       {"width", size.width},
                       {"height", size.height},
                       {"SubTexture", std::move(subTextures)}};
    return io::jsonText(root, io::JsonLayout::Indented);
}

} // namespace bonework::exporters
