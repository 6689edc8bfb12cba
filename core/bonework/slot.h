#pragma once
// A slot: one image carried by a joint's bone. The rig keeps its slots in draw order (the first
// is drawn first, at the back). The image lives in the bone's frame (see slot_placement.h):
// x, y and rotation place the image's pivot there, pivotX and pivotY say which point of the
// image the pivot is, as fractions of its width and height. A negative scale mirrors the image
// about its pivot (an artist draws one arm and mirrors it for the other).

#include "bonework/chain.h"

#include <string>
#include <string_view>

namespace bonework {

struct Slot {
    std::string name{};         // unique among the rig's slots, not empty
    JointIndex joint = kNoJoint; // the joint whose bone carries the image
    // Relative to the rig file's folder, folders separated by '/' (see imagePathProblem).
    std::string image{};
    double x = 0.0;
    double y = 0.0;
    double rotation = 0.0; // degrees, clockwise on screen, relative to the bone
    double scaleX = 1.0;   // not 0; below 0 mirrors the image left to right about its pivot
    double scaleY = 1.0;   // not 0; below 0 mirrors it top to bottom
    double pivotX = 0.5;   // 0: the image's left edge, 1: its right edge
    double pivotY = 0.5;   // 0: its top edge, 1: its bottom edge
    double opacity = 1.0;  // 0 to 1
    bool visible = true;
    bool operator==(const Slot&) const = default;
};

// Why `image` cannot be a slot's image path, phrased to follow the path ("must not be empty");
// empty when it can. A path is relative to the rig file's folder and portable: not absolute
// ('/' first, or a drive letter such as "C:"), folders separated by '/' (never '\'), no empty
// folder names ("a//b", a '/' at the end), no control characters. ".." is allowed, so rigs can
// share an art folder beside theirs.
std::string imagePathProblem(std::string_view image);

// One spelling for each file an image path can name: "." folders dropped and each "folder/.."
// taken out ("./art/a.png", "art/x/../a.png" -> "art/a.png"; a leading ".." stays), so the
// exports pack a file named two ways once. For a path imagePathProblem accepts.
std::string normalImagePath(std::string_view image);

} // namespace bonework
