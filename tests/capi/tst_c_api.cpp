// The C API (bonework.h) as an engine uses it: errors as codes plus messages, chains and free
// solves that reach and keep every bone's length, reset and clone, following a moving target
// without refolding, no allocation while posing,
// separate rigs on separate threads giving the same poses as one after the other.
#include "counting_allocator.h"
#include "limited_chain_json.h"
#include "bonework.h"
#include "source_tree.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <thread>
#include <vector>

using bonework::testing::allocationCount;

namespace {

QByteArray example(const char* file)
{
    return bonework::testing::sourceTree().toLocal8Bit() + "/resources/examples/" + file;
}

struct Pose {
    std::vector<double> xyd;
};

Pose poseOf(const bw_rig* rig)
{
    Pose p;
    p.xyd.resize(3 * static_cast<std::size_t>(bw_rig_joint_count(rig)));
    bw_rig_world_transforms(rig, p.xyd.data(), static_cast<std::size_t>(bw_rig_joint_count(rig)));
    return p;
}

// Every bone as long as in `reference` (the pose it was loaded with).
bool lengthsKept(const bw_rig* rig, const Pose& reference)
{
    const Pose now = poseOf(rig);
    for (int32_t j = 0; j < bw_rig_joint_count(rig); ++j) {
        const int32_t p = bw_rig_joint_parent(rig, j);
        if (p < 0)
            continue;
        auto length = [&](const Pose& pose) {
            return std::hypot(pose.xyd[3 * j] - pose.xyd[3 * p], pose.xyd[3 * j + 1] - pose.xyd[3 * p + 1]);
        };
        if (std::fabs(length(now) - length(reference)) > 1e-9)
            return false;
    }
    return true;
}

// The largest turn (degrees) of any bone relative to its parent between two poses.
double largestTurn(const Pose& a, const Pose& b, const bw_rig* rig)
{
    double largest = 0.0;
    for (int32_t j = 0; j < bw_rig_joint_count(rig); ++j) {
        const int32_t p = bw_rig_joint_parent(rig, j);
        if (p < 0)
            continue;
        const double turn = (b.xyd[3 * j + 2] - b.xyd[3 * p + 2]) - (a.xyd[3 * j + 2] - a.xyd[3 * p + 2]);
        largest = std::max(largest, std::fabs(std::remainder(turn, 360.0)));
    }
    return largest;
}

// Every solve a game may ask of `rig` (each solver, each joint as the effector and, for relax,
// up to 64 at once; every `rootStride`-th joint as the base, and none), each from the loaded
// pose: the ones that allocated, described (empty when none did).
QString allocatingSolves(bw_rig* rig, const QString& name, int rootStride)
{
    const int32_t joints = bw_rig_joint_count(rig);
    std::vector<bw_effector> all;
    for (int32_t j = 0; j < joints && all.size() < 64; ++j) {
        double x = 0, y = 0;
        bw_rig_world_transform(rig, j, &x, &y, nullptr);
        all.push_back({j, x + 7, y - 5, 1});
    }
    bw_solve_result result{};
    QString failures;
    for (int32_t root = -1; root < joints; root += root < 0 ? 1 : rootStride)
        for (bw_solver solver : {BW_SOLVER_FOLLOW, BW_SOLVER_RELAX, BW_SOLVER_FABRIK, BW_SOLVER_CCD, BW_SOLVER_REACH}) {
            for (std::size_t e = 0; e <= all.size(); ++e) {
                if (e == all.size() && solver != BW_SOLVER_RELAX)
                    continue;
                bw_rig_reset_pose(rig);
                const long long before = allocationCount();
                const bw_status status = e < all.size() ? bw_rig_solve(rig, solver, &all[e], 1, root, &result)
                                                        : bw_rig_solve(rig, solver, all.data(), all.size(), root, &result);
                // A refusal may allocate its message (bw_last_error): only solves count.
                const long long made = status == BW_OK ? allocationCount() - before : 0;
                if (made > 0 && failures.count(QLatin1Char('\n')) < 12)
                    failures += QStringLiteral("\n%1: solver %2, effector %3, root %4: %5 allocations")
                                    .arg(name).arg(int(solver)).arg(int(e)).arg(root).arg(made);
            }
        }
    return failures;
}

} // namespace

class TestCApi : public QObject {
    Q_OBJECT
private slots:
    void errorsAreCodesAndMessages()
    {
        QCOMPARE(QByteArray(bw_version()), QByteArray(BONEWORK_VERSION_STRING));
        bw_rig* rig = reinterpret_cast<bw_rig*>(0x1);
        QCOMPARE(bw_rig_load_file("/no/such/rig.json", &rig), BW_ERROR_LOAD);
        QVERIFY(rig == nullptr);
        QVERIFY2(QByteArray(bw_last_error()).contains("/no/such/rig.json"), bw_last_error());
        const char broken[] = R"({"format": "bonework.rig", "version": 1, "joints": [{"name": "a", "x": "left"}]})";
        QCOMPARE(bw_rig_load_bytes(broken, sizeof broken - 1, "broken.json", &rig), BW_ERROR_LOAD);
        QVERIFY2(QByteArray(bw_last_error()).startsWith("broken.json: joints[0].x: "), bw_last_error());
        QCOMPARE(bw_rig_load_file(nullptr, &rig), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_load_file("", &rig), BW_ERROR_ARGUMENT);
        QCOMPARE(QString::fromUtf8(bw_last_error()), QStringLiteral("no file (the path is empty)"));
        QCOMPARE(bw_rig_load_file("x", nullptr), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_solve_chains(nullptr), BW_ERROR_ARGUMENT);
        // No rig is said so, not taken for a missing chain, joint or slot.
        QCOMPARE(bw_rig_solve_chain(nullptr, 0, nullptr), BW_ERROR_ARGUMENT);
        QCOMPARE(QByteArray(bw_last_error()), QByteArray("no rig"));
        QCOMPARE(bw_rig_set_joint_angle(nullptr, 0, 0), BW_ERROR_ARGUMENT);
        QCOMPARE(QByteArray(bw_last_error()), QByteArray("no rig"));
        QCOMPARE(bw_rig_joint_count(nullptr), 0);

        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        QCOMPARE(QByteArray(bw_last_error()), QByteArray());
        QCOMPARE(bw_rig_set_chain_target(rig, 99, 0, 0), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_set_chain_target(rig, 0, NAN, 0), BW_ERROR_ARGUMENT);
        // As far out as a rig file takes a target, and no farther (the rig refuses the rest).
        QCOMPARE(bw_rig_set_chain_target(rig, 0, 0, -2e300), BW_ERROR_ARGUMENT);
        QCOMPARE(QByteArray(bw_last_error()), QByteArray("the target must lie within 1e300 of the origin on each axis"));
        QCOMPARE(bw_rig_set_chain_target(rig, 0, 1e300, -1e300), BW_OK);
        // A root likewise: as far out as a rig file has one, and the pose is left as it was.
        const int32_t pelvis = bw_rig_find_joint(rig, "pelvis");
        const Pose placed = poseOf(rig);
        QCOMPARE(bw_rig_set_root_transform(rig, pelvis, 2e300, 0, 0), BW_ERROR_ARGUMENT);
        QCOMPARE(QByteArray(bw_last_error()), QByteArray("the root's position must lie within 1e300 of the origin"));
        QVERIFY(poseOf(rig).xyd == placed.xyd);
        QCOMPARE(bw_rig_set_root_transform(rig, pelvis, -1e300, 1e300, -90), BW_OK);
        bw_rig_reset_pose(rig);
        // A clip keying a root beyond reach is never sampled: its file is refused.
        const char flyingRig[] = R"({"format": "bonework.rig", "version": 2, "joints": [{"name": "a"}],
            "animations": [{"name": "fly", "duration": 1, "joints": {"a": {"x": [{"time": 1, "value": 1e308}]}}}]})";
        bw_rig* flying = nullptr;
        QCOMPARE(bw_rig_load_bytes(flyingRig, sizeof flyingRig - 1, "far.json", &flying), BW_ERROR_LOAD);
        QCOMPARE(QByteArray(bw_last_error()),
                 QByteArray("far.json: animations[0].joints.a.x[0].value: must lie within [-1e300, 1e300], not 1e+308"));
        QVERIFY(bw_rig_joint_name(rig, -1) == nullptr);
        QCOMPARE(bw_rig_find_joint(rig, "nobody"), -1);
        const bw_effector far{bw_rig_find_joint(rig, "hand_l"), 0, 0, 1};
        const int32_t foot = bw_rig_find_joint(rig, "foot_l");
        QCOMPARE(bw_rig_solve(rig, BW_SOLVER_TWO_BONE, &far, 1, foot, nullptr), BW_ERROR_SOLVE); // hand not under foot
        QVERIFY(QByteArray(bw_last_error()).size() > 0);
        // An effector as far out as a chain's target may be and no farther, under every solver;
        // a joint out of range is an argument too; several effectors are for relax alone.
        const Pose before = poseOf(rig);
        for (const bw_solver solver : {BW_SOLVER_FOLLOW, BW_SOLVER_REACH, BW_SOLVER_FABRIK, BW_SOLVER_CCD,
                                       BW_SOLVER_TWO_BONE, BW_SOLVER_RELAX}) {
            const bw_effector beyond{far.joint, 1.7e308, -1.7e308, 1};
            QCOMPARE(bw_rig_solve(rig, solver, &beyond, 1, -1, nullptr), BW_ERROR_ARGUMENT);
            QCOMPARE(QByteArray(bw_last_error()), QByteArray("an effector's target must lie within 1e300 of the origin"));
            const bw_effector negative{far.joint, far.x, far.y, -0.5};
            QCOMPARE(bw_rig_solve(rig, solver, &negative, 1, -1, nullptr), BW_ERROR_ARGUMENT);
            QCOMPARE(QByteArray(bw_last_error()), QByteArray("an effector's weight must be 0 or more"));
            const bw_effector nobody{999, 0, 0, 1};
            QCOMPARE(bw_rig_solve(rig, solver, &nobody, 1, -1, nullptr), BW_ERROR_ARGUMENT);
            QCOMPARE(QByteArray(bw_last_error()), QByteArray("an effector names no joint of the rig"));
            QCOMPARE(bw_rig_solve(rig, solver, &far, 1, bw_rig_joint_count(rig), nullptr), BW_ERROR_ARGUMENT);
            QCOMPARE(QByteArray(bw_last_error()), QByteArray("the fixed base names no joint of the rig"));
            QCOMPARE(bw_rig_solve(rig, solver, &far, 1, -2, nullptr), BW_ERROR_ARGUMENT); // -1 is the only "none"
            QCOMPARE(QByteArray(bw_last_error()), QByteArray("the fixed base names no joint of the rig"));
            const bw_effector two[] = {far, {foot, 0, 0, 1}};
            QCOMPARE(bw_rig_solve(rig, solver, two, 2, -1, nullptr), solver == BW_SOLVER_RELAX ? BW_OK : BW_ERROR_ARGUMENT);
            bw_rig_reset_pose(rig);
        }
        QVERIFY(poseOf(rig).xyd == before.xyd);
        // A failed clone leaves no stale handle behind, as a failed load does.
        bw_rig* copy = reinterpret_cast<bw_rig*>(0x1);
        QCOMPARE(bw_rig_clone(nullptr, &copy), BW_ERROR_ARGUMENT);
        QVERIFY(copy == nullptr);
        bw_rig_free(rig);
    }

    // bw_rig_solve_chains holds the chains as the editor does: in chain order, by their mix.
    void chainsHoldByTheirMix()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t arm = bw_rig_find_chain(rig, "arm_l");
        const int32_t leg = bw_rig_find_chain(rig, "leg_l");
        const int32_t hand = bw_rig_find_joint(rig, "hand_l");
        const int32_t foot = bw_rig_find_joint(rig, "foot_l");
        QCOMPARE(bw_rig_chain_mix(rig, arm), 1.0);
        QCOMPARE(bw_rig_chain_mix(rig, 99), -1.0);
        QCOMPARE(bw_rig_set_chain_mix(rig, 99, 0.5), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_set_chain_mix(rig, arm, 1.5), BW_ERROR_ARGUMENT);
        QVERIFY2(QByteArray(bw_last_error()).contains("mix"), bw_last_error());
        QCOMPARE(bw_rig_set_chain_mix(rig, arm, 0.0), BW_OK);
        const Pose before = poseOf(rig);
        // The pelvis goes down: the left leg holds its foot, the switched-off arm rides along.
        QCOMPARE(bw_rig_set_root_transform(rig, bw_rig_find_joint(rig, "pelvis"), 600, 440, -90), BW_OK);
        QCOMPARE(bw_rig_solve_chains(rig), BW_OK);
        const Pose after = poseOf(rig);
        QVERIFY(std::hypot(after.xyd[3 * foot] - before.xyd[3 * foot], after.xyd[3 * foot + 1] - before.xyd[3 * foot + 1]) < 0.01);
        QVERIFY(std::fabs(after.xyd[3 * hand + 1] - before.xyd[3 * hand + 1] - 10) < 1e-9);
        // Half a mix: the hand comes half the way back, as the leg's joints do by angle.
        QCOMPARE(bw_rig_set_chain_mix(rig, arm, 0.5), BW_OK);
        QCOMPARE(bw_rig_chain_mix(rig, arm), 0.5);
        QCOMPARE(bw_rig_solve_chains(rig), BW_OK);
        const Pose half = poseOf(rig);
        const double handMoved = std::hypot(half.xyd[3 * hand] - after.xyd[3 * hand], half.xyd[3 * hand + 1] - after.xyd[3 * hand + 1]);
        QVERIFY2(handMoved > 1.0 && handMoved < 10.0, qPrintable(QString::number(handMoved)));
        QVERIFY(leg >= 0);
        bw_rig_free(rig);
    }

    void chainsAndFreeSolvesReachAndKeepLengths()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const Pose loaded = poseOf(rig);
        const int32_t arm = bw_rig_find_chain(rig, "arm_l");
        const int32_t hand = bw_rig_find_joint(rig, "hand_l");
        QVERIFY(arm >= 0 && hand >= 0);
        // Toward the shoulder from where the hand is: within reach.
        const double tx = loaded.xyd[3 * hand] + 10, ty = loaded.xyd[3 * hand + 1] - 25;
        bw_solve_result result{};
        QCOMPARE(bw_rig_set_chain_target(rig, arm, tx, ty), BW_OK);
        QCOMPARE(bw_rig_solve_chain(rig, arm, &result), BW_OK);
        double x = 0, y = 0, degrees = 0;
        QCOMPARE(bw_rig_world_transform(rig, hand, &x, &y, &degrees), BW_OK);
        QVERIFY(result.reached);
        QVERIFY2(std::hypot(x - tx, y - ty) <= 0.01, qPrintable(QString("%1, %2").arg(x).arg(y)));
        QVERIFY(lengthsKept(rig, loaded));

        // relax with two effectors: both hands, one solve.
        const int32_t right = bw_rig_find_joint(rig, "hand_r");
        const Pose before = poseOf(rig);
        const bw_effector hands[] = {{hand, before.xyd[3 * hand] + 5, before.xyd[3 * hand + 1] - 5, 1},
                                     {right, before.xyd[3 * right] - 5, before.xyd[3 * right + 1] - 5, 1}};
        QCOMPARE(bw_rig_solve(rig, BW_SOLVER_RELAX, hands, 2, -1, &result), BW_OK);
        QVERIFY2(result.error < 0.05, qPrintable(QString::number(result.error)));
        QVERIFY(lengthsKept(rig, loaded));

        QCOMPARE(bw_rig_solve_chains(rig), BW_OK);
        QVERIFY(lengthsKept(rig, loaded));
        bw_rig_reset_pose(rig);
        QCOMPARE(poseOf(rig).xyd, loaded.xyd);
        bw_rig_free(rig);
    }

    void cloneIsIndependent()
    {
        bw_rig* rig = nullptr;
        bw_rig* copy = nullptr;
        QCOMPARE(bw_rig_load_file(example("elbow.rig.json"), &rig), BW_OK);
        QCOMPARE(bw_rig_set_joint_angle(rig, 1, 40), BW_OK);
        QCOMPARE(bw_rig_clone(rig, &copy), BW_OK);
        QCOMPARE(poseOf(copy).xyd, poseOf(rig).xyd);
        QCOMPARE(bw_rig_set_joint_angle(copy, 1, -40), BW_OK);
        QVERIFY(poseOf(copy).xyd != poseOf(rig).xyd);
        bw_rig_free(copy);
        bw_rig_free(rig);
    }

    // Following on, a chain told where its target was follows a target that circles a little
    // each frame without refolding: no bone turns more than 10 degrees from one frame to the
    // next. Off, the same rig on the same path refolds (this seed's chain does). The chain's
    // own solve, every chain holding, and a free solve of the chain's tip (fabrik, at most 100
    // iterations) all follow.
    void followingKeepsAChainFromRefolding_data()
    {
        QTest::addColumn<int>("call");
        QTest::newRow("bw_rig_solve_chains") << 0;
        QTest::newRow("bw_rig_solve_chain") << 1;
        QTest::newRow("bw_rig_solve") << 2;
    }
    void followingKeepsAChainFromRefolding()
    {
        QFETCH(int, call);
        const std::uint64_t seed = 20261128; // a chain that refolds by 104 degrees not following
        const int bones = 10;
        double worst[2] = {0.0, 0.0};
        for (const int following : {1, 0}) {
            bw_rig* rig = nullptr;
            const QByteArray json = bonework::testing::limitedChainJson(seed, bones);
            QCOMPARE(bw_rig_load_bytes(json.constData(), static_cast<std::size_t>(json.size()), "limited", &rig), BW_OK);
            QCOMPARE(bw_rig_set_following(rig, following), BW_OK);
            Pose before = poseOf(rig);
            for (int frame = 0; frame < 720; ++frame) {
                double x = 0.0, y = 0.0;
                bonework::testing::circlingTarget(frame, x, y);
                if (call == 2) {
                    const bw_effector tip{bones, x, y, 1};
                    QCOMPARE(bw_rig_solve(rig, BW_SOLVER_FABRIK, &tip, 1, -1, nullptr), BW_OK);
                } else {
                    QCOMPARE(bw_rig_set_chain_target(rig, 0, x, y), BW_OK);
                    QCOMPARE(call == 1 ? bw_rig_solve_chain(rig, 0, nullptr) : bw_rig_solve_chains(rig), BW_OK);
                }
                const Pose after = poseOf(rig);
                if (frame >= 240) // one turn to join the circle
                    worst[following] = std::max(worst[following], largestTurn(before, after, rig));
                before = after;
            }
            bw_rig_free(rig);
        }
        qInfo("seed %llu: largest turn %.2f degrees following, %.2f not", (unsigned long long)seed, worst[1], worst[0]);
        QVERIFY2(worst[1] <= 10.0, qPrintable(QStringLiteral("following, a bone turned %1 degrees in a frame").arg(worst[1])));
        QVERIFY2(worst[0] > 10.0, "not following, this chain no longer refolds: the test would pass without following");
    }

    // The humanoid's arms and legs (two bones that turn, under a rigid clavicle or hip) follow as
    // longer chains do: QA found following changed nothing there (the exact two-bone answer took
    // the solve over) and the arm jumped 94 px, its elbow from one limit to the other, in a frame.
    // The target orbits the base, nearer and farther, less than 2% of the limb's length a frame.
    void followingHoldsOnTheHumanoidsLimbs_data()
    {
        QTest::addColumn<int>("solver");
        QTest::addColumn<QString>("tip");
        QTest::addColumn<QString>("base");
        const std::pair<int, const char*> solvers[] = {{BW_SOLVER_FABRIK, "fabrik"}, {BW_SOLVER_CCD, "ccd"}, {BW_SOLVER_RELAX, "relax"}};
        for (const auto& [solver, name] : solvers) {
            QTest::newRow(qPrintable(QString("%1, hand_l from clavicle_l").arg(name))) << solver << "hand_l" << "clavicle_l";
            QTest::newRow(qPrintable(QString("%1, foot_l from hip_l").arg(name))) << solver << "foot_l" << "hip_l";
        }
        QTest::newRow("relax, hand_l from chest") << int(BW_SOLVER_RELAX) << "hand_l" << "chest";
        QTest::newRow("relax, foot_l from pelvis") << int(BW_SOLVER_RELAX) << "foot_l" << "pelvis";
    }
    void followingHoldsOnTheHumanoidsLimbs()
    {
        QFETCH(int, solver);
        QFETCH(QString, tip);
        QFETCH(QString, base);
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t tipJoint = bw_rig_find_joint(rig, tip.toUtf8().constData());
        const int32_t baseJoint = bw_rig_find_joint(rig, base.toUtf8().constData());
        QVERIFY(tipJoint >= 0 && baseJoint >= 0);
        // The limb's length: its bones from the base down to the tip.
        Pose before = poseOf(rig);
        const auto at = [&](const Pose& pose, int32_t j) { return std::pair(pose.xyd[3 * j], pose.xyd[3 * j + 1]); };
        double length = 0.0;
        for (int32_t j = tipJoint; j != baseJoint && j >= 0; j = bw_rig_joint_parent(rig, j)) {
            const auto [x0, y0] = at(before, bw_rig_joint_parent(rig, j));
            const auto [x1, y1] = at(before, j);
            length += std::hypot(x1 - x0, y1 - y0);
        }
        QCOMPARE(bw_rig_set_following(rig, 1), BW_OK);
        auto [cx, cy] = at(before, baseJoint);
        auto [tx, ty] = at(before, tipJoint);
        double worst = 0.0;
        int worstFrame = -1;
        for (int frame = 0; frame < 2000; ++frame) {
            const double heading = std::atan2(ty - cy, tx - cx) + 0.02;
            const double radius = length * (0.6 + 0.35 * std::sin(frame * 0.013));
            double nx = cx + radius * std::cos(heading), ny = cy + radius * std::sin(heading);
            const double step = std::hypot(nx - tx, ny - ty);
            if (step > 0.015 * length) {
                nx = tx + (nx - tx) * 0.015 * length / step;
                ny = ty + (ny - ty) * 0.015 * length / step;
            }
            tx = nx;
            ty = ny;
            const bw_effector effector{tipJoint, tx, ty, 1};
            QCOMPARE(bw_rig_solve(rig, static_cast<bw_solver>(solver), &effector, 1, baseJoint, nullptr), BW_OK);
            const Pose after = poseOf(rig);
            if (frame > 0 && largestTurn(before, after, rig) > worst) { // (the first: no last target)
                worst = largestTurn(before, after, rig);
                worstFrame = frame;
            }
            before = after;
        }
        bw_rig_free(rig);
        QVERIFY2(worst <= 8.0 + 1e-6, qPrintable(QStringLiteral("a joint turned %1 degrees in frame %2").arg(worst).arg(worstFrame)));
    }

    void posingAllocatesNothing()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t arm = bw_rig_find_chain(rig, "arm_l");
        const int32_t hand = bw_rig_find_joint(rig, "hand_l");
        std::vector<double> xyd(3 * static_cast<std::size_t>(bw_rig_joint_count(rig)));
        const bw_effector effector{hand, 300, 300, 1};
        bw_solve_result result{};
        QCOMPARE(bw_rig_set_following(rig, 1), BW_OK); // following keeps nothing it must grow
        const long long before = allocationCount();
        for (int frame = 0; frame < 200; ++frame) {
            const double t = frame * 0.05;
            bw_rig_set_chain_target(rig, arm, 400 + 80 * std::cos(t), 300 + 80 * std::sin(t));
            bw_rig_solve_chain(rig, arm, &result);
            bw_rig_solve_chains(rig);
            bw_rig_solve(rig, BW_SOLVER_RELAX, &effector, 1, -1, &result);
            bw_rig_world_transforms(rig, xyd.data(), static_cast<std::size_t>(bw_rig_joint_count(rig)));
        }
        QCOMPARE(allocationCount() - before, 0LL);
        bw_rig_free(rig);

        // relax with effectors that are not all leaves (the snake has one): a bigger system
        // than the warm-up's leaves asked, sized at loading all the same.
        QCOMPARE(bw_rig_load_file(example("snake.rig.json"), &rig), BW_OK);
        const int32_t last = bw_rig_joint_count(rig) - 1;
        const long long snakeBefore = allocationCount();
        for (int frame = 0; frame < 20; ++frame) {
            const bw_effector two[] = {{last, 500.0 + frame, 400, 1}, {1, 400, 400, 1}};
            QCOMPARE(bw_rig_solve(rig, BW_SOLVER_RELAX, two, 2, -1, &result), BW_OK);
        }
        QCOMPARE(allocationCount() - snakeBefore, 0LL);
        bw_rig_free(rig);
    }

    // Every solve a game may ask of a freshly loaded rig allocates nothing, the first one too:
    // each solver, each joint as the one effector, every non-root joint at once for relax,
    // with the base free (-1) and on each joint (a refusal aside: its message may allocate).
    void everySolveAllocatesNothingFromTheFirst()
    {
        const QByteArray forest = bonework::testing::sourceTree().toLocal8Bit() + "/tests/io/valid/forest.json"; // three trees
        for (const char* file : {"humanoid.rig.json", "gunner.rig.json", "snake.rig.json", "elbow.rig.json", forest.constData()}) {
            bw_rig* rig = nullptr;
            QCOMPARE(bw_rig_load_file(QByteArray(file).startsWith('/') ? QByteArray(file) : example(file), &rig), BW_OK);
            const QString failures = allocatingSolves(rig, QString::fromLatin1(file), 1);
            QVERIFY2(failures.isEmpty(), qPrintable(failures));
            bw_rig_free(rig);
        }
    }

    // Pins cut the chains the solvers work on and add rows to relax's system: a pin must not
    // leave a longer chain, or a larger system, than the load prepared for (QA found the
    // humanoid's right toe allocating with its left knee pinned, and follow anchored on the
    // gunner's pinned foot).
    void pinnedRigsAllocateNothingFromTheFirstSolve()
    {
        const struct {
            const char* file;
            std::vector<const char*> pins;
        } cases[] = {{"humanoid.rig.json", {"chest", "elbow_r", "knee_l"}},
                     {"gunner.rig.json", {"hand_far", "foot_near"}},
                     {"humanoid.rig.json", {"toe_l"}}};
        for (const auto& c : cases) {
            QFile in(QString::fromLocal8Bit(example(c.file)));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
            QJsonArray joints = doc.value("joints").toArray();
            for (qsizetype i = 0; i < joints.size(); ++i) {
                QJsonObject joint = joints[i].toObject();
                for (const char* pin : c.pins)
                    if (joint.value("name").toString() == QLatin1String(pin))
                        joint.insert("pinned", true);
                joints[i] = joint;
            }
            doc.insert("joints", joints);
            const QByteArray bytes = QJsonDocument(doc).toJson();
            bw_rig* rig = nullptr;
            QCOMPARE(bw_rig_load_bytes(bytes.constData(), static_cast<size_t>(bytes.size()), c.file, &rig), BW_OK);
            const QString failures = allocatingSolves(rig, QStringLiteral("%1 pinned %2").arg(c.file).arg(int(c.pins.size())), 1);
            QVERIFY2(failures.isEmpty(), qPrintable(failures));
            bw_rig_free(rig);
        }
    }

    // relax's system grows with its effectors and the joints they move: 64 effectors spread
    // over a tree of 131 joints (every other joint from the last; a spine of 10 with a branch
    // of 12 bones on each) need more rows and columns together than its leaves or its last 64
    // joints, with which the load once warmed relax up.
    void relaxWithSpreadEffectorsAllocatesNothing()
    {
        QByteArray json = R"({"format": "bonework.rig", "version": 1, "name": "tree", "joints": [)"
                          R"({"name": "root", "x": 400, "y": 300, "rotation": 0})";
        for (int s = 0; s < 10; ++s)
            json += QStringLiteral(R"(, {"name": "s%1", "parent": "%2", "length": 20, "angle": 5, "min": -60, "max": 60})")
                        .arg(s).arg(s == 0 ? QStringLiteral("root") : QStringLiteral("s%1").arg(s - 1)).toUtf8();
        for (int s = 0; s < 10; ++s)
            for (int b = 0; b < 12; ++b)
                json += QStringLiteral(R"(, {"name": "b%1_%2", "parent": "%3", "length": 20, "angle": %4, "min": -60, "max": 60})")
                            .arg(s).arg(b).arg(b == 0 ? QStringLiteral("s%1").arg(s) : QStringLiteral("b%1_%2").arg(s).arg(b - 1))
                            .arg(b == 0 ? (s % 2 ? 50 : -50) : 8).toUtf8();
        json += "]}";
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_bytes(json.constData(), static_cast<size_t>(json.size()), "tree.rig.json", &rig), BW_OK);
        std::vector<bw_effector> spread;
        for (int32_t j = bw_rig_joint_count(rig) - 1; j > 0 && spread.size() < 64; j -= 2) {
            double x = 0, y = 0;
            bw_rig_world_transform(rig, j, &x, &y, nullptr);
            spread.push_back({j, x + 3, y + 2, 1});
        }
        for (const int32_t root : {-1, 0, 1, 2}) {
            for (const std::size_t count : {spread.size(), std::size_t(53), std::size_t(1)}) {
                bw_rig_reset_pose(rig);
                bw_solve_result result{};
                const long long before = allocationCount();
                QCOMPARE(bw_rig_solve(rig, BW_SOLVER_RELAX, spread.data(), count, root, &result), BW_OK);
                QVERIFY2(allocationCount() == before, qPrintable(QStringLiteral("%1 effectors, root %2").arg(count).arg(root)));
            }
        }
        const QString failures = allocatingSolves(rig, QStringLiteral("tree of 131"), 23);
        QVERIFY2(failures.isEmpty(), qPrintable(failures));
        bw_rig_free(rig);
    }

    // Reset Pose puts back everything a sample or a setter changes: the joints, the chains'
    // targets and mixes, and each slot's image, visibility and opacity (a game resetting after
    // a blink must not keep drawing the closed eyes).
    void resetPutsBackChainsAndSlots()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t head = bw_rig_find_slot(rig, "head");
        const int32_t arm = bw_rig_find_chain(rig, "arm_l");
        QVERIFY(head >= 0 && arm >= 0);
        const QByteArray loadedImage = bw_rig_slot_image(rig, head);
        int32_t loadedVisible = 0;
        double loadedOpacity = 0;
        QCOMPARE(bw_rig_slot_state(rig, head, &loadedVisible, &loadedOpacity), BW_OK);
        const double loadedMix = bw_rig_chain_mix(rig, arm);
        const Pose loadedPose = poseOf(rig);

        // The blink shows the closed eyes for a moment: find it.
        const int32_t blink = bw_rig_find_animation(rig, "blink");
        QVERIFY(blink >= 0);
        bool blinked = false;
        for (double t = 0.0; t < 4.0 && !blinked; t += 0.05) {
            QCOMPARE(bw_rig_sample_animation(rig, blink, t), BW_OK);
            blinked = QByteArray(bw_rig_slot_image(rig, head)) != loadedImage;
        }
        QVERIFY(blinked);
        QCOMPARE(bw_rig_set_chain_mix(rig, arm, 0.25), BW_OK);
        QCOMPARE(bw_rig_chain_mix(rig, arm), 0.25);
        QCOMPARE(bw_rig_set_chain_mix(rig, arm, 1.5), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_set_chain_mix(rig, arm, std::nan("")), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_chain_mix(rig, arm), 0.25);

        const long long before = allocationCount();
        bw_rig_reset_pose(rig);
        QCOMPARE(allocationCount(), before);
        QCOMPARE(QByteArray(bw_rig_slot_image(rig, head)), loadedImage);
        int32_t visible = -1;
        double opacity = -1;
        QCOMPARE(bw_rig_slot_state(rig, head, &visible, &opacity), BW_OK);
        QCOMPARE(visible, loadedVisible);
        QCOMPARE(opacity, loadedOpacity);
        QCOMPARE(bw_rig_chain_mix(rig, arm), loadedMix);
        QVERIFY(poseOf(rig).xyd == loadedPose.xyd);
        bw_rig_free(rig);
    }

    // A looping clip (the humanoid's walk) wraps: the time since it started playing, in any
    // turn, poses what the same time in its first turn does; one played once (the ball arm's
    // kick) holds its last pose after its end.
    void loopingClipsWrapAndTheOthersHold()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t walk = bw_rig_find_animation(rig, "walk");
        QCOMPARE(bw_rig_animation_loops(rig, walk), 1);
        QCOMPARE(bw_rig_animation_loops(rig, -1), -1);
        QCOMPARE(bw_rig_animation_loops(nullptr, 0), -1);
        auto near = [](const Pose& a, const Pose& b) {
            for (std::size_t i = 0; i < a.xyd.size(); ++i)
                if (std::fabs(a.xyd[i] - b.xyd[i]) > 1e-6)
                    return false;
            return true;
        };
        for (const double t : {0.0, 0.3, 0.77, 1.1}) {
            QCOMPARE(bw_rig_sample_animation(rig, walk, t), BW_OK);
            const Pose first = poseOf(rig);
            for (const double turns : {1.0, 3.0, -2.0}) {
                QCOMPARE(bw_rig_sample_animation(rig, walk, t + turns * 1.2), BW_OK);
                QVERIFY2(near(poseOf(rig), first), qPrintable(QStringLiteral("%1 s, %2 turns").arg(t).arg(turns)));
            }
        }
        QCOMPARE(bw_rig_sample_animation(rig, walk, 0.3), BW_OK);
        const Pose early = poseOf(rig);
        QCOMPARE(bw_rig_sample_animation(rig, walk, 0.6), BW_OK);
        QVERIFY(!near(poseOf(rig), early)); // the walk moves: the wrap is not trivially true
        bw_rig_free(rig);

        QCOMPARE(bw_rig_load_file(example("ball-arm.rig.json"), &rig), BW_OK);
        const int32_t kick = bw_rig_find_animation(rig, "kick");
        QCOMPARE(bw_rig_animation_loops(rig, kick), 0);
        const double end = bw_rig_animation_duration(rig, kick);
        QCOMPARE(bw_rig_sample_animation(rig, kick, end), BW_OK);
        const Pose last = poseOf(rig);
        QCOMPARE(bw_rig_sample_animation(rig, kick, end + 2.5), BW_OK);
        QVERIFY(poseOf(rig).xyd == last.xyd);
        bw_rig_free(rig);
    }

    // A sample poses the rig from the loaded one whatever came before: another clip's keyed
    // targets, or a game's own target and mix, do not carry over into a clip that keys neither.
    void samplesStartFromTheLoadedRig()
    {
        bw_rig* fresh = nullptr;
        bw_rig* used = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &fresh), BW_OK);
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &used), BW_OK);
        const int32_t walk = bw_rig_find_animation(used, "walk");
        const int32_t blink = bw_rig_find_animation(used, "blink");
        QVERIFY(walk >= 0 && blink >= 0);
        QCOMPARE(bw_rig_sample_animation(used, walk, 0.3), BW_OK);
        QCOMPARE(bw_rig_sample_animation(used, blink, 1.0), BW_OK);
        QCOMPARE(bw_rig_sample_animation(fresh, blink, 1.0), BW_OK);
        QVERIFY(poseOf(used).xyd == poseOf(fresh).xyd);
        const int32_t arm = bw_rig_find_chain(used, "arm_l");
        QCOMPARE(bw_rig_set_chain_target(used, arm, 500, 500), BW_OK);
        QCOMPARE(bw_rig_set_chain_mix(used, bw_rig_find_chain(used, "leg_l"), 0), BW_OK);
        QCOMPARE(bw_rig_sample_animation(used, blink, 1.0), BW_OK);
        QVERIFY(poseOf(used).xyd == poseOf(fresh).xyd);
        bw_rig_free(used);
        bw_rig_free(fresh);
    }

    // The art a game draws: slots in draw order with their images, state and the affine map of
    // an image's pixels onto the rig (worked out by hand here for a turned root, a scaled slot).
    void slotsTellWhereTheirImagesGo()
    {
        const char json[] = R"({"format": "bonework.rig", "version": 2, "name": "art",
            "joints": [{"name": "root", "x": 100, "y": 50, "rotation": 90}, {"name": "bone", "parent": "root", "length": 40, "angle": 0}],
            "slots": [{"name": "back", "bone": "root", "image": "a.png"},
                      {"name": "front", "bone": "bone", "image": "b.png", "x": 20, "y": 0, "scaleX": 2, "opacity": 0.5, "visible": false}]})";
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_bytes(json, sizeof json - 1, "art.json", &rig), BW_OK);
        QCOMPARE(bw_rig_slot_count(rig), 2);
        QCOMPARE(QByteArray(bw_rig_slot_name(rig, 0)), QByteArray("back")); // back to front
        const int32_t front = bw_rig_find_slot(rig, "front");
        QCOMPARE(front, 1);
        QCOMPARE(QByteArray(bw_rig_slot_image(rig, front)), QByteArray("b.png"));
        QCOMPARE(bw_rig_slot_joint(rig, front), bw_rig_find_joint(rig, "bone"));
        int32_t visible = -1;
        double opacity = -1;
        QCOMPARE(bw_rig_slot_state(rig, front, &visible, &opacity), BW_OK);
        QCOMPARE(visible, 0);
        QCOMPARE(opacity, 0.5);
        // The bone points down (root turned 90, clockwise on screen): the pivot sits 20 px below
        // the root, and the image's u axis, scaled by 2, runs down with it.
        double m[6] = {};
        QCOMPARE(bw_rig_slot_transform(rig, front, 10, 4, m), BW_OK);
        const double expected[6] = {0, 2, -1, 0, 102, 60};
        for (int i = 0; i < 6; ++i)
            QVERIFY2(std::fabs(m[i] - expected[i]) < 1e-12, qPrintable(QStringLiteral("m[%1] = %2").arg(i).arg(m[i])));
        QCOMPARE(bw_rig_slot_transform(rig, front, 0, 4, m), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_slot_transform(rig, 2, 10, 4, m), BW_ERROR_ARGUMENT);
        QCOMPARE(bw_rig_slot_transform(rig, front, 10, 4, nullptr), BW_ERROR_ARGUMENT);
        QVERIFY(bw_rig_slot_name(rig, -1) == nullptr && bw_rig_slot_image(rig, 2) == nullptr);
        QCOMPARE(bw_rig_slot_joint(rig, 5), -1);
        QCOMPARE(bw_rig_find_slot(rig, "nothing"), -1);
        bw_rig_free(rig);

        // Mirrored (scaleX -2, rig format version 4): the u axis runs up instead, about the same
        // pivot, and the map's determinant is negative (the quad winds the other way).
        QByteArray text(json);
        text.replace("\"version\": 2", "\"version\": 4").replace("\"scaleX\": 2", "\"scaleX\": -2");
        QCOMPARE(bw_rig_load_bytes(text.constData(), std::size_t(text.size()), "mirrored.json", &rig), BW_OK);
        QCOMPARE(bw_rig_slot_transform(rig, 1, 10, 4, m), BW_OK);
        const double mirroredMap[6] = {0, -2, -1, 0, 102, 80};
        for (int i = 0; i < 6; ++i)
            QVERIFY2(std::fabs(m[i] - mirroredMap[i]) < 1e-12, qPrintable(QStringLiteral("mirrored m[%1] = %2").arg(i).arg(m[i])));
        QVERIFY(m[0] * m[3] - m[1] * m[2] < 0);
        bw_rig_free(rig);
        rig = nullptr;
        // The same file marked version 2 is refused: an older reader would not know the mirror.
        text.replace("\"version\": 4", "\"version\": 2");
        QCOMPARE(bw_rig_load_bytes(text.constData(), std::size_t(text.size()), "mirrored.json", &rig), BW_ERROR_LOAD);
        QVERIFY2(QByteArray(bw_last_error()).contains("needs \"version\": 4"), bw_last_error());

        // A clip's sample swaps the image: the humanoid's blink shuts the eyes at 2.4 s.
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t head = bw_rig_find_slot(rig, "head");
        const int32_t blink = bw_rig_find_animation(rig, "blink");
        QCOMPARE(bw_rig_sample_animation(rig, blink, 2.45), BW_OK);
        QCOMPARE(QByteArray(bw_rig_slot_image(rig, head)), QByteArray("art/humanoid/head_blink.png"));
        QCOMPARE(bw_rig_sample_animation(rig, blink, 1.0), BW_OK);
        QCOMPARE(QByteArray(bw_rig_slot_image(rig, head)), QByteArray("art/humanoid/head.png"));
        bw_rig_free(rig);
    }

    // A clip that swaps a slot's image for one with a longer name (the humanoid's blink at
    // 2.4 s) allocates nothing either, once the clip has been sampled.
    void swappingImagesAllocatesNothing()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &rig), BW_OK);
        const int32_t blink = bw_rig_find_animation(rig, "blink");
        QVERIFY(blink >= 0);
        QCOMPARE(bw_rig_sample_animation(rig, blink, 0.0), BW_OK);
        const long long before = allocationCount();
        for (int frame = 0; frame <= 90; ++frame)
            QCOMPARE(bw_rig_sample_animation(rig, blink, frame / 30.0), BW_OK);
        bw_rig_reset_pose(rig);
        QCOMPARE(bw_rig_sample_animation(rig, blink, 2.45), BW_OK);
        QCOMPARE(allocationCount() - before, 0LL);
        bw_rig_free(rig);
    }

    // A rig's animation clips through the C API: listed by index and name, sampled with the
    // chains holding (the arm's keyed target reached), repeatably, and without allocation once
    // a clip has been sampled.
    void animationsAreSampledWithTheChainsHolding()
    {
        bw_rig* rig = nullptr;
        QCOMPARE(bw_rig_load_file(bonework::testing::sourceTree().toLocal8Bit() + "/tests/io/valid/arm_animated.json", &rig), BW_OK);
        QCOMPARE(bw_rig_animation_count(rig), 2);
        const int32_t wave = bw_rig_find_animation(rig, "wave");
        QCOMPARE(wave, 0);
        QCOMPARE(bw_rig_find_animation(rig, "run"), -1);
        QCOMPARE(QByteArray(bw_rig_animation_name(rig, 1)), QByteArray("idle"));
        QVERIFY(bw_rig_animation_name(rig, 2) == nullptr);
        QCOMPARE(bw_rig_animation_duration(rig, wave), 2.0);
        QCOMPARE(bw_rig_animation_duration(rig, -1), -1.0);
        QCOMPARE(bw_rig_sample_animation(rig, 5, 0.0), BW_ERROR_ARGUMENT);
        for (const double never : {double(NAN), double(INFINITY), -double(INFINITY)}) {
            QCOMPARE(bw_rig_sample_animation(rig, wave, never), BW_ERROR_ARGUMENT);
            QCOMPARE(QByteArray(bw_last_error()), QByteArray("the time must be a finite number of seconds"));
        }

        const int32_t hand = bw_rig_find_joint(rig, "hand");
        double x = 0, y = 0, degrees = 0;
        QCOMPARE(bw_rig_sample_animation(rig, wave, 0.25), BW_OK);
        QCOMPARE(bw_rig_world_transform(rig, hand, &x, &y, &degrees), BW_OK);
        // The arm chain's target is keyed from (520, 380) at 0 s to (560, 300) at 2 s.
        QVERIFY2(std::hypot(x - 525, y - 370) <= 0.01, qPrintable(QStringLiteral("%1, %2").arg(x).arg(y)));
        const Pose first = poseOf(rig);
        QCOMPARE(bw_rig_sample_animation(rig, 1, 0.5), BW_OK); // another clip between
        QCOMPARE(bw_rig_sample_animation(rig, wave, 1.7), BW_OK);
        QCOMPARE(bw_rig_sample_animation(rig, wave, 0.25), BW_OK);
        QVERIFY(poseOf(rig).xyd == first.xyd);

        const long long before = allocationCount();
        for (int frame = 0; frame <= 60; ++frame)
            bw_rig_sample_animation(rig, wave, frame / 30.0);
        QCOMPARE(allocationCount() - before, 0LL);
        bw_rig_free(rig);
    }

    void separateRigsOnSeparateThreads()
    {
        // Each thread poses its own clone through the same moving targets; the poses match a
        // run on this thread alone, bit for bit.
        bw_rig* original = nullptr;
        QCOMPARE(bw_rig_load_file(example("humanoid.rig.json"), &original), BW_OK);
        auto run = [](bw_rig* rig) {
            const int32_t arm = bw_rig_find_chain(rig, "arm_l");
            for (int frame = 0; frame < 500; ++frame) {
                bw_rig_set_chain_target(rig, arm, 380 + 60 * std::cos(frame * 0.1), 280 + 60 * std::sin(frame * 0.1));
                bw_rig_solve_chains(rig);
            }
        };
        bw_rig* alone = nullptr;
        QCOMPARE(bw_rig_clone(original, &alone), BW_OK);
        run(alone);
        std::vector<bw_rig*> rigs(4, nullptr);
        for (bw_rig*& r : rigs)
            QCOMPARE(bw_rig_clone(original, &r), BW_OK);
        std::vector<std::thread> threads;
        for (bw_rig* r : rigs)
            threads.emplace_back(run, r);
        for (std::thread& t : threads)
            t.join();
        for (bw_rig* r : rigs) {
            QCOMPARE(poseOf(r).xyd, poseOf(alone).xyd);
            bw_rig_free(r);
        }
        bw_rig_free(alone);
        bw_rig_free(original);
    }
};

QTEST_APPLESS_MAIN(TestCApi)
#include "tst_c_api.moc"

