#pragma once
// The animations of a rig file (version 2; their loop flag version 3), for parseRig (rig_reader.cpp, private to the
// loader): each clip read on its own, checked against the finished rig by animation::checkClip
// (its problems reported at their JSON paths), then added in file order. Problems throw
// ReadFailure (json_fields.h).

#include "bonework/io/json_fields.h"
#include "bonework/rig.h"

namespace bonework::io {

// The most animations a rig file may hold, and keys a clip may hold (bounds hostile files).
inline constexpr int kMaxAnimations = 10000;

// Reads the "animations" array at `path` into `rig` (joints, chains and slots already read);
// adds the member count of every object read to `members` (for the repeated-key check).
// `version`: the file's (a clip's `loop` needs version 3).
void readAnimations(const Json& value, const JsonPath& path, int version, Rig& rig, std::size_t& members);

} // namespace bonework::io
