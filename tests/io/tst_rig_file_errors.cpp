// The strict loader: every file in tests/io/invalid/ (each one edit of valid/arm.json or, for
// slots and version 2, of valid/arm_slots.json, for animations of valid/arm_animated.json) is refused with its exact JSON path and
// message, nothing is half-loaded, and hostile input (deep nesting, random bytes, invalid
// UTF-8, huge files, long parent walks) ends in an error in bounded time without crashing.
#include "bonework/io/rig_file.h"
#include "source_tree.h"
#include "std_text.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <random>

#include <sys/stat.h>
#include <unistd.h>

using namespace bonework;
using namespace bonework::io;
using bonework::testing::localPath;
using bonework::testing::qt;
using bonework::testing::view;

namespace {

QString corpusDir(const QString& sub)
{
    return bonework::testing::sourceTree() + QStringLiteral("/tests/io/") + sub;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// Every invalid file, the JSON path its error must name and the exact message.
struct Expected {
    const char* file;
    const char* path;
    const char* message;
};

const Expected kInvalid[] = {
    {"not_json", "joints[0]", "not valid JSON: illegal value at offset 55 (line 2, column 15)"},
    {"empty", "", "the file is empty"},
    {"top_level_array", "", "must hold a JSON object, not an array"},
    {"missing_format", "format",
     "is required: this is not a Bonework rig file (expected \"format\": \"bonework.rig\")"},
    {"unknown_format", "format", "unknown format \"spine\" (expected \"bonework.rig\")"},
    {"format_not_string", "format", "must be a string, not a number"},
    {"newer_version", "version", "was written by a newer Bonework (version 5); this build reads versions 1 to 4"},
    {"older_version", "version", "unsupported version 0; this build reads versions 1 to 4"},
    {"version_fraction", "version", "must be a whole number, not 1.5"},
    {"version_string", "version", "must be a number, not a string"},
    {"missing_version", "version", "is required"},
    {"unknown_top_field", "jionts",
     "unknown field (expected one of: format, version, name, shape, joints, chains)"},
    {"odd_top_field", "[\"my field\\\"\"]",
     "unknown field (expected one of: format, version, name, shape, joints, chains)"},
    {"unknown_top_field_v2", "jionts",
     "unknown field (expected one of: format, version, name, shape, joints, chains, slots, animations)"},
    {"name_not_string", "name", "must be a string, not a number"},
    {"unknown_shape", "shape", "must be \"bone\", \"box\" or \"ball\", not \"triangle\""},
    {"missing_joints", "joints", "is required"},
    {"joints_not_array", "joints", "must be an array, not an object"},
    {"no_joints", "joints", "a rig needs at least one joint (a root)"},
    {"joint_not_object", "joints[1]", "must be an object, not a number"},
    {"joint_missing_name", "joints[1].name", "is required"},
    {"joint_empty_name", "joints[1].name", "must not be empty"},
    {"joint_control_name", "joints[1].name", "must not contain control characters"},
    {"chain_control_name", "chains[0].name", "must not contain control characters"},
    {"rig_name_control", "name", "must not contain control characters"},
    {"joint_name_number", "joints[2].name", "must be a string, not a number"},
    {"duplicate_joint_name", "joints[2].name", "duplicate joint name \"elbow\" (already used by joints[1])"},
    {"unknown_parent", "joints[2].parent", "unknown joint \"elbw\""},
    {"parent_null", "joints[2].parent", "must be a string, not null"},
    {"own_parent", "joints[2].parent", "a joint cannot be its own parent"},
    {"cycle", "joints[3].parent",
     "the parents form a cycle: \"a\" -> \"b\" -> \"c\" -> \"a\" (each is the parent of the next)"},
    {"no_root", "joints", "no root joint: every joint has a parent"},
    {"length_zero", "joints[1].length", "must be greater than 0, not 0"},
    {"length_too_long", "joints[1].length", "must be at most 1e290, not 1e+308"},
    {"root_too_far", "joints[0].x", "must lie within [-1e300, 1e300], not -1.5e+300"},
    {"length_negative", "joints[2].length", "must be greater than 0, not -1"},
    {"length_missing", "joints[2].length", "is required"},
    {"length_string", "joints[1].length", "must be a number, not a string"},
    {"huge_exponent", "joints[1].length",
     "not valid JSON: illegal number (numbers must be finite doubles) at offset 246 (line 15, column 22)"},
    {"min_greater_than_max", "joints[1].min", "is greater than max (10 > 5)"},
    {"min_out_of_range", "joints[1].min", "must lie within [-180, 180], not -200"},
    {"max_out_of_range", "joints[2].max", "must lie within [-180, 180], not 181"},
    {"angle_outside_limits", "joints[2].angle", "-10 lies outside the limits [0, 150]"},
    {"angle_outside_default_limits", "joints[1].angle", "190 lies outside the limits [-180, 180]"},
    {"root_with_length", "joints[0].length", "a root joint has no bone (give the joint a parent)"},
    {"root_with_angle", "joints[0].angle", "a root joint's direction is \"rotation\", not \"angle\""},
    {"root_with_limits", "joints[0].min", "a root joint has no angle limits"},
    {"bone_with_position", "joints[1].x", "only a root joint has a position (this joint has a parent)"},
    {"bone_with_rotation", "joints[1].rotation",
     "only a root joint has a rotation; a bone's direction is \"angle\""},
    {"root_rotation_out_of_range", "joints[0].rotation", "must lie within [-180, 180], not 270"},
    {"pinned_not_bool", "joints[2].pinned", "must be true or false, not a number"},
    {"unknown_joint_field", "joints[1].lenght",
     "unknown field (expected one of: name, parent, x, y, rotation, length, angle, min, max, pinned)"},
    {"chains_not_array", "chains", "must be an array, not an object"},
    {"chain_not_object", "chains[0]", "must be an object, not a string"},
    {"chain_missing_solver", "chains[0].solver", "is required"},
    {"chain_missing_target", "chains[0].target", "is required"},
    {"chain_unknown_solver", "chains[0].solver",
     "unknown solver \"jacobian\" (expected one of: follow, reach, fabrik, ccd, two-bone, relax)"},
    {"chain_unknown_root", "chains[0].root", "unknown joint \"neck\""},
    {"chain_tip_not_under_root", "chains[0].tip", "\"elbow\" is not under the root \"hand\""},
    {"chain_no_bone", "chains[0].tip", "is the chain's root: a ccd chain needs at least one bone"},
    {"two_bone_one_bone", "chains[0].solver",
     "a two-bone chain must be exactly two bones long; \"shoulder\" to \"elbow\" is 1 bone"},
    {"chain_duplicate_name", "chains[1].name", "duplicate chain name \"arm\" (already used by chains[0])"},
    {"chain_bad_bend", "chains[0].bend", "must be \"positive\" or \"negative\", not \"left\""},
    {"chain_iterations_fraction", "chains[0].iterations", "must be a whole number, not 2.5"},
    {"chain_iterations_zero", "chains[0].iterations", "must be between 1 and 100000, not 0"},
    {"chain_negative_tolerance", "chains[0].tolerance", "must be 0 or more, not -0.5"},
    {"chain_mix_above_one", "chains[0].mix", "must be between 0 and 1, not 1.5"},
    {"chain_unknown_field", "chains[0].weight",
     "unknown field (expected one of: name, root, tip, solver, bend, iterations, tolerance, target, mix)"},
    {"target_point_and_joint", "chains[0].target.x",
     "a target is either a point {\"x\", \"y\"} or a joint {\"joint\"}, not both"},
    {"target_missing_y", "chains[0].target.y", "is required"},
    {"target_unknown_joint", "chains[0].target.joint", "unknown joint \"ghost\""},
    {"target_x_string", "chains[0].target.x", "must be a number, not a string"},
    {"chain_target_too_far", "chains[0].target.x", "must lie within [-1e300, 1e300], not 1e+301"},
    {"animation_angle_on_root", "animations[0].joints.shoulder.angle", "a root has no angle: key its x, y and rotation"},
    {"animation_angle_outside_limits", "animations[0].joints.elbow.angle[1].value", "must lie within the joint's limits [-170, 170], not 171"},
    {"animation_bad_curve_name", "animations[0].joints.elbow.angle[0].curve", "must be \"linear\", \"stepped\" or [x1, y1, x2, y2], not \"bouncy\""},
    {"animation_curve_overshoots", "animations[0].joints.elbow.angle[1].curve[1]", "must lie within [0, 1] (a curve never overshoots its keys), not -0.5"},
    {"animation_curve_three_numbers", "animations[0].joints.elbow.angle[1].curve", "must be \"linear\", \"stepped\" or [x1, y1, x2, y2]"},
    {"animation_duplicate_name", "animations[1].name", "duplicate animation name \"wave\" (already used by animations[0])"},
    {"animation_key_missing_time", "animations[0].joints.elbow.angle[0].time", "is required"},
    {"animation_key_missing_value", "animations[0].joints.elbow.angle[0].value", "is required"},
    {"animation_missing_duration", "animations[0].duration", "is required"},
    {"animation_missing_name", "animations[0].name", "is required"},
    {"animation_control_name", "animations[0].name", "must not contain control characters"},
    {"animation_mix_above_one", "animations[0].chains.arm.mix[0].value", "must lie within the mix's range [0, 1], not 1.5"},
    {"animation_opacity_negative", "animations[0].slots.forearm.opacity[0].value", "must lie within the opacity's range [0, 1], not -0.25"},
    {"animation_target_missing_y", "animations[0].chains.arm.target[0].y", "is required"},
    {"animation_time_outside", "animations[0].joints.elbow.angle[2].time", "must lie within the clip's duration [0, 2], not 2.5"},
    {"animation_times_not_increasing", "animations[0].joints.elbow.angle[1].time", "must be later than the key before (0), not 0"},
    {"animation_unknown_chain", "animations[0].chains.leg", "unknown chain \"leg\""},
    {"animation_root_key_too_far", "animations[0].joints.shoulder.x[0].value", "must lie within [-1e300, 1e300], not 1e+308"},
    {"animation_target_key_too_far", "animations[0].chains.arm.target[1].y", "must lie within [-1e300, 1e300], not -1.5e+300"},
    {"animation_unknown_channel", "animations[0].joints.elbow.scale", "unknown field (expected one of: angle, x, y, rotation)"},
    {"animation_unknown_field", "animations[0].speed", "unknown field (expected one of: name, duration, joints, chains, slots)"},
    {"animation_loop_in_version_2", "animations[0].loop",
     "needs \"version\": 3 (a clip's loop flag is new in version 3; this file says version 2)"},
    {"animation_loop_not_bool", "animations[0].loop", "must be true or false, not a string"},
    {"animation_unknown_joint", "animations[0].joints.wrist", "unknown joint \"wrist\""},
    {"animation_unknown_slot", "animations[0].slots.cape", "unknown slot \"cape\""},
    {"animation_visible_not_bool", "animations[0].slots.forearm.visible[0].value", "must be true or false, not a number"},
    {"animation_image_not_string", "animations[0].slots.forearm.image[1].value", "must be a string, not a number"},
    {"animation_image_empty", "animations[0].slots.forearm.image[0].value", "must not be empty"},
    {"animation_image_absolute", "animations[0].slots.forearm.image[1].value", "must be relative to the rig file's folder, not absolute"},
    {"animation_image_backslash", "animations[0].slots.forearm.image[0].value", "must separate folders with \"/\", not \"\\\""},
    {"animation_image_control_character", "animations[0].slots.forearm.image[0].value", "must not contain control characters"},
    {"animation_image_with_curve", "animations[0].slots.forearm.image[0].curve", "unknown field (expected one of: time, value)"},
    {"animation_image_missing_value", "animations[0].slots.forearm.image[1].value", "is required"},
    {"animation_image_times_not_increasing", "animations[0].slots.forearm.image[1].time", "must be later than the key before (1), not 0.5"},
    {"animation_unknown_slot_channel", "animations[0].slots.forearm.frame", "unknown field (expected one of: visible, opacity, image)"},
    {"animation_zero_duration", "animations[0].duration", "must be greater than 0, not 0"},
    {"animations_in_version_1", "animations", "needs \"version\": 2 (animations are new in version 2; this file says version 1)"},
    {"animations_not_array", "animations", "must be an array, not an object"},
    {"slots_in_version_1", "slots", "needs \"version\": 2 (slots are new in version 2; this file says version 1)"},
    {"slots_not_array", "slots", "must be an array, not an object"},
    {"slot_not_object", "slots[0]", "must be an object, not a string"},
    {"slot_missing_name", "slots[0].name", "is required"},
    {"slot_missing_bone", "slots[0].bone", "is required"},
    {"slot_missing_image", "slots[0].image", "is required"},
    {"slot_empty_name", "slots[0].name", "must not be empty"},
    {"slot_control_name", "slots[0].name", "must not contain control characters"},
    {"slot_unknown_bone", "slots[0].bone", "unknown joint \"elbw\""},
    {"slot_duplicate_name", "slots[1].name", "duplicate slot name \"upper_arm\" (already used by slots[0])"},
    {"slot_image_not_string", "slots[0].image", "must be a string, not a number"},
    {"slot_empty_image", "slots[0].image", "must not be empty"},
    {"slot_absolute_image", "slots[0].image", "must be relative to the rig file's folder, not absolute"},
    {"slot_drive_letter_image", "slots[0].image", "must be relative to the rig file's folder, not absolute"},
    {"slot_backslash_image", "slots[0].image", "must separate folders with \"/\", not \"\\\""},
    {"slot_empty_folder_image", "slots[0].image", "must not have an empty folder name (\"//\", or \"/\" at the end)"},
    {"slot_control_character_image", "slots[0].image", "must not contain control characters"},
    {"slot_scale_zero", "slots[0].scaleX", "must not be 0 (below 0 mirrors the image; 0 would flatten it)"},
    {"slot_scale_negative", "slots[1].scaleY",
     "needs \"version\": 4 (a mirrored image, a negative scale, is new in version 4; this file says version 2)"},
    {"slot_scale_too_large", "slots[0].scaleY", "must lie within [-1e150, 1e150], not 1e+200"},
    {"slot_mirror_too_large", "slots[0].scaleX", "must lie within [-1e150, 1e150], not -1e+151"},
    {"slot_offset_too_far", "slots[1].y", "must lie within [-1e300, 1e300], not -1e+301"},
    {"slot_pivot_too_far", "slots[1].pivotY", "must lie within [-1e140, 1e140], not -2e+140"},
    {"slot_opacity_above_one", "slots[0].opacity", "must be between 0 and 1, not 1.5"},
    {"slot_opacity_negative", "slots[1].opacity", "must be between 0 and 1, not -0.25"},
    {"slot_x_string", "slots[0].x", "must be a number, not a string"},
    {"slot_pivot_null", "slots[0].pivotX", "must be a number, not null"},
    {"slot_visible_not_bool", "slots[0].visible", "must be true or false, not a number"},
    {"slot_unknown_field", "slots[0].alpha",
     "unknown field (expected one of: name, bone, image, x, y, rotation, scaleX, scaleY, pivotX, pivotY, opacity, visible)"},
    {"slot_huge_number", "slots[1].rotation",
     "not valid JSON: illegal number (numbers must be finite doubles) at offset 1157 (line 66, column 25)"},
    {"slot_duplicate_key", "slots[0].x", "is given more than once in the same object"},
    {"invalid_utf8", "name", "not valid JSON: invalid UTF8 string at offset 59 (line 4, column 14)"},
    {"lone_surrogate", "joints[2].name", "is not valid Unicode (lone surrogate escape)"},
    {"duplicate_key_in_joint", "joints[1].length", "is given more than once in the same object"},
    {"duplicate_key_top_level", "name", "is given more than once in the same object"},
    {"duplicate_key_escaped", "chains[0].target.x", "is given more than once in the same object"},
    {"deep_nesting", "joints", "not valid JSON: too deeply nested document at offset 1075 (line 1, column 1076)"},
    {"trailing_garbage", "", "not valid JSON: garbage at the end of the document at offset 731 (line 45, column 2)"},
    {"string_unknown_escape", "joints[2].parent", "not valid JSON: invalid escape sequence at offset 358 (line 22, column 23)"},
    {"string_control_character", "joints[1].name",
     "not valid JSON: unescaped control character in string at offset 194 (line 13, column 21)"},
    {"number_leading_dot", "chains[0].tolerance",
     "not valid JSON: illegal number (numbers must look like 12, -0.5 or 1e-3) at offset 653 (line 38, column 20)"},
    {"number_trailing_dot", "joints[1].length",
     "not valid JSON: illegal number (numbers must look like 12, -0.5 or 1e-3) at offset 245 (line 15, column 21)"},
    {"number_leading_zero", "joints[0].x",
     "not valid JSON: illegal number (numbers must look like 12, -0.5 or 1e-3) at offset 121 (line 8, column 13)"},
    {"number_plus_sign", "joints[0].y",
     "not valid JSON: illegal number (numbers must look like 12, -0.5 or 1e-3) at offset 136 (line 9, column 12)"},
};

// A rig whose file is refused must come back with no rig at all and a complete error.
void verifyRefused(const LoadResult& r, const QString& context)
{
    QVERIFY2(!r.ok(), qPrintable(context + QStringLiteral(": loaded although invalid")));
    QVERIFY2(!r.rig.has_value(), qPrintable(context));
    QVERIFY2(!r.error.message.empty(), qPrintable(context + QStringLiteral(": no message")));
}

} // namespace

class TestRigFileErrors : public QObject {
    Q_OBJECT

private slots:
    void invalidCorpus_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        for (const Expected& e : kInvalid)
            QTest::newRow(e.file) << QString::fromLatin1(e.file) << QString::fromUtf8(e.path)
                                  << QString::fromUtf8(e.message);
    }

    void invalidCorpus()
    {
        QFETCH(QString, file);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const QString fileName = corpusDir(QStringLiteral("invalid/")) + file + QStringLiteral(".json");
        const LoadResult r = loadRigFile(localPath(fileName));
        verifyRefused(r, file);
        QVERIFY(!isReadError(r.error));
        QCOMPARE(qt(r.error.file), fileName);
        QCOMPARE(qt(r.error.jsonPath), path);
        QCOMPARE(qt(r.error.message), message);
        const QString line = path.isEmpty() ? fileName + QStringLiteral(": ") + message
                                             : fileName + QStringLiteral(": ") + path + QStringLiteral(": ") + message;
        QCOMPARE(qt(r.error.toString()), line);
        // parseRig reports the same, naming whatever file name the caller gives.
        const LoadResult parsed = parseRig(view(readFile(fileName)), "memory.json");
        QCOMPARE(qt(parsed.error.file), QStringLiteral("memory.json"));
        QCOMPARE(qt(parsed.error.jsonPath), path);
        QCOMPARE(qt(parsed.error.message), message);
    }

    // Each corpus file is listed above with its message (none silently untested) and vice versa.
    void corpusIsComplete()
    {
        QSet<QString> listed;
        for (const Expected& e : kInvalid)
            listed.insert(QString::fromLatin1(e.file) + QStringLiteral(".json"));
        const QStringList onDisk = QDir(corpusDir(QStringLiteral("invalid"))).entryList({QStringLiteral("*.json")});
        QCOMPARE(QSet<QString>(onDisk.begin(), onDisk.end()), listed);
    }

    // The valid base the corpus was cut from does load, so each refusal above is the one edit.
    void corpusBaseIsValid()
    {
        for (const char* base : {"valid/arm.json", "valid/arm_slots.json", "valid/arm_animated.json"}) {
            const LoadResult r = loadRigFile(localPath(corpusDir(QString::fromLatin1(base))));
            QVERIFY2(r.ok(), r.error.toString().c_str());
        }
    }

    void unreadableFiles()
    {
        const LoadResult missing = loadRigFile(localPath(QStringLiteral("/nonexistent/dir/rig.json")));
        verifyRefused(missing, QStringLiteral("missing file"));
        QVERIFY(isReadError(missing.error));
        QCOMPARE(qt(missing.error.toString()),
                 QStringLiteral("/nonexistent/dir/rig.json: cannot read the file: it does not exist"));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const LoadResult directory = loadRigFile(localPath(dir.path()));
        verifyRefused(directory, QStringLiteral("directory"));
        QVERIFY(isReadError(directory.error));
        QCOMPARE(qt(directory.error.message), QStringLiteral("cannot read the file: it is a directory"));
    }

    // A FIFO no program writes to does not hang the loader (`validate` waited for ever): it
    // reads as empty. A pipe that is written (as a shell's <(...) is) is read whole.
    void pipesAreReadWithoutHanging()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fifo = dir.filePath(QStringLiteral("rig.json"));
        QVERIFY(::mkfifo(localPath(fifo).c_str(), 0600) == 0);
        const LoadResult waiting = loadRigFile(localPath(fifo));
        verifyRefused(waiting, QStringLiteral("FIFO without a writer"));
        QCOMPARE(qt(waiting.error.message), QStringLiteral("the file is empty"));

        int ends[2] = {-1, -1};
        QVERIFY(::pipe(ends) == 0);
        const QByteArray json = "{\"format\": \"bonework.rig\", \"version\": 1, \"joints\": [{\"name\": \"root\"}]}";
        QCOMPARE(::write(ends[1], json.constData(), std::size_t(json.size())), ssize_t(json.size()));
        ::close(ends[1]);
        const LoadResult piped = loadRigFile("/proc/self/fd/" + std::to_string(ends[0]));
        ::close(ends[0]);
        QVERIFY2(piped.ok(), piped.error.toString().c_str());
        QCOMPARE(piped.rig->jointCount(), std::size_t(1));
    }

    // Files over the size limit are refused before being read (a sparse file: no disk used).
    void hugeFileRefusedUnread()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("huge.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(kMaxRigFileBytes + 1));
        f.close();
        const LoadResult r = loadRigFile(localPath(path));
        verifyRefused(r, QStringLiteral("huge file"));
        QVERIFY(!isReadError(r.error));
        QCOMPARE(qt(r.error.message), QStringLiteral("the file is too large (268435457 bytes; rig files are at most 256 MiB)"));
    }

    void deepNestingEverywhere_data()
    {
        QTest::addColumn<QByteArray>("json");
        const QByteArray deep(100000, '[');
        QTest::newRow("arrays") << deep;
        QByteArray objects;
        for (int i = 0; i < 50000; ++i)
            objects += "{\"a\":";
        QTest::newRow("objects") << objects;
        QTest::newRow("inside a joint")
            << (QByteArray("{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[{\"name\":") + deep);
    }

    void deepNestingEverywhere()
    {
        QFETCH(QByteArray, json);
        const LoadResult r = parseRig(view(json), "deep.json");
        verifyRefused(r, QStringLiteral("deep nesting"));
        QVERIFY2(qt(r.error.message).startsWith(QStringLiteral("not valid JSON: ")), r.error.message.c_str());
    }

    // Megabytes of seeded random bytes, raw and behind a valid-looking prefix.
    void randomBytes()
    {
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            std::mt19937_64 rng(seed);
            QByteArray bytes(4 * 1024 * 1024, Qt::Uninitialized);
            for (char& c : bytes)
                c = static_cast<char>(rng());
            const QString context = QStringLiteral("seed %1").arg(seed);
            verifyRefused(parseRig(view(bytes), "random.json"), context);
            verifyRefused(parseRig(view("{\"format\":\"bonework.rig\",\"version\":1,\"name\":\"" + bytes),
                                   "random.json"),
                          context + QStringLiteral(" with prefix"));
        }
    }

    // Invalid UTF-8 in every kind of string position.
    void invalidUtf8_data()
    {
        QTest::addColumn<QByteArray>("json");
        const QByteArray bad[] = {"\xff", "\xc3\x28", "\xe2\x82", "\xf0\x28\x8c\xbc", "\xed\xa0\x80", "\xc0\xaf"};
        int i = 0;
        for (const QByteArray& b : bad) {
            QTest::newRow(qPrintable(QStringLiteral("name %1").arg(i)))
                << ("{\"format\":\"bonework.rig\",\"version\":1,\"name\":\"" + b + "\",\"joints\":[{\"name\":\"r\"}]}");
            QTest::newRow(qPrintable(QStringLiteral("key %1").arg(i)))
                << ("{\"format\":\"bonework.rig\",\"version\":1,\"" + b + "\":1,\"joints\":[{\"name\":\"r\"}]}");
            QTest::newRow(qPrintable(QStringLiteral("joint %1").arg(i)))
                << ("{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[{\"name\":\"r" + b + "\"}]}");
            ++i;
        }
    }

    void invalidUtf8()
    {
        QFETCH(QByteArray, json);
        const LoadResult r = parseRig(view(json), "utf8.json");
        verifyRefused(r, QString::fromLatin1(QTest::currentDataTag()));
        QVERIFY2(qt(r.error.message).startsWith(QStringLiteral("not valid JSON: invalid UTF8 string")),
                 r.error.message.c_str());
    }

    // Syntax errors still point at a field where they can (best effort, from the byte offset).
    void syntaxErrorsNameAPath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::newRow("overflow in an array") << QByteArray("{\"a\":[1,2,{\"b\":1e999}]}") << QStringLiteral("a[2].b");
        QTest::newRow("underflow") << QByteArray("{\"joints\":[{\"name\":\"r\",\"x\":1e-400}]}")
                                   << QStringLiteral("joints[0].x");
        QTest::newRow("stray comma") << QByteArray("{\"joints\":[{\"name\":\"a\"},{\"name\":\"b\",}]}")
                                     << QStringLiteral("joints[1]");
        QTest::newRow("missing comma") << QByteArray("{\"k\":\"v\" \"z\":1}") << QStringLiteral("k");
        QTest::newRow("top level") << QByteArray("{,}") << QString();
        QTest::newRow("too deep for a path") << (QByteArray(40, '[') + "1e999" + QByteArray(40, ']')) << QString();
        // Past 32 levels, the last member named within them.
        QTest::newRow("too deep in a member") << (QByteArray("{\"a\":{\"x\":") + QByteArray(40, '[') + "1e999" + QByteArray(40, ']') + "}}")
                                           << QStringLiteral("a.x");
        QTest::newRow("nested too deeply in a member")
            << (QByteArray("{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[{\"name\":\"r\"}],\"x\":")
                + QByteArray(1100, '[') + QByteArray(1100, ']') + "}")
            << QStringLiteral("x");
        QTest::newRow("nested too deeply in a joint")
            << (QByteArray("{\"joints\":[{\"name\":\"r\"},{\"name\":") + QByteArray(2000, '[')) << QStringLiteral("joints[1].name");
        // Garbage after the document is outside it, right after its last '}' too.
        QTest::newRow("garbage right after the document")
            << QByteArray("{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[{\"name\":\"r\"}]}}") << QString();
        QTest::newRow("a second document") << QByteArray("{\"joints\":[{\"name\":\"r\"}]}{}") << QString();
        QTest::newRow("garbage after a newline") << QByteArray("{\"joints\":[{\"name\":\"r\"}]}\n]") << QString();
        // The refusals of strict JSON name their value.
        QTest::newRow("unknown escape") << QByteArray("{\"joints\":[{\"name\":\"r\"},{\"name\":\"a\",\"parent\":\"r\\q\"}]}")
                                        << QStringLiteral("joints[1].parent");
        QTest::newRow("raw tab") << QByteArray("{\"joints\":[{\"name\":\"r\tq\"}]}") << QStringLiteral("joints[0].name");
        QTest::newRow("leading dot") << QByteArray("{\"joints\":[{\"name\":\"r\",\"x\":.5}]}") << QStringLiteral("joints[0].x");
        QTest::newRow("trailing dot") << QByteArray("{\"joints\":[{\"name\":\"r\",\"x\":1.}]}") << QStringLiteral("joints[0].x");
        // A text cut short names where it ends: past its last ',' (it named the element before).
        QTest::newRow("cut after a comma") << QByteArray("{\"joints\":[{\"name\":\"r\"},") << QStringLiteral("joints[1]");
        QTest::newRow("cut after a number") << QByteArray("{\"joints\":[1,") << QStringLiteral("joints[1]");
        QTest::newRow("cut in a number") << QByteArray("{\"joints\":[{\"name\":\"r\",\"x\":12") << QStringLiteral("joints[0].x");
        QTest::newRow("cut in a string") << QByteArray("{\"format\":\"bonew") << QStringLiteral("format");
    }

    // The offset of a text that ends too soon is its end, which the message names (it said
    // "offset 17" for 16 bytes); a NUL byte after the document is named, the usual slip of a
    // C caller counting a string's terminator in its size.
    void syntaxErrorsAtTheEndOfTheText_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("unterminated string")
            << QByteArray("{\"format\":\"bonew")
            << QStringLiteral("not valid JSON: unterminated string at offset 16 (line 1, column 17, the end of the file)");
        QTest::newRow("escape at the end")
            << QByteArray("{\"format\":\"\\")
            << QStringLiteral("not valid JSON: unterminated string at offset 12 (line 1, column 13, the end of the file)");
        QTest::newRow("unterminated object on a second line")
            << QByteArray("{\"joints\":[]\n")
            << QStringLiteral("not valid JSON: unterminated object at offset 13 (line 2, column 1, the end of the file)");
        QTest::newRow("a NUL byte after the document")
            << QByteArray("{\"joints\":[]}\0", 15)
            << QStringLiteral("not valid JSON: garbage at the end of the document (a NUL byte: was a C string's "
                              "terminator counted in its size?) at offset 13 (line 1, column 14)");
        QTest::newRow("a NUL byte ending a cut text")
            << QByteArray("{\"format\":\"bonew\0", 17)
            << QStringLiteral("not valid JSON: unescaped control character in string (a NUL byte: was a C string's terminator "
                              "counted in its size?) at offset 16 (line 1, column 17)");
        QTest::newRow("other garbage") << QByteArray("{\"joints\":[]}x")
                                       << QStringLiteral("not valid JSON: garbage at the end of the document at offset 13 (line 1, column 14)");
    }

    void syntaxErrorsAtTheEndOfTheText()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const LoadResult r = parseRig(view(json), "end.json");
        verifyRefused(r, QString::fromLatin1(QTest::currentDataTag()));
        QCOMPARE(qt(r.error.message), message);
    }

    void syntaxErrorsNameAPath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        const LoadResult r = parseRig(view(json), "syntax.json");
        verifyRefused(r, QString::fromLatin1(QTest::currentDataTag()));
        QVERIFY2(qt(r.error.message).startsWith(QStringLiteral("not valid JSON: ")), r.error.message.c_str());
        QCOMPARE(qt(r.error.jsonPath), path);
    }

    // Long parent walks: a 100,000-joint line listed leaf first, and a 100,000-joint cycle. The
    // ordering is iterative, so neither recurses deeply.
    void longParentWalks()
    {
        const int n = 100000;
        QByteArray line = "{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[";
        for (int i = n - 1; i >= 1; --i)
            line += "{\"name\":\"j" + QByteArray::number(i) + "\",\"parent\":\"j" + QByteArray::number(i - 1)
                    + "\",\"length\":1},";
        line += "{\"name\":\"j0\"}]}";
        const LoadResult ok = parseRig(view(line), "line.json");
        QVERIFY2(ok.ok(), ok.error.toString().c_str());
        QCOMPARE(ok.rig->jointCount(), std::size_t(n));
        QCOMPARE(ok.rig->jointName(0), std::string("j0"));
        QCOMPARE(ok.rig->jointName(n - 1), std::string("j") + std::to_string(n - 1));
        QCOMPARE(ok.rig->parent(n - 1), n - 2);

        QByteArray cycle = "{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[{\"name\":\"root\"},";
        for (int i = 0; i < n; ++i)
            cycle += "{\"name\":\"c" + QByteArray::number(i) + "\",\"parent\":\"c" + QByteArray::number((i + 1) % n)
                     + "\",\"length\":1}" + (i + 1 < n ? "," : "");
        cycle += "]}";
        const LoadResult bad = parseRig(view(cycle), "cycle.json");
        verifyRefused(bad, QStringLiteral("long cycle"));
        QCOMPARE(qt(bad.error.jsonPath), QStringLiteral("joints[1].parent"));
        QVERIFY(qt(bad.error.message).startsWith(QStringLiteral("the parents form a cycle: \"c0\" -> \"c99999\" -> ")));
    }

    // Chains are capped (each is checked against the earlier ones); at the cap they still load.
    void chainCount()
    {
        auto file = [](int chains) {
            QByteArray json = "{\"format\":\"bonework.rig\",\"version\":1,\"joints\":[{\"name\":\"r\"},"
                              "{\"name\":\"b\",\"parent\":\"r\",\"length\":1}],\"chains\":[";
            for (int i = 0; i < chains; ++i)
                json += "{\"name\":\"c" + QByteArray::number(i) + "\",\"root\":\"r\",\"tip\":\"b\",\"solver\":\"ccd\","
                        "\"target\":{\"x\":0,\"y\":0}}" + (i + 1 < chains ? "," : "");
            return json + "]}";
        };
        const LoadResult atCap = parseRig(view(file(kMaxChains)), "cap.json");
        QVERIFY2(atCap.ok(), atCap.error.toString().c_str());
        QCOMPARE(atCap.rig->chains().size(), std::size_t(kMaxChains));
        const LoadResult over = parseRig(view(file(kMaxChains + 1)), "over.json");
        verifyRefused(over, QStringLiteral("too many chains"));
        QCOMPARE(qt(over.error.jsonPath), QStringLiteral("chains"));
        QCOMPARE(qt(over.error.message), QStringLiteral("too many chains (10001; a rig holds at most 10000)"));
    }

    // Slots are capped as chains are; at the cap they still load.
    void slotCount()
    {
        auto file = [](int count) {
            QByteArray json = "{\"format\":\"bonework.rig\",\"version\":2,\"joints\":[{\"name\":\"r\"}],\"slots\":[";
            for (int i = 0; i < count; ++i)
                json += "{\"name\":\"s" + QByteArray::number(i) + "\",\"bone\":\"r\",\"image\":\"a.png\"}"
                        + (i + 1 < count ? "," : "");
            return json + "]}";
        };
        const LoadResult atCap = parseRig(view(file(kMaxSlots)), "cap.json");
        QVERIFY2(atCap.ok(), atCap.error.toString().c_str());
        QCOMPARE(atCap.rig->slotList().size(), std::size_t(kMaxSlots));
        const LoadResult over = parseRig(view(file(kMaxSlots + 1)), "over.json");
        verifyRefused(over, QStringLiteral("too many slots"));
        QCOMPARE(qt(over.error.jsonPath), QStringLiteral("slots"));
        QCOMPARE(qt(over.error.message), QStringLiteral("too many slots (10001; a rig holds at most 10000)"));
    }

    // Values and keys from the file are escaped and shortened in messages, so an error is always
    // one readable line, whatever the file holds.
    void messagesStayOnOneLine()
    {
        const QByteArray head = "{\"format\":\"bonework.rig\",\"version\":1,";
        // A name with a line break is refused (names hold no control characters).
        LoadResult r = parseRig(view(head + "\"joints\":[{\"name\":\"a\\nb\"},{\"name\":\"a\\nb\"}]}"),
                                "newline.json");
        QCOMPARE(qt(r.error.jsonPath), QStringLiteral("joints[0].name"));
        QCOMPARE(qt(r.error.message), QStringLiteral("must not contain control characters"));
        QVERIFY(!qt(r.error.toString()).contains(u'\n'));

        const QByteArray longName(100000, 'x');
        r = parseRig(view(head + "\"joints\":[{\"name\":\"r\"},{\"name\":\"b\",\"parent\":\"" + longName + "\",\"length\":1}]}"),
                     "long.json");
        QCOMPARE(qt(r.error.jsonPath), QStringLiteral("joints[1].parent"));
        QCOMPARE(qt(r.error.message), QStringLiteral("unknown joint \"%1...\"").arg(QString(80, u'x')));

        r = parseRig(view(head + "\"joints\":[{\"name\":\"r\"}],\"" + longName + "\\t\":1}"), "key.json");
        QCOMPARE(qt(r.error.jsonPath), QStringLiteral("[\"%1...\"]").arg(QString(80, u'x')));
        QVERIFY(!qt(r.error.toString()).contains(u'\n'));
        QVERIFY(!qt(r.error.toString()).contains(u'\t'));
    }

    // Seeded byte mutations of a valid file: each result either loads as a valid rig or is
    // refused with a message; never a crash, never a half-loaded rig.
    void mutationsNeverHalfLoad_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("forest") << QStringLiteral("valid/forest.json") << quint64(20261122);
        QTest::newRow("slots") << QStringLiteral("valid/arm_slots.json") << quint64(20261123);
        QTest::newRow("animations") << QStringLiteral("valid/arm_animated.json") << quint64(20261125);
    }

    void mutationsNeverHalfLoad()
    {
        QFETCH(QString, file);
        QFETCH(quint64, seed);
        const QByteArray base = readFile(corpusDir(file));
        std::mt19937_64 rng(seed);
        int loaded = 0;
        for (int round = 0; round < 3000; ++round) {
            QByteArray m = base;
            const int edits = 1 + static_cast<int>(rng() % 4);
            for (int e = 0; e < edits; ++e) {
                const auto at = static_cast<qsizetype>(rng() % static_cast<std::uint64_t>(m.size()));
                switch (rng() % 3) {
                case 0: m[at] = static_cast<char>(rng()); break;
                case 1: m.remove(at, 1 + static_cast<qsizetype>(rng() % 8)); break;
                default: m.insert(at, "0123456789-.e\"{}[],:"[rng() % 20]); break;
                }
                if (m.isEmpty())
                    m = "{";
            }
            const LoadResult r = parseRig(view(m), "mutant.json");
            const QString context = QStringLiteral("seed %1 round %2").arg(seed).arg(round);
            if (r.ok()) {
                ++loaded;
                QVERIFY2(r.rig->checkInvariants().empty(), qPrintable(context));
            } else {
                QVERIFY2(!r.rig && !r.error.message.empty(), qPrintable(context));
            }
        }
        QVERIFY2(loaded > 0, "no mutation survived: the mutator is too destructive to test anything");
    }
};

QTEST_GUILESS_MAIN(TestRigFileErrors)
#include "tst_rig_file_errors.moc"
