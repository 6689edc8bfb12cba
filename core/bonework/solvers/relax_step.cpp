// One iteration of RelaxSolver's descent: the system J Jᵀ + D over the effectors' and the
// pins' rows, its solution, the columns held at their limits, and the trial step with its pins
// put back, kept or dropped per group. The loop around it lives in relax_solver.cpp.

#include "bonework/solvers/relax_solver.h"

#include "bonework/angles.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace bonework::solvers {
namespace {

// The largest turn one step may give a bone: keeps big corrections smooth over iterations.
constexpr double kMaxStepDegrees = 30.0;
// A root's columns are scaled so that the minimum-norm step of the descent prefers bending: one
// unit of a root's translation moves it kRootMoveScale px, one unit of its rotation turns it
// kRootTurnScale degrees, where one unit of a bone turns it a degree. Measured on the humanoid:
// its hand dragged 240 px out of reach in 60 moves, hands and feet as effectors, took 1877
// iterations in all with 1.0, 1642 with 0.1 and 2151 with 0.01 (the body's share too small to
// help); the pelvis dragged 60 px down with both feet pinned tilted by 0.9 degrees with a
// rotation scale of 0.1 (by 45 at once in a deep crouch, when the knees reached their limits)
// and by 0.01 with 0.01, which still turns the body where nothing else can (one foot pinned).
constexpr double kRootMoveScale = 0.1;
constexpr double kRootTurnScale = 0.01;
// A pin's rows are damped this much relative to their own scale: they are constraints (the pin
// stays), not wishes, so each step moves the skeleton along what the pins allow to within this
// fraction; the limbs then put the pins back exactly.
constexpr double kPinSlack = 1e-6;
// A limb's bone this close to a limit (degrees) counts as on it: the limb is re-posed in closed
// form, so it only ever comes near a limit, and must be held there for the skeleton above to
// slide along what the limb allows instead of halving every step against it.
constexpr double kLimbMargin = 1e-3;
// How often a step whose pins cannot all be put back is halved before it is dropped.
constexpr int kMaxHalvings = 12;
// Entries of the normal matrix summed side by side (see computeStep).
constexpr std::size_t kSideBySide = 4; // (computeStep names each of them)

// Rig::setAngleClamped for a bone (never a root), its common case inline: an angle in
// (-180, 180] within the limits is kept as it is, and its cos/sin are worked out as
// Rotation::fromDegrees does; anything else goes through the very calls setAngleClamped makes.
// The same bits either way; a descent step sets every bone of a long chain, and the calls (a
// clamp, two wraps, fromDegrees) cost about as much as a third of the sincos.
void setBoneAngleClamped(Rig& rig, JointIndex j, double degrees)
{
    const double min = rig.minAngle(j), max = rig.maxAngle(j);
    const double a = degrees > -180.0 && degrees <= 180.0 && degrees >= min && degrees <= max
                         ? degrees
                         : clampToLimits(degrees, min, max);
    Rotation r;
    if (a > -180.0 && a <= 180.0 && a != 0.0 && a != 90.0 && a != 180.0 && a != -90.0) {
        const double radians = a * kRadiansPerDegree;
        r = {std::cos(radians), std::sin(radians)};
    } else {
        r = Rotation::fromDegrees(a);
    }
    rig.setPose(j, {a, r, rig.rootPosition(j)});
}

} // namespace

void RelaxSolver::buildSystem(const Rig& rig, const SolveRequest& request, bool correction)
{
    // The groups taking part: those still descending, or for a correction those whose pins
    // could not all be put back.
    const auto live = [correction](const Group& group) { return correction ? !group.pinsPlaced : group.active; };
    const std::size_t effectors = request.effectors.size();
    const std::size_t cols = m_variables.size();
    std::fill(m_jacobian.begin(), m_jacobian.end(), 0.0);
    for (Group& group : m_groups) {
        group.largest = 0.0;
        group.pinLargest = 0.0;
    }
    // Rows `row` and `row + 1`: how the joint's x and y move per unit of each variable above it,
    // scaled by s (the square root of the row's weight). Turning bone j by one degree moves the
    // joint around j's parent; a root's columns move everything under it.
    const auto fillRows = [&](std::size_t row, JointIndex joint, double s, const Group& group, double& largest) {
        double* rx = &m_jacobian[row * cols];
        double* ry = &m_jacobian[(row + 1) * cols];
        const Vec2 p = m_world[joint].position;
        JointIndex j = joint;
        const std::span<const JointIndex> parents = rig.parents();
        const auto fill = [&](JointIndex at, JointIndex up) {
            const int c = m_variable[at];
            if (c < 0)
                return;
            const double k = s * kRadiansPerDegree;
            const Vec2 arm = p - m_world[up].position;
            rx[c] = -k * arm.y;
            ry[c] = k * arm.x;
            largest = std::max(largest, k * k * dot(arm, arm));
        };
        // Up a run of joints that each hang from the one before (a chain), the next joint is
        // j - 1, known without waiting for the parent's load; then joint by joint through the
        // parents, as far as the root.
        for (; j > 0 && parents[j] == j - 1; --j)
            fill(j, j - 1);
        for (; parents[j] != kNoJoint; j = parents[j])
            fill(j, parents[j]);
        const int c = m_variable[j];
        if (c < 0 || !group.rootsFree)
            return;
        const double k = s * kRadiansPerDegree * kRootTurnScale;
        const double m = s * kRootMoveScale;
        const Vec2 arm = p - m_world[j].position;
        rx[c] = -k * arm.y;
        ry[c] = k * arm.x;
        rx[c + 1] = m;
        ry[c + 2] = m;
        largest = std::max({largest, k * k * dot(arm, arm), m * m});
    };
    for (std::size_t i = 0; i < effectors; ++i) {
        const int g = m_effectorGroup[i];
        if (g >= 0 && live(m_groups[static_cast<std::size_t>(g)])) {
            Group& group = m_groups[static_cast<std::size_t>(g)];
            fillRows(2 * i, request.effectors[i].joint, std::sqrt(request.effectors[i].weight), group, group.largest);
        }
    }
    for (std::size_t k = 0; k < m_pins.size(); ++k) {
        Group& group = m_groups[static_cast<std::size_t>(m_pins[k].group)];
        if (live(group))
            fillRows(2 * (effectors + k), m_pins[k].joint, 1.0, group, group.pinLargest);
    }
    // Damping relative to the largest diagonal entry of the group's J Jᵀ; rows of groups not
    // taking part contribute nothing (no residual, held columns). A correction asks the
    // effectors to stay where the step put them, and the pins to go back.
    for (std::size_t i = 0; i < effectors; ++i) {
        const int g = m_effectorGroup[i];
        const Group* group = g >= 0 && live(m_groups[static_cast<std::size_t>(g)]) ? &m_groups[static_cast<std::size_t>(g)] : nullptr;
        const double damping = group ? group->mu * std::max(group->largest, 1e-12) : 1.0;
        m_rowDamping[2 * i] = damping;
        m_rowDamping[2 * i + 1] = damping;
        if (!group || correction) {
            m_residual[2 * i] = 0.0;
            m_residual[2 * i + 1] = 0.0;
        }
    }
    for (std::size_t k = 0; k < m_pins.size(); ++k) {
        const Group& group = m_groups[static_cast<std::size_t>(m_pins[k].group)];
        const bool taking = live(group);
        const double damping = taking ? kPinSlack * std::max(group.pinLargest, 1e-12) : 1.0;
        const std::size_t row = 2 * (effectors + k);
        const Vec2 back = taking && correction ? m_pins[k].spot - m_world[m_pins[k].joint].position : Vec2{};
        m_rowDamping[row] = damping;
        m_rowDamping[row + 1] = damping;
        m_residual[row] = back.x; // a pin's wish: to stay where it is, or go back there
        m_residual[row + 1] = back.y;
    }
    for (const Group& group : m_groups)
        for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
            const bool root = m_columnKind[c] == Column::RootTurn || m_columnKind[c] == Column::RootX
                              || m_columnKind[c] == Column::RootY;
            m_held[c] = !live(group) || (root && !group.rootsFree) ? 1 : 0;
        }
    // A correction holds the limbs that could not reach: they already lie as near as they can,
    // so what is above them must move.
    if (correction)
        for (const HeldPin& pin : m_pins)
            if (!pin.placed && live(m_groups[static_cast<std::size_t>(pin.group)])) {
                m_held[static_cast<std::size_t>(m_variable[pin.joint])] = 1;
                m_held[static_cast<std::size_t>(m_variable[rig.parent(pin.joint)])] = 1;
            }
}

bool RelaxSolver::computeStep(std::vector<double>& step)
{
    if (!solveNormal())
        return false;
    stepFromSolution(step);
    return true;
}

bool RelaxSolver::solveNormal()
{
    const std::size_t rows = m_residual.size();
    const std::size_t cols = m_variables.size();
    // Normal matrix over the rows (small: two per effector and pin), skipping held columns. Rows
    // of different groups share no column, so it is block diagonal; one factorisation serves all.
    // Its entries (a, b), a <= b, are summed kSideBySide at a time in one sweep over the columns:
    // each sum still runs in column order (the same bits), but the sums no longer wait on each
    // other's additions (one sweep per entry made every addition wait on the one before).
    std::size_t nextA = 0, nextB = 0;
    if (rows == 2) {
        // One effector and no pins (every limb): entries (0, 0), (0, 1), (1, 1), summed as the
        // general sweep below sums them (each in column order, a product times `take`), without
        // its fourth, repeated sum.
        const double* x = &m_jacobian[0];
        const double* y = &m_jacobian[cols];
        double s00 = 0.0, s01 = 0.0, s11 = 0.0;
        for (std::size_t c = 0; c < cols; ++c) {
            const double take = 1.0 - static_cast<double>(m_held[c]);
            s00 += x[c] * x[c] * take;
            s01 += x[c] * y[c] * take;
            s11 += y[c] * y[c] * take;
        }
        m_normal[0] = s00;
        m_normal[1] = s01;
        m_normal[2] = s01;
        m_normal[3] = s11;
        nextA = rows; // done
    }
    while (nextA < rows) {
        std::array<const double*, kSideBySide> left{}, right{};
        std::array<std::size_t, kSideBySide> at{};
        std::size_t count = 0;
        for (; count < kSideBySide && nextA < rows; ++count) {
            left[count] = &m_jacobian[nextA * cols];
            right[count] = &m_jacobian[nextB * cols];
            at[count] = nextA * rows + nextB;
            if (++nextB == rows)
                nextB = ++nextA;
        }
        for (std::size_t k = count; k < kSideBySide; ++k) { // a short last block repeats its first entry
            left[k] = left[0];
            right[k] = right[0];
        }
        // Four named sums, so that the compiler keeps them in registers.
        double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
        const double *l0 = left[0], *l1 = left[1], *l2 = left[2], *l3 = left[3];
        const double *r0 = right[0], *r1 = right[1], *r2 = right[2], *r3 = right[3];
        for (std::size_t c = 0; c < cols; ++c) {
            // A held column adds nothing: times 0 rather than skipped, since held columns lie
            // anywhere along a chain and a branch on them would mispredict (adding a zero
            // leaves each sum as it was, bit for bit).
            const double take = 1.0 - static_cast<double>(m_held[c]);
            s0 += l0[c] * r0[c] * take;
            s1 += l1[c] * r1[c] * take;
            s2 += l2[c] * r2[c] * take;
            s3 += l3[c] * r3[c] * take;
        }
        const std::array<double, kSideBySide> sums{s0, s1, s2, s3};
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t a = at[k] / rows, b = at[k] % rows;
            m_normal[a * rows + b] = sums[k];
            m_normal[b * rows + a] = sums[k];
        }
    }
    for (std::size_t a = 0; a < rows; ++a) {
        m_normal[a * rows + a] += m_rowDamping[a];
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
    return true;
}

double RelaxSolver::columnStep(std::size_t c) const
{
    const std::size_t rows = m_residual.size();
    const std::size_t cols = m_variables.size();
    double s = 0.0;
    for (std::size_t r = 0; r < rows; ++r)
        s += m_jacobian[r * cols + c] * m_rhs[r];
    return s;
}

void RelaxSolver::stepFromSolution(std::vector<double>& step)
{
    const std::size_t rows = m_residual.size();
    const std::size_t cols = m_variables.size();
    // Jᵀ y row by row (each column's sum still in row order, from 0, as columnStep adds it),
    // and with the last row the cap, without branches on held columns or on the cap. (The sums
    // start as 0.0 + the first row's term, as the sweep from 0 gave them: the same bits, -0.0
    // included; one pass fewer over the columns.)
    if (rows == 0) {
        std::fill(step.begin(), step.begin() + static_cast<std::ptrdiff_t>(cols), 0.0);
    } else {
        const double* first = &m_jacobian[0];
        const double y0 = m_rhs[0];
        for (std::size_t c = 0; c < cols; ++c)
            step[c] = 0.0 + first[c] * y0;
    }
    for (std::size_t r = 1; r + 1 < rows; ++r) {
        const double* row = &m_jacobian[r * cols];
        const double y = m_rhs[r];
        for (std::size_t c = 0; c < cols; ++c)
            step[c] += row[c] * y;
    }
    const auto finish = [&](std::size_t c, double sum) {
        // A root's translation is linear in its step: no turn to keep smooth, so no cap.
        const bool moves = m_columnKind[c] == Column::RootX || m_columnKind[c] == Column::RootY;
        const double capped = std::min(std::max(sum, -kMaxStepDegrees), kMaxStepDegrees);
        step[c] = m_held[c] ? 0.0 : moves ? sum : capped;
    };
    if (rows > 1) {
        const double* last = &m_jacobian[(rows - 1) * cols];
        const double y = m_rhs[rows - 1];
        for (std::size_t c = 0; c < cols; ++c)
            finish(c, step[c] + last[c] * y);
    } else {
        for (std::size_t c = 0; c < cols; ++c)
            finish(c, step[c]);
    }
}

bool RelaxSolver::holdPressedColumns(const Rig& rig)
{
    bool held = false;
    for (Group& group : m_groups) {
        group.pressed = false;
        const bool windowed = group.turnWindow > 0.0; // (else turnWindowEdge is 0)
        for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
            const Column kind = m_columnKind[c];
            if (m_held[c] || (kind != Column::Bone && kind != Column::LimbBone))
                continue;
            const JointIndex j = m_variables[c];
            const double a = rig.angle(j);
            const double margin = kind == Column::LimbBone ? kLimbMargin : 0.0;
            // Bitwise, not short-circuit: along a limited chain which bones sit on a limit is
            // anyone's guess, and a branch per test would mispredict.
            const bool low = a <= rig.minAngle(j) + margin;
            const bool high = a >= rig.maxAngle(j) - margin;
            if (!(static_cast<unsigned>(low) | static_cast<unsigned>(high) | static_cast<unsigned>(windowed)))
                continue; // (most bones: no need for the step's sign)
            const int edge = windowed ? turnWindowEdge(group, c, a) : 0;
            if (!low && !high && edge == 0)
                continue;
            const double step = columnStep(c);
            // a free joint just wraps around its limits, but not past a turn window
            const bool free = rig.minAngle(j) == kMinLimit && rig.maxAngle(j) == kMaxLimit;
            const bool onLimit = (low && step < 0.0) || (high && step > 0.0);
            const bool onWindow = (edge > 0 && step > 0.0) || (edge < 0 && step < 0.0);
            if ((onLimit && !free) || onWindow) {
                m_held[c] = 1;
                group.pressed = true;
                held = true;
            }
        }
    }
    return held;
}

void RelaxSolver::applyStep(Rig& rig, const Group& group)
{
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
        if (m_step[c] == 0.0)
            continue;
        const JointIndex j = m_variables[c];
        switch (m_columnKind[c]) {
        case Column::Bone:
        case Column::LimbBone: setBoneAngleClamped(rig, j, withinTurnWindow(group, c, m_saved[c] + m_step[c])); break;
        case Column::RootTurn: rig.setAngleClamped(j, m_saved[c] + m_step[c] * kRootTurnScale); break;
        case Column::RootX:
            rig.setRootPositionUnchecked(j, {m_saved[c] + m_step[c] * kRootMoveScale, rig.rootPosition(j).y});
            break;
        case Column::RootY:
            rig.setRootPositionUnchecked(j, {rig.rootPosition(j).x, m_saved[c] + m_step[c] * kRootMoveScale});
            break;
        }
    }
}

void RelaxSolver::applyCorrection(Rig& rig, const Group& group)
{
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
        const double d = m_correction[c];
        if (d == 0.0)
            continue;
        const JointIndex j = m_variables[c];
        Vec2 p = rig.rootPosition(j);
        switch (m_columnKind[c]) {
        case Column::Bone:
        case Column::LimbBone: rig.setAngleClamped(j, rig.angle(j) + d); break;
        case Column::RootTurn: rig.setAngleClamped(j, rig.angle(j) + d * kRootTurnScale); break;
        case Column::RootX:
            p.x += d * kRootMoveScale;
            rig.setRootPositionUnchecked(j, p);
            break;
        case Column::RootY:
            p.y += d * kRootMoveScale;
            rig.setRootPositionUnchecked(j, p);
            break;
        }
    }
}

bool RelaxSolver::carryRoots(Rig& rig, const SolveRequest& request)
{
    bool any = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        // With pins the translation must keep them: the descent's step along the pins' rows does.
        if (!group.active || !group.rootsFree || group.hasPins)
            continue;
        // Weights relative to the heaviest, so no sum can overflow.
        double heaviest = 0.0;
        for (std::size_t i = 0; i < request.effectors.size(); ++i)
            if (m_effectorGroup[i] == static_cast<int>(g))
                heaviest = std::max(heaviest, request.effectors[i].weight);
        Vec2 sum;
        double weights = 0.0;
        for (std::size_t i = 0; i < request.effectors.size(); ++i)
            if (m_effectorGroup[i] == static_cast<int>(g)) {
                const double w = request.effectors[i].weight / heaviest;
                sum += (m_target[i] - m_world[request.effectors[i].joint].position) * w;
                weights += w;
            }
        const Vec2 carry = sum * (1.0 / weights);
        for (std::size_t c = group.firstColumn; c < group.endColumn; ++c) {
            if (m_columnKind[c] == Column::RootX)
                m_step[c] += carry.x / kRootMoveScale;
            else if (m_columnKind[c] == Column::RootY)
                m_step[c] += carry.y / kRootMoveScale;
        }
        applyStep(rig, group);
        any = true;
    }
    return any;
}

void RelaxSolver::restoreSaved(Rig& rig, const Group& group)
{
    for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
        rig.setPose(m_variables[c], m_savedPose[c]);
}

void RelaxSolver::takeStep(Rig& rig, const SolveRequest& request)
{
    for (std::size_t c = 0; c < m_variables.size(); ++c) {
        const JointIndex j = m_variables[c];
        m_savedPose[c] = rig.pose(j);
        const Column kind = m_columnKind[c];
        m_saved[c] = kind == Column::RootX ? rig.rootPosition(j).x : kind == Column::RootY ? rig.rootPosition(j).y : rig.angle(j);
    }
    for (Group& group : m_groups) {
        group.halved = false;
        if (group.active)
            applyStep(rig, group);
    }
    // m_world is current for the pose before the step: kept aside, it is the world again when
    // every group's step is dropped (the poses go back to the bit, and the same poses give the
    // same world), so that case needs no forward kinematics.
    m_world.swap(m_stepWorld);
    updateWorld(rig);
    if (carryRoots(rig, request))
        updateWorld(rig);
    // Each group with pins puts them back; one that cannot halves its step and tries again.
    bool pending = false;
    for (Group& group : m_groups) {
        group.pinsPlaced = !(group.active && group.hasPins);
        pending = pending || !group.pinsPlaced;
    }
    for (int attempt = 0; pending && putPinsBack(rig, request); ++attempt) {
        const bool giveUp = attempt == kMaxHalvings;
        for (Group& group : m_groups) {
            if (group.pinsPlaced)
                continue;
            restoreSaved(rig, group);
            if (giveUp)
                continue;
            for (std::size_t c = group.firstColumn; c < group.endColumn; ++c)
                m_step[c] *= 0.5;
            group.halved = true;
            applyStep(rig, group);
        }
        updateWorld(rig);
        pending = !giveUp;
    }
    measure(request);
    // Each group keeps its step only if its pins are back and its own weighted error fell.
    bool reverted = false, kept = false;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        if (!group.active)
            continue;
        if (group.pinsPlaced && m_groupError[g] < group.error) {
            group.error = m_groupError[g];
            if (!group.halved) // a halved step was too long: no less damping
                group.mu = std::max(group.mu * 0.3, 1e-9);
            keepIfBest(g, rig);
            kept = true;
            // The largest turn, in four running maxima side by side (one chain of maxsd made
            // every column wait on the one before): a maximum does not depend on the order, and a
            // NaN turn is skipped either way (std::max keeps its first argument then).
            double moved[4] = {group.movedSinceCheckpoint, 0.0, 0.0, 0.0};
            std::size_t c = group.firstColumn;
            for (; c + 4 <= group.endColumn; c += 4)
                for (std::size_t k = 0; k < 4; ++k)
                    moved[k] = std::max(moved[k], std::fabs(m_step[c + k]));
            for (; c < group.endColumn; ++c)
                moved[0] = std::max(moved[0], std::fabs(m_step[c]));
            group.movedSinceCheckpoint = std::max(std::max(moved[0], moved[1]), std::max(moved[2], moved[3]));
        } else {
            restoreSaved(rig, group);
            group.mu *= 10.0;
            reverted = true;
        }
        if (group.error < (1.0 - kProgress) * group.progressMark) {
            group.progressMark = group.error;
            group.pressedIterations = 0;
            group.slowIterations = 0;
        } else {
            group.pressedIterations = group.pressed ? group.pressedIterations + 1 : 0;
            ++group.slowIterations;
        }
    }
    if (reverted) {
        // When every group that stepped dropped its step, every variable is back to the bit
        // where it was and nothing else moved (without pins: their limbs are re-posed), so the
        // world is the one kept aside.
        if (!kept && m_pins.empty())
            m_world.swap(m_stepWorld);
        else
            updateWorld(rig);
        measure(request); // the residuals of the reverted groups
    }
}

} // namespace bonework::solvers
