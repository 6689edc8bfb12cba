// Orocos KDL's position IK as contenders: the planar chain as a KDL::Chain of RotZ joints with
// segments along X, targets in the chain's base frame.
//
//   KDL LMA:   ChainIkSolverPos_LMA, task weights (1, 1, 0, 0, 0, 0): position in the plane only,
//              stopping when the weighted error is under the tolerance. No joint limits.
//   KDL NR_JL: ChainIkSolverPos_NR_JL (joint limits) over ChainFkSolverPos_recursive and
//              ChainIkSolverVel_pinv. NR_JL compares whole frames, so its forward kinematics
//              is wrapped to report the goal's orientation: it stops on position alone. (The
//              pinv step still asks the tip not to turn; KDL has no position-only pinv.) The
//              wrapper also counts NR_JL's iterations: one forward kinematics each.
#include "contender.h"

#include <kdl/chain.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainiksolverpos_lma.hpp>
#include <kdl/chainiksolverpos_nr_jl.hpp>
#include <kdl/chainiksolvervel_pinv.hpp>

#include <cmath>
#include <limits>

namespace bonework::peers {
namespace {

class PositionOnlyFk final : public KDL::ChainFkSolverPos {
public:
    explicit PositionOnlyFk(const KDL::Chain& chain) : m_inner(chain) {}
    int JntToCart(const KDL::JntArray& q, KDL::Frame& out, int segment = -1) override
    {
        ++calls;
        const int r = m_inner.JntToCart(q, out, segment);
        out.M = KDL::Rotation::Identity(); // the goal's orientation: only position counts
        return r;
    }
    int JntToCart(const KDL::JntArray& q, std::vector<KDL::Frame>& out, int segment = -1) override
    {
        return m_inner.JntToCart(q, out, segment);
    }
    void updateInternalDataStructures() override { m_inner.updateInternalDataStructures(); }
    int calls = 0;

private:
    KDL::ChainFkSolverPos_recursive m_inner;
};

class KdlContender : public Contender {
public:
    std::string whyIllegal() const override { return whyAnglesIllegal(*m_plain, m_anglesView()); }
    void restart() override { m_q.data = m_start.data; }
    Vec2 tip() const override { return tipOf(*m_plain, m_anglesView()); }
    void angles(std::vector<double>& out) const override
    {
        out.assign(m_q.data.data(), m_q.data.data() + m_q.rows());
    }
    void keep() override { m_kept.data = m_q.data; }
    void restoreKept() override { m_q.data = m_kept.data; }

protected:
    void loadChain(const PeerCase& c)
    {
        m_plain = &c.plain;
        m_chain = std::make_unique<KDL::Chain>();
        for (double length : c.plain.length)
            m_chain->addSegment(KDL::Segment(KDL::Joint(KDL::Joint::RotZ), KDL::Frame(KDL::Vector(length, 0.0, 0.0))));
        const auto n = static_cast<unsigned>(c.plain.bones());
        m_start.resize(n);
        m_q.resize(n);
        m_out.resize(n);
        m_kept.resize(n);
        for (unsigned k = 0; k < n; ++k)
            m_start(k) = c.plain.startAngles[k];
        restart();
    }
    // The target in the chain's base frame (the root's position and rotation).
    KDL::Frame goal(Vec2 target) const
    {
        const Vec2 d = target - m_plain->base;
        const double c = std::cos(m_plain->baseAngle);
        const double s = std::sin(m_plain->baseAngle);
        return KDL::Frame(KDL::Vector(c * d.x + s * d.y, -s * d.x + c * d.y, 0.0));
    }
    std::span<const double> m_anglesView() const { return {m_q.data.data(), static_cast<std::size_t>(m_q.rows())}; }

    const PlainChain* m_plain = nullptr;
    std::unique_ptr<KDL::Chain> m_chain; // the solvers keep a reference to it
    KDL::JntArray m_start, m_q, m_out, m_kept;
};

class KdlLma final : public KdlContender {
public:
    std::string name() const override { return "KDL LMA"; }
    void load(const PeerCase& c, int maxIterations) override
    {
        m_solver.reset();
        loadChain(c);
        Eigen::Matrix<double, 6, 1> weights;
        weights << 1.0, 1.0, 0.0, 0.0, 0.0, 0.0;
        m_solver = std::make_unique<KDL::ChainIkSolverPos_LMA>(*m_chain, weights, kTolerance, maxIterations);
    }
    void solve(Vec2 target) override
    {
        m_solver->CartToJnt(m_q, goal(target), m_out);
        m_q.data = m_out.data;
    }
    int iterations() const override { return m_solver->lastNrOfIter; }

private:
    std::unique_ptr<KDL::ChainIkSolverPos_LMA> m_solver;
};

class KdlNrJl final : public KdlContender {
public:
    std::string name() const override { return "KDL NR_JL"; }
    void load(const PeerCase& c, int maxIterations) override
    {
        m_solver.reset();
        m_velocity.reset();
        m_fk.reset();
        loadChain(c);
        const auto n = static_cast<unsigned>(c.plain.bones());
        KDL::JntArray qMin(n), qMax(n);
        for (unsigned k = 0; k < n; ++k) {
            const bool limited = c.plain.limited[k] != 0;
            qMin(k) = limited ? c.plain.minAngle[k] : -std::numeric_limits<double>::max();
            qMax(k) = limited ? c.plain.maxAngle[k] : std::numeric_limits<double>::max();
        }
        m_fk = std::make_unique<PositionOnlyFk>(*m_chain);
        m_velocity = std::make_unique<KDL::ChainIkSolverVel_pinv>(*m_chain);
        m_solver = std::make_unique<KDL::ChainIkSolverPos_NR_JL>(*m_chain, qMin, qMax, *m_fk, *m_velocity,
                                                                  static_cast<unsigned>(maxIterations), kTolerance);
    }
    void solve(Vec2 target) override
    {
        m_fk->calls = 0;
        m_reached = m_solver->CartToJnt(m_q, goal(target), m_out) == KDL::SolverI::E_NOERROR;
        m_q.data = m_out.data;
    }
    // Each iteration starts with one forward kinematics; on success the last one only finds
    // the target reached.
    int iterations() const override { return m_reached ? m_fk->calls - 1 : m_fk->calls; }

private:
    std::unique_ptr<PositionOnlyFk> m_fk;
    std::unique_ptr<KDL::ChainIkSolverVel_pinv> m_velocity;
    std::unique_ptr<KDL::ChainIkSolverPos_NR_JL> m_solver;
    bool m_reached = false;
};

} // namespace

std::unique_ptr<Contender> makeKdlLma() { return std::make_unique<KdlLma>(); }
std::unique_ptr<Contender> makeKdlNrJl() { return std::make_unique<KdlNrJl>(); }

} // namespace bonework::peers
