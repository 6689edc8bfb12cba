#pragma once
// The slots of a rig file (version 2; mirrored images version 4), for parseRig (rig_reader.cpp, private to the loader):
// each slot read and checked on its own against the finished rig, then added to it in file
// order (the draw order). Problems throw ReadFailure (json_fields.h) naming the slot's field.

#include "bonework/io/rig_joint_reader.h"

namespace bonework::io {

// Reads the "slots" array at `path` into `rig` (the rig `joints` describes); adds the member
// count of every object read to `members` (for the repeated-key check, see readRig). `version`:
// the file's (a negative scale, a mirrored image, needs version 4).
void readSlots(const Json& value, const JsonPath& path, int version, Rig& rig, const JointNames& joints,
               std::size_t& members);

} // namespace bonework::io
