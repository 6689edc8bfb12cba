// libFuzzer target for the rig loader. Beyond "no crash, no sanitizer report", it checks the
// loader's promises on every input: a refused file has a message and no rig; a loaded rig
// satisfies every model invariant and survives save -> load unchanged.
#include "bonework/io/rig_file.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* promise)
{
    std::fprintf(stderr, "rig loader broke a promise: %s\n", promise);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view json(reinterpret_cast<const char*>(data), size);
    const bonework::io::LoadResult result = bonework::io::parseRig(json, "fuzz.json");
    if (!result.ok()) {
        if (result.rig.has_value() || result.error.message.empty())
            broken("a refused file has a message and no rig");
        return 0;
    }
    const bonework::Rig& rig = *result.rig;
    if (!rig.checkInvariants().empty())
        broken("a loaded rig is valid");
    const bonework::io::LoadResult again = bonework::io::parseRig(bonework::io::serializeRig(rig), "again.json");
    if (!again.ok() || !(*again.rig == rig))
        broken("load -> save -> load gives the same rig");
    return 0;
}
