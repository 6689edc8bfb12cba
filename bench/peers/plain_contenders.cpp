// The plain scalar references (plain_references.h) as contenders: the pose is a plain array
// of radians.
#include "contender.h"
#include "plain_references.h"

namespace bonework::peers {
namespace {

class PlainContender : public Contender {
public:
    explicit PlainContender(bool clamp) : m_clamp(clamp) {}
    void load(const PeerCase& c, int maxIterations) override
    {
        m_chain = &c.plain;
        m_maxIterations = maxIterations;
        restart();
    }
    void restart() override { m_angles = m_chain->startAngles; }
    int iterations() const override { return m_iterations; }
    Vec2 tip() const override { return tipOf(*m_chain, m_angles); }
    void angles(std::vector<double>& out) const override { out = m_angles; }
    std::string whyIllegal() const override { return whyAnglesIllegal(*m_chain, m_angles); }
    void keep() override { m_kept = m_angles; }
    void restoreKept() override { m_angles = m_kept; }

protected:
    std::string suffix() const { return m_clamp ? " clamped" : " free"; }
    bool m_clamp;
    const PlainChain* m_chain = nullptr;
    int m_maxIterations = 0;
    int m_iterations = 0;
    std::vector<double> m_angles;
    std::vector<double> m_kept;
    PlainScratch m_scratch;
};

class PlainFabrik final : public PlainContender {
public:
    using PlainContender::PlainContender;
    std::string name() const override { return "plain FABRIK" + suffix(); }
    void solve(Vec2 target) override
    {
        m_iterations = plainFabrik(*m_chain, m_angles, target, m_maxIterations, kTolerance, m_clamp, m_scratch);
    }
};

class PlainCcd final : public PlainContender {
public:
    using PlainContender::PlainContender;
    std::string name() const override { return "plain CCD" + suffix(); }
    void solve(Vec2 target) override
    {
        m_iterations = plainCcd(*m_chain, m_angles, target, m_maxIterations, kTolerance, m_clamp, m_scratch);
    }
};

class PlainLawOfCosines final : public PlainContender {
public:
    using PlainContender::PlainContender;
    std::string name() const override { return "plain law of cosines" + suffix(); }
    bool handles(const PeerCase& c) const override { return c.bones == 2; }
    void load(const PeerCase& c, int maxIterations) override
    {
        PlainContender::load(c, maxIterations);
        m_arm = plainArmOf(c.plain);
    }
    void solve(Vec2 target) override
    {
        plainLawOfCosines(m_arm, target, true, m_clamp, m_angles.data());
        m_iterations = 1;
    }

private:
    PlainArm m_arm;
};

// The same as a solve (plainLawOfCosinesSolve): the pose in rig form and the report.
class PlainLawOfCosinesSolve final : public PlainContender {
public:
    using PlainContender::PlainContender;
    std::string name() const override { return "plain law of cosines solve" + suffix(); }
    bool handles(const PeerCase& c) const override { return c.bones == 2; }
    void load(const PeerCase& c, int maxIterations) override
    {
        PlainContender::load(c, maxIterations);
        m_arm = plainArmOf(c.plain);
    }
    void solve(Vec2 target) override
    {
        plainLawOfCosinesSolve(m_arm, target, true, m_clamp, kTolerance, m_pose, m_report);
        m_angles[0] = m_pose.angle[0];
        m_angles[1] = m_pose.angle[1];
        m_iterations = 1;
    }

private:
    PlainArm m_arm;
    PlainArmPose m_pose;
    PlainSolveReport m_report;
};

} // namespace

std::unique_ptr<Contender> makePlainFabrik(bool clamp) { return std::make_unique<PlainFabrik>(clamp); }
std::unique_ptr<Contender> makePlainCcd(bool clamp) { return std::make_unique<PlainCcd>(clamp); }
std::unique_ptr<Contender> makePlainLawOfCosines(bool clamp) { return std::make_unique<PlainLawOfCosines>(clamp); }
std::unique_ptr<Contender> makePlainLawOfCosinesSolve(bool clamp)
{
    return std::make_unique<PlainLawOfCosinesSolve>(clamp);
}

} // namespace bonework::peers
