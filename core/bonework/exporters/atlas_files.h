#pragma once
// Writing a built atlas as each runtime loads it, next to the skeleton file. For an output base
// `dir/OUT`:
//   Spine 4.2:       dir/OUT.atlas (the atlas text) and its pages dir/OUT.png, dir/OUT_2.png, ...
//   DragonBones 5.5: dir/OUT_tex.json and dir/OUT_tex.png; further pages dir/OUT_tex_2.json and
//                    dir/OUT_tex_2.png, ... (each a whole atlas of the same name: the runtime's
//                    factory keeps every atlas added under one name)
// Every file is written whole or not at all (io/atomic_file.h), the pages (PNG, by `codec`) before the
// files that name them. An atlas without pages (no images) writes nothing. The stage* forms
// only stage the files in a batch that the caller commits with the skeleton file, so that a
// failed export leaves the last export's files as they were, all of them.

#include "bonework/exporters/atlas_build.h"
#include "bonework/exporters/image_codec.h"
#include "bonework/io/atomic_file.h"

#include <string>
#include <vector>

namespace bonework::exporters {

struct AtlasFiles {
    std::vector<std::string> files; // the paths written (or staged), in that order
    std::string error;              // empty on success

    bool ok() const { return error.empty(); }
};

AtlasFiles writeSpineAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const ImageCodec& codec);
// `name` is the DragonBones data's name, the one the skeleton file gives.
AtlasFiles writeDragonBonesAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const std::string& name,
                                      const ImageCodec& codec);
AtlasFiles stageSpineAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const ImageCodec& codec, io::FileBatch& batch);
AtlasFiles stageDragonBonesAtlasFiles(const BuiltAtlas& atlas, const std::string& outBase, const std::string& name,
                                      const ImageCodec& codec, io::FileBatch& batch);

} // namespace bonework::exporters
