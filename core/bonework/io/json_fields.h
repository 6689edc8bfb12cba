#pragma once
// The strict loader's field readers (private to the loader): one JSON value read as the type
// the format wants, at its JSON path. The first problem throws a ReadFailure carrying that path
// and a one-line message; parseRig catches it once, so nothing is ever half-loaded.

#include "bonework/io/json_path.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonework::io {

using Json = nlohmann::json;

// Thrown at the first problem; caught once in parseRig.
struct ReadFailure {
    std::string path;
    std::string message;
};

[[noreturn]] void fail(const JsonPath& path, std::string message);
// "is required"
[[noreturn]] void missing(const JsonPath& path);
// "unknown field (expected one of: name, parent, ...)"
[[noreturn]] void unknownField(const JsonPath& path, std::span<const char* const> allowed);

// A field an object must hold, and whether it did.
struct RequiredField {
    std::string_view name;
    bool present = false;
};
// Reports the first of `fields` (in the order given) that the object at `path` lacks.
void requireFields(const JsonPath& path, std::initializer_list<RequiredField> fields);

// A value from the file, quoted for a one-line message: control characters escaped, and very
// long values shortened so hostile input cannot flood the terminal.
std::string quotedValue(std::string_view s);
// A number for a message, in the shortest form that reads back exactly.
std::string number(double v);
// `pattern` with its "%1" replaced by `value`.
std::string fillIn(std::string_view pattern, std::string_view value);

const Json::object_t& asObject(const Json& v, const JsonPath& path);
const Json::array_t& asArray(const Json& v, const JsonPath& path);
double asNumber(const Json& v, const JsonPath& path); // finite
double asWholeNumber(const Json& v, const JsonPath& path); // finite, no fraction
int asInteger(const Json& v, const JsonPath& path, int min, int max);
// Fails at `path` unless |v| <= bound, a bound of rig.h (kMostRootCoordinate, ...):
// "must lie within [-1e300, 1e300], not 1e+301".
void requireWithin(const JsonPath& path, double v, double bound);
bool asBool(const Json& v, const JsonPath& path);
const std::string& asString(const Json& v, const JsonPath& path); // valid Unicode
const std::string& asName(const Json& v, const JsonPath& path);   // a string, not empty

// A string naming a value of an enumeration: fromName(text) gives the value, or std::nullopt for
// a name it does not know, which fails with `unknown` (the quoted text for its %1).
template <typename FromName>
auto asNamedValue(const Json& v, const JsonPath& path, FromName fromName, std::string_view unknown)
{
    const std::string& s = asString(v, path);
    const auto value = fromName(s);
    if (!value)
        fail(path, fillIn(unknown, quotedValue(s)));
    return *value;
}

// The members of `object` in the order Qt's QJsonObject kept them (keys sorted by UTF-16 units,
// not by UTF-8 bytes): the order in which an object's problems have always been reported.
std::vector<const Json::object_t::value_type*> membersInUtf16Order(const Json::object_t& object);

// Calls read(key, value, path of the member) for each member of `object`, in that order.
template <typename Read>
void forEachMember(const Json::object_t& object, const JsonPath& path, Read&& read)
{
    for (const auto* member : membersInUtf16Order(object)) {
        const JsonPath at(path, member->first); // views the key, which outlives it
        read(member->first, member->second, at);
    }
}

} // namespace bonework::io
