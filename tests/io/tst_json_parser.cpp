// parseJsonDocument accepts and refuses exactly what QJsonDocument (the loader's old parser)
// did, stopping at the same byte with the same wording, and reads the same values: checked on
// the corpus, seeded mutations of it and random fragments.
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

// Empty when both parsers agree on `json`, else what differs.
QString disagreement(const QByteArray& json)
{
    QJsonParseError qtError;
    const QJsonDocument qt = QJsonDocument::fromJson(json, &qtError);
    const JsonDocument ours = parseJsonDocument(std::string_view(json.constData(), std::size_t(json.size())));
    const QString wording = QString::fromStdString(std::string(describe(ours.error)));
    if (qtError.error != QJsonParseError::NoError) {
        if (ours.error != JsonSyntaxError::None && wording == qtError.errorString()
            && qsizetype(ours.offset) == qtError.offset)
            return {};
    } else if (ours.error == JsonSyntaxError::None
               && sameValue(qt.isObject() ? QJsonValue(qt.object()) : QJsonValue(qt.array()), ours.root)) {
        return {};
    }
    return QStringLiteral("%1: Qt %2 at %3, ours %4 at %5")
        .arg(QString::fromLatin1(json.left(200).toPercentEncoding()), qtError.errorString())
        .arg(qtError.offset)
        .arg(wording)
        .arg(ours.offset);
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
        for (const QByteArray& base : bases)
            QVERIFY2(disagreement(base).isEmpty(), qPrintable(disagreement(base)));
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
            const QString why = disagreement(m);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        for (int round = 0; round < 30000; ++round) {
            QByteArray m = rng() % 2 ? "{\"a\":" : "[";
            for (int i = int(rng() % 16); i > 0; --i)
                m += pick();
            const QString why = disagreement(m);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
    }
};

QTEST_GUILESS_MAIN(TestJsonParser)
#include "tst_json_parser.moc"
