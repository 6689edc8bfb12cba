// parseRig: the strict reader of the rig file format (docs/rig-format.md).
//
// It works in three steps so every message can name the exact field:
//   1. read and check each joint on its own (types, ranges, limits, unknown fields),
//   2. resolve parents by name, then order the joints parents-first (reporting unknown parents
//      and cycles by path),
//   3. build the Rig through its checked edits (addJointWithNewName, addChain, addSlot: the
//      model's own rules have the final word), then read the chains and the slots.
// The first problem found aborts the whole load: nothing is ever half-loaded. Steps 1 and 2 are
// in rig_joint_reader.cpp, the slots in rig_slot_reader.cpp, the field readers all steps share
// in json_fields.cpp.

#include "bonework/io/json_fields.h"
#include "bonework/names.h"
#include "bonework/io/json_parser.h"
#include "bonework/io/json_path.h"
#include "bonework/io/json_scan.h"
#include "bonework/io/rig_file.h"
#include "bonework/io/rig_joint_reader.h"
#include "bonework/io/rig_slot_reader.h"
#include "bonework/io/rig_animation_reader.h"

#include <algorithm>
#include <limits>
#include <span>
#include <vector>

namespace bonework::io {
namespace {

// The fields each kind of object may hold (a joint's: see rig_joint_reader.cpp); anything else
// is an error.
constexpr const char* kTopFields[] = {"format", "version", "name", "shape", "joints", "chains", "slots", "animations"};
// Version 1 has no slots and no animations: its unknown-field message lists what version 1 holds.
constexpr std::span<const char* const> kTopFieldsV1(kTopFields, std::size(kTopFields) - 2);
constexpr const char* kChainFields[] = {"name", "root", "tip", "solver", "bend", "iterations", "tolerance", "target", "mix"};
constexpr const char* kTargetFields[] = {"x", "y", "joint"};

// --- Chains ------------------------------------------------------------------------------

ChainTarget readTarget(const Json& value, const JsonPath& path, const JointNames& joints, std::size_t& members)
{
    const Json::object_t& obj = asObject(value, path);
    members += obj.size();
    ChainTarget target;
    bool hasX = false, hasY = false, hasJoint = false;
    forEachMember(obj, path, [&](const std::string& key, const Json& v, const JsonPath& at) {
        // A target point lies as far out as a root may (kMostTargetCoordinate).
        if (key == "x") {
            target.point.x = asNumber(v, at);
            requireWithin(at, target.point.x, kMostTargetCoordinate);
            hasX = true;
        } else if (key == "y") {
            target.point.y = asNumber(v, at);
            requireWithin(at, target.point.y, kMostTargetCoordinate);
            hasY = true;
        } else if (key == "joint") {
            target.joint = joints.find(asName(v, at), at);
            hasJoint = true;
        } else {
            unknownField(at, kTargetFields);
        }
    });
    if (hasJoint && (hasX || hasY))
        fail(JsonPath(path, hasX ? std::string_view("x") : std::string_view("y")),
             "a target is either a point {\"x\", \"y\"} or a joint {\"joint\"}, not both");
    if (!hasJoint) {
        if (!hasX)
            fail(JsonPath(path, "x"), "is required (or give \"joint\" to follow a joint)");
        if (!hasY)
            missing(JsonPath(path, "y"));
    }
    return target;
}

// How many bones lie between `root` and its descendant `tip`.
int bonesBetween(const Rig& rig, JointIndex root, JointIndex tip)
{
    int bones = 0;
    for (JointIndex j = tip; j != root && j != kNoJoint; j = rig.parent(j))
        ++bones;
    return bones;
}

Chain readChain(const Json& value, const JsonPath& path, const JointNames& joints, std::size_t& members)
{
    const Rig& rig = joints.rig;
    const Json::object_t& obj = asObject(value, path);
    members += obj.size();
    Chain c;
    bool hasName = false, hasRoot = false, hasTip = false, hasSolver = false, hasTarget = false;
    forEachMember(obj, path, [&](const std::string& key, const Json& v, const JsonPath& at) {
        if (key == "name") {
            c.name = asName(v, at);
            hasName = true;
        } else if (key == "root") {
            c.root = joints.find(asName(v, at), at);
            hasRoot = true;
        } else if (key == "tip") {
            c.tip = joints.find(asName(v, at), at);
            hasTip = true;
        } else if (key == "solver") {
            c.solver = asNamedValue(v, at, solverFromName,
                                    "unknown solver %1 (expected one of: follow, reach, fabrik, "
                                                   "ccd, two-bone, relax)");
            hasSolver = true;
        } else if (key == "bend") {
            c.bend = asNamedValue(v, at, bendFromName, "must be \"positive\" or \"negative\", not %1");
        } else if (key == "iterations") {
            c.iterations = asInteger(v, at, 1, 100000);
        } else if (key == "tolerance") {
            c.tolerance = asNumber(v, at);
            if (c.tolerance < 0.0)
                fail(at, "must be 0 or more, not " + number(c.tolerance));
        } else if (key == "mix") {
            c.mix = asNumber(v, at);
            if (c.mix < 0.0 || c.mix > 1.0)
                fail(at, "must be between 0 and 1, not " + number(c.mix));
        } else if (key == "target") {
            c.target = readTarget(v, at, joints, members);
            hasTarget = true;
        } else {
            unknownField(at, kChainFields);
        }
    });
    requireFields(path, {{"name", hasName}, {"root", hasRoot}, {"tip", hasTip}, {"solver", hasSolver},
                         {"target", hasTarget}});

    const JsonPath tipPath(path, "tip");
    if (c.tip != c.root && !rig.isAncestor(c.root, c.tip))
        fail(tipPath, quotedValue(rig.jointName(c.tip)) + " is not under the root " + quotedValue(rig.jointName(c.root)));
    if (c.tip == c.root && c.solver != SolverKind::Follow && c.solver != SolverKind::Relax)
        fail(tipPath, "is the chain's root: a " + std::string(solverName(c.solver)) + " chain needs at least one bone");
    if (c.solver == SolverKind::TwoBone) {
        const int bones = bonesBetween(rig, c.root, c.tip);
        if (bones != 2)
            fail(JsonPath(path, "solver"),
                 "a two-bone chain must be exactly two bones long; " + quotedValue(rig.jointName(c.root)) + " to "
                     + quotedValue(rig.jointName(c.tip)) + " is " + std::to_string(bones) + (bones == 1 ? " bone" : " bones"));
    }
    return c;
}

// --- The document ------------------------------------------------------------------------

// The versions this build reads, for messages: "versions 1 and 2".
std::string readableVersions()
{
    const std::string oldest = std::to_string(kOldestRigFormatVersion);
    const std::string newest = std::to_string(kRigFormatVersion);
    if (kOldestRigFormatVersion == kRigFormatVersion)
        return "version " + newest;
    return "versions " + oldest + (kRigFormatVersion == kOldestRigFormatVersion + 1 ? " and " : " to ") + newest;
}

// The member `key` of `top`, or nullptr when it has none.
const Json* member(const Json::object_t& top, const char* key)
{
    const auto found = top.find(key);
    return found == top.end() ? nullptr : &found->second;
}

Rig readRig(const Json::object_t& top, std::string_view json, EditorSettings& editor)
{
    std::size_t members = top.size(); // object members read, to detect repeated keys at the end
    const JsonPath docPath;
    const JsonPath formatPath(docPath, "format");
    const Json* format = member(top, "format");
    if (!format)
        fail(formatPath, "is required: this is not a Bonework rig file (expected \"format\": \"bonework.rig\")");
    if (const std::string& name = asString(*format, formatPath); name != kRigFormatName)
        fail(formatPath, "unknown format " + quotedValue(name) + " (expected \"bonework.rig\")");

    const JsonPath versionPath(docPath, "version");
    const Json* versionValue = member(top, "version");
    if (!versionValue)
        missing(versionPath);
    const double version = asWholeNumber(*versionValue, versionPath);
    if (version > kRigFormatVersion)
        fail(versionPath, "was written by a newer Bonework (version " + number(version) + "); this build reads "
                              + readableVersions());
    if (version < kOldestRigFormatVersion)
        fail(versionPath, "unsupported version " + number(version) + "; this build reads " + readableVersions());
    const bool atLeastVersion2 = version >= 2;

    Rig rig;
    const Json* jointsValue = nullptr;
    const Json* chainsValue = nullptr;
    const Json* slotsValue = nullptr;
    const Json* animationsValue = nullptr;
    forEachMember(top, docPath, [&](const std::string& key, const Json& v, const JsonPath& at) {
        if (key == "format" || key == "version")
            return; // read above
        if (key == "name") {
            const std::string& name = asString(v, at); // may be empty
            if (hasControlCharacter(name))
                fail(at, "must not contain control characters");
            rig.setName(name);
        } else if (key == "shape") {
            editor.nodeShape = asNamedValue(v, at, nodeShapeFromName, "must be \"bone\", \"box\" or \"ball\", not %1");
        } else if (key == "joints") {
            jointsValue = &v;
        } else if (key == "chains") {
            chainsValue = &v;
        } else if (key == "slots" && atLeastVersion2) {
            slotsValue = &v;
        } else if (key == "slots") {
            fail(at, "needs \"version\": 2 (slots are new in version 2; this file says version " + number(version) + ")");
        } else if (key == "animations" && atLeastVersion2) {
            animationsValue = &v;
        } else if (key == "animations") {
            fail(at, "needs \"version\": 2 (animations are new in version 2; this file says version " + number(version) + ")");
        } else {
            unknownField(at, atLeastVersion2 ? std::span<const char* const>(kTopFields) : kTopFieldsV1);
        }
    });

    // Joints: each on its own, then names, then parents-first order, then into the rig.
    const JsonPath jointsPath(docPath, "joints");
    if (!jointsValue)
        missing(jointsPath);
    const Json::array_t& jointsArray = asArray(*jointsValue, jointsPath);
    const std::size_t n = jointsArray.size();
    if (n > static_cast<std::size_t>(std::numeric_limits<JointIndex>::max()))
        fail(jointsPath, "too many joints");
    std::vector<FileJoint> joints;
    joints.reserve(n);
    JointIndexByName byName;
    byName.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const JsonPath at(jointsPath, static_cast<std::ptrdiff_t>(i));
        joints.push_back(readJoint(jointsArray[i], at, members));
        const auto [earlier, added] = byName.emplace(joints.back().name, static_cast<int>(i));
        if (!added)
            fail(JsonPath(at, "name"), "duplicate joint name " + quotedValue(joints.back().name) + " (already used by joints["
                                           + std::to_string(earlier->second) + "])");
    }
    const std::vector<int> order = parentsFirstOrder(joints, byName, jointsPath);

    std::vector<JointIndex> rigIndex(joints.size(), kNoJoint); // file index -> rig index
    rig.reserve(joints.size());
    for (int fileIndex : order) {
        FileJoint& j = joints[fileIndex];
        j.desc.parent = j.parentFileIndex < 0 ? kNoJoint : rigIndex[j.parentFileIndex];
        JointIndex added = kNoJoint;
        // Everything was checked above; the rig's own rules run once more as the final word.
        // Names are known to be unique (byName), so the rig need not scan for duplicates.
        if (auto result = rig.addJointWithNewName(j.desc, &added); !result)
            fail(JsonPath(jointsPath, fileIndex), result.error);
        rigIndex[fileIndex] = added;
    }

    // Chains and slots, which name joints of the finished rig.
    const JointNames names{rig, byName, rigIndex};
    if (chainsValue) {
        const JsonPath chainsPath(docPath, "chains");
        const Json::array_t& chains = asArray(*chainsValue, chainsPath);
        // Each added chain is checked against every earlier one, so their number is capped to
        // keep hostile files fast; real rigs have tens.
        if (chains.size() > static_cast<std::size_t>(kMaxChains))
            fail(chainsPath, "too many chains (" + std::to_string(chains.size()) + "; a rig holds at most "
                                 + std::to_string(kMaxChains) + ")");
        for (std::size_t i = 0; i < chains.size(); ++i) {
            const JsonPath at(chainsPath, static_cast<std::ptrdiff_t>(i));
            const Chain chain = readChain(chains[i], at, names, members);
            if (const int other = rig.findChain(chain.name); other >= 0)
                fail(JsonPath(at, "name"), "duplicate chain name " + quotedValue(chain.name) + " (already used by chains["
                                               + std::to_string(other) + "])");
            if (auto result = rig.addChain(chain); !result)
                fail(at, result.error);
        }
    }
    if (slotsValue)
        readSlots(*slotsValue, JsonPath(docPath, "slots"), static_cast<int>(version), rig, names, members);
    // Animations last: their tracks name joints, chains and slots.
    if (animationsValue)
        readAnimations(*animationsValue, JsonPath(docPath, "animations"), static_cast<int>(version), rig, members);

    // The parser keeps only the last of repeated keys, silently dropping the others. The text
    // has one ':' per member, so more of them than members read means a key was repeated; only
    // then is the text scanned again to name it.
    if (countMembers(json) != members) {
        if (std::optional<std::string> repeated = findDuplicateKey(json))
            throw ReadFailure{std::move(*repeated), "is given more than once in the same object"};
    }
    return rig;
}

// "line 3, column 7" for a byte offset into the document.
std::string lineAndColumn(std::string_view json, std::size_t offset)
{
    offset = std::min(offset, json.size());
    std::size_t line = 1, lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (json[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

} // namespace

LoadResult parseRig(std::string_view json, std::string_view fileName)
{
    LoadResult result;
    result.error.file = fileName;
    if (json.size() > static_cast<std::size_t>(kMaxRigFileBytes)) {
        result.error.message = "the file is too large (" + std::to_string(json.size()) + " bytes; rig files are at most "
                               + std::to_string(kMaxRigFileBytes / (1024 * 1024)) + " MiB)";
        return result;
    }
    if (std::all_of(json.begin(), json.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; })) {
        result.error.message = "the file is empty";
        return result;
    }
    const JsonDocument doc = parseJsonDocument(json);
    if (doc.error != JsonSyntaxError::None) {
        std::string why(describe(doc.error));
        if (doc.error == JsonSyntaxError::IllegalNumber)
            why += " (numbers must be finite doubles)";
        else if (doc.error == JsonSyntaxError::MalformedNumber)
            why += " (numbers must look like 12, -0.5 or 1e-3)";
        // A NUL byte where the parser stopped (at it, or just past it): the usual slip of a C
        // caller counting a string's terminator in its size, after the document or inside a cut
        // one.
        const bool atNul = (doc.offset < json.size() && json[doc.offset] == '\0')
                           || (doc.offset > 0 && doc.offset <= json.size() && json[doc.offset - 1] == '\0');
        if (atNul)
            why += " (a NUL byte: was a C string's terminator counted in its size?)";
        // A text that ends too soon (a cut file) is read to its end for the path: where it
        // stopped, after its last ',' or ']', not a character before (joints[1], not joints[0]).
        const bool endedTooSoon = doc.offset >= json.size()
                                  && (doc.error == JsonSyntaxError::UnterminatedObject
                                      || doc.error == JsonSyntaxError::UnterminatedArray
                                      || doc.error == JsonSyntaxError::UnterminatedString
                                      || doc.error == JsonSyntaxError::TerminationByNumber);
        // Garbage after the document is outside it: at the top level. (Its offset is the garbage
        // itself, not one past a failing character, so the scan would stop inside the document.)
        if (doc.error != JsonSyntaxError::GarbageAtEnd)
            result.error.jsonPath = jsonPathAtOffset(json, endedTooSoon ? json.size() + 1 : doc.offset);
        // A text that ends too soon stops the parser one past its end (QJsonDocument's offset
        // for an unterminated string): the message names the end itself.
        const std::size_t offset = std::min(doc.offset, json.size());
        result.error.message = "not valid JSON: " + why + " at offset " + std::to_string(offset) + " ("
                               + lineAndColumn(json, offset) + (offset == json.size() ? ", the end of the file)" : ")");
        return result;
    }
    if (!doc.root.is_object()) {
        result.error.message = "must hold a JSON object, not an array";
        return result;
    }
    try {
        EditorSettings editor;
        result.rig = readRig(doc.root.get_ref<const Json::object_t&>(), json, editor);
        result.editor = editor;
    } catch (const ReadFailure& f) {
        result.error.jsonPath = f.path;
        result.error.message = f.message;
    } catch (const std::bad_alloc&) {
        result.error.message = "out of memory while reading the rig";
        result.error.outOfMemory = true;
    }
    return result;
}

} // namespace bonework::io
