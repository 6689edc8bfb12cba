#pragma once
// The one small interface every IK solver sits behind.
//
//   SolveRequest request{...};            // what to solve
//   if (auto why = solver.validate(rig, request); !why.empty()) ...  // refuse bad requests
//   solver.run(rig, request, result);     // poses `rig` in place; result says how it went
//
// A solver object only owns scratch buffers (grown on first use, reused after), so a solve
// allocates nothing once warmed up; it holds no state that changes results: the same rig and
// request give bit-identical output. The pose it leaves in the rig is always legal: bone
// lengths untouched, every angle within its limits, pinned joints (and a chain's fixed root)
// unmoved. Joints outside the solved chain ride rigidly with their parents.

#include "bonework/chain.h"
#include "bonework/rig.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bonework::solvers {

// A joint that should go to a target. Single-chain solvers use the first effector only;
// `relax` weighs several.
struct Effector {
    JointIndex joint = kNoJoint;
    Vec2 target;
    double weight = 1.0;
    // Set when this solve continues a motion: the target of the solve before it, whose pose the
    // rig still holds (the last frame of a drag, of a target followed frame by frame). fabrik and
    // ccd then know a drag from a new target: while the target moves less than kFollowShare of the
    // chain's length from here, no joint turns further than a few degrees (chain_search.h), and
    // a fold that cannot reach is turned over to one that can a few degrees a frame, never in
    // one jump. Unset, they tell the two apart by the pose alone, which can be fooled.
    std::optional<Vec2> previousTarget{};
};

struct SolveRequest {
    std::span<const Effector> effectors;
    // The chain's fixed base. kNoJoint: the root above the (first) effector. `follow` and
    // `relax` ignore it unless set; then that joint is held in place like a pin.
    JointIndex root = kNoJoint;
    int iterations = 10;
    double tolerance = 0.01;
    BendDirection bend = BendDirection::Positive;
};

struct SolveResult {
    int iterations = 0;        // iterations used
    double error = 0.0;        // distance effector to target (relax: the weighted RMS distance)
    bool reached = false;      // error <= tolerance
    // Joints whose angle sits on one of its limits after the solve, in index order.
    // The caller keeps the result between solves so this reuses its capacity.
    std::vector<JointIndex> limited;
};

class Solver {
public:
    virtual ~Solver() = default;
    virtual SolverKind kind() const = 0;
    // Why the request cannot be solved on this rig (unknown joint, tip not under the root,
    // two-bone on a chain that is not two bones, ...); empty when it can.
    virtual std::string validate(const Rig& rig, const SolveRequest& request) const = 0;
    // Solves a validated request, posing `rig` in place.
    virtual void run(Rig& rig, const SolveRequest& request, SolveResult& result) = 0;
    // Sizes every scratch buffer for the largest request this solver can be given on `rig`
    // (up to `mostEffectors` effectors, any base, any pins), so that no run on it allocates
    // afterwards. A game runtime calls it when it loads a rig; without it, buffers grow on the
    // runs that first need them.
    virtual void reserve(const Rig& rig, std::size_t mostEffectors) = 0;
};

std::unique_ptr<Solver> makeSolver(SolverKind kind);

// The cap on iterations of a solve no chain configures: a joint dragged in the editor with the
// drag solver, `bonework-cli solve --solver ...`. Solvers stop at the tolerance, so the cap only
// decides how hard a solve tries. Measured when it was chosen (before fabrik and ccd searched
// past stalls): with 10 (the rig format's default for chains) relax with four effectors on a
// humanoid reached 1 % of reachable targets, with 100 99.6 %; fabrik and ccd now reach 99.9 %
// or more within 200 even near full extension (tests/solvers/tst_solver_reach.cpp).
inline constexpr int kDefaultSolveIterations = 100;
inline constexpr double kDefaultSolveTolerance = 0.01;

// The request for a solve no chain configures: `effectors`, the default cap and tolerance.
SolveRequest defaultRequest(std::span<const Effector> effectors);

// The request a named chain describes (its own solver settings and target); `target` is
// resolved already, for chains attached to a joint.
SolveRequest chainRequest(const Chain& chain, const Effector& effector);

} // namespace bonework::solvers
