#pragma once
// Helpers shared by the solvers: request validation, angle limits applied to rotations (no trigonometry in inner loops),
// the limited-joint report, and a working copy of one chain (ChainState) that chain solvers
// iterate on and write back to the rig once.

#include "bonework/forward_kinematics.h"
#include "bonework/rotation_limits.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"

#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace bonework::solvers {

// Why a single-chain request cannot be solved; empty when it can. Checks: one effector at
// least, the effector and the root are joints of the rig, the tip lies under the root (with at
// least one bone between), a finite target, iterations >= 1, a finite tolerance >= 0. With
// `requiredBones` > 0 the chain must have exactly that many bones (two-bone passes 2).
std::string validateChainRequest(const Rig& rig, const SolveRequest& request, int requiredBones = 0);

// The checks every solver makes on the request's settings: iterations >= 1 and a finite
// tolerance >= 0. Empty when fine.
std::string checkSolveSettings(const SolveRequest& request);

// Joint names quoted for messages: "name".
std::string quotedJointName(const Rig& rig, JointIndex j);

// Unit direction of v; false when v is zero or not finite. Inline: the solvers' inner loops
// call it once per bone; extreme magnitudes take the careful out-of-line path.
bool unitDirectionCareful(Vec2 v, Rotation& out);
inline bool unitDirection(Vec2 v, Rotation& out)
{
    const double m2 = v.x * v.x + v.y * v.y;
    if (m2 > 1e-290 && m2 < 1e290) {
        // sqrt(m2) / m2 rather than 1 / sqrt(m2): the root and the division run side by side
        // instead of one after the other, which shortens every solver's per-bone critical path.
        const double inv = std::sqrt(m2) * (1.0 / m2);
        out = {v.x * inv, v.y * inv};
        return true;
    }
    return unitDirectionCareful(v, out);
}

// The rotation that turns direction `from` onto direction `to` (neither needs unit length).
// False when either is zero or the numbers overflow, so the caller keeps what it had.
inline bool rotationBetween(Vec2 from, Vec2 to, Rotation& out)
{
    return unitDirection({dot(from, to), cross(from, to)}, out);
}

// Brings a rotation that has drifted from unit length back (one Newton step; cheap).
inline Rotation renormalized(Rotation r)
{
    const double k = 0.5 * (3.0 - (r.c * r.c + r.s * r.s));
    return {r.c * k, r.s * k};
}

// Appends to `limited` every joint in `joints` whose angle sits on a limit that is not the
// whole circle (rigid joints count: they always sit on their limit), in the order of `joints`.
// Clears it first. Every solver reports SolveResult::limited through this.
void collectLimited(const Rig& rig, std::span<const JointIndex> joints, std::vector<JointIndex>& limited);

// Distance that never overflows to infinity for finite points (saturates at the largest double).
double safeDistance(Vec2 a, Vec2 b);

// A target kept within a huge but safe distance of `base`, in the same direction, so squared
// distances cannot overflow in the solvers' arithmetic (error is still measured to the real one).
Vec2 boundedTargetCareful(Vec2 base, Vec2 target);
inline Vec2 boundedTarget(Vec2 base, Vec2 target)
{
    const Vec2 d = target - base;
    if (std::fabs(d.x) <= 1e100 && std::fabs(d.y) <= 1e100)
        return target;
    return boundedTargetCareful(base, target);
}

// Working copy of the movable part of one chain, for solvers that iterate in rotation form:
// load() once per solve, iterate on `local` (bone k's rotation relative to bone k - 1, k from
// 1 to bones()), then store() writes the angles back through Rig::setAngleClamped (so the pose
// is legal whatever happened in between) and fills the result. Buffers grow on first use only.
class ChainState {
public:
    // Loads path.movableJoints() from the rig.
    void load(const Rig& rig, const ChainPath& path);
    // Room for chains of up to `bones` bones, so that loading one later allocates nothing.
    void reserve(std::size_t bones);

    int bones() const { return m_bones; }
    JointIndex joint(int k) const { return m_joints[static_cast<std::size_t>(k)]; }
    double length(int k) const { return m_length[static_cast<std::size_t>(k)]; }
    const RotationLimits& limits(int k) const { return m_limits[static_cast<std::size_t>(k)]; }
    Vec2 basePosition() const { return m_basePosition; }
    Rotation baseRotation() const { return m_baseRotation; }
    double totalLength() const { return m_totalLength; }
    // No bone of the chain has limits (every range is the whole circle).
    bool allFree() const { return m_allFree; }

    // Bone k's local rotation, indices 1..bones() (0 is unused). Iterate on these.
    std::span<Rotation> local() { return m_local; }
    // World positions (0: the base) and bone directions, indices 0..bones(): scratch space
    // for the solver, filled by forward().
    std::span<Vec2> positions() { return m_position; }
    std::span<Rotation> world() { return m_world; }

    // Fills positions() and world() from local(); returns the tip position.
    Vec2 forward();

    // Writes local() into the rig (only angles that changed), then measures the tip against
    // `target` from the rig's own angles and fills result (error, reached, limited).
    void store(Rig& rig, const ChainPath& path, Vec2 target, double tolerance, SolveResult& result);

private:
    int m_bones = 0;
    Vec2 m_basePosition;
    Rotation m_baseRotation;
    double m_totalLength = 0.0;
    bool m_allFree = true;
    std::vector<JointIndex> m_joints;
    std::vector<double> m_length;
    std::vector<RotationLimits> m_limits;
    std::vector<Rotation> m_local;
    std::vector<Vec2> m_position;
    std::vector<Rotation> m_world;
};

// Tells an iterative solver when to stop early: after `limit` iterations in a row that each
// cut the error by less than the fraction `progress` (an out-of-reach target, or a chain held
// by its limits). Feed it the error before every iteration.
class StallDetector {
public:
    StallDetector(double progress, int limit) : m_progress(progress), m_limit(limit) {}
    bool stalled(double error)
    {
        m_count = error < m_last * (1.0 - m_progress) ? 0 : m_count + 1;
        m_last = error;
        return m_count >= m_limit;
    }

private:
    double m_progress;
    int m_limit;
    int m_count = 0;
    double m_last = std::numeric_limits<double>::infinity();
};

// Twice the area of a triangle with sides x, y, z, by Kahan's stable form of Heron's formula
// (accurate for needle-thin triangles, where the law of cosines alone loses the sine).
double triangleTwiceArea(double x, double y, double z);

// The answer for a chain without limits whose target lies at or beyond its full length: every
// bone straight along the line from the base to the target (no pose comes nearer). Lays it out
// when state.allFree() and the target is that far; needs no current positions, leaves
// positions() and world() current, and returns whether it did.
bool layOutStraightIfOutOfReach(ChainState& state, Vec2 target);

// The tip of `path` measured from the rig as it stands (walks the chain once).
Vec2 chainTipPosition(const Rig& rig, const ChainPath& path);

// For solvers that find nothing to move: measures error and limits as they stand.
void reportUnchanged(const Rig& rig, const ChainPath& path, Vec2 target, double tolerance, SolveResult& result);
// The same with the tip position already known (from the rig's angles as they now stand).
void reportWithTip(const Rig& rig, const ChainPath& path, Vec2 tip, Vec2 target, double tolerance, SolveResult& result);

} // namespace bonework::solvers
