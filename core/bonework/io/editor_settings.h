#pragma once
// What a rig file keeps for the editor alone: how it draws the joints. Not part of the rig
// (core/bonework knows nothing of drawing), but read and written with it so a rig opens
// looking as it was saved.

#include <cstdint>
#include <optional>
#include <string_view>

namespace bonework::io {

// How the editor draws each joint's bone: a tapered bone, a box or a ball ("shape" in the file).
enum class NodeShape : std::uint8_t { Bone, Box, Ball };
inline constexpr NodeShape kAllNodeShapes[] = {NodeShape::Bone, NodeShape::Box, NodeShape::Ball};
std::string_view nodeShapeName(NodeShape shape);
std::optional<NodeShape> nodeShapeFromName(std::string_view name);

struct EditorSettings {
    NodeShape nodeShape = NodeShape::Bone;
    bool operator==(const EditorSettings&) const = default;
};

} // namespace bonework::io
