#pragma once
// How far a solve may turn each joint of a chain: within `cap` of a reference pose (a warm
// solve's start), besides the joint's limits. A drag's frame that keeps every joint within a
// few degrees of where the last frame left it cannot refold the chain, whatever strategy runs
// inside the window. An empty reference means no window (the limits alone).

#include "bonework/rotation_limits.h"
#include "bonework/solvers/solver_support.h"

#include <cmath>
#include <span>

namespace bonework::solvers {

struct TurnWindow {
    std::span<const Rotation> reference; // local rotations, indices as in ChainState::local()
    Rotation cap{-1.0, 0.0};             // the largest turn from the reference (cos, sin; sin >= 0)

    bool active() const { return !reference.empty(); }

    // The rotation nearest `r` for joint k within its limits and the window. `r` must be within
    // the limits already (clamped by them). A joint's legal range is one arc holding both the
    // reference and r, so the window's edge toward r is legal unless the short way to it leaves
    // the range; clamping by the limits once more then puts it on the limit, inside the window.
    Rotation clamp(const RotationLimits& limits, int k, Rotation r) const
    {
        if (!active())
            return r;
        const Rotation from = reference[static_cast<std::size_t>(k)];
        const Rotation away = r * from.inverse();
        if (!(away.c < cap.c))
            return r;
        return limits.clamp(renormalized(from * (away.s >= 0.0 ? cap : cap.inverse())));
    }

    // Whether joint k at `r` sits on the window's edge on the side that a turn of sign `step`
    // pushes against (clamp() puts it there exactly, so equality tells).
    bool pressed(int k, Rotation r, double step) const
    {
        if (!active())
            return false;
        const Rotation from = reference[static_cast<std::size_t>(k)];
        return (step > 0.0 && r == renormalized(from * cap)) || (step < 0.0 && r == renormalized(from * cap.inverse()));
    }

    // Joint k on its way from the reference to `goal` (within its limits): the whole way when
    // that is within the window, else the window's cap along the arc the limits allow (the short
    // way round for a free joint). A chain turned so, joint by joint, moves toward another fold
    // a few degrees a frame, never through a joint's forbidden range. Trigonometry: for the rare
    // frame that turns a chain over, not for the passes.
    Rotation toward(const RotationLimits& limits, int k, Rotation goal) const
    {
        if (!active())
            return goal;
        const Rotation from = reference[static_cast<std::size_t>(k)];
        const auto angle = [](Rotation r) { return std::atan2(r.s, r.c); };
        // Angles about the middle of the range run from one limit to the other without a wrap.
        const double turn = limits.free ? angle(goal * from.inverse())
                                        : angle(goal * limits.centre.inverse()) - angle(from * limits.centre.inverse());
        const double most = angle(cap);
        if (std::fabs(turn) <= most)
            return goal;
        const double step = turn > 0.0 ? most : -most;
        return limits.clamp(renormalized(from * Rotation{std::cos(step), std::sin(step)}));
    }

    // Whether joint k at `r` lies within the window.
    bool contains(int k, Rotation r) const
    {
        return !active() || !((r * reference[static_cast<std::size_t>(k)].inverse()).c < cap.c);
    }
};

} // namespace bonework::solvers
