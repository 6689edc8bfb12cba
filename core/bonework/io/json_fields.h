#pragma once
// The strict loader's field readers (private to bonework_io): one JSON value read as the type
// the format wants, at its JSON path. The first problem throws a ReadFailure carrying that path
// and a one-line message; parseRig catches it once, so nothing is ever half-loaded.

#include "bonework/io/json_path.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringView>

#include <initializer_list>
#include <span>
#include <string>

namespace bonework::io {

// Thrown at the first problem; caught once in parseRig.
struct ReadFailure {
    QString path;
    QString message;
};

[[noreturn]] void fail(const JsonPath& path, QString message);
// "is required"
[[noreturn]] void missing(const JsonPath& path);
// "unknown field (expected one of: name, parent, ...)"
[[noreturn]] void unknownField(const JsonPath& path, std::span<const char* const> allowed);

// A field an object must hold, and whether it did.
struct RequiredField {
    QStringView name;
    bool present = false;
};
// Reports the first of `fields` (in the order given) that the object at `path` lacks.
void requireFields(const JsonPath& path, std::initializer_list<RequiredField> fields);

// A value from the file, quoted for a one-line message: control characters escaped, and very
// long values shortened so hostile input cannot flood the terminal.
QString quoted(QStringView s);
QString quoted(const std::string& s);
// A number for a message, in the shortest form that reads back exactly.
QString number(double v);

QJsonObject asObject(const QJsonValue& v, const JsonPath& path);
QJsonArray asArray(const QJsonValue& v, const JsonPath& path);
double asNumber(const QJsonValue& v, const JsonPath& path); // finite
double asWholeNumber(const QJsonValue& v, const JsonPath& path); // finite, no fraction
int asInteger(const QJsonValue& v, const JsonPath& path, int min, int max);
bool asBool(const QJsonValue& v, const JsonPath& path);
QString asString(const QJsonValue& v, const JsonPath& path); // valid Unicode
QString asName(const QJsonValue& v, const JsonPath& path);   // a string, not empty

// A string naming a value of an enumeration: fromName(text) gives the value, or std::nullopt for
// a name it does not know, which fails with `unknown` (the quoted text for its %1).
template <typename FromName>
auto asNamedValue(const QJsonValue& v, const JsonPath& path, FromName fromName, const QString& unknown)
{
    const QString s = asString(v, path);
    const auto value = fromName(s.toStdString());
    if (!value)
        fail(path, unknown.arg(quoted(s)));
    return *value;
}

// Calls read(key, value, path of the member) for each member of `object`, in Qt's order (sorted
// by key): the order in which an object's problems are found and reported.
template <typename Read>
void forEachMember(const QJsonObject& object, const JsonPath& path, Read&& read)
{
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QString key = it.key();
        const JsonPath at(path, key); // views `key`, which outlives it
        read(key, it.value(), at);
    }
}

} // namespace bonework::io
