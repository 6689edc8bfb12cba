#include "bonework/io/editor_settings.h"

namespace bonework::io {

std::string_view nodeShapeName(NodeShape shape)
{
    switch (shape) {
    case NodeShape::Bone: return "bone";
    case NodeShape::Box: return "box";
    case NodeShape::Ball: return "ball";
    }
    return "bone";
}

std::optional<NodeShape> nodeShapeFromName(std::string_view name)
{
    for (NodeShape s : kAllNodeShapes)
        if (nodeShapeName(s) == name)
            return s;
    return std::nullopt;
}

} // namespace bonework::io
