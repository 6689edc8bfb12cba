#include "bonework/solvers/relax_solver.h"

#include "bonework/angles.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/tree_support.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace bonework {
namespace {

// The largest turn one step may give a bone: keeps big corrections smooth over iterations.
constexpr double kMaxStepDegrees = 30.0;
// Descents tried from other starting poses when one stalls short of the targets.
constexpr int kMaxRestarts = 12;
// A descent has stalled when ten iterations turned no bone by more than this many degrees.
constexpr double kStallDegrees = 1e-4;

// splitmix64: a fixed, portable generator, so restarts are the same on every machine.
std::uint64_t nextRandom(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

std::string RelaxSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return tree::checkEffectorRequest(rig, request);
}

double RelaxSolver::measure(const SolveRequest& request)
{
    double sum = 0.0;
    for (std::size_t i = 0; i < request.effectors.size(); ++i) {
        const Effector& e = request.effectors[i];
        const Vec2 r = e.target - m_world[e.joint].position;
        const double s = std::sqrt(e.weight);
        m_residual[2 * i] = s * r.x;
        m_residual[2 * i + 1] = s * r.y;
        sum += e.weight * dot(r, r);
    }
    return sum;
}

bool RelaxSolver::computeStep(double damping)
{
    const std::size_t rows = m_residual.size();
    const std::size_t cols = m_variables.size();
    // Normal matrix over the rows (small: two per effector), skipping held columns.
    for (std::size_t a = 0; a < rows; ++a) {
        for (std::size_t b = a; b < rows; ++b) {
            double s = 0.0;
            const double* ra = &m_jacobian[a * cols];
            const double* rb = &m_jacobian[b * cols];
            for (std::size_t c = 0; c < cols; ++c)
                if (!m_held[c])
                    s += ra[c] * rb[c];
            m_normal[a * rows + b] = s;
            m_normal[b * rows + a] = s;
        }
        m_normal[a * rows + a] += damping;
        m_rhs[a] = m_residual[a];
    }
    // Cholesky in place (the matrix is symmetric positive definite thanks to the damping).
    for (std::size_t k = 0; k < rows; ++k) {
        double d = m_normal[k * rows + k];
        for (std::size_t p = 0; p < k; ++p)
            d -= m_normal[k * rows + p] * m_normal[k * rows + p];
        if (!(d > 0.0) || !std::isfinite(d))
            return false;
        d = std::sqrt(d);
        m_normal[k * rows + k] = d;
        for (std::size_t i = k + 1; i < rows; ++i) {
            double s = m_normal[i * rows + k];
            for (std::size_t p = 0; p < k; ++p)
                s -= m_normal[i * rows + p] * m_normal[k * rows + p];
            m_normal[i * rows + k] = s / d;
        }
    }
    for (std::size_t i = 0; i < rows; ++i) { // forward substitution
        double s = m_rhs[i];
        for (std::size_t p = 0; p < i; ++p)
            s -= m_normal[i * rows + p] * m_rhs[p];
        m_rhs[i] = s / m_normal[i * rows + i];
    }
    for (std::size_t i = rows; i-- > 0;) { // back substitution
        double s = m_rhs[i];
        for (std::size_t p = i + 1; p < rows; ++p)
            s -= m_normal[p * rows + i] * m_rhs[p];
        m_rhs[i] = s / m_normal[i * rows + i];
    }
    for (std::size_t c = 0; c < cols; ++c) {
        double s = 0.0;
        if (!m_held[c])
            for (std::size_t r = 0; r < rows; ++r)
                s += m_jacobian[r * cols + c] * m_rhs[r];
        m_step[c] = std::clamp(s, -kMaxStepDegrees, kMaxStepDegrees);
    }
    return true;
}

void RelaxSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const std::size_t n = rig.jointCount();
    const std::size_t effectors = request.effectors.size();
    m_world.resize(n);

    // Which bones may turn: those above some effector, with no pin in their subtree, not on the
    // way up to request.root (that joint is held in place).
    tree::markPinnedSubtrees(rig, m_locked);
    if (request.root != kNoJoint)
        for (JointIndex j = request.root; j != kNoJoint; j = rig.parent(j))
            m_locked[j] = 1;
    m_variable.assign(n, -1);
    m_variables.clear();
    for (const Effector& e : request.effectors) {
        if (e.weight <= 0.0)
            continue;
        for (JointIndex j = e.joint; !rig.isRoot(j) && m_variable[j] == -1; j = rig.parent(j))
            if (!m_locked[j])
                m_variable[j] = 0; // marked; numbered below in index order
    }
    for (std::size_t i = 0; i < n; ++i)
        if (m_variable[i] == 0) {
            m_variable[i] = static_cast<int>(m_variables.size());
            m_variables.push_back(static_cast<JointIndex>(i));
        }
    const std::size_t rows = 2 * effectors;
    const std::size_t cols = m_variables.size();
    m_jacobian.resize(rows * cols);
    m_residual.resize(rows);
    m_normal.resize(rows * rows);
    m_rhs.resize(rows);
    m_step.resize(cols);
    m_saved.resize(cols);
    m_held.resize(cols);
    m_best.resize(cols);

    auto allWithin = [&]() {
        for (const Effector& e : request.effectors)
            if (distance(m_world[e.joint].position, e.target) > request.tolerance)
                return false;
        return true;
    };

    forwardKinematics(rig, m_world);
    double error = measure(request);
    double mu = 1e-3; // damping relative to the largest diagonal entry of J Jᵀ
    for (std::size_t c = 0; c < cols; ++c)
        m_best[c] = rig.angle(m_variables[c]);
    double bestError = error;
    double movedSinceCheckpoint = 0.0; // largest accepted turn of any bone in this stretch
    int restarts = 0;
    std::uint64_t randomState = 0x5eed;
    result.iterations = 0;
    while (cols > 0 && result.iterations < request.iterations && !allWithin()) {
        ++result.iterations;
        if (result.iterations % 10 == 0) {
            const bool stalled = movedSinceCheckpoint < kStallDegrees || mu > 1e8;
            movedSinceCheckpoint = 0.0;
            if (stalled) {
                if (restarts == kMaxRestarts)
                    break;
                // Start again elsewhere: first from the middle of every range, then from
                // pseudo-random legal poses.
                ++restarts;
                for (std::size_t c = 0; c < cols; ++c) {
                    const JointIndex j = m_variables[c];
                    const double lo = rig.minAngle(j), hi = rig.maxAngle(j);
                    const double u = restarts == 1 ? 0.5 : static_cast<double>(nextRandom(randomState) >> 11) * 0x1.0p-53;
                    rig.setAngleClamped(j, lo + (hi - lo) * u);
                }
                forwardKinematics(rig, m_world);
                error = measure(request);
                mu = 1e-3;
                if (error < bestError) {
                    bestError = error;
                    for (std::size_t c = 0; c < cols; ++c)
                        m_best[c] = rig.angle(m_variables[c]);
                }
                continue;
            }
        }
        // Jacobian: turning bone j by one degree moves every effector below it around j's parent.
        std::fill(m_jacobian.begin(), m_jacobian.end(), 0.0);
        double largest = 0.0;
        for (std::size_t i = 0; i < effectors; ++i) {
            const Effector& e = request.effectors[i];
            const double s = std::sqrt(e.weight) * kRadiansPerDegree;
            const Vec2 p = m_world[e.joint].position;
            for (JointIndex j = e.joint; !rig.isRoot(j); j = rig.parent(j)) {
                const int c = m_variable[j];
                if (c < 0)
                    continue;
                const Vec2 arm = p - m_world[rig.parent(j)].position;
                m_jacobian[2 * i * cols + c] = -s * arm.y;
                m_jacobian[(2 * i + 1) * cols + c] = s * arm.x;
                largest = std::max(largest, s * s * dot(arm, arm));
            }
        }
        const double damping = mu * std::max(largest, 1e-12);
        std::fill(m_held.begin(), m_held.end(), 0);
        if (!computeStep(damping))
            break;
        // Hold joints that sit on a limit the step pushes against, then solve again without them.
        bool held = false;
        for (std::size_t c = 0; c < cols; ++c) {
            const JointIndex j = m_variables[c];
            const double a = rig.angle(j);
            if ((a <= rig.minAngle(j) && m_step[c] < 0.0) || (a >= rig.maxAngle(j) && m_step[c] > 0.0)) {
                if (rig.minAngle(j) == kMinLimit && rig.maxAngle(j) == kMaxLimit)
                    continue; // a free joint just wraps around
                m_held[c] = 1;
                held = true;
            }
        }
        if (held && !computeStep(damping))
            break;
        for (std::size_t c = 0; c < cols; ++c) {
            const JointIndex j = m_variables[c];
            m_saved[c] = rig.angle(j);
            if (m_step[c] != 0.0)
                rig.setAngleClamped(j, m_saved[c] + m_step[c]);
        }
        forwardKinematics(rig, m_world);
        const double trial = measure(request);
        if (trial < error) {
            error = trial;
            for (std::size_t c = 0; c < cols; ++c)
                movedSinceCheckpoint = std::max(movedSinceCheckpoint, std::fabs(m_step[c]));
            mu = std::max(mu * 0.3, 1e-9);
            if (error < bestError) {
                bestError = error;
                for (std::size_t c = 0; c < cols; ++c)
                    m_best[c] = rig.angle(m_variables[c]);
            }
        } else {
            for (std::size_t c = 0; c < cols; ++c)
                rig.setAngleClamped(m_variables[c], m_saved[c]);
            forwardKinematics(rig, m_world);
            error = measure(request);
            mu *= 10.0;
        }
    }
    // A restart may have ended worse than an earlier descent: keep the best pose seen.
    if (cols > 0 && bestError < error) {
        for (std::size_t c = 0; c < cols; ++c)
            rig.setAngleClamped(m_variables[c], m_best[c]);
        forwardKinematics(rig, m_world);
    }

    double weights = 0.0, weighted = 0.0, plain = 0.0;
    for (const Effector& e : request.effectors) {
        const double d2 = dot(e.target - m_world[e.joint].position, e.target - m_world[e.joint].position);
        weights += e.weight;
        weighted += e.weight * d2;
        plain += d2;
    }
    result.error = weights > 0.0 ? std::sqrt(weighted / weights) : std::sqrt(plain / static_cast<double>(effectors));
    result.reached = allWithin();
    collectLimited(rig, m_variables, result.limited);
    std::sort(result.limited.begin(), result.limited.end()); // reported in index order
}

} // namespace bonework
