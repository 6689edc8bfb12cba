// parseRig: the strict reader of the rig file format (docs/rig-format.md).
//
// It works in three steps so every message can name the exact field:
//   1. read and check each joint on its own (types, ranges, limits, unknown fields),
//   2. resolve parents by name, then order the joints parents-first (reporting unknown parents
//      and cycles by path),
//   3. build the Rig through its checked edits (addJointWithNewName, addChain: the model's own
//      rules have the final word), then read the chains.
// The first problem found aborts the whole load: nothing is ever half-loaded. Steps 1 and 2 are
// in rig_joint_reader.cpp, the field readers all steps share in json_fields.cpp.

#include "bonework/io/json_fields.h"
#include "bonework/io/json_path.h"
#include "bonework/io/json_scan.h"
#include "bonework/io/rig_file.h"
#include "bonework/io/rig_joint_reader.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

#include <algorithm>
#include <limits>
#include <vector>

namespace bonework::io {
namespace {

// The fields each kind of object may hold (a joint's: see rig_joint_reader.cpp); anything else
// is an error.
constexpr const char* kTopFields[] = {"format", "version", "name", "shape", "joints", "chains"};
constexpr const char* kChainFields[] = {"name", "root", "tip", "solver", "bend", "iterations", "tolerance", "target"};
constexpr const char* kTargetFields[] = {"x", "y", "joint"};

// --- Chains ------------------------------------------------------------------------------

// The finished rig and how to find its joints by the names the file used.
struct JointNames {
    const Rig& rig;
    const QHash<QString, int>& fileIndexByName;
    const std::vector<JointIndex>& rigIndexOfFileIndex;

    JointIndex find(const QString& name, const JsonPath& path) const
    {
        const auto found = fileIndexByName.constFind(name);
        if (found == fileIndexByName.constEnd())
            fail(path, QStringLiteral("unknown joint %1").arg(quoted(name)));
        return rigIndexOfFileIndex[static_cast<std::size_t>(*found)];
    }
};

ChainTarget readTarget(const QJsonValue& value, const JsonPath& path, const JointNames& joints, qsizetype& members)
{
    const QJsonObject obj = asObject(value, path);
    members += obj.size();
    ChainTarget target;
    bool hasX = false, hasY = false, hasJoint = false;
    forEachMember(obj, path, [&](const QString& key, const QJsonValue& v, const JsonPath& at) {
        if (key == QLatin1String("x")) {
            target.point.x = asNumber(v, at);
            hasX = true;
        } else if (key == QLatin1String("y")) {
            target.point.y = asNumber(v, at);
            hasY = true;
        } else if (key == QLatin1String("joint")) {
            target.joint = joints.find(asName(v, at), at);
            hasJoint = true;
        } else {
            unknownField(at, kTargetFields);
        }
    });
    if (hasJoint && (hasX || hasY))
        fail(JsonPath(path, hasX ? u"x" : u"y"),
             QStringLiteral("a target is either a point {\"x\", \"y\"} or a joint {\"joint\"}, not both"));
    if (!hasJoint) {
        if (!hasX)
            fail(JsonPath(path, u"x"), QStringLiteral("is required (or give \"joint\" to follow a joint)"));
        if (!hasY)
            missing(JsonPath(path, u"y"));
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

Chain readChain(const QJsonValue& value, const JsonPath& path, const JointNames& joints, qsizetype& members)
{
    const Rig& rig = joints.rig;
    const QJsonObject obj = asObject(value, path);
    members += obj.size();
    Chain c;
    bool hasName = false, hasRoot = false, hasTip = false, hasSolver = false, hasTarget = false;
    forEachMember(obj, path, [&](const QString& key, const QJsonValue& v, const JsonPath& at) {
        if (key == QLatin1String("name")) {
            c.name = asName(v, at).toStdString();
            hasName = true;
        } else if (key == QLatin1String("root")) {
            c.root = joints.find(asName(v, at), at);
            hasRoot = true;
        } else if (key == QLatin1String("tip")) {
            c.tip = joints.find(asName(v, at), at);
            hasTip = true;
        } else if (key == QLatin1String("solver")) {
            c.solver = asNamedValue(v, at, solverFromName,
                                    QStringLiteral("unknown solver %1 (expected one of: follow, reach, fabrik, "
                                                   "ccd, two-bone, relax)"));
            hasSolver = true;
        } else if (key == QLatin1String("bend")) {
            c.bend = asNamedValue(v, at, bendFromName, QStringLiteral("must be \"positive\" or \"negative\", not %1"));
        } else if (key == QLatin1String("iterations")) {
            c.iterations = asInteger(v, at, 1, 100000);
        } else if (key == QLatin1String("tolerance")) {
            c.tolerance = asNumber(v, at);
            if (c.tolerance < 0.0)
                fail(at, QStringLiteral("must be 0 or more, not %1").arg(number(c.tolerance)));
        } else if (key == QLatin1String("target")) {
            c.target = readTarget(v, at, joints, members);
            hasTarget = true;
        } else {
            unknownField(at, kChainFields);
        }
    });
    requireFields(path, {{u"name", hasName}, {u"root", hasRoot}, {u"tip", hasTip}, {u"solver", hasSolver},
                         {u"target", hasTarget}});

    const JsonPath tipPath(path, u"tip");
    if (c.tip != c.root && !rig.isAncestor(c.root, c.tip))
        fail(tipPath, QStringLiteral("%1 is not under the root %2")
                          .arg(quoted(rig.jointName(c.tip)), quoted(rig.jointName(c.root))));
    if (c.tip == c.root && c.solver != SolverKind::Follow && c.solver != SolverKind::Relax)
        fail(tipPath, QStringLiteral("is the chain's root: a %1 chain needs at least one bone")
                          .arg(QString::fromLatin1(solverName(c.solver))));
    if (c.solver == SolverKind::TwoBone) {
        const int bones = bonesBetween(rig, c.root, c.tip);
        if (bones != 2)
            fail(JsonPath(path, u"solver"),
                 QStringLiteral("a two-bone chain must be exactly two bones long; %1 to %2 is %3 bone%4")
                     .arg(quoted(rig.jointName(c.root)), quoted(rig.jointName(c.tip)))
                     .arg(bones)
                     .arg(bones == 1 ? "" : "s"));
    }
    return c;
}

// --- The document ------------------------------------------------------------------------

Rig readRig(const QJsonObject& top, const QByteArray& json, EditorSettings& editor)
{
    qsizetype members = top.size(); // object members read, to detect repeated keys at the end
    const JsonPath docPath;
    const JsonPath formatPath(docPath, u"format");
    const QJsonValue format = top.value(QLatin1String("format"));
    if (format.isUndefined())
        fail(formatPath, QStringLiteral("is required: this is not a Bonework rig file "
                                        "(expected \"format\": \"bonework.rig\")"));
    if (asString(format, formatPath) != QLatin1String(kRigFormatName))
        fail(formatPath, QStringLiteral("unknown format %1 (expected \"bonework.rig\")")
                             .arg(quoted(format.toString())));

    const JsonPath versionPath(docPath, u"version");
    const QJsonValue versionValue = top.value(QLatin1String("version"));
    if (versionValue.isUndefined())
        missing(versionPath);
    const double version = asWholeNumber(versionValue, versionPath);
    if (version > kRigFormatVersion)
        fail(versionPath, QStringLiteral("was written by a newer Bonework (version %1); this build reads "
                                         "version %2").arg(number(version)).arg(kRigFormatVersion));
    if (version < kRigFormatVersion)
        fail(versionPath, QStringLiteral("unsupported version %1; this build reads version %2")
                              .arg(number(version)).arg(kRigFormatVersion));

    Rig rig;
    QJsonValue jointsValue(QJsonValue::Undefined), chainsValue(QJsonValue::Undefined);
    forEachMember(top, docPath, [&](const QString& key, const QJsonValue& v, const JsonPath& at) {
        if (key == QLatin1String("format") || key == QLatin1String("version"))
            return; // read above
        if (key == QLatin1String("name")) {
            rig.setName(asString(v, at).toStdString());
        } else if (key == QLatin1String("shape")) {
            editor.nodeShape = asNamedValue(v, at, nodeShapeFromName,
                                            QStringLiteral("must be \"bone\", \"box\" or \"ball\", not %1"));
        } else if (key == QLatin1String("joints")) {
            jointsValue = v;
        } else if (key == QLatin1String("chains")) {
            chainsValue = v;
        } else {
            unknownField(at, kTopFields);
        }
    });

    // Joints: each on its own, then names, then parents-first order, then into the rig.
    const JsonPath jointsPath(docPath, u"joints");
    if (jointsValue.isUndefined())
        missing(jointsPath);
    const QJsonArray jointsArray = asArray(jointsValue, jointsPath);
    const auto n = jointsArray.size();
    if (n > std::numeric_limits<JointIndex>::max())
        fail(jointsPath, QStringLiteral("too many joints"));
    std::vector<FileJoint> joints;
    joints.reserve(static_cast<std::size_t>(n));
    QHash<QString, int> byName;
    byName.reserve(n);
    for (qsizetype i = 0; i < n; ++i) {
        const JsonPath at(jointsPath, i);
        joints.push_back(readJoint(jointsArray.at(i), at, members));
        const auto earlier = byName.constFind(joints.back().name);
        if (earlier != byName.constEnd())
            fail(JsonPath(at, u"name"), QStringLiteral("duplicate joint name %1 (already used by joints[%2])")
                                            .arg(quoted(joints.back().name)).arg(*earlier));
        byName.insert(joints.back().name, static_cast<int>(i));
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
            fail(JsonPath(jointsPath, fileIndex), QString::fromStdString(result.error));
        rigIndex[fileIndex] = added;
    }

    // Chains, which name joints of the finished rig.
    if (!chainsValue.isUndefined()) {
        const JsonPath chainsPath(docPath, u"chains");
        const QJsonArray chains = asArray(chainsValue, chainsPath);
        // Each added chain is checked against every earlier one, so their number is capped to
        // keep hostile files fast; real rigs have tens.
        if (chains.size() > kMaxChains)
            fail(chainsPath, QStringLiteral("too many chains (%1; a rig holds at most %2)").arg(chains.size()).arg(kMaxChains));
        for (qsizetype i = 0; i < chains.size(); ++i) {
            const JsonPath at(chainsPath, i);
            const Chain chain = readChain(chains.at(i), at, JointNames{rig, byName, rigIndex}, members);
            if (const int other = rig.findChain(chain.name); other >= 0)
                fail(JsonPath(at, u"name"), QStringLiteral("duplicate chain name %1 (already used by chains[%2])")
                                                .arg(quoted(chain.name)).arg(other));
            if (auto result = rig.addChain(chain); !result)
                fail(at, QString::fromStdString(result.error));
        }
    }

    // QJsonDocument keeps only the last of repeated keys, silently dropping the others. The text
    // has one ':' per member, so more of them than members read means a key was repeated; only
    // then is the text scanned again to name it.
    if (countMembers(json) != members) {
        if (const std::optional<QString> repeated = findDuplicateKey(json))
            throw ReadFailure{*repeated, QStringLiteral("is given more than once in the same object")};
    }
    return rig;
}

// "line 3, column 7" for a byte offset into the document.
QString lineAndColumn(const QByteArray& json, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, json.size());
    qsizetype line = 1, lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (json[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(offset - lineStart + 1);
}

} // namespace

LoadResult parseRig(const QByteArray& json, const QString& fileName)
{
    LoadResult result;
    result.error.file = fileName;
    if (json.size() > kMaxRigFileBytes) {
        result.error.message = QStringLiteral("the file is too large (%1 bytes; rig files are at most %2 MiB)")
                                   .arg(json.size()).arg(kMaxRigFileBytes / (1024 * 1024));
        return result;
    }
    if (std::all_of(json.cbegin(), json.cend(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; })) {
        result.error.message = QStringLiteral("the file is empty");
        return result;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        QString why = parseError.errorString();
        if (parseError.error == QJsonParseError::IllegalNumber)
            why += QStringLiteral(" (numbers must be finite doubles)");
        result.error.jsonPath = jsonPathAtOffset(json, parseError.offset);
        result.error.message = QStringLiteral("not valid JSON: %1 at offset %2 (%3)")
                                   .arg(why).arg(parseError.offset).arg(lineAndColumn(json, parseError.offset));
        return result;
    }
    if (!doc.isObject()) {
        result.error.message = QStringLiteral("must hold a JSON object, not %1")
                                   .arg(doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a value"));
        return result;
    }
    try {
        EditorSettings editor;
        result.rig = readRig(doc.object(), json, editor);
        result.editor = editor;
    } catch (const ReadFailure& f) {
        result.error.jsonPath = f.path;
        result.error.message = f.message;
    } catch (const std::bad_alloc&) {
        result.error.message = QStringLiteral("out of memory while reading the rig");
    }
    return result;
}

} // namespace bonework::io
