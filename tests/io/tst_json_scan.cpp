// The light JSON scans behind the loader's messages: member counting (which detects repeated
// keys that QJsonDocument would silently drop), finding the repeated key, and the path at the
// offset of a syntax error.
#include "bonework/io/json_scan.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace bonework::io;

namespace {
std::string_view text(const QByteArray& json)
{
    return {json.constData(), static_cast<std::size_t>(json.size())};
}
} // namespace

class TestJsonScan : public QObject {
    Q_OBJECT

private slots:
    void countMembers_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qsizetype>("members");
        QTest::newRow("empty object") << QByteArray("{}") << qsizetype(0);
        QTest::newRow("flat") << QByteArray("{\"a\":1,\"b\":[1,2],\"c\":{}}") << qsizetype(3);
        QTest::newRow("nested") << QByteArray("{\"a\":{\"b\":{\"c\":1}},\"d\":[{\"e\":1},{\"f\":2}]}") << qsizetype(6);
        QTest::newRow("colons in strings") << QByteArray("{\"a:b\":\"c:d\",\"e\":\"::\"}") << qsizetype(2);
        QTest::newRow("escaped quotes") << QByteArray("{\"a\\\":\":\"b\\\\\",\"c\":\"\\\"x:\"}") << qsizetype(2);
        QTest::newRow("arrays only") << QByteArray("[1,[2,[3]],\"4:5\"]") << qsizetype(0);
    }

    void countMembers()
    {
        QFETCH(QByteArray, json);
        QFETCH(qsizetype, members);
        QVERIFY2(!QJsonDocument::fromJson(json).isNull(), "test input must be valid JSON");
        QCOMPARE(qsizetype(bonework::io::countMembers(text(json))), members);
    }

    void findDuplicateKey_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path"); // empty: no repeated key
        QTest::newRow("none") << QByteArray("{\"a\":1,\"b\":{\"a\":2},\"c\":[{\"a\":1},{\"a\":2}]}") << QString();
        QTest::newRow("top") << QByteArray("{\"a\":1,\"b\":2,\"a\":3}") << QStringLiteral("a");
        QTest::newRow("nested") << QByteArray("{\"j\":[{\"n\":1},{\"n\":1,\"m\":2,\"n\":3}]}") << QStringLiteral("j[1].n");
        QTest::newRow("escaped spelling") << QByteArray("{\"o\":{\"x\":1,\"\\u0078\":2}}") << QStringLiteral("o.x");
        QTest::newRow("same key, sibling objects") << QByteArray("[{\"a\":1},{\"a\":1}]") << QString();
        QTest::newRow("key text as a value") << QByteArray("{\"a\":\"a\",\"b\":\"a\"}") << QString();
        QTest::newRow("odd key") << QByteArray("{\"my key\":1,\"my key\":2}") << QStringLiteral("[\"my key\"]");
    }

    void findDuplicateKey()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QVERIFY2(!QJsonDocument::fromJson(json).isNull(), "test input must be valid JSON");
        const std::optional<std::string> found = bonework::io::findDuplicateKey(text(json));
        QCOMPARE(found.has_value(), !path.isEmpty());
        if (found)
            QCOMPARE(QString::fromStdString(*found), path);
    }

    // Counting agrees with the parsed document exactly when no key repeats (the loader's cue).
    void countingDetectsRepeats()
    {
        const QByteArray clean = "{\"a\":1,\"b\":{\"c\":2,\"d\":3}}";
        const QByteArray repeated = "{\"a\":1,\"b\":{\"c\":2,\"c\":3}}";
        auto parsedMembers = [](const QByteArray& json) {
            const QJsonObject top = QJsonDocument::fromJson(json).object();
            return top.size() + top.value(QStringLiteral("b")).toObject().size();
        };
        QCOMPARE(qsizetype(bonework::io::countMembers(text(clean))), parsedMembers(clean));
        QVERIFY(qsizetype(bonework::io::countMembers(text(repeated))) > parsedMembers(repeated));
    }

    void jsonPathAtOffset()
    {
        const QByteArray json = "{\"a\":[1,{\"b\":1e999}]}";
        const auto afterNumber = static_cast<std::size_t>(json.indexOf("1e999") + 5);
        QCOMPARE(bonework::io::jsonPathAtOffset(text(json), afterNumber), std::string("a[1].b"));
        QCOMPARE(bonework::io::jsonPathAtOffset(text(json), 0), std::string());
        QCOMPARE(bonework::io::jsonPathAtOffset(text(json), 1), std::string());
        QCOMPARE(bonework::io::jsonPathAtOffset(text(json), 1000), std::string()); // past the end: all closed
        // Deeper than 32 levels: the last member named within them, or the top level if none is.
        const QByteArray deep = "{\"a\":[{\"b\":" + QByteArray(40, '[') + "1e999";
        QCOMPARE(bonework::io::jsonPathAtOffset(text(deep), std::size_t(deep.size())), std::string("a[0].b"));
        const QByteArray arrays = QByteArray(40, '[') + "1e999";
        QCOMPARE(bonework::io::jsonPathAtOffset(text(arrays), std::size_t(arrays.size())), std::string());
    }
};

QTEST_GUILESS_MAIN(TestJsonScan)
#include "tst_json_scan.moc"
