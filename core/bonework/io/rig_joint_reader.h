#pragma once
// The joints of a rig file, for parseRig (rig_reader.cpp, private to the loader): steps 1 and 2
// of its three, each joint read and checked on its own, then all of them ordered parents-first.
// Problems throw ReadFailure (json_fields.h) naming the joint's field.

#include "bonework/io/json_fields.h"
#include "bonework/rig.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace bonework::io {

// One joint as the file gives it.
struct FileJoint {
    std::string name;
    std::string parentName;
    bool hasParent = false;
    JointDesc desc;          // parent index filled in once parents are resolved
    int parentFileIndex = -1;
};

// Reads and checks joints[i] at `path`; adds its member count to `members` (for the
// repeated-key check, see readRig).
FileJoint readJoint(const Json& value, const JsonPath& path, std::size_t& members);

// File index of each joint by name.
using JointIndexByName = std::unordered_map<std::string, int>;

// The finished rig and how to find its joints by the names the file used (chains and slots
// name joints; step 3).
struct JointNames {
    const Rig& rig;
    const JointIndexByName& fileIndexByName;
    const std::vector<JointIndex>& rigIndexOfFileIndex;

    // The rig index of the joint the file calls `name`; fails at `path` when there is none.
    JointIndex find(const std::string& name, const JsonPath& path) const;
};

// Joints in parents-first order: each joint as early as the file allows, after its ancestors, so
// a file that is already ordered keeps its order exactly. Resolves each parent by name (filling
// in parentFileIndex); unknown parents and cycles fail.
std::vector<int> parentsFirstOrder(std::vector<FileJoint>& joints, const JointIndexByName& byName,
                                   const JsonPath& jointsPath);

} // namespace bonework::io
