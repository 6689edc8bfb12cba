// The C API out of memory: a load, a clone and a clip's first sample, with every allocation from
// the nth on failing for each n in turn, return BW_OK or BW_ERROR_MEMORY ("out of memory"),
// never end the program, and leave what they were given usable: no rig out of a failed load or
// clone, and a rig whose first sample failed samples the same pose as a fresh one afterwards.
// (The loader's JSON trees used to be freed by nlohmann::json's destructor, which allocates a
// stack to flatten them: out of memory that threw inside a destructor and aborted.)
#include "counting_allocator.h"
#include "bonework.h"
#include "source_tree.h"

#include <QTest>

#include <string>
#include <vector>

using namespace bonework::testing;

namespace {

std::string example(const char* file)
{
    return bonework::testing::sourceTree().toStdString() + "/resources/examples/" + file;
}

std::vector<double> worldOf(const bw_rig* rig)
{
    std::vector<double> xyd(3 * static_cast<std::size_t>(bw_rig_joint_count(rig)));
    bw_rig_world_transforms(rig, xyd.data(), static_cast<std::size_t>(bw_rig_joint_count(rig)));
    return xyd;
}

// Runs `call` with allocations failing from the nth on (`onlyOne`: the nth alone), for n = 0, 1,
// ... (every 7th past the first 300) until it runs without reaching a failing allocation.
// `call` returns its status; `check` looks at the outcome (the status and whether the injection
// was reached).
template <typename Call, typename Check>
int sweep(const char* what, Call call, Check check, bool onlyOne = false)
{
    int failures = 0;
    for (long long n = 0;; n += n < 300 ? 1 : 7) {
        const long long before = allocationCount();
        if (onlyOne)
            failAllocationAt(n);
        else
            failAllocationsFrom(n);
        const bw_status status = call();
        stopFailingAllocations();
        const bool reached = allocationCount() - before > n;
        if (status != BW_OK && status != BW_ERROR_MEMORY)
            qFatal("%s, allocations failing from the %lldth: status %d (%s)", what, n, int(status), bw_last_error());
        if (status == BW_ERROR_MEMORY) {
            ++failures;
            if (std::string(bw_last_error()) != "out of memory")
                qFatal("%s, allocations failing from the %lldth: message \"%s\"", what, n, bw_last_error());
        }
        check(status, n);
        if (!reached && status == BW_OK) {
            qInfo("%s: %d of %lld runs out of memory", what, failures, n + 1);
            return failures;
        }
    }
}

} // namespace

class TestCApiMemory : public QObject {
    Q_OBJECT

private slots:
    // One allocation failing alone (QA: 592 of the humanoid's returned BW_ERROR_LOAD, "out of
    // memory while reading the rig": the loader caught it, and its message found memory).
    void loadingOutOfMemoryIsAnError_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("onlyOne");
        QTest::newRow("elbow") << QStringLiteral("elbow.rig.json") << false;
        QTest::newRow("humanoid") << QStringLiteral("humanoid.rig.json") << false;
        QTest::newRow("humanoid, one allocation failing") << QStringLiteral("humanoid.rig.json") << true;
    }
    void loadingOutOfMemoryIsAnError()
    {
        QFETCH(QString, file);
        QFETCH(bool, onlyOne);
        const std::string path = example(file.toUtf8().constData());
        const int failures = sweep("loading", [&] {
            bw_rig* rig = reinterpret_cast<bw_rig*>(1);
            const bw_status status = bw_rig_load_file(path.c_str(), &rig);
            if (status != BW_OK && rig)
                qFatal("a failed load gave a rig");
            bw_rig_free(rig);
            return status;
        }, [](bw_status, long long) {}, onlyOne);
        QVERIFY2(failures > 100, "the loads that ran out of memory");
    }

    void cloningAndSamplingOutOfMemoryLeaveTheRigUsable()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json").c_str(), &rig), BW_OK);
        const int clones = sweep("cloning", [&] {
            bw_rig* copy = reinterpret_cast<bw_rig*>(1);
            const bw_status status = bw_rig_clone(rig, &copy);
            if (status != BW_OK && copy)
                qFatal("a failed clone gave a rig");
            bw_rig_free(copy);
            return status;
        }, [](bw_status, long long) {});
        QVERIFY(clones > 50);

        const int32_t walk = bw_rig_find_animation(rig, "walk");
        QVERIFY(walk >= 0);
        bw_rig* fresh = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json").c_str(), &fresh), BW_OK);
        QCOMPARE(bw_rig_sample_animation(fresh, walk, 0.4), BW_OK);
        const std::vector<double> expected = worldOf(fresh);
        bw_rig_free(fresh);
        const std::vector<double> unposed = worldOf(rig);
        // Each round on a rig of its own, whose first sample of the clip runs out of memory: the
        // rig is as it was (QA: with one allocation failing alone, the humanoid's toe had moved),
        // and samples the same pose as a fresh one afterwards.
        for (const bool onlyOne : {false, true}) {
            int samples = 0;
            for (long long n = 0;; n += n < 100 ? 1 : 5) {
                bw_rig* copy = nullptr;
                QCOMPARE(bw_rig_clone(rig, &copy), BW_OK);
                const long long before = allocationCount();
                if (onlyOne)
                    failAllocationAt(n);
                else
                    failAllocationsFrom(n);
                const bw_status status = bw_rig_sample_animation(copy, walk, 0.4);
                stopFailingAllocations();
                const bool reached = allocationCount() - before > n;
                QVERIFY2(status == BW_OK || status == BW_ERROR_MEMORY, bw_last_error());
                if (status == BW_ERROR_MEMORY) {
                    ++samples;
                    if (worldOf(copy) != unposed)
                        QFAIL(qPrintable(QStringLiteral("allocation %1 failing%2: the rig changed").arg(n).arg(onlyOne ? " alone" : " and on")));
                    QCOMPARE(bw_rig_sample_animation(copy, walk, 0.4), BW_OK);
                }
                if (worldOf(copy) != expected)
                    QFAIL(qPrintable(QStringLiteral("allocation %1 failing%2: the sample after it differs").arg(n).arg(onlyOne ? " alone" : " and on")));
                bw_rig_free(copy);
                if (!reached)
                    break;
            }
            QVERIFY(samples > 10);
        }
        bw_rig_free(rig);
    }

    // A message longer than the buffer is cut at a character's boundary, ending in "...".
    void aLongMessageIsCut()
    {
        std::string accents;
        for (int i = 0; i < 1500; ++i)
            accents += "\xC3\xA9"; // é, two bytes: with or without the x, the cut falls inside one
        for (const std::string& tried : {"/nonexistent/" + accents + ".rig.json", "/nonexistent/x" + accents + ".rig.json"}) {
            bw_rig* rig = nullptr;
            QVERIFY(bw_rig_load_file(tried.c_str(), &rig) != BW_OK);
            const std::string message = bw_last_error();
            QVERIFY(message.size() <= 2047);
            QVERIFY(message.size() > 2000);
            QVERIFY(message.ends_with("..."));
            QVERIFY(message.find("\xC3\xA9\xC3\xA9") != std::string::npos);
            // Whole characters before the dots.
            QCOMPARE(static_cast<unsigned char>(message[message.size() - 4]), 0xA9u);
        }
    }
};

QTEST_GUILESS_MAIN(TestCApiMemory)
#include "tst_c_api_memory.moc"
