#include "bonework/solvers/ccd_solver.h"

namespace bonework {

std::string CcdSolver::validate(const Rig& rig, const SolveRequest& request) const
{
    return validateChainRequest(rig, request);
}

void CcdSolver::run(Rig& rig, const SolveRequest& request, SolveResult& result)
{
    const Effector& effector = request.effectors.front();
    m_path.build(rig, request.root, effector.joint);
    result.iterations = 0;
    if (m_path.movableBoneCount() == 0) {
        reportUnchanged(rig, m_path, effector.target, request.tolerance, result);
        return;
    }
    m_state.load(rig, m_path);
    const int n = m_state.bones();
    const Vec2 target = boundedTarget(m_state.basePosition(), effector.target);
    const std::span<Rotation> local = m_state.local();
    const std::span<const Vec2> pos = m_state.positions();

    for (int iteration = 0; iteration < request.iterations; ++iteration) {
        Vec2 tip = m_state.forward();
        if (safeDistance(tip, target) <= request.tolerance)
            break;
        ++result.iterations;
        bool changed = false;
        for (int k = n; k >= 1; --k) {
            const auto i = static_cast<std::size_t>(k);
            const Vec2 pivot = pos[i - 1];
            const Vec2 toTip = tip - pivot;
            Rotation turn;
            if (!rotationBetween(toTip, target - pivot, turn))
                continue; // the tip or the target sits on the pivot: this bone cannot help
            const Rotation wanted = m_state.limits(k).clamp(renormalized(turn * local[i]));
            if (wanted == local[i])
                continue;
            const Rotation applied = wanted * local[i].inverse();
            tip = pivot + applied.apply(toTip);
            local[i] = wanted;
            changed = true;
        }
        if (!changed)
            break;
    }
    m_state.store(rig, m_path, effector.target, request.tolerance, result);
}

} // namespace bonework
