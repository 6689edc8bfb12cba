#include "bonework/io/rig_joint_reader.h"

#include "bonework/angles.h"

#include <algorithm>
#include <cmath>

namespace bonework::io {
namespace {

// The fields a joint may hold; anything else is an error.
constexpr const char* kJointFields[] = {"name", "parent", "x", "y", "rotation", "length", "angle", "min", "max", "pinned"};

// Fails at path.key unless `degrees` lies within [-180, 180] (a root's rotation, a limit).
void requireWithinHalfTurn(const JsonPath& path, std::string_view key, double degrees)
{
    if (degrees < kMinLimit || degrees > kMaxLimit)
        fail(JsonPath(path, key), "must lie within [-180, 180], not " + number(degrees));
}

} // namespace

FileJoint readJoint(const Json& value, const JsonPath& path, std::size_t& members)
{
    const Json::object_t& obj = asObject(value, path);
    members += obj.size();
    FileJoint j;
    // Which fields appeared, to tell roots from bones and report misplaced fields.
    bool hasName = false, hasLength = false, hasAngle = false, hasMin = false, hasMax = false;
    bool hasX = false, hasY = false, hasRotation = false;
    double x = 0, y = 0, rotation = 0;
    // The number fields: where each goes and the flag that says it appeared.
    const struct {
        std::string_view key;
        double* value;
        bool* present;
    } numberFields[] = {
        {"x", &x, &hasX},
        {"y", &y, &hasY},
        {"rotation", &rotation, &hasRotation},
        {"length", &j.desc.length, &hasLength},
        {"angle", &j.desc.angle, &hasAngle},
        {"min", &j.desc.minAngle, &hasMin},
        {"max", &j.desc.maxAngle, &hasMax},
    };

    forEachMember(obj, path, [&](const std::string& key, const Json& v, const JsonPath& at) {
        if (key == "name") {
            j.name = asName(v, at);
            hasName = true;
        } else if (key == "parent") {
            j.parentName = asName(v, at);
            j.hasParent = true;
        } else if (key == "pinned") {
            j.desc.pinned = asBool(v, at);
        } else {
            const auto field = std::find_if(std::begin(numberFields), std::end(numberFields),
                                            [&](const auto& f) { return key == f.key; });
            if (field == std::end(numberFields))
                unknownField(at, kJointFields);
            *field->value = asNumber(v, at);
            *field->present = true;
        }
    });
    if (!hasName)
        missing(JsonPath(path, "name"));
    j.desc.name = j.name;

    if (!j.hasParent) {
        // A root: a world position and a rotation, no bone.
        if (hasLength)
            fail(JsonPath(path, "length"), "a root joint has no bone (give the joint a parent)");
        if (hasAngle)
            fail(JsonPath(path, "angle"), "a root joint's direction is \"rotation\", not \"angle\"");
        if (hasMin)
            fail(JsonPath(path, "min"), "a root joint has no angle limits");
        if (hasMax)
            fail(JsonPath(path, "max"), "a root joint has no angle limits");
        requireWithinHalfTurn(path, "rotation", rotation);
        // Beyond this no pose's positions are sure to stay finite (see kMostRootCoordinate).
        requireWithin(JsonPath(path, "x"), x, kMostRootCoordinate);
        requireWithin(JsonPath(path, "y"), y, kMostRootCoordinate);
        j.desc.position = {x, y};
        j.desc.angle = rotation;
        return j;
    }

    // A bone hanging from its parent.
    if (hasX)
        fail(JsonPath(path, "x"), "only a root joint has a position (this joint has a parent)");
    if (hasY)
        fail(JsonPath(path, "y"), "only a root joint has a position (this joint has a parent)");
    if (hasRotation)
        fail(JsonPath(path, "rotation"),
             "only a root joint has a rotation; a bone's direction is \"angle\"");
    if (!hasLength)
        missing(JsonPath(path, "length"));
    if (!(j.desc.length > 0.0))
        fail(JsonPath(path, "length"),
             "must be greater than 0, not " + number(j.desc.length));
    else if (j.desc.length > kMostBoneLength) // see kMostBoneLength: forward kinematics overflowed
        fail(JsonPath(path, "length"), "must be at most 1e290, not " + number(j.desc.length));
    const double min = j.desc.minAngle, max = j.desc.maxAngle;
    requireWithinHalfTurn(path, "min", min);
    requireWithinHalfTurn(path, "max", max);
    if (min > max)
        fail(JsonPath(path, "min"),
             "is greater than max (" + number(min) + " > " + number(max) + ")");
    if (j.desc.angle < min || j.desc.angle > max)
        fail(JsonPath(path, "angle"), number(j.desc.angle) + " lies outside the limits [" + number(min) + ", "
                                           + number(max) + "]");
    return j;
}

JointIndex JointNames::find(const std::string& name, const JsonPath& path) const
{
    const auto found = fileIndexByName.find(name);
    if (found == fileIndexByName.end())
        fail(path, "unknown joint " + quotedValue(name));
    return rigIndexOfFileIndex[static_cast<std::size_t>(found->second)];
}

std::vector<int> parentsFirstOrder(std::vector<FileJoint>& joints, const JointIndexByName& byName,
                                   const JsonPath& jointsPath)
{
    const int n = static_cast<int>(joints.size());
    for (int i = 0; i < n; ++i) {
        FileJoint& j = joints[i];
        if (!j.hasParent)
            continue;
        const JsonPath jointPath(jointsPath, i);
        const JsonPath at(jointPath, "parent");
        const auto found = byName.find(j.parentName);
        if (found == byName.end())
            fail(at, "unknown joint " + quotedValue(j.parentName));
        if (found->second == i)
            fail(at, "a joint cannot be its own parent");
        j.parentFileIndex = found->second;
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
        fail(jointsPath, n == 0 ? "a rig needs at least one joint (a root)"
                                : "no root joint: every joint has a parent");

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
                std::string text;
                for (std::size_t m = 0; m < std::min(cycle.size(), kShown); ++m)
                    text += quotedValue(joints[cycle[m]].name) + " -> ";
                if (cycle.size() > kShown)
                    text += "... (" + std::to_string(cycle.size()) + " joints) -> ";
                text += quotedValue(joints[cycle.front()].name);
                const JsonPath first(jointsPath, cycle.front());
                fail(JsonPath(first, "parent"),
                     "the parents form a cycle: " + text + " (each is the parent of the next)");
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

} // namespace bonework::io
