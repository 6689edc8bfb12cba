#include "bonework/solvers/two_joint_finish.h"

#include "bonework/solvers/law_of_cosines.h"

#include <array>

namespace bonework::solvers {
namespace {

// Joints tried on long chains: the last few (where a finish usually has room) and a spread
// along the rest.
constexpr int kLastJoints = 8;
constexpr int kSpreadJoints = 16;
// bendBeyondBest decides only where the sum of the four squared lengths is at most kBendScale
// times 2ab (so the cosines' rounding stays under 1e-14, their sines' under 2e-7), and only
// beyond kBendSlack.
constexpr double kBendScale = 10.0;
constexpr double kBendSlack = 1e-5;

struct Turn {
    int i = 0, k = 0;
    Rotation first, second; // the new local rotations of joints i and k
    double leastCos = -2.0; // cosine of the larger of the two turns
    double leastSin = 0.0;  // its sine (>= 0)
};

// Whether the second joint of a pair would have to turn further than `best`'s larger turn, read
// from lengths alone (no root, no division but one): the tip's distance from the first joint
// goes from r to d only through the bend at the second joint between the chord (a) and the rest
// of the chain (b), whose cosine a turn of t can move only within [cos(|bend| + t),
// cos(|bend| - t)]. Near full stretch most pairs would have to bend far, and this tells them
// without working their turns out. False when unsure: without a best yet, inside a window (the
// turns are then measured from its reference), or when rounding could decide it (a chord much
// shorter than the rest, where the cosines lose their digits).
bool bendBeyondBest(double a, double b, double r, double d, const Turn& best, const TurnWindow& window)
{
    if (best.i == 0 || window.active())
        return false;
    const double ab2 = 2.0 * a * b;
    const double sum = a * a + b * b;
    if (!(r * r + d * d + sum <= kBendScale * ab2))
        return false;
    const double per = 1.0 / ab2;
    const double bendCos = std::clamp((r * r - sum) * per, -1.0, 1.0); // now
    const double wantedCos = (d * d - sum) * per;                      // needed
    const double bendSin = std::sqrt(1.0 - bendCos * bendCos);
    const double upper = bendCos >= best.leastCos ? 1.0 : bendCos * best.leastCos + bendSin * best.leastSin;
    const bool pastHalfTurn = bendSin * best.leastCos + bendCos * best.leastSin < 0.0;
    const double lower = pastHalfTurn ? -1.0 : bendCos * best.leastCos - bendSin * best.leastSin;
    return wantedCos > upper + kBendSlack || wantedCos < lower - kBendSlack;
}

// What a pair needs of one joint that does not depend on the other joint of the pair: worked out
// once per joint rather than once per pair (the search tries every pair of up to kAllPairsUpTo
// joints). The directions only once a pair passes the triangle test: toward an unreachable
// target, most pairs (and the last pair alone, tried after every other iteration) fail it.
struct JointView {
    int k = 0;
    Vec2 start;              // the joint's position (the start of bone k)
    double toTarget = 0.0;   // its distance to the target (d, when it is the first joint)
    double toTip = 0.0;      // its distance to the tip (b when it is the second joint, r the first)
    Rotation aim;            // the direction from it to the target
    Rotation tail;           // the direction from it to the tip
    signed char aims = -1;      // that direction exists (-1: not worked out yet)
    signed char holdsTail = -1; // likewise
};

// The last pair alone needs only the first joint's distance to the target and the second's to
// the tip (asFirst, asSecond); a joint of the whole search needs both.
JointView viewOf(ChainState& state, int k, Vec2 target, bool asFirst = true, bool asSecond = true)
{
    const std::span<const Vec2> pos = state.positions();
    JointView v;
    v.k = k;
    v.start = pos[static_cast<std::size_t>(k - 1)];
    v.toTarget = asFirst ? safeDistance(v.start, target) : 0.0;
    v.toTip = asSecond ? safeDistance(v.start, pos[static_cast<std::size_t>(state.bones())]) : 0.0;
    return v;
}

bool aimOf(JointView& v, Vec2 target)
{
    if (v.aims < 0)
        v.aims = unitDirection(target - v.start, v.aim) ? 1 : 0;
    return v.aims != 0;
}

bool tailOf(JointView& v, Vec2 tip)
{
    if (v.holdsTail < 0)
        v.holdsTail = unitDirection(tip - v.start, v.tail) ? 1 : 0;
    return v.holdsTail != 0;
}

// The turns that put the chain's tip on `target` by joints first.k < second.k, if both stay
// legal and beat `best`. The bounds on each turn are tested as soon as that turn is known, so
// pairs that cannot win stop early (the same winner as testing them last).
void tryPair(ChainState& state, const TurnWindow& window, JointView& first, JointView& second, Vec2 target, Turn& best)
{
    const std::span<const Rotation> local = state.local();
    const int i = first.k;
    const int k = second.k;
    const Vec2 p = first.start;
    const Vec2 q = second.start;
    const double a = safeDistance(p, q);
    const double b = second.toTip;
    const double d = first.toTarget;
    Rotation chord;
    if (!(d <= a + b && d >= std::fabs(a - b)) || bendBeyondBest(a, b, first.toTip, d, best, window)
        || !unitDirection(q - p, chord) || !aimOf(first, target)
        || !tailOf(second, state.positions()[static_cast<std::size_t>(state.bones())]))
        return;
    const Rotation toTarget = first.aim;
    const ArmAngles t = armAngles(a, b, d);
    const RotationLimits& limitsI = state.limits(i);
    const RotationLimits& limitsK = state.limits(k);
    for (double sign : {1.0, -1.0}) {
        const Rotation along = toTarget * Rotation{t.cosAlpha, sign * t.sinAlpha}; // the first chord's new direction
        const Rotation turnI = renormalized(along * chord.inverse());
        const Rotation firstTurned = renormalized(turnI * local[static_cast<std::size_t>(i)]);
        // How far each joint ends from where it is measured from (cosines: larger is nearer).
        const Rotation fromI =
            window.active() ? firstTurned * window.reference[static_cast<std::size_t>(i)].inverse() : turnI;
        if (!(fromI.c > best.leastCos) || !limitsI.contains(firstTurned) || !window.contains(i, firstTurned))
            continue;
        const Vec2 elbow = p + along.direction() * a;
        Rotation wanted;
        if (!unitDirection(target - elbow, wanted))
            continue;
        const Rotation turnK = renormalized(wanted * (turnI * second.tail).inverse());
        const Rotation secondTurned = renormalized(turnK * local[static_cast<std::size_t>(k)]);
        const Rotation fromK =
            window.active() ? secondTurned * window.reference[static_cast<std::size_t>(k)].inverse() : turnK;
        if (!(fromK.c > best.leastCos) || !limitsK.contains(secondTurned) || !window.contains(k, secondTurned))
            continue;
        const double least = std::min(fromI.c, fromK.c);
        best = {i, k, firstTurned, secondTurned, least, std::sqrt(std::max(0.0, 1.0 - least * least))};
    }
}

bool turns(const RotationLimits& limits) { return limits.min != limits.max; }

bool apply(ChainState& state, const Turn& turn)
{
    const std::span<Rotation> local = state.local();
    local[static_cast<std::size_t>(turn.i)] = turn.first;
    local[static_cast<std::size_t>(turn.k)] = turn.second;
    state.forward();
    return true;
}

} // namespace

bool finishWithTwoJoints(ChainState& state, Vec2 target, const TurnWindow& window, bool lastPairOnly)
{
    const int n = state.bones();
    if (n < 2)
        return false;
    Turn best;
    if (lastPairOnly) {
        // (Without a best pair yet, bendBeyondBest reads no first.toTip.)
        JointView first = viewOf(state, n - 1, target, true, false);
        JointView second = viewOf(state, n, target, false, true);
        tryPair(state, window, first, second, target, best);
        return best.i != 0 && apply(state, best);
    }
    // The joints to pair, in chain order.
    std::array<JointView, kAllPairsUpTo> joints{};
    int count = 0;
    const auto add = [&](int k) {
        if (turns(state.limits(k)) && (count == 0 || joints[static_cast<std::size_t>(count - 1)].k < k))
            joints[static_cast<std::size_t>(count++)] = viewOf(state, k, target);
    };
    if (n <= kAllPairsUpTo) {
        for (int k = 1; k <= n; ++k)
            add(k);
    } else {
        const int spreadOver = n - kLastJoints;
        for (int s = 0; s < kSpreadJoints; ++s)
            add(1 + s * spreadOver / kSpreadJoints);
        for (int k = n - kLastJoints + 1; k <= n; ++k)
            add(k);
    }
    for (int x = 0; x < count; ++x)
        for (int y = x + 1; y < count; ++y)
            tryPair(state, window, joints[static_cast<std::size_t>(x)], joints[static_cast<std::size_t>(y)], target, best);
    return best.i != 0 && apply(state, best);
}

} // namespace bonework::solvers
