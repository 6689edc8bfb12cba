#pragma once
// The DragonBones 5.5 texture atlas JSON of one page: `name` (the DragonBones data's name, which
// the runtime's factory files the atlas under), `imagePath` (the page's PNG, relative to the
// JSON), the page's `width` and `height`, and a `SubTexture` entry per region: `name`, `x`, `y`,
// `width`, `height` (the trimmed pixels on the page, y down) and, for a trimmed image only,
// `frameX`, `frameY`, `frameWidth`, `frameHeight`: the original image's rectangle relative to the
// trimmed one, so frameX = -left and frameY = -top (zero or negative; DragonBones is y down) and
// the frame's size is the original size. The runtime adds frameX/frameY to the display's pivot.

#include "bonework/atlas/atlas_layout.h"

#include <string>

namespace bonework::exporters {

std::string dragonBonesAtlasJson(const atlas::AtlasLayout& layout, int page, const std::string& name,
                                 const std::string& imagePath);

} // namespace bonework::exporters
