#pragma once
// Damped least squares (Levenberg-Marquardt) on one chain, in rotation form: the continuous
// strategy of the searching chain solvers. Each step turns every bone by the smallest amount
// (in the least-squares sense) that moves the tip toward the target as the chain's Jacobian
// predicts, damped so the prediction holds; a step is kept only if the tip comes closer, and
// bones that sit on a limit the step pushes against are held out of it. The pose therefore
// changes smoothly with the target: a target that moved a little is followed by a little turn
// of many bones, never by a refolded chain. Within what the tip needs (J's null space) each
// bone that is near a limit also drifts toward the middle of its range, so a chain that follows
// a target for long does not creep onto its limits and get stuck there. A descent may be held
// in a TurnWindow (each bone within a few degrees of a reference pose). It never restarts; it
// stops when the caller sees the tip within the tolerance, the iterations run out, or stalled()
// says it cannot improve any more (a stall the caller handles).
//
//   ChainDescent descent;                 // keep it in the solver: it reuses its buffers
//   descent.prepare(state);               // every solve, before the first step
//   descent.start(window);                // a fresh descent
//   while (...) tip = descent.step(state, tip, target);   // needs positions() current
//
// Deterministic; allocates only in prepare(), and only for a chain longer than any before.

#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/turn_window.h"

#include <limits>
#include <vector>

namespace bonework::solvers {

class ChainDescent {
public:
    // Sizes the buffers for `state`'s chain (and reads its limits); call once per solve whether
    // or not steps follow, so a solve that first needs the descent later allocates nothing.
    void prepare(const ChainState& state);
    // Room for chains of up to `bones` bones, so that prepare() allocates nothing for them.
    void reserve(std::size_t bones);
    // Starts a fresh descent from whatever pose the chain has, within `window`.
    void start(const TurnWindow& window = {});
    // One step from the current pose toward `target` (`tip` is the current tip, positions()
    // current). Returns the new tip (positions() current again). A step that does not bring the
    // tip closer is undone and the damping raised.
    Vec2 step(ChainState& state, Vec2 tip, Vec2 target);
    // The descent cannot get closer: its damping ran away (every step it tried made things
    // worse), its error fell by less than kProgress over kCheckEvery steps, or for
    // kPressedSteps steps some bone was pressed against a limit (or the window) while the error
    // fell by less than kProgress: a minimum the limits make, which typically misses the target.
    bool stalled() const { return m_slow || m_pressedSteps >= kPressedSteps || m_damping > kGiveUpDamping; }

private:
    // Damping relative to the largest diagonal entry of J Jᵀ (as in relax).
    static constexpr double kStartDamping = 1e-3;
    static constexpr double kGiveUpDamping = 1e8;
    // The largest turn of one bone in one step: keeps the linear prediction honest.
    static constexpr double kMaxStepRadians = 0.25;
    static constexpr int kCheckEvery = 8;
    static constexpr double kProgress = 0.01;
    static constexpr int kPressedSteps = 5;
    // The push toward the middle of a bone's range: none in the middle kCentreZone of the range
    // (measured from its centre, as a share of the half range), growing to kCentring radians per
    // step at a limit.
    static constexpr double kCentreZone = 0.8;
    static constexpr double kCentring = 0.01;

    // The step's turns toward the offset `e` into m_turn (radians): the damped least-squares
    // turns plus the push toward the middle of the ranges, within J's null space. Fills m_held
    // (bones held out) and the largest turn; anyHeld tells whether a bone that can turn was held.
    // False when no bone can help.
    bool computeTurns(ChainState& state, Vec2 tip, Vec2 e, double& largest, bool& anyHeld);
    // Whether a step of sign `step` would push bone k (now at `local`) further past a limit or
    // the window's edge it sits on.
    bool pressed(const ChainState& state, int k, Rotation local, double step) const;

    double m_damping = kStartDamping;
    int m_steps = 0;
    double m_mark = std::numeric_limits<double>::infinity();         // the error at the last check
    bool m_slow = false;
    int m_pressedSteps = 0;
    double m_progressMark = std::numeric_limits<double>::infinity(); // the error when it last fell by kProgress
    TurnWindow m_window;
    std::vector<Rotation> m_saved;      // local rotations before a trial step
    std::vector<unsigned char> m_held;  // bone held out of this step
    std::vector<double> m_turn;         // this step's turn per bone (radians)
    std::vector<double> m_push;         // the push toward the middle of the range per bone
    std::vector<double> m_tanQuarter;   // tan of a quarter of each bone's range (0: no push)
};

} // namespace bonework::solvers
