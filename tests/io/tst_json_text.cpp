// jsonText writes, byte for byte and in both layouts, what QJsonDocument::toJson wrote for the
// same tree built from QJsonObject and QJsonArray (what the exporters wrote their files with):
// pinned spellings, hand-picked trees (escapes, UTF-16 key order, numbers, empty containers)
// and seeded random trees. Every failure names its seed. BONEWORK_PROPERTY_SCALE (default 1)
// scales the number of random trees.
#include "bonework/io/json_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <utility>

using namespace bonework::io;
using Json = nlohmann::json;

namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr double kTwo53 = 9007199254740992.0;

int scaled(int n)
{
    const double scale = qEnvironmentVariableIsSet("BONEWORK_PROPERTY_SCALE")
                             ? qEnvironmentVariable("BONEWORK_PROPERTY_SCALE").toDouble()
                             : 1.0;
    return std::max(1, static_cast<int>(n * (scale > 0.0 ? scale : 1.0)));
}

// UTF-8 as QString::fromUtf8 reads it (U+FFFD for each stray byte), except that a leading
// U+FEFF is kept: fromUtf8 drops it as a byte order mark, which is the caller's conversion,
// not the writer's.
QString fromUtf8(const std::string& s)
{
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
    return decoder(QByteArrayView(s.data(), qsizetype(s.size())));
}

// The value an exporter built for `n` with Qt: each number through the QJsonValue constructor
// of its type; Qt has no unsigned 64-bit one, so an unsigned integer above INT64_MAX goes in
// as a double.
QJsonValue toQt(const Json& n)
{
    switch (n.type()) {
    case Json::value_t::object: {
        QJsonObject o;
        for (auto it = n.begin(); it != n.end(); ++it)
            o.insert(fromUtf8(it.key()), toQt(it.value()));
        return o;
    }
    case Json::value_t::array: {
        QJsonArray a;
        for (const Json& e : n)
            a.append(toQt(e));
        return a;
    }
    case Json::value_t::string: return fromUtf8(n.get<std::string>());
    case Json::value_t::boolean: return n.get<bool>();
    case Json::value_t::number_integer: return QJsonValue(qint64(n.get<std::int64_t>()));
    case Json::value_t::number_unsigned: {
        const auto u = n.get<std::uint64_t>();
        return u <= std::uint64_t(kInt64Max) ? QJsonValue(qint64(u)) : QJsonValue(double(u));
    }
    case Json::value_t::number_float: return QJsonValue(n.get<double>());
    default: return QJsonValue(QJsonValue::Null);
    }
}

QByteArray qtText(const QJsonValue& root, QJsonDocument::JsonFormat format)
{
    return root.isObject() ? QJsonDocument(root.toObject()).toJson(format) : QJsonDocument(root.toArray()).toJson(format);
}

// Bytes as C would spell them, for messages.
QByteArray visible(QByteArrayView bytes)
{
    QByteArray out;
    for (const char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7F && c != '\\')
            out += ch;
        else if (c == '\n')
            out += "\\n";
        else
            out += "\\x" + QByteArray::number(c, 16).rightJustified(2, '0');
    }
    return out;
}

// Empty when jsonText writes what Qt wrote for `qt` in both layouts, else where they first differ.
QString difference(const Json& ours, const QJsonValue& qt)
{
    for (const auto& [layout, format] : {std::pair{JsonLayout::Indented, QJsonDocument::Indented},
                                         std::pair{JsonLayout::Compact, QJsonDocument::Compact}}) {
        const QByteArray expected = qtText(qt, format);
        const QByteArray got = QByteArray::fromStdString(jsonText(ours, layout));
        if (got == expected)
            continue;
        const auto at = qsizetype(std::mismatch(got.begin(), got.end(), expected.begin(), expected.end()).first
                                  - got.begin());
        const qsizetype from = std::max<qsizetype>(0, at - 40);
        return QStringLiteral("%1 layout differs at byte %2 of %3 (Qt: %4)\n  ours: ...%5\n  Qt:   ...%6")
            .arg(QLatin1String(layout == JsonLayout::Indented ? "indented" : "compact"))
            .arg(at)
            .arg(got.size())
            .arg(expected.size())
            .arg(QString::fromLatin1(visible(got.mid(from, 80))),
                 QString::fromLatin1(visible(expected.mid(from, 80))));
    }
    return {};
}

// A string given both as the UTF-8 jsonText reads (a surrogate in its three-byte WTF-8 form, as
// parseJsonDocument keeps a lone one) and as the QString Qt held, built independently.
struct TextPair {
    std::string utf8;
    QString qt;

    void add(char32_t c)
    {
        if (c < 0x80) {
            utf8 += char(c);
        } else if (c < 0x800) {
            utf8 += {char(0xC0 | (c >> 6)), char(0x80 | (c & 0x3F))};
        } else if (c < 0x10000) {
            utf8 += {char(0xE0 | (c >> 12)), char(0x80 | ((c >> 6) & 0x3F)), char(0x80 | (c & 0x3F))};
        } else {
            utf8 += {char(0xF0 | (c >> 18)), char(0x80 | ((c >> 12) & 0x3F)), char(0x80 | ((c >> 6) & 0x3F)),
                     char(0x80 | (c & 0x3F))};
        }
        if (c < 0x10000) {
            qt += QChar(char16_t(c));
        } else {
            qt += QChar(QChar::highSurrogate(c));
            qt += QChar(QChar::lowSurrogate(c));
        }
    }
};

TextPair textOf(std::initializer_list<char32_t> chars)
{
    TextPair t;
    for (const char32_t c : chars)
        t.add(c);
    return t;
}

// Keys chosen to tell UTF-16 order from UTF-8 byte order (U+E000..U+FFFF against characters
// above U+FFFF, also after a common prefix), with escapes and empty and prefix keys.
const std::vector<std::u32string>& keyPool()
{
    static const std::vector<std::u32string> pool = {
        U"", U"a", U"b", U"A", U"ab", U"name", U"x/y", U"\"", U"\\", U"\n", U"\x7f", U"\x01", U"\u00e9", U"\u00ff",
        U"\u0100", U"\u4e2d", U"\ud7ff", U"\ue000", U"\uf8ff", U"\ufeff", U"\ufffd", U"\uffff", U"\U00010000",
        U"\U0001f600", U"\U0010ffff", U"a\ue000", U"a\U0001f600", U"a\uffff", U"a\U00010000", U"\ue000\U00010000",
        U"\U00010000\ue000"};
    return pool;
}

class RandomTrees {
public:
    explicit RandomTrees(std::uint64_t seed) : m_rng(seed) {}

    // An object or an array at the top, as a document holds.
    std::pair<Json, QJsonValue> tree() { return container(0, below(2) == 0); }

private:
    std::uint64_t below(std::uint64_t n) { return m_rng() % n; }

    template <typename T>
    T pick(std::initializer_list<T> values)
    {
        return values.begin()[below(values.size())];
    }

    std::pair<Json, QJsonValue> value(int depth)
    {
        // Containers likelier near the top: trees reach five levels below it, yet stay small.
        if (depth < 5 && below(10) < std::uint64_t(5 - depth))
            return container(depth + 1, below(2) == 0);
        switch (below(7)) {
        case 0: return {Json(nullptr), QJsonValue(QJsonValue::Null)};
        case 1: {
            const bool b = below(2);
            return {Json(b), QJsonValue(b)};
        }
        case 2:
        case 3: {
            const double d = randomDouble();
            return {Json(d), QJsonValue(d)};
        }
        case 4: return randomInteger();
        default: {
            TextPair t;
            for (int n = int(below(4) == 0 ? below(40) : below(8)); n > 0; --n)
                t.add(character(true));
            return {Json(std::move(t.utf8)), QJsonValue(t.qt)};
        }
        }
    }

    std::pair<Json, QJsonValue> container(int depth, bool isObject)
    {
        const int n = int(below(4) == 0 ? 0 : 1 + below(8));
        if (isObject) {
            Json o = Json::object();
            QJsonObject q;
            for (int i = 0; i < n; ++i) {
                TextPair key;
                if (below(4) == 0) { // a random key now and then, surrogate-free (keys are UTF-8)
                    for (int k = int(below(5)); k > 0; --k)
                        key.add(character(false));
                } else {
                    for (const char32_t c : keyPool()[below(keyPool().size())])
                        key.add(c);
                }
                auto [v, qv] = value(depth);
                o[key.utf8] = std::move(v); // a repeated key: the last value, in both
                q.insert(key.qt, qv);
            }
            return {std::move(o), QJsonValue(q)};
        }
        Json a = Json::array();
        QJsonArray q;
        for (int i = 0; i < n; ++i) {
            auto [v, qv] = value(depth);
            a.push_back(std::move(v));
            q.append(qv);
        }
        return {std::move(a), QJsonValue(q)};
    }

    char32_t character(bool surrogates)
    {
        switch (below(8)) {
        case 0: return char32_t(below(0x20));
        case 1: return pick<char32_t>({'"', '\\', '/', 0x7F, ' ', 'a', 'z', 'A', '\'', '<', '&'});
        case 2:
        case 3: return char32_t(0x20 + below(0x5F));
        case 4: return char32_t(0x80 + below(0x800 - 0x80));
        case 5: return char32_t(below(2) ? 0x800 + below(0xD800 - 0x800) : 0xE000 + below(0x2000));
        case 6: return char32_t(0x10000 + below(0x100000));
        default:
            if (surrogates && below(2))
                return pick<char32_t>({0xD800, 0xDBFF, 0xDC00, 0xDFFF, char32_t(0xD800 + below(0x800))});
            return pick<char32_t>({0xE000, 0xFFFD, 0xFFFF, 0xFEFF, 0x2028, 0xD7FF, 0x10000, 0x1F600, 0x10FFFF});
        }
    }

    double randomDouble()
    {
        switch (below(10)) {
        case 0: return double(std::int64_t(below(2001)) - 1000);
        case 1: return double(std::int64_t(below(200001)) - 100000) / pick({8.0, 10.0, 100.0, 3.0});
        case 2: {
            const std::uint64_t bits = m_rng();
            double d;
            std::memcpy(&d, &bits, sizeof d);
            return std::isfinite(d) ? d : 0.5;
        }
        case 3:
            return pick({1.0, -1.0, 1.5, 1.25, -9.99, 123.456, 7.0}) * std::pow(10.0, int(below(641)) - 330);
        case 4: return pick({1.0, -1.0}) * (kTwo53 + double(std::int64_t(below(9)) - 4));
        case 5: return pick({1.0, -1.0}) * double(below(1000)) * std::pow(10.0, int(below(24)));
        case 6: return std::uniform_real_distribution<double>(-1e6, 1e6)(m_rng);
        case 7: return std::ldexp(pick({1.0, -1.0}), int(below(2098)) - 1074);
        case 8: return double(std::int64_t(m_rng())) / pick({1.0, 1024.0, 1e10});
        default:
            return pick({0.0, -0.0, 5e-324, -5e-324, std::numeric_limits<double>::max(),
                         std::numeric_limits<double>::min(), 0.1, 1e21, 1e-7,
                         std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                         -std::numeric_limits<double>::infinity()});
        }
    }

    std::pair<Json, QJsonValue> randomInteger()
    {
        std::int64_t i = 0;
        switch (below(5)) {
        case 0: i = std::int64_t(below(2001)) - 1000; break;
        case 1: i = std::int64_t(m_rng()); break;
        case 2:
            i = pick<std::int64_t>({0, kInt64Max, kInt64Min, std::int64_t(kTwo53), -std::int64_t(kTwo53),
                                    std::int64_t(kTwo53) + 1, -std::int64_t(kTwo53) - 1, kInt64Max - 1});
            break;
        default: { // unsigned, as nlohmann keeps a non-negative number it parses
            const std::uint64_t u = below(2) ? m_rng() : below(100000);
            return {Json(u), u <= std::uint64_t(kInt64Max) ? QJsonValue(qint64(u)) : QJsonValue(double(u))};
        }
        }
        return {Json(i), QJsonValue(qint64(i))};
    }

    std::mt19937_64 m_rng;
};

} // namespace

class TestJsonText : public QObject {
    Q_OBJECT

private slots:
    // The rules, spelled out: checked against Qt and against jsonText.
    void pinnedSpellings_data()
    {
        QTest::addColumn<QByteArray>("tree");
        QTest::addColumn<QByteArray>("indented");
        QTest::addColumn<QByteArray>("compact");
        QTest::newRow("empty object") << QByteArray("{}") << QByteArray("{\n}\n") << QByteArray("{}");
        QTest::newRow("empty array") << QByteArray("[]") << QByteArray("[\n]\n") << QByteArray("[]");
        QTest::newRow("nested")
            << QByteArray(R"({"b": [1, {}], "a": {}, "c": [true, false, null]})")
            << QByteArray("{\n    \"a\": {\n    },\n    \"b\": [\n        1,\n        {\n        }\n    ],\n"
                          "    \"c\": [\n        true,\n        false,\n        null\n    ]\n}\n")
            << QByteArray(R"({"a":{},"b":[1,{}],"c":[true,false,null]})");
        QTest::newRow("numbers")
            << QByteArray("[400.0, -0.0, 1e15, 1e16, 0.1, 1e-5, 1e20, 123456789012345678.0, 9223372036854775807, "
                          "18446744073709551615]")
            << QByteArray("[\n    400,\n    0,\n    1000000000000000,\n    1e+16,\n    0.1,\n    1e-05,\n"
                          "    1e+20,\n    123456789012345680,\n    9223372036854775807,\n"
                          "    18446744073709552000\n]\n")
            << QByteArray("[400,0,1000000000000000,1e+16,0.1,1e-05,1e+20,123456789012345680,9223372036854775807,"
                          "18446744073709552000]");
        QTest::newRow("escapes") << QByteArray("[\"\\u0001\\b\\t\\n\\u000b\\f\\r\\u001f\\u007f/\\\"\\\\\\u00e9\"]")
                                 << QByteArray("[\n    \"\\u0001\\b\\t\\n\\u000b\\f\\r\\u001f\x7f/\\\"\\\\\xc3\xa9\"\n]\n")
                                 << QByteArray("[\"\\u0001\\b\\t\\n\\u000b\\f\\r\\u001f\x7f/\\\"\\\\\xc3\xa9\"]");
        QTest::newRow("UTF-16 key order")
            << QByteArray(R"({"\uffff": 1, "\ud83d\ude00": 2, "\ue000": 3, "z": 4})")
            << QByteArray("{\n    \"z\": 4,\n    \"\xf0\x9f\x98\x80\": 2,\n    \"\xee\x80\x80\": 3,\n"
                          "    \"\xef\xbf\xbf\": 1\n}\n")
            << QByteArray("{\"z\":4,\"\xf0\x9f\x98\x80\":2,\"\xee\x80\x80\":3,\"\xef\xbf\xbf\":1}");
    }

    void pinnedSpellings()
    {
        QFETCH(QByteArray, tree);
        QFETCH(QByteArray, indented);
        QFETCH(QByteArray, compact);
        const Json n = Json::parse(tree.toStdString());
        QCOMPARE(qtText(toQt(n), QJsonDocument::Indented), indented);
        QCOMPARE(qtText(toQt(n), QJsonDocument::Compact), compact);
        QCOMPARE(QByteArray::fromStdString(jsonText(n, JsonLayout::Indented)), indented);
        QCOMPARE(QByteArray::fromStdString(jsonText(n, JsonLayout::Compact)), compact);
    }

    void handPicked_data()
    {
        QTest::addColumn<QByteArray>("tree");
        QTest::newRow("empty object") << QByteArray("{}");
        QTest::newRow("empty array") << QByteArray("[]");
        QTest::newRow("nested empties") << QByteArray(R"({"a": {}, "b": [], "c": [{}, [], [[]], {"d": {}}, [{}]]})");
        QTest::newRow("mixed") << QByteArray(
            R"([1, "two", 3.5, true, false, null, {"k": [1, {"x": [null, []]}], "e": {}}, [[[[["deep", {}]]]]]])");
        // Not raw strings: Qt 6.4's moc misreads \" inside one and then finds no test class.
        QTest::newRow("quotes, backslashes, slashes") << QByteArray(
            "{\"\\\"\": \"\\\"\", \"\\\\\": \"\\\\\", \"/\": \"/\\/\", \"a\\\"b\\\\c/d\": "
            "[\"<>&'\", \"\\\\\\\\\\\"\\\"\", \"\\\\u0041\"]}");
        QTest::newRow("non-ASCII") << QByteArray(
            R"(["\u00e9", "\u4e2d\u6587", "\u2028\u2029", "\ufeff", "\ud7ff\ue000\uffff", "\ud83d\ude00", "\udbff\udfff"])");
        QTest::newRow("key order") << QByteArray(
            R"({"b": 0, "a": 1, "B": 2, "": 3, "\u00e9": 4, "\ue000": 5, "\ufffd": 6, "\uffff": 7, "\ud83d\ude00": 8,)"
            R"("\udbff\udfff": 9, "a\ud83d\ude00": 10, "a\ue000": 11, "\u4e2d": 12, "\u007f": 13, "\ud800\udc00": 14,)"
            R"("\uf8ff": 15, "n": {"\uffff": {"\ud800\udc00": [], "\ue000": {}}, "\ud800\udc00x": 0}})");
        QTest::newRow("numbers") << QByteArray(
            "[0, -0, 0.0, -0.0, 1, -1, 1.0, -1.0, 400.0, -400.0, 0.1, -0.1, 1e20, 1e21, 1e22, 1e-5, 1e-7, 1e-4, "
            "123456789012345678.0, 9007199254740992.0, 9007199254740994.0, 9007199254740993, -9007199254740992.0, "
            "-9007199254740994.0, 9007199254740991.0, 4503599627370495.5, 1e300, -1e300, 5e-324, -5e-324, "
            "2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308, "
            "9223372036854775807, -9223372036854775808, -9223372036854775807, 9223372036854775808, "
            "18446744073709551615, 9223372036854775807.0, -9223372036854775808.0, 1e15, 1e16, 1e17, 100000.0, "
            "100000, 1e5, 12345.678, 0.30000000000000004, 1.5, -2.5, 0.5, 1e-323, 123456.0, 1234567.0, "
            "1e-6, 0.000123, 1.5e300, 2.5e-300, 3.0e15, 3.0e16, 4.5e15, 4.5e16]");
        QTest::newRow("integral and not") << QByteArray(
            R"({"x": 270.0, "y": 270.5, "z": -1e3, "w": -1e-300, "v": 999999999999999.9})");
    }

    void handPicked()
    {
        QFETCH(QByteArray, tree);
        const Json n = Json::parse(tree.toStdString());
        const QString why = difference(n, toQt(n));
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    // Every control character, DEL and the escaped ASCII, alone, in a run and as keys.
    void controlCharacters()
    {
        Json strings = Json::array();
        Json keys = Json::object();
        std::string all;
        for (int c = 0; c < 0x80; ++c) {
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '/')
                continue;
            const std::string one(1, char(c));
            strings.push_back(one);
            strings.push_back("a" + one + "b");
            keys[one] = c;
            all += one;
        }
        strings.push_back(all);
        keys[all] = Json::array({all});
        const Json tree = Json::array({strings, keys});
        const QString why = difference(tree, toQt(tree));
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    // Trees no JSON text gives nlohmann: lone surrogates (WTF-8, as parseJsonDocument keeps
    // them), stray bytes (U+FFFD each, as QString::fromUtf8 read them), NaN and infinities.
    void builtTrees()
    {
        struct Case {
            const char* name;
            TextPair text;
        };
        std::vector<Case> cases = {
            {"lone high surrogate", textOf({0xD800})},
            {"lone low surrogate", textOf({'a', 0xDC00, 'b'})},
            {"high, then low: one character", textOf({0xD83D, 0xDE00})},
            {"low, then high", textOf({0xDE00, 0xD83D})},
            {"high at the end", textOf({'x', 0xDBFF})},
            {"two highs, then a low", textOf({0xD800, 0xDBFF, 0xDFFF})},
            {"high before a character above U+FFFF", textOf({0xD800, 0x1F600})},
            {"high before U+E000", textOf({0xDBFF, 0xE000})},
            {"leading U+FEFF", textOf({0xFEFF, 'a'})},
        };
        for (const char* bytes : {"\xff", "\xfe", "\xe2\x82", "\xe2\x82x", "\xc0\x80", "\xc1\xbf", "\xf4\x90\x80\x80",
                                  "\xf0\x9f\x98", "\x80", "a\xbf\xbf", "\xf8\x88\x80\x80\x80", "\xe0\x80\xaf"}) {
            TextPair t;
            t.utf8 = bytes;
            t.qt = QString::fromUtf8(bytes);
            cases.push_back({"stray bytes", std::move(t)});
        }
        for (const Case& c : cases) {
            const Json tree = Json::array({c.text.utf8, Json::object({{"k", c.text.utf8}})});
            const QJsonValue qt = QJsonArray{c.text.qt, QJsonObject{{"k", c.text.qt}}};
            const QString why = difference(tree, qt);
            QVERIFY2(why.isEmpty(), qPrintable(QString::fromLatin1(c.name) + QStringLiteral(": ") + why));
        }
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        const Json tree = Json::object({{"nan", nan}, {"inf", inf}, {"-inf", -inf}, {"list", {nan, -inf, 1.5}}});
        const QJsonValue qt = QJsonObject{{"nan", nan}, {"inf", inf}, {"-inf", -inf}, {"list", QJsonArray{nan, -inf, 1.5}}};
        QCOMPARE(QByteArray::fromStdString(jsonText(tree, JsonLayout::Compact)),
                 QByteArray(R"({"-inf":null,"inf":null,"list":[null,null,1.5],"nan":null})"));
        const QString why = difference(tree, qt);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    // Numbers in bulk: random bit patterns, powers of ten around several mantissas, integers
    // and simple fractions near and beyond 2^53, a thousand to an array.
    void manyNumbers()
    {
        std::vector<double> values;
        std::mt19937_64 rng(20261124);
        for (int i = 0; i < scaled(100000); ++i) {
            const std::uint64_t bits = rng();
            double d;
            std::memcpy(&d, &bits, sizeof d);
            values.push_back(d);
        }
        for (int e = -330; e <= 310; ++e)
            for (double m : {1.0, 1.5, 1.25, 9.99, 123.456, 7.0})
                values.insert(values.end(), {m * std::pow(10.0, e), -m * std::pow(10.0, e)});
        for (long i = -20000; i <= 20000; ++i)
            values.insert(values.end(), {double(i), i / 8.0, i / 10.0, i * 1000.0, kTwo53 + double(i),
                                         double(i) * 1e12, double(i) * 1024.0 * 1024.0 * 1024.0 * 1024.0});
        for (std::size_t from = 0; from < values.size(); from += 1000) {
            const std::size_t to = std::min(values.size(), from + 1000);
            Json ours = Json::array();
            QJsonArray qt;
            for (std::size_t k = from; k < to; ++k) {
                ours.push_back(values[k]);
                qt.append(values[k]);
            }
            const QString why = difference(ours, qt);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
    }

    // Random trees built twice, as nlohmann and as Qt values, from the same draws.
    void randomTrees()
    {
        constexpr std::uint64_t kFirstSeed = 20261123;
        const int count = scaled(6000);
        for (int i = 0; i < count; ++i) {
            const std::uint64_t seed = kFirstSeed + std::uint64_t(i);
            auto [tree, qt] = RandomTrees(seed).tree();
            const QString why = difference(tree, qt);
            QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("seed %1: ").arg(seed) + why));
        }
    }
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "tst_json_text.moc"
