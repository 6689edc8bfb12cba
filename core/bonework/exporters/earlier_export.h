#pragma once
// Whether the files at an export's atlas names are an earlier export's, which the export may
// replace, or someone else's, which it must not: a drawing named like a page (art/hero.png
// beside an export named art/hero.json), notes in hero.atlas, a page of a bigger earlier
// export left beside a smaller one and then a file of the user's put in its place. No Qt.

#include <string>
#include <vector>

namespace bonework::exporters {

// The text chunk Bonework writes into every atlas page (PNG "Software" = this), which marks a
// page as an export's even when no atlas file lists it any more.
inline constexpr char kPageMarkerKey[] = "Software";
inline constexpr char kPageMarker[] = "Bonework";

// Whether the PNG file at `path` carries the page marker (in a tEXt chunk before its pixels).
bool isMarkedPage(const std::string& path);

// The page image names a Spine atlas text lists (each page block's first line), read leniently:
// any atlas, Bonework's or the Spine editor's. Empty for a text that is no atlas.
std::vector<std::string> spineAtlasPageNames(const std::string& text);

// Whether the file at `path` is a DragonBones texture atlas JSON (an object with "imagePath"
// and "SubTexture"), and the image it names (into `imagePath`, when given).
bool isDragonBonesAtlas(const std::string& path, std::string* imagePath = nullptr);

// The first of `paths` (what an export is about to write: atlas pages ending in .png, and the
// atlas files ending in .atlas or _tex*.json) that exists and is no earlier export's, with why
// into `why`; empty when every one may be replaced. A page is an export's when it carries the
// page marker or the atlas file beside it (`spineAtlas`, empty for DragonBones, whose page's
// own _tex json says) lists it; an atlas file when it reads as one.
std::string foreignAtlasFile(const std::vector<std::string>& paths, const std::string& spineAtlas, std::string* why);

} // namespace bonework::exporters
