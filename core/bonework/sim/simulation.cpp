#include "bonework/sim/simulation.h"

#include "bonework/sim/solve_order.h"

#include <cmath>

namespace bonework::sim {

std::string_view driverName(DriverKind kind)
{
    switch (kind) {
    case DriverKind::None: return "none";
    case DriverKind::Cursor: return "cursor";
    case DriverKind::BouncingBall: return "ball";
    case DriverKind::Steering: return "steering";
    }
    return {};
}

std::optional<DriverKind> driverFromName(std::string_view name)
{
    for (DriverKind kind : kAllDrivers)
        if (driverName(kind) == name)
            return kind;
    return std::nullopt;
}

Simulation::Simulation(const Rig& rig, const SimulationSettings& settings)
    : m_settings(settings)
    , m_poseBeforePlay(rig)
    , m_rig(rig)
    , m_world(rig.jointCount())
    , m_clock(settings.stepSeconds, settings.maxStepsPerAdvance)
{
    setUp();
}

std::span<const int> Simulation::attachedOrder() const { return m_attachedOrder; }

std::string Simulation::checkSettings() const
{
    const SimulationSettings& s = m_settings;
    if (!s.bounds.isValid())
        return "the bounds must be finite with left < right and top < bottom";
    if (!std::isfinite(s.stepSeconds) || s.stepSeconds <= 0.0)
        return "the step length must be a finite number of seconds > 0";
    if (s.driver == DriverKind::BouncingBall)
        if (auto why = checkBallSettings(s.ball); !why.empty())
            return std::string(why);
    if (s.driver == DriverKind::Steering)
        if (auto why = checkSteeringSettings(s.steering); !why.empty())
            return std::string(why);
    if (s.driver == DriverKind::None)
        return {};
    const auto chains = static_cast<int>(m_rig.chains().size());
    if (s.effector.chain >= chains || s.effector.chain < -1)
        return "the driven chain does not exist";
    if (s.effector.chain < 0 && !m_rig.isValidJoint(s.effector.joint))
        return "no chain or joint is selected to drive";
    return {};
}

Simulation::PlannedSolve Simulation::planChain(int chainIndex) const
{
    const Chain& chain = m_rig.chains()[chainIndex];
    PlannedSolve plan;
    plan.chain = chainIndex;
    plan.targetJoint = chain.target.joint;
    plan.solver = chain.solver;
    // chainRequest's settings, with the one rule of this simulation: follow drags its root.
    solvers::Effector effector{chain.tip, chain.target.point, 1.0};
    const solvers::SolveRequest request = solvers::chainRequest(chain, effector);
    plan.root = chain.solver == SolverKind::Follow ? kNoJoint : request.root;
    plan.iterations = request.iterations;
    plan.tolerance = request.tolerance;
    plan.bend = request.bend;
    plan.effector = effector;
    return plan;
}

solvers::Solver& Simulation::solverFor(SolverKind kind)
{
    auto& slot = m_solvers[static_cast<std::size_t>(kind)];
    if (!slot)
        slot = solvers::makeSolver(kind);
    return *slot;
}

namespace {
solvers::SolveRequest requestFor(const solvers::Effector& effector, JointIndex root, int iterations, double tolerance,
                        BendDirection bend)
{
    solvers::SolveRequest request;
    request.effectors = std::span<const solvers::Effector>(&effector, 1);
    request.root = root;
    request.iterations = iterations;
    request.tolerance = tolerance;
    request.bend = bend;
    return request;
}
} // namespace

std::string Simulation::validate(PlannedSolve& plan)
{
    solvers::Solver& solver = solverFor(plan.solver);
    const solvers::SolveRequest request = requestFor(plan.effector, plan.root, plan.iterations, plan.tolerance, plan.bend);
    std::string why = solver.validate(m_rig, request);
    if (why.empty()) {
        // Warm the solver's scratch buffers and the result's capacity now, on the pose before
        // play (restored right after), so no step allocates: once toward the target and once far
        // away, so a solver that stops early on a reached target still runs its full path.
        const Rig saved = m_rig;
        solver.run(m_rig, request, plan.result);
        const solvers::Effector far{plan.effector.joint, plan.effector.target + Vec2{1e4, 1e4}, plan.effector.weight};
        solver.run(m_rig, requestFor(far, plan.root, plan.iterations, plan.tolerance, plan.bend), plan.result);
        m_rig = saved;
        plan.result = {};
        plan.result.limited.reserve(m_rig.jointCount());
    }
    return why;
}

void Simulation::setUp()
{
    m_runnable = false;
    m_drivenActive = false;
    m_error.clear();
    m_skipped.clear();
    m_attached.clear();
    m_attachedOrder.clear();
    forwardKinematics(m_rig, m_world);
    if (auto why = checkSettings(); !why.empty()) {
        m_error = why;
        return;
    }
    m_runnable = true;

    // The driven effector.
    const DrivenEffector& e = m_settings.effector;
    int drivenChain = -1;
    if (m_settings.driver != DriverKind::None) {
        if (e.chain >= 0) {
            drivenChain = e.chain;
            m_driven = planChain(e.chain);
            m_driven.targetJoint = kNoJoint; // the driver, not an attachment, places its target
        } else {
            m_driven = {};
            m_driven.solver = e.solver;
            m_driven.effector.joint = e.joint;
            m_driven.root = kNoJoint;
        }
        m_driven.effector.target = m_world[m_driven.effector.joint].position;
        if (auto why = validate(m_driven); why.empty()) {
            m_drivenActive = true;
        } else {
            m_error = (drivenChain >= 0 ? "the chain \"" + m_rig.chains()[drivenChain].name + "\""
                                        : "the joint \"" + m_rig.jointName(e.joint) + "\"")
                      + " cannot be solved with " + std::string(solverName(m_driven.solver)) + ": " + why;
        }
    } else {
        m_driven = {};
    }

    // Chains with attached targets, in an order where every target is final when it is read.
    for (int index : attachedChainOrder(m_rig, drivenChain)) {
        PlannedSolve plan = planChain(index);
        plan.effector.target = m_world[plan.targetJoint].position;
        if (auto why = validate(plan); !why.empty()) {
            m_skipped.push_back({index, std::move(why)});
            continue;
        }
        m_attached.push_back(std::move(plan));
        m_attachedOrder.push_back(index);
    }
    resetDrivers();
}

void Simulation::resetDrivers()
{
    m_steps = 0;
    m_clock.reset();
    m_random.reseed(m_settings.seed);
    m_ball.reset(m_settings.ball, m_settings.bounds);
    const JointIndex joint = m_driven.effector.joint;
    const bool hasEffector = m_rig.isValidJoint(joint);
    // Start the cursor and the steered heading where the effector already is, so nothing jumps.
    m_cursor = hasEffector ? m_world[joint].position : Vec2{};
    m_driven.effector.target = m_cursor;
    m_steering.reset(m_settings.steering, m_clock.stepSeconds(),
                     hasEffector ? m_world[joint].rotation.degrees() : 0.0);
}

bool Simulation::setBallSettings(const BallSettings& ball)
{
    if (!checkBallSettings(ball).empty())
        return false;
    m_settings.ball = ball;
    m_ball.configure(ball, m_settings.bounds);
    return true;
}

bool Simulation::setSteeringSettings(const SteeringSettings& steering)
{
    if (!checkSteeringSettings(steering).empty())
        return false;
    m_settings.steering = steering;
    m_steering.configure(steering, m_clock.stepSeconds());
    return true;
}

bool Simulation::setBounds(const Bounds& bounds)
{
    if (!bounds.isValid())
        return false;
    m_settings.bounds = bounds;
    m_ball.configure(m_settings.ball, bounds);
    return true;
}

void Simulation::restart()
{
    m_rig = m_poseBeforePlay;
    forwardKinematics(m_rig, m_world);
    m_driven.bend = m_settings.effector.chain >= 0 && m_settings.driver != DriverKind::None
                        ? m_rig.chains()[m_settings.effector.chain].bend
                        : BendDirection::Positive;
    resetDrivers();
}

void Simulation::solve(PlannedSolve& plan)
{
    const solvers::SolveRequest request = requestFor(plan.effector, plan.root, plan.iterations, plan.tolerance, plan.bend);
    solverFor(plan.solver).run(m_rig, request, plan.result);
}

int Simulation::advance(double realSeconds, double speed)
{
    const int steps = m_clock.advance(realSeconds, speed);
    for (int i = 0; i < steps; ++i)
        step();
    return steps;
}

void Simulation::step()
{
    if (!m_runnable)
        return;
    const double dt = m_clock.stepSeconds();
    const JointIndex effector = m_driven.effector.joint;

    // 1. The driver places the target.
    switch (m_settings.driver) {
    case DriverKind::None: break;
    case DriverKind::Cursor: m_driven.effector.target = m_cursor; break;
    case DriverKind::BouncingBall:
        m_ball.move(dt);
        m_driven.effector.target = m_ball.state().position;
        break;
    case DriverKind::Steering:
        m_driven.effector.target = m_steering.advance(m_keys, m_world[effector].position, m_settings.bounds);
        break;
    }

    // 2. The driven effector, then 3. the attached chains, each toward its target's position
    // as it is now (after everything solved before it).
    if (m_drivenActive)
        solve(m_driven);
    for (PlannedSolve& plan : m_attached) {
        forwardKinematics(m_rig, m_world);
        plan.effector.target = m_world[plan.targetJoint].position;
        solve(plan);
    }
    forwardKinematics(m_rig, m_world);

    // 4. The ball reacts to where the tip ended up.
    if (m_settings.driver == DriverKind::BouncingBall && m_rig.isValidJoint(effector))
        m_ball.touch(m_world[effector].position, m_random);
    ++m_steps;
}

} // namespace bonework::sim
