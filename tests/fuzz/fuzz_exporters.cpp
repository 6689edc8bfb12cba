// libFuzzer target for the exporters. The input is a rig file (as for fuzz_rig_loader; the same
// seeds and dictionary); every rig the loader accepts is exported to Spine and to DragonBones,
// its clips included, once without its art (its slots reported as left out) and once with art
// from a codec that makes up each image from its path (sizes of 1 to 64 px, transparent
// borders), packed into an atlas whose text and JSON are written too. Beyond "no crash, no
// sanitizer report" it checks the exporters' promises:
//   - both files are JSON objects, with the parts each runtime reads first;
//   - every number in them is finite (a runtime cannot read null where a number goes; the one
//     null a format writes on purpose is a Spine attachment key's "name" while a slot is hidden);
//   - the report has a line for the format (and a loss or "nothing lost");
//   - the art's atlas is built (its images fit a page), and its atlas files are written (or,
//     for a region name the Spine atlas text cannot hold, refused with a reason).
// Rigs whose clips would be long to bake here (many frames on many joints) are skipped: this
// target is after wrong answers, not after slow ones (tst_export_extremes covers long clips).
#include "bonework/atlas/spine_atlas_text.h"
#include "bonework/exporters/dragonbones_atlas.h"
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/exported_slots.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/io/rig_file.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* promise, const std::string& text)
{
    std::fprintf(stderr, "exporters broke a promise: %s\n%.2000s\n", promise, text.c_str());
    std::abort();
}

// An image made up from its path: any path reads, as a size of 1 to 64 px a side with a
// transparent border of up to 3 px (so that trimming has work) around opaque pixels.
class MadeUpImages final : public bonework::exporters::ImageCodec {
public:
    bool read(const std::string& path, bonework::exporters::RasterImage& image, std::string&) const override
    {
        const std::size_t h = std::hash<std::string>{}(path);
        const int w = 1 + int(h % 64), ht = 1 + int((h >> 8) % 64), border = int((h >> 16) % 4);
        image = bonework::exporters::RasterImage(w, ht);
        for (int y = border; y < ht - border; ++y)
            for (int x = border; x < w - border; ++x)
                image.row(y)[x] = 0xFF000000u | std::uint32_t(h >> 24);
        return true;
    }
    bool encodePng(const bonework::exporters::RasterImage&, std::string&, std::string& why) const override
    {
        why = "not written here";
        return false;
    }
};

// Every number finite and no null, except as the value of "name" (a Spine attachment key of a
// hidden slot).
bool allFinite(const nlohmann::json& v)
{
    switch (v.type()) {
    case nlohmann::json::value_t::object:
        for (const auto& [key, member] : v.items())
            if (!(key == "name" && member.is_null()) && !allFinite(member))
                return false;
        return true;
    case nlohmann::json::value_t::array:
        for (const auto& element : v)
            if (!allFinite(element))
                return false;
        return true;
    case nlohmann::json::value_t::number_float: return std::isfinite(v.get<double>());
    case nlohmann::json::value_t::null: return false;
    default: return true;
    }
}

void check(const std::string& text, const char* firstPart, const bonework::exporters::ExportReport& report)
{
    const nlohmann::json file = nlohmann::json::parse(text, nullptr, false);
    if (file.is_discarded() || !file.is_object())
        broken("the file is a JSON object", text);
    if (!file.contains(firstPart))
        broken("the file has the part its runtime reads first", text);
    if (!allFinite(file))
        broken("every number is finite", text);
    if (report.toText().find(report.format + " export: ") != 0)
        broken("the report starts with the format's line", report.toText());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view json(reinterpret_cast<const char*>(data), size);
    const bonework::io::LoadResult loaded = bonework::io::parseRig(json, "fuzz.json");
    if (!loaded.ok())
        return 0;
    const bonework::Rig& rig = *loaded.rig;
    bonework::exporters::AnimationOptions options;
    double work = 0.0; // samples a bake could take: frames times joints, summed over the clips
    for (const auto& clip : rig.animations())
        work += std::ceil(clip.duration * options.fps) * double(rig.jointCount() + 1);
    if (work > 2e5)
        return 0;
    namespace ex = bonework::exporters;
    ex::ExportReport spineReport, dragonBonesReport;
    check(ex::exportSpine(rig, spineReport, {}, options), "skeleton", spineReport);
    check(ex::exportDragonBones(rig, dragonBonesReport, {}, options), "armature", dragonBonesReport);
    if (rig.slotList().empty())
        return 0;
    // With art: every slot's image and every image a clip keys, made up, packed and exported.
    static const MadeUpImages images;
    const ex::SlotArt art = ex::buildSlotArt(rig, "", images);
    if (!art.ok())
        broken("made-up images of at most 64 px make an atlas", art.error);
    const std::vector<ex::ExportedSlot> exported = ex::exportedSlots(rig, art);
    if (exported.size() != rig.slotList().size())
        broken("every slot with art is exported", std::to_string(exported.size()));
    check(ex::exportSpine(rig, spineReport, exported, options), "skeleton", spineReport);
    check(ex::exportDragonBones(rig, dragonBonesReport, exported, options), "armature", dragonBonesReport);
    std::vector<std::string> pages;
    for (std::size_t p = 0; p < art.atlas.pages.size(); ++p)
        pages.push_back("page" + std::to_string(p) + ".png");
    if (const auto text = bonework::atlas::writeSpineAtlas(bonework::atlas::spineAtlasOf(art.atlas.layout, pages));
        text.error.empty() == text.text.empty())
        broken("the Spine atlas text is written, or refused with a reason (a name it cannot hold)", text.error);
    for (std::size_t p = 0; p < art.atlas.pages.size(); ++p) {
        const nlohmann::json atlas = nlohmann::json::parse(ex::dragonBonesAtlasJson(art.atlas.layout, int(p), "fuzz", pages[p]),
                                                           nullptr, false);
        if (atlas.is_discarded() || !atlas.contains("SubTexture"))
            broken("the DragonBones atlas is JSON with its SubTexture list", atlas.dump());
    }
    return 0;
}
