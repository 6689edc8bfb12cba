#include "bonework/solvers/chain_holder.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"
#include "bonework/solvers/solver_support.h"

#include <algorithm>

namespace bonework::solvers {

ChainHolder::ChainHolder() = default;
ChainHolder::~ChainHolder() = default;

Solver& ChainHolder::solverFor(SolverKind kind)
{
    auto& slot = m_solvers[static_cast<std::size_t>(kind)];
    if (!slot)
        slot = makeSolver(kind);
    return *slot;
}

void ChainHolder::beginMotion()
{
    m_inMotion = true;
    m_last.clear();
}

void ChainHolder::endMotion()
{
    m_inMotion = false;
    m_last.clear();
}

int ChainHolder::hold(Rig& rig, int skipChain, std::span<const JointIndex> dragged)
{
    return holdChains(rig, skipChain, dragged, nullptr, nullptr, nullptr, FrameUse::Continue);
}

int ChainHolder::hold(Rig& rig, const ChainFrameLayout& layout, const ChainFrame* from, const ChainFrame* solved,
                      FrameUse use)
{
    return holdChains(rig, -1, {}, &layout, from, solved, use);
}

int ChainHolder::holdChains(Rig& rig, int skipChain, std::span<const JointIndex> dragged, const ChainFrameLayout* layout,
                            const ChainFrame* from, const ChainFrame* solved, FrameUse use)
{
    const auto& chains = rig.chains();
    m_results.assign(chains.size(), ChainHoldResult{});
    // Room for any chain of this rig, so a hold allocates nothing once one has run on it (a
    // solver lists the joints it left on a limit; a blend keeps the chain's angles).
    if (m_result.limited.capacity() < rig.jointCount())
        m_result.limited.reserve(rig.jointCount());
    if (m_unsolved.capacity() < rig.jointCount() + 1) {
        m_unsolved.reserve(rig.jointCount() + 1);
        m_path.reserve(rig.jointCount());
    }
    if (m_inMotion)
        m_last.resize(chains.size());
    int count = 0;
    // A frame laid out for other chains is no frame of this rig's: every chain starts afresh.
    if (layout && layout->chainCount() != chains.size())
        from = solved = nullptr;
    for (std::size_t i = 0; i < chains.size(); ++i) {
        const Chain& chain = chains[i];
        if (solved)
            solved->held[i] = 0;
        if (static_cast<int>(i) == skipChain || !chain.holds() || chain.tip == chain.root
            || std::find(dragged.begin(), dragged.end(), chain.tip) != dragged.end()) {
            if (m_inMotion)
                m_last[i] = {}; // posed by other means: its next hold starts afresh
            continue;
        }
        Effector effector{chain.tip, chainTargetPosition(rig, chain), 1.0};
        if (m_inMotion) {
            LastHold& last = m_last[i];
            if (last.tip == chain.tip && last.root == chain.root)
                effector.previousTarget = last.target;
            last = {chain.tip, chain.root, effector.target};
        }
        const SolveRequest request = chainRequest(chain, effector);
        Solver& solver = solverFor(chain.solver);
        if (!solver.validate(rig, request).empty())
            continue; // cannot happen for a chain the rig accepted; never worth a crash
        const bool blends = chain.mix < 1.0;
        const std::size_t first = layout ? layout->first(i) : 0;
        bool continues = from && from->held[i] && chain.solver != SolverKind::TwoBone;
        // A chain whose pose in the rig reaches its target already (a clip's keyed pose: where an
        // animator posed it) keeps that pose, as a solve from it would.
        if (continues && safeDistance(worldTransformOf(rig, chain.tip).position, effector.target) <= chain.tolerance)
            continues = false;
        bool records = solved != nullptr;
        if (blends || continues || records) {
            m_path.build(rig, chain.root, chain.tip);
            if (layout && layout->poseCountOf(i) + 1 != m_path.joints().size())
                continues = records = false; // laid out for another skeleton: not expected
        }
        if (blends) {
            const auto joints = m_path.joints();
            m_unsolved.resize(joints.size());
            for (std::size_t k = 1; k < joints.size(); ++k)
                m_unsolved[k] = rig.angle(joints[k]);
        }
        if (continues) {
            // The bones a pin holds keep the rig's pose; the others start where the frame left them.
            const auto joints = m_path.joints();
            for (std::size_t k = static_cast<std::size_t>(m_path.lastFixed()) + 1; k < joints.size(); ++k)
                rig.setPose(joints[k], from->poses[first + k - 1]);
            effector.previousTarget = from->targets[i];
        }
        if (continues && use == FrameUse::Place) {
            // Placed, not solved: how near the target the frame's pose leaves the tip.
            m_result.iterations = 0;
            m_result.error = safeDistance(worldTransformOf(rig, chain.tip).position, effector.target);
            m_result.reached = m_result.error <= chain.tolerance;
        } else {
            solver.run(rig, request, m_result); // the request reads the effector as it is now
        }
        if (records) {
            const auto joints = m_path.joints();
            for (std::size_t k = 1; k < joints.size(); ++k)
                solved->poses[first + k - 1] = rig.pose(joints[k]);
            solved->targets[i] = effector.target;
            solved->held[i] = 1;
        }
        ChainHoldResult& result = m_results[i];
        result.held = true;
        result.reached = m_result.reached;
        result.error = m_result.error;
        result.iterations = m_result.iterations;
        if (blends)
            blend(rig, chain.mix);
        ++count;
    }
    return count;
}

void ChainHolder::blend(Rig& rig, double mix)
{
    const auto joints = m_path.joints();
    for (std::size_t k = 1; k < joints.size(); ++k) {
        const JointIndex j = joints[k];
        const double from = m_unsolved[k];
        const double to = rig.angle(j);
        if (to == from)
            continue; // untouched by the solve: keep it to the bit
        // Limited joints: both angles lie in [min, max], and so does every blend of them. A free
        // joint turns the short way round, as the rotation it is.
        rig.setAngleClamped(j, angleBetween(from, to, mix, rig.rotationLimits(j).free));
    }
}

void ChainHolder::appendChainEffectors(const Rig& rig, std::vector<Effector>& effectors)
{
    const std::size_t given = effectors.size();
    for (const Chain& chain : rig.chains()) {
        if (!chain.holds())
            continue;
        const auto first = effectors.begin();
        const auto last = first + static_cast<std::ptrdiff_t>(given);
        if (std::find_if(first, last, [&](const Effector& e) { return e.joint == chain.tip; }) == last)
            effectors.push_back({chain.tip, chainTargetPosition(rig, chain), chain.mix});
    }
}

void ChainHolder::appendHeldJoints(const Rig& rig, std::vector<JointIndex>& joints)
{
    for (const Chain& chain : rig.chains()) {
        if (!chain.holds() || chain.tip == chain.root)
            continue;
        for (JointIndex j = chain.tip; j != chain.root && j != kNoJoint; j = rig.parent(j))
            joints.push_back(j);
    }
    std::sort(joints.begin(), joints.end());
    joints.erase(std::unique(joints.begin(), joints.end()), joints.end());
}

} // namespace bonework::solvers
