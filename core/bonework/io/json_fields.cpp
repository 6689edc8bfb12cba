#include "bonework/io/json_fields.h"

#include "bonework/io/number_text.h"

#include <cmath>

namespace bonework::io {
namespace {

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

// Fails unless `v` has the JSON type `type`, which the message calls `expected`.
void requireType(const QJsonValue& v, QJsonValue::Type type, const char* expected, const JsonPath& path)
{
    if (v.type() != type)
        fail(path, QStringLiteral("must be %1, not %2").arg(QLatin1String(expected), typeName(v)));
}

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

} // namespace

void fail(const JsonPath& path, QString message)
{
    throw ReadFailure{path.toString(), std::move(message)};
}

void missing(const JsonPath& path)
{
    fail(path, QStringLiteral("is required"));
}

void unknownField(const JsonPath& path, std::span<const char* const> allowed)
{
    fail(path, QStringLiteral("unknown field (expected one of: %1)").arg(listOf(allowed)));
}

void requireFields(const JsonPath& path, std::initializer_list<RequiredField> fields)
{
    for (const RequiredField& field : fields)
        if (!field.present)
            missing(JsonPath(path, field.name));
}

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

QString quoted(const std::string& s)
{
    return quoted(QString::fromStdString(s));
}

QString number(double v)
{
    return QString::fromStdString(shortestNumber(v));
}

QJsonObject asObject(const QJsonValue& v, const JsonPath& path)
{
    requireType(v, QJsonValue::Object, "an object", path);
    return v.toObject();
}

QJsonArray asArray(const QJsonValue& v, const JsonPath& path)
{
    requireType(v, QJsonValue::Array, "an array", path);
    return v.toArray();
}

double asNumber(const QJsonValue& v, const JsonPath& path)
{
    requireType(v, QJsonValue::Double, "a number", path);
    const double d = v.toDouble();
    if (!std::isfinite(d)) // the JSON parser already refuses overflow; belt and braces
        fail(path, QStringLiteral("must be a finite number"));
    return d;
}

double asWholeNumber(const QJsonValue& v, const JsonPath& path)
{
    const double d = asNumber(v, path);
    if (d != std::floor(d))
        fail(path, QStringLiteral("must be a whole number, not %1").arg(number(d)));
    return d;
}

int asInteger(const QJsonValue& v, const JsonPath& path, int min, int max)
{
    const double d = asWholeNumber(v, path);
    if (d < min || d > max)
        fail(path, QStringLiteral("must be between %1 and %2, not %3").arg(min).arg(max).arg(number(d)));
    return static_cast<int>(d);
}

bool asBool(const QJsonValue& v, const JsonPath& path)
{
    requireType(v, QJsonValue::Bool, "true or false", path);
    return v.toBool();
}

QString asString(const QJsonValue& v, const JsonPath& path)
{
    requireType(v, QJsonValue::String, "a string", path);
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

} // namespace bonework::io
