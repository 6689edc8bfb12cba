// shortestNumber spells numbers exactly as the loader's messages always have (Qt's
// QString::number(v, 'g', QLocale::FloatingPointShortest)), so messages stay the same without Qt.
#include "bonework/io/number_text.h"

#include <QLocale>
#include <QTest>

#include <cmath>
#include <cstring>
#include <random>

using bonework::io::shortestNumber;

namespace {

QString qtSpelling(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

} // namespace

class TestNumberText : public QObject {
    Q_OBJECT

private slots:
    void knownSpellings_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0");
        QTest::newRow("negative zero") << -0.0 << QStringLiteral("0");
        QTest::newRow("integer") << 270.0 << QStringLiteral("270");
        QTest::newRow("negative") << -0.5 << QStringLiteral("-0.5");
        QTest::newRow("plain on a tie") << 10000.0 << QStringLiteral("10000");
        QTest::newRow("exponent when shorter") << 100000.0 << QStringLiteral("1e+05");
        QTest::newRow("huge") << 1e20 << QStringLiteral("1e+20");
        QTest::newRow("tiny") << 1e-5 << QStringLiteral("1e-05");
        QTest::newRow("denormal") << 5e-324 << QStringLiteral("5e-324");
        QTest::newRow("largest") << 1.7976931348623157e308 << QStringLiteral("1.7976931348623157e+308");
    }

    void knownSpellings()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(shortestNumber(value)), text);
        QCOMPARE(qtSpelling(value), text);
    }

    // Every finite bit pattern is fair game: random ones, powers of ten around each mantissa,
    // integers and simple fractions.
    void agreesWithQt()
    {
        std::vector<double> values;
        std::mt19937_64 rng(20261122);
        for (int i = 0; i < 200000; ++i) {
            const std::uint64_t bits = rng();
            double d;
            std::memcpy(&d, &bits, sizeof d);
            if (std::isfinite(d))
                values.push_back(d);
        }
        for (int e = -330; e <= 310; ++e)
            for (double m : {1.0, 1.5, 1.25, 9.99, 123.456, 7.0})
                values.insert(values.end(), {m * std::pow(10.0, e), -m * std::pow(10.0, e)});
        for (long i = -20000; i <= 20000; ++i)
            values.insert(values.end(), {double(i), i / 8.0, i / 10.0, i * 1000.0});
        for (double v : values)
            QCOMPARE(QString::fromStdString(shortestNumber(v)), qtSpelling(v));
    }
};

QTEST_GUILESS_MAIN(TestNumberText)
#include "tst_number_text.moc"
