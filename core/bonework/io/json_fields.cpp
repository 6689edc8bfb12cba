#include "bonework/io/json_fields.h"

#include "bonework/names.h"
#include "bonework/rig.h"
#include "bonework/utf16_order.h"

#include "bonework/io/escaped_text.h"
#include "bonework/io/json_parser.h"
#include "bonework/io/number_text.h"

#include <algorithm>
#include <cmath>

namespace bonework::io {
namespace {

const char* typeName(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_float:
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "a number";
    case Json::value_t::string: return "a string";
    case Json::value_t::array: return "an array";
    case Json::value_t::object: return "an object";
    default: break;
    }
    return "undefined";
}

// Fails unless `ok` (v has the JSON type the message calls `expected`).
void requireType(bool ok, const Json& v, const char* expected, const JsonPath& path)
{
    if (!ok)
        fail(path, std::string("must be ") + expected + ", not " + typeName(v));
}

std::string listOf(std::span<const char* const> names)
{
    std::string out;
    for (const char* n : names) {
        if (!out.empty())
            out += ", ";
        out += n;
    }
    return out;
}

} // namespace

void fail(const JsonPath& path, std::string message)
{
    throw ReadFailure{path.toString(), std::move(message)};
}

void missing(const JsonPath& path)
{
    fail(path, "is required");
}

void unknownField(const JsonPath& path, std::span<const char* const> allowed)
{
    fail(path, "unknown field (expected one of: " + listOf(allowed) + ")");
}

void requireFields(const JsonPath& path, std::initializer_list<RequiredField> fields)
{
    for (const RequiredField& field : fields)
        if (!field.present)
            missing(JsonPath(path, field.name));
}

std::string quotedValue(std::string_view s)
{
    std::string out = "\"";
    appendEscaped(out, s, SurrogateStyle::KeepCharacters);
    out += '"';
    return out;
}

std::string number(double v)
{
    return shortestNumber(v);
}

std::string fillIn(std::string_view pattern, std::string_view value)
{
    std::string out(pattern);
    if (const auto at = out.find("%1"); at != std::string::npos)
        out.replace(at, 2, value);
    return out;
}

std::vector<const Json::object_t::value_type*> membersInUtf16Order(const Json::object_t& object)
{
    std::vector<const Json::object_t::value_type*> members;
    members.reserve(object.size());
    bool anyAboveU_E000 = false;
    for (const auto& member : object) {
        members.push_back(&member);
        anyAboveU_E000 = anyAboveU_E000 || std::any_of(member.first.begin(), member.first.end(), [](char c) {
                             return static_cast<unsigned char>(c) >= 0xEE;
                         });
    }
    if (anyAboveU_E000) // otherwise the map's byte order is already UTF-16 order
        std::stable_sort(members.begin(), members.end(),
                         [](const auto* a, const auto* b) { return lessInUtf16(a->first, b->first); });
    return members;
}

const Json::object_t& asObject(const Json& v, const JsonPath& path)
{
    requireType(v.is_object(), v, "an object", path);
    return v.get_ref<const Json::object_t&>();
}

const Json::array_t& asArray(const Json& v, const JsonPath& path)
{
    requireType(v.is_array(), v, "an array", path);
    return v.get_ref<const Json::array_t&>();
}

double asNumber(const Json& v, const JsonPath& path)
{
    requireType(v.is_number(), v, "a number", path);
    const double d = v.get<double>();
    if (!std::isfinite(d)) // the JSON parser already refuses overflow; belt and braces
        fail(path, "must be a finite number");
    return d;
}

double asWholeNumber(const Json& v, const JsonPath& path)
{
    const double d = asNumber(v, path);
    if (d != std::floor(d))
        fail(path, "must be a whole number, not " + number(d));
    return d;
}

int asInteger(const Json& v, const JsonPath& path, int min, int max)
{
    const double d = asWholeNumber(v, path);
    if (d < min || d > max)
        fail(path, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", not " + number(d));
    return static_cast<int>(d);
}

void requireWithin(const JsonPath& path, double v, double bound)
{
    if (!(std::fabs(v) <= bound))
        fail(path, "must lie within [-" + boundText(bound) + ", " + boundText(bound) + "], not " + number(v));
}

bool asBool(const Json& v, const JsonPath& path)
{
    requireType(v.is_boolean(), v, "true or false", path);
    return v.get<bool>();
}

const std::string& asString(const Json& v, const JsonPath& path)
{
    requireType(v.is_string(), v, "a string", path);
    const std::string& s = v.get_ref<const std::string&>();
    // JSON escapes can spell lone surrogates ("\ud800"), which have no UTF-8 form.
    if (!isLoneSurrogateFree(s))
        fail(path, "is not valid Unicode (lone surrogate escape)");
    return s;
}

const std::string& asName(const Json& v, const JsonPath& path)
{
    const std::string& s = asString(v, path);
    if (auto problem = nameProblem(s); !problem.empty())
        fail(path, problem);
    return s;
}

} // namespace bonework::io
