// The exporters' plain-C++ text pieces, checked against what Qt gave when the exporters used it,
// so reports and files stay as they were: the Spine hash (SHA-1, Base64), the numbers in report
// lines (QString::arg, QLocale), and region names (QChar::isSpace). Seeded, the seed in each
// failure message.
#include "bonework/exporters/message_text.h"
#include "bonework/exporters/sha1.h"
#include "bonework/exporters/slot_art.h"

#include <QCryptographicHash>
#include <QLocale>
#include <QTest>

#include <cmath>
#include <random>

using namespace bonework::exporters;

namespace {

constexpr unsigned kSeed = 20261128u;

QByteArray qtSha1(const std::string& data)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(data), QCryptographicHash::Sha1);
}

QByteArray bytesOf(const std::array<std::uint8_t, 20>& digest)
{
    return QByteArray(reinterpret_cast<const char*>(digest.data()), qsizetype(digest.size()));
}

// The region name as slot_art.cpp made it with QString (the reference the new code must match).
QString qtRegionName(const QString& imagePath)
{
    QString name = imagePath;
    const qsizetype slash = name.lastIndexOf(u'/');
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot > slash + 1)
        name.truncate(dot);
    name.replace(u':', u'_');
    while (!name.isEmpty() && name.front().isSpace())
        name.front() = u'_';
    while (!name.isEmpty() && name.back().isSpace())
        name.back() = u'_';
    return name;
}

} // namespace

class TestExportText : public QObject {
    Q_OBJECT

private slots:
    void sha1KnownDigests()
    {
        // FIPS 180 examples.
        QCOMPARE(bytesOf(sha1("")).toHex(), QByteArray("da39a3ee5e6b4b0d3255bfef95601890afd80709"));
        QCOMPARE(bytesOf(sha1("abc")).toHex(), QByteArray("a9993e364706816aba3e25717850c26c9cd0d89d"));
        QCOMPARE(bytesOf(sha1("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toHex(),
                 QByteArray("84983e441c3bd26ebaae4aa1f95129e5e54670f1"));
        QCOMPARE(bytesOf(sha1(std::string(1000000, 'a'))).toHex(), QByteArray("34aa973cd4c4daa4f61eeb2bdbad27316534016f"));
    }

    void sha1AndBase64AsQt()
    {
        // Every length around the padding's block boundaries, and longer random data.
        std::mt19937 rng(kSeed);
        for (int length = 0; length < 300; ++length) {
            std::string data(std::size_t(length), '\0');
            for (char& c : data)
                c = static_cast<char>(rng());
            const auto digest = sha1(data);
            const QByteArray expected = qtSha1(data);
            QVERIFY2(bytesOf(digest) == expected, qPrintable(QStringLiteral("seed %1, length %2").arg(kSeed).arg(length)));
            QCOMPARE(QByteArray::fromStdString(base64(reinterpret_cast<const std::uint8_t*>(data.data()), data.size())),
                     QByteArray::fromStdString(data).toBase64());
        }
    }

    void numbersAsQtArg()
    {
        std::mt19937_64 rng(kSeed);
        std::uniform_real_distribution<double> value(-1000.0, 1000.0);
        const double fixed[] = {0.0, -0.0, 1.0, 0.1, 1e-5, 1e20, -180.0, 33.3333333, 1e300, 5e-324, 999999.5, 1e6};
        for (double v : fixed)
            QCOMPARE(QString::fromStdString(numberText(v)), QString("%1").arg(v));
        for (int i = 0; i < 20000; ++i) {
            const double v = value(rng) * std::pow(10.0, double(int(rng() % 21) - 10));
            QVERIFY2(QString::fromStdString(numberText(v)) == QString("%1").arg(v),
                     qPrintable(QStringLiteral("seed %1, value %2").arg(kSeed).arg(v, 0, 'g', 17)));
        }
        const QLocale english(QLocale::English);
        const long long counts[] = {0, 1, 999, 1000, 10003, 999999, 1000000, -1234567, 9223372036854775807LL};
        for (long long n : counts)
            QCOMPARE(QString::fromStdString(countText(n)), english.toString(qlonglong(n)));
    }

    void regionNamesAsQt()
    {
        QCOMPARE(QString::fromStdString(regionNameOf("art/arm.png")), QStringLiteral("art/arm"));
        QCOMPARE(QString::fromStdString(regionNameOf("art/.png")), QStringLiteral("art/.png"));
        QCOMPARE(QString::fromStdString(regionNameOf(" a:b \u3000.png")), QStringLiteral("_a_b _"));
        // Random paths of slashes, dots, colons, letters and every kind of space Qt knows.
        const char32_t pieces[] = {U'/', U'.', U':', U'a', U'Z', U' ', U'\t', U'\n', 0x85, 0xA0, 0x1680, 0x2000, 0x200A,
                                   0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0x200B, U'é', 0x1F600};
        std::mt19937 rng(kSeed + 1);
        for (int round = 0; round < 20000; ++round) {
            QString path;
            const int length = int(rng() % 8);
            for (int i = 0; i < length; ++i) {
                const char32_t c = pieces[rng() % std::size(pieces)];
                path += QString::fromUcs4(&c, 1);
            }
            if (path.startsWith(QChar(0xFEFF)))
                continue; // QString::fromStdString would drop it: not what a rig name holds
            QVERIFY2(QString::fromStdString(regionNameOf(path.toStdString())) == qtRegionName(path),
                     qPrintable(QStringLiteral("seed %1, round %2: \"%3\"").arg(kSeed + 1).arg(round).arg(path)));
        }
    }
};

QTEST_APPLESS_MAIN(TestExportText)
#include "tst_export_text.moc"
