#pragma once
// The motion preview behind the editor's Play mode: a headless, fixed-step (60 Hz by default)
// simulation that moves one effector with a driver and solves the rig's chains with the core
// solvers every step. Plain C++, no Qt; nothing is allocated per step once it is set up, and
// the same rig, settings, seed and inputs give bit-identical poses.
//
//   sim::Simulation sim(rig, settings);       // copies the rig: the pose before play
//   each frame:  sim.setCursor(mouse); sim.setKeys(keys);
//                sim.advance(elapsedSeconds, speed);   // runs the whole steps that are due
//   draw sim.rig() (and sim.ball() for the ball driver)
//   single step: sim.step();   stop: sim.poseBeforePlay() or keep sim.rig()
//
// One step: the driver moves its target (cursor point, ball, steered head); the driven
// effector is solved toward it; then every chain whose target is attached to a joint is solved
// toward that joint's current world position, a chain after every chain that can move its
// target (solve_order.h); last, the ball driver checks whether the tip touches the ball.

#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"
#include "bonework/sim/bouncing_ball.h"
#include "bonework/sim/bounds.h"
#include "bonework/sim/fixed_step_clock.h"
#include "bonework/sim/random.h"
#include "bonework/sim/steering.h"
#include "bonework/solvers/solver.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonework::sim {

enum class DriverKind : std::uint8_t {
    None,         // nothing is driven; chains with attached targets are still solved
    Cursor,       // the effector follows a point the caller sets (S1, S2, S3, S6, S7)
    BouncingBall, // the effector reaches for a bouncing ball and kicks it (S4)
    Steering,     // the effector is steered with Up/Left/Right (S8)
};
inline constexpr DriverKind kAllDrivers[] = {DriverKind::None, DriverKind::Cursor, DriverKind::BouncingBall,
                                             DriverKind::Steering};
// The names used in resources/examples/examples.json and settings: none, cursor, ball, steering.
std::string_view driverName(DriverKind kind);
std::optional<DriverKind> driverFromName(std::string_view name);

// What the driver moves. With `chain` set (an index into rig.chains()): that chain's tip, with
// its solver and settings. Otherwise `joint` with `solver` (the editor's default solver for free
// dragging). A `follow` solve never holds a root in place here: dragging a snake's head or a
// chain's free end pulls the whole rig along, as in S1 (drag), S2 and S8.
struct DrivenEffector {
    int chain = -1;
    JointIndex joint = kNoJoint;
    SolverKind solver = SolverKind::Follow;
    bool operator==(const DrivenEffector&) const = default;
};

struct SimulationSettings {
    DriverKind driver = DriverKind::Cursor;
    DrivenEffector effector;
    Bounds bounds;                  // the canvas the ball and the steered head stay in
    BallSettings ball;
    SteeringSettings steering;
    std::uint64_t seed = 1;         // the only source of randomness (the ball's sideways kicks)
    double stepSeconds = kDefaultStepSeconds;
    int maxStepsPerAdvance = 8;     // catch-up limit after a stall
    bool operator==(const SimulationSettings&) const = default;
};

// A chain with an attached target that the simulation does not solve, and why.
struct SkippedChain {
    int chain = -1;
    std::string reason;
};

class Simulation {
public:
    // Copies `rig` (the pose before play). Problems are reported, not thrown: see runnable().
    explicit Simulation(const Rig& rig, const SimulationSettings& settings = {});

    // --- Set-up outcome ------------------------------------------------------------------
    // False when the settings cannot run at all (bad bounds, driver settings or effector); then
    // step() does nothing and error() says why.
    bool runnable() const { return m_runnable; }
    // The first problem, for a status bar: bad settings, or why the driven effector's solve was
    // refused by its solver (the driver still moves, the rig does not follow). Empty when none.
    const std::string& error() const { return m_error; }
    bool drivenSolveActive() const { return m_drivenActive; }
    // Attached chains left out because their solver refused them.
    const std::vector<SkippedChain>& skippedChains() const { return m_skipped; }
    // The attached chains solved each step, in solving order (indices into rig().chains()).
    std::span<const int> attachedOrder() const;
    const SimulationSettings& settings() const { return m_settings; }

    // --- Inputs (take effect at the next step) -------------------------------------------
    void setCursor(Vec2 point) { m_cursor = point; }
    Vec2 cursor() const { return m_cursor; }
    void setKeys(const SteeringKeys& keys) { m_keys = keys; }
    const SteeringKeys& keys() const { return m_keys; }
    // Flips the driven solve's bend direction while playing (the S5 elbow switch).
    void setDrivenBend(BendDirection bend) { m_driven.bend = bend; }
    BendDirection drivenBend() const { return m_driven.bend; }
    // Settings changed while playing (the settings panel, a resized canvas): the ball and the
    // steering keep their motion; restart() uses the new values too. Invalid values are refused
    // (false) and change nothing.
    bool setBallSettings(const BallSettings& ball);
    bool setSteeringSettings(const SteeringSettings& steering);
    bool setBounds(const Bounds& bounds);

    // --- Time ----------------------------------------------------------------------------
    // Adds real elapsed time times `speed` and runs the whole steps that are due; returns how
    // many ran. Frame rate and speed change how many steps run, never what a step does.
    int advance(double realSeconds, double speed = 1.0);
    // Exactly one step (single stepping while paused).
    void step();
    // Back to the pose before play, step 0, the same seed: replays identically.
    void restart();
    std::uint64_t stepCount() const { return m_steps; }
    double stepSeconds() const { return m_clock.stepSeconds(); }
    double pendingFraction() const { return m_clock.pendingFraction(); }

    // --- State ---------------------------------------------------------------------------
    const Rig& rig() const { return m_rig; }
    // For Stop: restore this, or keep rig() as one undo step (before = this, after = rig()).
    const Rig& poseBeforePlay() const { return m_poseBeforePlay; }
    // World transforms of rig() after the last step (or of the pose before play at step 0).
    std::span<const WorldTransform> world() const { return m_world; }
    JointIndex effectorJoint() const { return m_driven.effector.joint; }
    // Where the driver last sent the effector.
    Vec2 effectorTarget() const { return m_driven.effector.target; }
    // The driven solve's last result.
    const solvers::SolveResult& lastSolve() const { return m_driven.result; }
    const BallState& ball() const { return m_ball.state(); }
    const SteeringState& steering() const { return m_steering.state(); }

private:
    // One solve done every step: its effector, the request's settings and its reused result.
    struct PlannedSolve {
        int chain = -1;
        JointIndex targetJoint = kNoJoint; // for attached targets
        SolverKind solver = SolverKind::Follow;
        JointIndex root = kNoJoint;
        int iterations = 10;
        double tolerance = 0.01;
        BendDirection bend = BendDirection::Positive;
        solvers::Effector effector;
        solvers::SolveResult result;
    };

    void setUp();
    void resetDrivers();
    std::string checkSettings() const;
    PlannedSolve planChain(int chainIndex) const;
    solvers::Solver& solverFor(SolverKind kind);
    std::string validate(PlannedSolve& plan);
    void solve(PlannedSolve& plan);

    SimulationSettings m_settings;
    Rig m_poseBeforePlay;
    Rig m_rig;
    std::vector<WorldTransform> m_world;
    std::array<std::unique_ptr<solvers::Solver>, std::size(kAllSolvers)> m_solvers;
    PlannedSolve m_driven;
    std::vector<PlannedSolve> m_attached;
    std::vector<int> m_attachedOrder;
    std::vector<SkippedChain> m_skipped;
    FixedStepClock m_clock;
    Random m_random;
    BouncingBall m_ball;
    Steering m_steering;
    Vec2 m_cursor;
    SteeringKeys m_keys;
    std::uint64_t m_steps = 0;
    bool m_runnable = false;
    bool m_drivenActive = false;
    std::string m_error;
};

} // namespace bonework::sim
