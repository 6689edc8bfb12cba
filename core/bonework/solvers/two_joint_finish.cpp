#include "bonework/solvers/two_joint_finish.h"

#include "bonework/solvers/law_of_cosines.h"

#include <array>

namespace bonework::solvers {
namespace {

// Joints tried on long chains: the last few (where a finish usually has room) and a spread
// along the rest.
constexpr int kLastJoints = 8;
constexpr int kSpreadJoints = 16;

struct Turn {
    int i = 0, k = 0;
    Rotation first, second; // the new local rotations of joints i and k
    double leastCos = -2.0; // cosine of the larger of the two turns
};

// The turns that put the chain's tip on `target` by joints i < k, if both stay legal and beat `best`.
void tryPair(ChainState& state, const TurnWindow& window, int i, int k, Vec2 target, Turn& best)
{
    const std::span<const Vec2> pos = state.positions();
    const std::span<const Rotation> local = state.local();
    const Vec2 p = pos[static_cast<std::size_t>(i - 1)];
    const Vec2 q = pos[static_cast<std::size_t>(k - 1)];
    const Vec2 tip = pos[static_cast<std::size_t>(state.bones())];
    const double a = safeDistance(p, q);
    const double b = safeDistance(q, tip);
    const double d = safeDistance(p, target);
    Rotation chord, toTarget, tail;
    if (!(d <= a + b && d >= std::fabs(a - b)) || !unitDirection(q - p, chord) || !unitDirection(target - p, toTarget)
        || !unitDirection(tip - q, tail))
        return;
    const ArmAngles t = armAngles(a, b, d);
    for (double sign : {1.0, -1.0}) {
        const Rotation along = toTarget * Rotation{t.cosAlpha, sign * t.sinAlpha}; // the first chord's new direction
        const Rotation turnI = renormalized(along * chord.inverse());
        const Vec2 elbow = p + along.direction() * a;
        Rotation wanted;
        if (!unitDirection(target - elbow, wanted))
            continue;
        const Rotation turnK = renormalized(wanted * (turnI * tail).inverse());
        const Rotation first = renormalized(turnI * local[static_cast<std::size_t>(i)]);
        const Rotation second = renormalized(turnK * local[static_cast<std::size_t>(k)]);
        // How far the two joints end from where they are measured from (cosines: larger is nearer).
        const Rotation fromI = window.active() ? first * window.reference[static_cast<std::size_t>(i)].inverse() : turnI;
        const Rotation fromK = window.active() ? second * window.reference[static_cast<std::size_t>(k)].inverse() : turnK;
        const double least = std::min(fromI.c, fromK.c);
        if (!(least > best.leastCos))
            continue;
        if (!state.limits(i).contains(first) || !state.limits(k).contains(second) || !window.contains(i, first)
            || !window.contains(k, second))
            continue;
        best = {i, k, first, second, least};
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
        tryPair(state, window, n - 1, n, target, best);
        return best.i != 0 && apply(state, best);
    }
    // The joints to pair, in chain order.
    std::array<int, kAllPairsUpTo> joints{};
    int count = 0;
    const auto add = [&](int k) {
        if (turns(state.limits(k)) && (count == 0 || joints[static_cast<std::size_t>(count - 1)] < k))
            joints[static_cast<std::size_t>(count++)] = k;
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
