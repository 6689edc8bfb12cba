// libFuzzer target for the exporters. The input is a rig file (as for fuzz_rig_loader; the same
// seeds and dictionary); every rig the loader accepts is exported to Spine and to DragonBones,
// its clips included (its slots are reported as left out: no images are read). Beyond "no
// crash, no sanitizer report" it checks the exporters' promises:
//   - both files are JSON objects, with the parts each runtime reads first;
//   - every number in them is finite (a runtime cannot read null where a number goes);
//   - the report has a line for the format (and a loss or "nothing lost").
// Rigs whose clips would be long to bake here (many frames on many joints) are skipped: this
// target is after wrong answers, not after slow ones (tst_export_extremes covers long clips).
#include "bonework/exporters/dragonbones_exporter.h"
#include "bonework/exporters/spine_exporter.h"
#include "bonework/io/rig_file.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* promise, const std::string& text)
{
    std::fprintf(stderr, "exporters broke a promise: %s\n%.2000s\n", promise, text.c_str());
    std::abort();
}

// Every number finite and no null at all, except where a format writes null on purpose: none of
// it is written here (no slots are exported, and Spine's null attachment keys are slot keys).
bool allFinite(const nlohmann::json& v)
{
    switch (v.type()) {
    case nlohmann::json::value_t::object:
        for (const auto& [key, member] : v.items())
            if (!allFinite(member))
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
    bonework::exporters::ExportReport spineReport, dragonBonesReport;
    check(bonework::exporters::exportSpine(rig, spineReport, {}, options), "skeleton", spineReport);
    check(bonework::exporters::exportDragonBones(rig, dragonBonesReport, {}, options), "armature", dragonBonesReport);
    return 0;
}
