// parseRig: the strict reader of the rig file format (docs/rig-format.md).
//
// It works in three steps so every message can name the exact field:
//   1. read and check each joint on its own (types, ranges, limits, unknown fields),
//   2. resolve parents by name, then order the joints parents-first (reporting unknown parents
//      and cycles by path),
//   3. build the Rig through its checked edits (addJointWithNewName, addChain: the model's own
//      rules have the final word), then read the chains.
// The first problem found aborts the whole load: nothing is ever half-loaded.

#include "bonework/io/json_path.h"
#include "bonework/io/json_scan.h"
#include "bonework/io/rig_file.h"

#include "bonework/angles.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace bonework::io {
namespace {

// Thrown at the first problem; caught once in parseRig.
struct Failure {
    QString path;
    QString message;
};

[[noreturn]] void fail(const JsonPath& path, QString message)
{
    throw Failure{path.toString(), std::move(message)};
}

// A value from the file, quoted for a one-line message: control characters escaped, and
// very long values shortened so hostile input cannot flood the terminal.
QString quoted(QStringView s)
{
    constexpr qsizetype kLongest = 80;
    QString out = QStringLiteral("\"");
    for (qsizetype i = 0; i < s.size() && i < kLongest; ++i) {
        const QChar c = s[i];
        if (i == kLongest - 1 && c.isHighSurrogate())
            break; // never cut a character in half
        if (c == u'"' || c == u'\\')
            out += u'\\' + QString(c);
        else if (c.unicode() < 0x20)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    if (s.size() > kLongest)
        out += QStringLiteral("...");
    out += u'"';
    return out;
}
QString quoted(const std::string& s) { return quoted(QString::fromStdString(s)); }
QString number(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); }

QString typeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("undefined");
}

[[noreturn]] void wrongType(const JsonPath& path, const char* expected, const QJsonValue& v)
{
    fail(path, QStringLiteral("must be %1, not %2").arg(QLatin1String(expected), typeName(v)));
}

QJsonObject asObject(const QJsonValue& v, const JsonPath& path)
{
    if (!v.isObject())
        wrongType(path, "an object", v);
    return v.toObject();
}

QJsonArray asArray(const QJsonValue& v, const JsonPath& path)
{
    if (!v.isArray())
        wrongType(path, "an array", v);
    return v.toArray();
}

double asNumber(const QJsonValue& v, const JsonPath& path)
{
    if (!v.isDouble())
        wrongType(path, "a number", v);
    const double d = v.toDouble();
    if (!std::isfinite(d)) // the JSON parser already refuses overflow; belt and braces
        fail(path, QStringLiteral("must be a finite number"));
    return d;
}

int asInteger(const QJsonValue& v, const JsonPath& path, int min, int max)
{
    const double d = asNumber(v, path);
    if (d != std::floor(d))
        fail(path, QStringLiteral("must be a whole number, not %1").arg(number(d)));
    if (d < min || d > max)
        fail(path, QStringLiteral("must be between %1 and %2, not %3").arg(min).arg(max).arg(number(d)));
    return static_cast<int>(d);
}

bool asBool(const QJsonValue& v, const JsonPath& path)
{
    if (!v.isBool())
        wrongType(path, "true or false", v);
    return v.toBool();
}

QString asString(const QJsonValue& v, const JsonPath& path)
{
    if (!v.isString())
        wrongType(path, "a string", v);
    QString s = v.toString();
    // JSON escapes can spell lone surrogates ("\ud800"), which have no UTF-8 form.
    if (!QStringView(s).isValidUtf16())
        fail(path, QStringLiteral("is not valid Unicode (lone surrogate escape)"));
    return s;
}

QString asName(const QJsonValue& v, const JsonPath& path)
{
    QString s = asString(v, path);
    if (s.isEmpty())
        fail(path, QStringLiteral("must not be empty"));
    return s;
}

// The fields each kind of object may hold; anything else is an error.
constexpr const char* kTopFields[] = {"format", "version", "name", "shape", "joints", "chains"};
constexpr const char* kJointFields[] = {"name", "parent", "x", "y", "rotation", "length", "angle", "min", "max", "pinned"};
constexpr const char* kChainFields[] = {"name", "root", "tip", "solver", "bend", "iterations", "tolerance", "target"};
constexpr const char* kTargetFields[] = {"x", "y", "joint"};

QString listOf(std::span<const char* const> names)
{
    QString out;
    for (const char* n : names) {
        if (!out.isEmpty())
            out += QStringLiteral(", ");
        out += QLatin1String(n);
    }
    return out;
}

[[noreturn]] void unknownField(const JsonPath& path, std::span<const char* const> allowed)
{
    fail(path, QStringLiteral("unknown field (expected one of: %1)").arg(listOf(allowed)));
}

[[noreturn]] void missing(const JsonPath& path)
{
    fail(path, QStringLiteral("is required"));
}

// --- Joints ------------------------------------------------------------------------------

struct FileJoint {
    QString name;
    QString parentName;
    bool hasParent = false;
    JointDesc desc;          // parent index filled in once parents are resolved
    int parentFileIndex = -1;
};

FileJoint readJoint(const QJsonValue& value, const JsonPath& path, qsizetype& members)
{
    const QJsonObject obj = asObject(value, path);
    members += obj.size();
    FileJoint j;
    // Which fields appeared, to tell roots from bones and report misplaced fields.
    bool hasName = false, hasLength = false, hasAngle = false, hasMin = false, hasMax = false;
    bool hasX = false, hasY = false, hasRotation = false;
    double x = 0, y = 0, rotation = 0;

    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        const QString key = it.key();
        const JsonPath at(path, key);
        const QJsonValue v = it.value();
        if (key == QLatin1String("name")) {
            j.name = asName(v, at);
            hasName = true;
        } else if (key == QLatin1String("parent")) {
            j.parentName = asName(v, at);
            j.hasParent = true;
        } else if (key == QLatin1String("x")) {
            x = asNumber(v, at);
            hasX = true;
        } else if (key == QLatin1String("y")) {
            y = asNumber(v, at);
            hasY = true;
        } else if (key == QLatin1String("rotation")) {
            rotation = asNumber(v, at);
            hasRotation = true;
        } else if (key == QLatin1String("length")) {
            j.desc.length = asNumber(v, at);
            hasLength = true;
        } else if (key == QLatin1String("angle")) {
            j.desc.angle = asNumber(v, at);
            hasAngle = true;
        } else if (key == QLatin1String("min")) {
            j.desc.minAngle = asNumber(v, at);
            hasMin = true;
        } else if (key == QLatin1String("max")) {
            j.desc.maxAngle = asNumber(v, at);
            hasMax = true;
        } else if (key == QLatin1String("pinned")) {
            j.desc.pinned = asBool(v, at);
        } else {
            unknownField(at, kJointFields);
        }
    }
    if (!hasName)
        missing(JsonPath(path, u"name"));
    j.desc.name = j.name.toStdString();

    if (!j.hasParent) {
        // A root: a world position and a rotation, no bone.
        if (hasLength)
            fail(JsonPath(path, u"length"), QStringLiteral("a root joint has no bone (give the joint a parent)"));
        if (hasAngle)
            fail(JsonPath(path, u"angle"), QStringLiteral("a root joint's direction is \"rotation\", not \"angle\""));
        if (hasMin)
            fail(JsonPath(path, u"min"), QStringLiteral("a root joint has no angle limits"));
        if (hasMax)
            fail(JsonPath(path, u"max"), QStringLiteral("a root joint has no angle limits"));
        if (rotation < kMinLimit || rotation > kMaxLimit)
            fail(JsonPath(path, u"rotation"),
                 QStringLiteral("must lie within [-180, 180], not %1").arg(number(rotation)));
        j.desc.position = {x, y};
        j.desc.angle = rotation;
        return j;
    }

    // A bone hanging from its parent.
    if (hasX)
        fail(JsonPath(path, u"x"), QStringLiteral("only a root joint has a position (this joint has a parent)"));
    if (hasY)
        fail(JsonPath(path, u"y"), QStringLiteral("only a root joint has a position (this joint has a parent)"));
    if (hasRotation)
        fail(JsonPath(path, u"rotation"),
             QStringLiteral("only a root joint has a rotation; a bone's direction is \"angle\""));
    if (!hasLength)
        missing(JsonPath(path, u"length"));
    if (!(j.desc.length > 0.0))
        fail(JsonPath(path, u"length"),
             QStringLiteral("must be greater than 0, not %1").arg(number(j.desc.length)));
    const double min = j.desc.minAngle, max = j.desc.maxAngle;
    if (min < kMinLimit || min > kMaxLimit)
        fail(JsonPath(path, u"min"), QStringLiteral("must lie within [-180, 180], not %1").arg(number(min)));
    if (max < kMinLimit || max > kMaxLimit)
        fail(JsonPath(path, u"max"), QStringLiteral("must lie within [-180, 180], not %1").arg(number(max)));
    if (min > max)
        fail(JsonPath(path, u"min"),
             QStringLiteral("is greater than max (%1 > %2)").arg(number(min), number(max)));
    if (j.desc.angle < min || j.desc.angle > max)
        fail(JsonPath(path, u"angle"), QStringLiteral("%1 lies outside the limits [%2, %3]")
                                           .arg(number(j.desc.angle), number(min), number(max)));
    return j;
}

// Joints in parents-first order: each joint as early as the file allows, after its ancestors, so
// a file that is already ordered keeps its order exactly. Unknown parents and cycles fail.
std::vector<int> parentsFirstOrder(std::vector<FileJoint>& joints, const QHash<QString, int>& byName,
                                   const JsonPath& jointsPath)
{
    const int n = static_cast<int>(joints.size());
    for (int i = 0; i < n; ++i) {
        FileJoint& j = joints[i];
        if (!j.hasParent)
            continue;
        const JsonPath jointPath(jointsPath, i);
        const JsonPath at(jointPath, u"parent");
        const auto found = byName.constFind(j.parentName);
        if (found == byName.constEnd())
            fail(at, QStringLiteral("unknown joint %1").arg(quoted(j.parentName)));
        if (*found == i)
            fail(at, QStringLiteral("a joint cannot be its own parent"));
        j.parentFileIndex = *found;
    }

    enum : unsigned char { Unvisited, OnPath, Placed };
    std::vector<unsigned char> state(n, Unvisited);
    std::vector<int> order;
    order.reserve(n);
    std::vector<int> path;
    bool anyRoot = false;
    for (const FileJoint& j : joints)
        anyRoot = anyRoot || !j.hasParent;
    if (!anyRoot)
        fail(jointsPath, n == 0 ? QStringLiteral("a rig needs at least one joint (a root)")
                                : QStringLiteral("no root joint: every joint has a parent"));

    for (int i = 0; i < n; ++i) {
        if (state[i] != Unvisited)
            continue;
        // Walk up to the first placed ancestor (or a root), then place the walk top-down.
        path.clear();
        for (int k = i;;) {
            state[k] = OnPath;
            path.push_back(k);
            const int p = joints[k].parentFileIndex;
            if (p < 0 || state[p] == Placed)
                break;
            if (state[p] == OnPath) {
                // The cycle is the part of the walk from p on, listed parent to child and starting
                // at its joint that comes first in the file (which is where the error points).
                std::vector<int> cycle{p};
                for (std::size_t q = path.size(); path[q - 1] != p; --q)
                    cycle.push_back(path[q - 1]);
                std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
                // Long cycles are shortened so the message stays one readable line.
                constexpr std::size_t kShown = 8;
                QString text;
                for (std::size_t m = 0; m < std::min(cycle.size(), kShown); ++m)
                    text += quoted(joints[cycle[m]].name) + QStringLiteral(" -> ");
                if (cycle.size() > kShown)
                    text += QStringLiteral("... (%1 joints) -> ").arg(cycle.size());
                text += quoted(joints[cycle.front()].name);
                const JsonPath first(jointsPath, cycle.front());
                fail(JsonPath(first, u"parent"),
                     QStringLiteral("the parents form a cycle: %1 (each is the parent of the next)").arg(text));
            }
            k = p;
        }
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            state[*it] = Placed;
            order.push_back(*it);
        }
    }
    return order;
}

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
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        const QString key = it.key();
        const JsonPath at(path, key);
        if (key == QLatin1String("x")) {
            target.point.x = asNumber(it.value(), at);
            hasX = true;
        } else if (key == QLatin1String("y")) {
            target.point.y = asNumber(it.value(), at);
            hasY = true;
        } else if (key == QLatin1String("joint")) {
            target.joint = joints.find(asName(it.value(), at), at);
            hasJoint = true;
        } else {
            unknownField(at, kTargetFields);
        }
    }
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
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        const QString key = it.key();
        const JsonPath at(path, key);
        const QJsonValue v = it.value();
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
            const QString s = asString(v, at);
            const auto kind = solverFromName(s.toStdString());
            if (!kind)
                fail(at, QStringLiteral("unknown solver %1 (expected one of: follow, reach, fabrik, ccd, "
                                        "two-bone, relax)").arg(quoted(s)));
            c.solver = *kind;
            hasSolver = true;
        } else if (key == QLatin1String("bend")) {
            const QString s = asString(v, at);
            const auto bend = bendFromName(s.toStdString());
            if (!bend)
                fail(at, QStringLiteral("must be \"positive\" or \"negative\", not %1").arg(quoted(s)));
            c.bend = *bend;
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
    }
    if (!hasName)
        missing(JsonPath(path, u"name"));
    if (!hasRoot)
        missing(JsonPath(path, u"root"));
    if (!hasTip)
        missing(JsonPath(path, u"tip"));
    if (!hasSolver)
        missing(JsonPath(path, u"solver"));
    if (!hasTarget)
        missing(JsonPath(path, u"target"));

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

Rig readRig(const QJsonObject& top, const QByteArray& json)
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
    const double version = asNumber(versionValue, versionPath);
    if (version != std::floor(version))
        fail(versionPath, QStringLiteral("must be a whole number, not %1").arg(number(version)));
    if (version > kRigFormatVersion)
        fail(versionPath, QStringLiteral("was written by a newer Bonework (version %1); this build reads "
                                         "version %2").arg(number(version)).arg(kRigFormatVersion));
    if (version < kRigFormatVersion)
        fail(versionPath, QStringLiteral("unsupported version %1; this build reads version %2")
                              .arg(number(version)).arg(kRigFormatVersion));

    Rig rig;
    QJsonValue jointsValue(QJsonValue::Undefined), chainsValue(QJsonValue::Undefined);
    for (auto it = top.constBegin(); it != top.constEnd(); ++it) {
        const QString key = it.key();
        const JsonPath at(docPath, key);
        if (key == QLatin1String("format") || key == QLatin1String("version")) {
            continue;
        } else if (key == QLatin1String("name")) {
            rig.setName(asString(it.value(), at).toStdString());
        } else if (key == QLatin1String("shape")) {
            const QString s = asString(it.value(), at);
            const auto shape = nodeShapeFromName(s.toStdString());
            if (!shape)
                fail(at, QStringLiteral("must be \"bone\", \"box\" or \"ball\", not %1").arg(quoted(s)));
            rig.setNodeShape(*shape);
        } else if (key == QLatin1String("joints")) {
            jointsValue = it.value();
        } else if (key == QLatin1String("chains")) {
            chainsValue = it.value();
        } else {
            unknownField(at, kTopFields);
        }
    }

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
            throw Failure{*repeated, QStringLiteral("is given more than once in the same object")};
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
        result.rig = readRig(doc.object(), json);
    } catch (const Failure& f) {
        result.error.jsonPath = f.path;
        result.error.message = f.message;
    } catch (const std::bad_alloc&) {
        result.error.message = QStringLiteral("out of memory while reading the rig");
    }
    return result;
}

} // namespace bonework::io
