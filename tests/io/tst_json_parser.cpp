// parseJsonDocument refuses what QJsonDocument (the loader's old parser) refused, stopping at
// the same byte with the same wording, and reads the same values from what both accept. It is
// stricter, as RFC 8259: unknown escapes, raw control characters in strings and numbers outside
// JSON's grammar, which QJsonDocument let through, are refused where they stand (pinned in
// strictRefusals), and whatever it accepts nlohmann's strict parser accepts too. Checked on the
// corpus, seeded mutations of it and random fragments.
#include "bonework/io/json_parser.h"
#include "source_tree.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cstring>
#include <random>
#include <regex>
#include <set>

using namespace bonework::io;

namespace {

// Decodes the parser's UTF-8 (with lone surrogates kept as WTF-8) into UTF-16.
QString fromWtf8(const std::string& s)
{
    QString out;
    for (std::size_t i = 0; i < s.size();) {
        const auto lead = static_cast<unsigned char>(s[i]);
        const int length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
        char32_t c = length == 1 ? lead : lead & (0xFF >> (length + 1));
        for (int k = 1; k < length; ++k)
            c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        i += static_cast<std::size_t>(length);
        if (c >= 0x10000) {
            out += QChar(QChar::highSurrogate(c));
            out += QChar(QChar::lowSurrogate(c));
        } else {
            out += QChar(static_cast<char16_t>(c));
        }
    }
    return out;
}

bool sameValue(const QJsonValue& q, const nlohmann::json& n)
{
    switch (q.type()) {
    case QJsonValue::Null: return n.is_null();
    case QJsonValue::Bool: return n.is_boolean() && n.get<bool>() == q.toBool();
    case QJsonValue::Double: {
        const double a = q.toDouble();
        const double b = n.is_number_float() ? n.get<double>() : 1.5;
        return n.is_number_float() && std::memcmp(&a, &b, sizeof a) == 0; // bit-exact, sign of 0 too
    }
    case QJsonValue::String: return n.is_string() && fromWtf8(n.get<std::string>()) == q.toString();
    case QJsonValue::Array: {
        const QJsonArray a = q.toArray();
        if (!n.is_array() || std::size_t(a.size()) != n.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i)
            if (!sameValue(a[i], n[std::size_t(i)]))
                return false;
        return true;
    }
    case QJsonValue::Object: {
        const QJsonObject o = q.toObject();
        if (!n.is_object() || std::size_t(o.size()) != n.size())
            return false;
        for (auto it = n.begin(); it != n.end(); ++it) {
            const QString key = fromWtf8(it.key());
            if (!o.contains(key) || !sameValue(o.value(key), it.value()))
                return false;
        }
        return true;
    }
    case QJsonValue::Undefined: break;
    }
    return false;
}

bool holdsLoneSurrogate(const nlohmann::json& n)
{
    if (n.is_string())
        return !isLoneSurrogateFree(n.get_ref<const std::string&>());
    if (n.is_object()) {
        for (auto it = n.begin(); it != n.end(); ++it)
            if (!isLoneSurrogateFree(it.key()) || holdsLoneSurrogate(it.value()))
                return true;
    } else if (n.is_array()) {
        for (const nlohmann::json& v : n)
            if (holdsLoneSurrogate(v))
                return true;
    }
    return false;
}

// Whether the character at `offset` is what a refusal QJsonDocument did not make says, judged
// from the text alone: the letter of an unknown escape, a raw control character in a string, or
// a character inside (or just after) a number token outside JSON's grammar.
bool strictRefusalStandsThere(const QByteArray& json, JsonSyntaxError error, qsizetype offset)
{
    if (offset < 0 || offset > json.size())
        return false;
    switch (error) {
    case JsonSyntaxError::IllegalEscapeSequence: {
        if (offset == 0 || offset >= json.size() || (json[offset] != 0 && std::strchr("\"\\/bfnrtu", json[offset])))
            return false;
        qsizetype backslashes = 0; // an odd run before the letter: the last one starts an escape
        while (offset - backslashes > 0 && json[offset - backslashes - 1] == '\\')
            ++backslashes;
        return backslashes % 2 == 1;
    }
    case JsonSyntaxError::ControlCharacterInString:
        return offset < json.size() && static_cast<unsigned char>(json[offset]) < 0x20;
    case JsonSyntaxError::MalformedNumber: {
        static const std::regex number("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
        const auto inToken = [&](qsizetype i) { return std::strchr("0123456789+-.eE", json[i]) && json[i] != 0; };
        qsizetype begin = offset, end = offset;
        while (begin > 0 && inToken(begin - 1))
            --begin;
        while (end < json.size() && inToken(end))
            ++end;
        return !std::regex_match(json.constData() + begin, json.constData() + end, number);
    }
    default:
        return false;
    }
}

// Empty when both parsers agree on `json` (or ours refuses, where it should, what
// QJsonDocument let through: then added to `stricter`), else what differs.
QString disagreement(const QByteArray& json, std::set<JsonSyntaxError>* stricter = nullptr)
{
    QJsonParseError qtError;
    const QJsonDocument qt = QJsonDocument::fromJson(json, &qtError);
    const JsonDocument ours = parseJsonDocument(std::string_view(json.constData(), std::size_t(json.size())));
    const QString wording = QString::fromStdString(std::string(describe(ours.error)));
    const auto rfc8259 = [&] { return nlohmann::json::accept(json.constData(), json.constData() + json.size()); };
    QString why;
    if (qtError.error != QJsonParseError::NoError && ours.error != JsonSyntaxError::None
        && wording == qtError.errorString() && qsizetype(ours.offset) == qtError.offset) {
        return {};
    } else if (qtError.error == QJsonParseError::NoError && ours.error == JsonSyntaxError::None) {
        if (!sameValue(qt.isObject() ? QJsonValue(qt.object()) : QJsonValue(qt.array()), ours.root))
            why = QStringLiteral("different values");
        else if (!holdsLoneSurrogate(ours.root) && !rfc8259())
            why = QStringLiteral("accepted, but not RFC 8259 JSON");
        else
            return {};
    } else if (ours.error != JsonSyntaxError::None
               && (qtError.error == QJsonParseError::NoError || qtError.offset >= qsizetype(ours.offset))) {
        // A refusal QJsonDocument did not make (before it stopped, if it did).
        if (!strictRefusalStandsThere(json, ours.error, qsizetype(ours.offset)))
            why = QStringLiteral("refused, but not for a reason at that offset");
        else if (rfc8259())
            why = QStringLiteral("refused, but RFC 8259 JSON");
        else {
            if (stricter)
                stricter->insert(ours.error);
            return {};
        }
    }
    return QStringLiteral("%1: Qt %2 at %3, ours %4 at %5 %6")
        .arg(QString::fromLatin1(json.left(200).toPercentEncoding()), qtError.errorString())
        .arg(qtError.offset)
        .arg(wording)
        .arg(ours.offset)
        .arg(why);
}

} // namespace

class TestJsonParser : public QObject {
    Q_OBJECT

private slots:
    void edgeCases_data()
    {
        QTest::addColumn<QByteArray>("json");
        for (const char* text :
             {"[1e-400]", "[5e-324]", "[-0]", "[-0.0]", "[1.]", "[.5]", "[-]", "[1e]", "[\"\\ud800\"]",
              "[\"\\ud800\\udc00\"]", "[\"\\udc00\\ud800\"]", "[\"\\u12\"]", "[\"\\u+123\"]", "[\"\\a\"]",
              "[\"x\ny\"]", "[9007199254740993]", "[123456789012345678901234567890]", "[1E400]", "[01]",
              "\xef\xbb\xbf[1]", "\xef\xbb\xbf", "[]", "{}", " ", "[nul]", "[null", "[tru]", "[\"a\"", "[\"\\",
              "[\"\\n\\", "{\"a\"}", "{\"a\":}", "{\"a\" 1}", "{\"a\":1,}", "[1,]", "[1 2]", "{,}", "[1]x"})
            QTest::newRow(text) << QByteArray(text);
        QTest::newRow("deep") << QByteArray(2000, '[');
    }

    void edgeCases()
    {
        QFETCH(QByteArray, json);
        const QString why = disagreement(json);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    // What QJsonDocument let through and RFC 8259 does not, and its neighbours: the error and
    // the offset (None: read, to `value` when one is given).
    void strictRefusals_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("error"); // JsonSyntaxError
        QTest::addColumn<int>("offset");
        QTest::addColumn<QByteArray>("value"); // the value read, as JSON (all numbers are doubles)
        using E = JsonSyntaxError;
        const auto row = [](const char* name, const QByteArray& json, E error, int offset, const char* value = "") {
            QTest::newRow(name) << json << int(error) << offset << QByteArray(value);
        };
        // Escapes: only \" \\ \/ \b \f \n \r \t \uXXXX; the error is the letter after the backslash.
        row("escape \\q", "[\"r\\q\"]", E::IllegalEscapeSequence, 4);
        row("escape \\a", "[\"\\a\"]", E::IllegalEscapeSequence, 3);
        row("escape \\x", "[\"\\x41\"]", E::IllegalEscapeSequence, 3);
        row("escape \\'", "[\"\\'\"]", E::IllegalEscapeSequence, 3);
        row("escape \\0", "[\"\\0\"]", E::IllegalEscapeSequence, 3);
        row("escape \\U", "[\"\\U0041\"]", E::IllegalEscapeSequence, 3);
        row("escape \\space", "[\"\\ \"]", E::IllegalEscapeSequence, 3);
        row("escape \\e-acute", "[\"\\\xc3\xa9\"]", E::IllegalEscapeSequence, 3);
        row("escape after a good one", "[\"ok\\n\\q\"]", E::IllegalEscapeSequence, 7);
        row("escape after an escaped backslash", "[\"\\\\\\q\"]", E::IllegalEscapeSequence, 5);
        row("escape in a key", "{\"a\\qb\":1}", E::IllegalEscapeSequence, 4);
        row("escape before a later error", "[\"\\q\"", E::IllegalEscapeSequence, 3);
        row("every escape", "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\"]", E::None, 0,
            "[\"\\\"\\\\/\\b\\f\\n\\r\\tA\\u00e9\"]");
        row("escaped backslash, then q", "[\"\\\\q\"]", E::None, 0, "[\"\\\\q\"]");
        // Raw control characters U+0000..U+001F in strings; the error is the character. DEL is text.
        row("tab", "[\"a\tb\"]", E::ControlCharacterInString, 3);
        row("newline", "[\"x\ny\"]", E::ControlCharacterInString, 3);
        row("carriage return", "[\"\r\"]", E::ControlCharacterInString, 2);
        row("U+0000", QByteArray("[\"\0\"]", 5), E::ControlCharacterInString, 2);
        row("U+001F", "[\"\x1f\"]", E::ControlCharacterInString, 2);
        row("control character in a key", "{\"a\tb\":1}", E::ControlCharacterInString, 3);
        row("control character in an unterminated string", "[\"abc\n", E::ControlCharacterInString, 5);
        row("control character after an escape", "[\"\\n\t\"]", E::ControlCharacterInString, 4);
        row("space and DEL", "[\" \x7f\"]", E::None, 0, "[\" \x7f\"]");
        // Numbers: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; the error is the first character
        // that breaks it. QJsonDocument read the first ones; the others it refused the same way.
        row("leading dot", "[.5]", E::MalformedNumber, 1);
        row("minus, leading dot", "[-.5]", E::MalformedNumber, 2);
        row("trailing dot", "[1.]", E::MalformedNumber, 3);
        row("trailing dot before a comma", "[1.,2]", E::MalformedNumber, 3);
        row("dot, exponent", "[1.e5]", E::MalformedNumber, 3);
        row("member, leading dot", "{\"a\":.5}", E::MalformedNumber, 5);
        row("member, trailing dot", "{\"a\":1.}", E::MalformedNumber, 7);
        row("leading zero", "[01]", E::MalformedNumber, 2);
        row("minus, leading zero", "[-01]", E::MalformedNumber, 3);
        row("two zeros", "[00]", E::MalformedNumber, 2);
        row("leading zero, fraction", "[01.5]", E::MalformedNumber, 2);
        row("exponent without digits", "[1e]", E::MalformedNumber, 3);
        row("exponent sign without digits", "[1e+]", E::MalformedNumber, 4);
        row("fraction, exponent without digits", "[1.5E-]", E::MalformedNumber, 6);
        row("plus", "[+1]", E::MalformedNumber, 1);
        row("minus alone", "[-]", E::MalformedNumber, 2);
        row("minus, letter", "[-x]", E::MalformedNumber, 2);
        row("inf", "[inf]", E::MalformedNumber, 1);
        row("Infinity", "[Infinity]", E::MalformedNumber, 1);
        row("minus Infinity", "[-Infinity]", E::MalformedNumber, 2);
        row("nan", "[nan]", E::IllegalValue, 2);
        row("hexadecimal", "[0x10]", E::MissingValueSeparator, 3);
        row("text ends after the dot", "[1.", E::TerminationByNumber, 3);
        row("text ends after the minus", "[-", E::TerminationByNumber, 2);
        row("text ends after a leading dot", "[.5", E::MalformedNumber, 1);
        row("overflow", "[1e999]", E::IllegalNumber, 6);
        row("underflow", "[1e-400]", E::IllegalNumber, 7);
        row("good numbers", "[0,-0,0.5,-0.5,1e5,1E+5,1e-5,10,120.25,0e0,-0.0e-0,9007199254740993,5e-324]", E::None, 0,
            "[0.0,0.0,0.5,-0.5,1e5,1e5,1e-5,10.0,120.25,0.0,0.0,9007199254740992.0,5e-324]");
    }

    void strictRefusals()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, error);
        QFETCH(int, offset);
        QFETCH(QByteArray, value);
        const JsonDocument doc = parseJsonDocument(std::string_view(json.constData(), std::size_t(json.size())));
        QCOMPARE(int(doc.error), error);
        QCOMPARE(int(doc.offset), offset);
        if (error == int(JsonSyntaxError::None) && !value.isEmpty()) {
            const nlohmann::json expected = nlohmann::json::parse(value.constData(), value.constData() + value.size());
            QCOMPARE(QString::fromStdString(doc.root.dump()), QString::fromStdString(expected.dump()));
        }
        if (error != int(JsonSyntaxError::None) && error != int(JsonSyntaxError::IllegalNumber))
            QVERIFY(!nlohmann::json::accept(json.constData(), json.constData() + json.size()));
    }

    void newWording()
    {
        QCOMPARE(describe(JsonSyntaxError::MalformedNumber), std::string_view("illegal number"));
        QCOMPARE(describe(JsonSyntaxError::ControlCharacterInString),
                 std::string_view("unescaped control character in string"));
    }

    void corpusAndMutations()
    {
        std::vector<QByteArray> bases;
        const QString root = bonework::testing::sourceTree() + QStringLiteral("/tests/io/");
        for (const char* sub : {"valid", "invalid"}) {
            for (const QString& name : QDir(root + QLatin1String(sub)).entryList({QStringLiteral("*.json")})) {
                QFile f(root + QLatin1String(sub) + u'/' + name);
                QVERIFY(f.open(QIODevice::ReadOnly));
                bases.push_back(f.readAll());
            }
        }
        QVERIFY(bases.size() > 70);
        std::mt19937_64 rng(20261122);
        static const char alphabet[] = "0123456789-+.eE\"{}[],:\\u tnrfbal/\xef\xbb\xbf\xed\xa0\x80\xc3\xa9\x01\x7f\xff";
        auto pick = [&] { return alphabet[rng() % (sizeof alphabet - 1)]; };
        std::set<JsonSyntaxError> stricter; // the refusals QJsonDocument did not make that were met
        for (const QByteArray& base : bases)
            QVERIFY2(disagreement(base, &stricter).isEmpty(), qPrintable(disagreement(base)));
        for (int round = 0; round < 30000; ++round) {
            QByteArray m = bases[rng() % bases.size()];
            for (int e = 1 + int(rng() % 4); e > 0 && !m.isEmpty(); --e) {
                const auto at = qsizetype(rng() % std::uint64_t(m.size()));
                switch (rng() % 3) {
                case 0: m[at] = pick(); break;
                case 1: m.remove(at, 1 + qsizetype(rng() % 4)); break;
                default: m.insert(at, pick()); break;
                }
            }
            const QString why = disagreement(m, &stricter);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        for (int round = 0; round < 30000; ++round) {
            QByteArray m = rng() % 2 ? "{\"a\":" : "[";
            for (int i = int(rng() % 16); i > 0; --i)
                m += pick();
            const QString why = disagreement(m, &stricter);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        // The mutations reach each of them, so the checks above judged each.
        QCOMPARE(stricter, (std::set<JsonSyntaxError>{JsonSyntaxError::MalformedNumber, JsonSyntaxError::IllegalEscapeSequence,
                                                      JsonSyntaxError::ControlCharacterInString}));
    }
};

QTEST_GUILESS_MAIN(TestJsonParser)
#include "tst_json_parser.moc"
