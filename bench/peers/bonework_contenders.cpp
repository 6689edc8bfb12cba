// Bonework's solvers as contenders, through makeSolver and SolveRequest as any caller uses them:
// the chain's tip as the one effector, its root (joint 0) as the fixed base (relax holds it like
// a pin), the solver object kept from solve to solve (warm buffers).
#include "contender.h"

#include "pose_checks.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver.h"

#include <optional>
#include <stdexcept>

namespace bonework::peers {
namespace {

class BoneworkContender final : public Contender {
public:
    explicit BoneworkContender(SolverKind kind) : m_kind(kind), m_solver(solvers::makeSolver(kind)) {}

    std::string name() const override { return std::string(solverName(m_kind)); }
    bool isBonework() const override { return true; }
    bool handles(const PeerCase& c) const override { return m_kind != SolverKind::TwoBone || c.bones == 2; }

    void load(const PeerCase& c, int maxIterations) override
    {
        m_start = c.rig;
        m_rig = c.rig;
        m_tip = static_cast<JointIndex>(c.bones);
        m_effector = {m_tip, c.target, 1.0};
        m_request.effectors = std::span<const solvers::Effector>(&m_effector, 1);
        m_request.root = 0;
        m_request.iterations = maxIterations;
        m_request.tolerance = kTolerance;
        m_result.limited.reserve(m_rig.jointCount());
        m_kept.resize(m_rig.jointCount());
        if (auto why = m_solver->validate(m_rig, m_request); !why.empty())
            throw std::runtime_error(name() + ": " + why);
    }
    void restart() override
    {
        for (JointIndex j = 0; j <= m_tip; ++j)
            m_rig.setPose(j, m_start.pose(j));
        m_lastTarget.reset();
    }
    void solve(Vec2 target) override
    {
        m_effector.target = target;
        m_effector.previousTarget.reset();
        m_solver->run(m_rig, m_request, m_result);
        m_lastTarget = target;
    }
    void follow(Vec2 target) override
    {
        m_effector.target = target;
        m_effector.previousTarget = m_lastTarget;
        m_solver->run(m_rig, m_request, m_result);
        m_lastTarget = target;
    }
    int iterations() const override { return m_result.iterations; }
    Vec2 tip() const override { return worldTransformOf(m_rig, m_tip).position; }
    void angles(std::vector<double>& out) const override
    {
        out.resize(static_cast<std::size_t>(m_tip));
        for (JointIndex j = 1; j <= m_tip; ++j)
            out[static_cast<std::size_t>(j - 1)] = m_rig.angle(j) * kRadiansPerDegree;
    }
    std::string whyIllegal() const override
    {
        const JointIndex fixed[] = {0};
        return testing::checkLegalPose(m_start, m_rig, fixed);
    }
    void keep() override
    {
        for (JointIndex j = 0; j <= m_tip; ++j)
            m_kept[static_cast<std::size_t>(j)] = m_rig.pose(j);
        m_keptTarget = m_lastTarget;
    }
    void restoreKept() override
    {
        for (JointIndex j = 0; j <= m_tip; ++j)
            m_rig.setPose(j, m_kept[static_cast<std::size_t>(j)]);
        m_lastTarget = m_keptTarget;
    }

private:
    SolverKind m_kind;
    std::unique_ptr<solvers::Solver> m_solver;
    Rig m_start;
    Rig m_rig;
    JointIndex m_tip = 0;
    solvers::Effector m_effector;
    solvers::SolveRequest m_request;
    solvers::SolveResult m_result;
    std::vector<Rig::JointPose> m_kept;
    std::optional<Vec2> m_lastTarget; // the last solve's, for follow()
    std::optional<Vec2> m_keptTarget;
};

} // namespace

std::unique_ptr<Contender> makeBonework(SolverKind kind) { return std::make_unique<BoneworkContender>(kind); }

} // namespace bonework::peers
