#pragma once
// The bone list both runtime formats share. Bonework keeps joints (a bone ends at its joint);
// Spine and DragonBones keep bones that start at their origin and extend `length` along their
// x axis. So every Bonework joint becomes one exported bone named like the joint: a root joint
// becomes a zero-length bone at the root's position and rotation; any other joint becomes the
// bone from its parent joint to it, whose local x is the parent bone's length (it starts where
// its parent bone ends) and whose local rotation is the joint's angle. A synthetic top bone holds
// every root (both formats want one root bone) and one target bone per exported IK chain.
// Posed rigs export their current pose as the setup pose.

#include "bonework/rig.h"

#include "bonework/exporters/export_report.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include <vector>

namespace bonework::exporters {

struct ExportedBone {
    std::string name;
    std::string parent;     // empty for the top bone
    double length = 0;
    double x = 0, y = 0; // in the parent bone's frame, y down, as in Bonework
    double rotation = 0; // degrees, clockwise on screen positive, as in Bonework
};

struct ExportedIk {
    std::string name;
    std::vector<std::string> bones; // parent first: one or two bones
    std::string target;     // the target bone's name
    bool bendPositive = true; // Bonework's convention (second bone clockwise on screen)
    double mix = 1.0;         // the chain's mix: Spine's IK mix, DragonBones' IK weight
};

struct ExportedSkeleton {
    std::string name;
    std::vector<ExportedBone> bones; // parents before children
    std::vector<ExportedIk> ik;
    double minX = 0, minY = 0, maxX = 0, maxY = 0; // world bounds of the joints
};

// `report` receives what no runtime format here can carry (limits, pins, long chains, attached
// targets), each as a readable line. Slots are exported_slots.h's.
ExportedSkeleton exportedSkeleton(const Rig& rig, ExportReport& report);

// The IK constraint exported for chain `name`; null when the chain was exported without IK.
const ExportedIk* findIk(const ExportedSkeleton& skeleton, std::string_view name);

// A name for the synthetic top bone that no joint uses.
std::string topBoneName(const Rig& rig);

// What both runtimes' bone entries start with: the name, the parent (left out for the top
// bone) and the length (left out when 0, the runtimes' default).
nlohmann::json boneEntry(const ExportedBone& bone);

} // namespace bonework::exporters
