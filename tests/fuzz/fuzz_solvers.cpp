// libFuzzer target for the solvers. The input's bytes build a small rig (a tree of up to 24
// joints: lengths from 1e-6 to 1e9 or raw doubles, rigid, narrow, wide and free limits, pins) and
// a request (any solver, up to three effectors with weights, targets on joints, next to them
// by 1e-9 or by a subnormal distance, on roots, at 1e12, at 1e300 or raw doubles, a fixed base,
// iterations, tolerance, bend). Beyond "no crash, no sanitizer report" it checks the solvers'
// promises on every request they accept:
//   - the pose is legal (lengths, limits, pins; every position finite) and the fixed base stays;
//   - the result is honest: finite error, iterations within the request, reached == within
//     the tolerance for one effector;
//   - no hidden state: a solver that has served every earlier input gives, bit for bit, what a
//     new one gives.
// A refused request must say why.
#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"
#include "bonework/solvers/solver.h"

#include "pose_checks.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;

namespace {

[[noreturn]] void broken(const char* promise, const std::string& detail = {})
{
    std::fprintf(stderr, "a solver broke a promise: %s %s\n", promise, detail.c_str());
    std::abort();
}

// Reads the input front to back; past its end every read is zero.
class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    std::uint8_t byte() { return m_at < m_size ? m_data[m_at++] : 0; }
    double raw()
    {
        std::uint8_t b[8] = {};
        for (std::uint8_t& x : b)
            x = byte();
        double d;
        std::memcpy(&d, b, sizeof d);
        return d;
    }
    double finiteRaw()
    {
        const double d = raw();
        return std::isfinite(d) ? d : 0.0;
    }
    // A fraction in [0, 1] from one byte.
    double unit() { return byte() / 255.0; }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

double length(Bytes& in)
{
    static constexpr std::array<double, 7> kLengths = {1e-6, 0.01, 1.0, 10.0, 100.0, 1e4, 1e9};
    const std::uint8_t pick = in.byte() % 8;
    if (pick < kLengths.size())
        return kLengths[pick];
    const double d = std::fabs(in.finiteRaw());
    return d > 1e-9 && d < 1e12 ? d : 1.0;
}

JointDesc joint(Bytes& in, std::size_t index, JointIndex parent)
{
    JointDesc d;
    d.name = "j" + std::to_string(index);
    d.parent = parent;
    d.pinned = in.byte() % 8 == 0;
    if (parent == kNoJoint) {
        d.position = {(in.byte() - 128) * 10.0, (in.byte() - 128) * 10.0};
        d.angle = in.unit() * 360.0 - 180.0;
        return d;
    }
    d.length = length(in);
    switch (in.byte() % 5) {
    case 0: break; // free
    case 1: { // rigid
        d.minAngle = d.maxAngle = in.unit() * 360.0 - 180.0;
        break;
    }
    default: { // a range: narrow or wide, anywhere
        const double a = in.unit() * 360.0 - 180.0;
        const double b = in.unit() * 360.0 - 180.0;
        d.minAngle = std::min(a, b);
        d.maxAngle = std::max(a, b);
        break;
    }
    }
    d.angle = d.minAngle + in.unit() * (d.maxAngle - d.minAngle);
    return d;
}

Vec2 target(Bytes& in, const std::vector<WorldTransform>& world)
{
    const std::uint8_t pick = in.byte() % 7;
    const Vec2 near = world[in.byte() % world.size()].position;
    switch (pick) {
    case 0: return near;                                                 // on a joint
    case 1: return near + Vec2{in.unit() - 0.5, in.unit() - 0.5} * 1e-9; // next to one
    case 6: return near + Vec2{in.unit() - 0.5, in.unit() - 0.5} * 1e-318; // subnormally near (a joint at 0)
    case 2: return {(in.unit() - 0.5) * 2e12, (in.unit() - 0.5) * 2e12};
    case 3: return {(in.unit() - 0.5) * 2e300, (in.unit() - 0.5) * 2e300};
    default: return {in.finiteRaw(), in.finiteRaw()};
    }
}

std::array<std::unique_ptr<Solver>, 6>& warmSolvers()
{
    static std::array<std::unique_ptr<Solver>, 6> solvers;
    return solvers;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Bytes in(data, size);
    const auto kind = kAllSolvers[in.byte() % std::size(kAllSolvers)];
    const std::size_t joints = 2 + in.byte() % 23;

    Rig rig;
    for (std::size_t i = 0; i < joints; ++i) {
        const std::uint8_t p = in.byte();
        // Now and then a second tree; otherwise a parent among the joints so far.
        const JointIndex parent = i == 0 || p == 255 ? kNoJoint : static_cast<JointIndex>(p % i);
        if (!rig.addJoint(joint(in, i, parent)))
            return 0; // the model refused it (and says why elsewhere): nothing to solve
    }
    const std::vector<WorldTransform> world = forwardKinematics(rig);

    std::array<Effector, 3> effectors;
    const std::size_t count = 1 + in.byte() % 3;
    for (std::size_t i = 0; i < count; ++i) {
        effectors[i].joint = static_cast<JointIndex>(in.byte() % joints);
        effectors[i].target = target(in, world);
        effectors[i].weight = std::array<double, 4>{1.0, 0.5, 4.0, 0.0}[in.byte() % 4];
    }
    SolveRequest request;
    request.effectors = std::span<const Effector>(effectors.data(), count);
    const std::uint8_t root = in.byte();
    request.root = root % 4 == 0 ? static_cast<JointIndex>(root / 4 % joints) : kNoJoint;
    request.iterations = 1 + in.byte() % 100;
    request.tolerance = std::array<double, 5>{0.0, 1e-9, 0.01, 1.0, 1e6}[in.byte() % 5];
    request.bend = in.byte() % 2 ? BendDirection::Positive : BendDirection::Negative;

    std::unique_ptr<Solver>& warm = warmSolvers()[static_cast<std::size_t>(kind)];
    if (!warm)
        warm = makeSolver(kind);
    if (const std::string why = warm->validate(rig, request); !why.empty())
        return 0; // refused with a reason
    Rig solved = rig;
    SolveResult result;
    warm->run(solved, request, result);

    // The fixed base: the chain solvers keep their root; follow and relax keep request.root when
    // set (their roots move unless pinned or held).
    std::vector<JointIndex> fixed;
    if (kind == SolverKind::Follow || kind == SolverKind::Relax) {
        if (request.root != kNoJoint)
            fixed.push_back(request.root);
    } else {
        fixed.push_back(request.root != kNoJoint ? request.root : rig.rootOf(effectors[0].joint));
    }
    if (const std::string bad = testing::checkLegalPose(rig, solved, fixed); !bad.empty())
        broken("the pose is legal", std::string(solverName(kind)) + ": " + bad);
    if (!std::isfinite(result.error) || result.error < 0.0)
        broken("the error is finite", std::string(solverName(kind)));
    if (result.iterations < 0 || result.iterations > request.iterations)
        broken("iterations within the request", std::string(solverName(kind)) + ": " + std::to_string(result.iterations));
    if (count == 1 && result.reached != (result.error <= request.tolerance))
        broken("reached means within the tolerance", std::string(solverName(kind)));

    // No hidden state: a new solver gives the same, bit for bit.
    Rig again = rig;
    SolveResult second;
    makeSolver(kind)->run(again, request, second);
    if (!(again == solved) || second.iterations != result.iterations || second.reached != result.reached
        || std::memcmp(&second.error, &result.error, sizeof(double)) != 0 || second.limited != result.limited)
        broken("the same input gives the same output", std::string(solverName(kind)));
    return 0;
}
